"""Every game declares which rule IDs its event kinds show applied (``Game.event_rules``), and only IDs
of its rule table: ``golden coverage`` reads them to say which rules the goldens reach."""

from __future__ import annotations

from pathlib import Path

import pytest

import dreamtable
from dreamtable.core.rule_coverage import rule_ids

from .test_kit import GAMES

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_kind_names_the_rules_it_shows_applied(game_id):
    game = dreamtable.load(game_id)
    unmapped = sorted(set(game.event_fields) - set(game.event_rules))
    assert not unmapped, f"{game_id}: event kinds with no entry in EVENT_RULES: {unmapped}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_event_rules_name_only_the_rule_tables_ids_and_declared_fields(game_id):
    game = dreamtable.load(game_id)
    known = set(rule_ids(game_id, RULES))
    assert known, f"docs/rules/{game_id}.md has no rule table"
    for key, ids in game.event_rules.items():
        kind, _, condition = key.partition(":")
        assert kind in game.event_fields, f"{game_id}: {key!r} names no event kind"
        if condition:
            field, equals, _ = condition.partition("=")
            assert equals and field in game.event_fields[kind], f"{game_id}: {key!r} names no field of {kind!r}"
        unknown = sorted(set(ids) - known)
        assert not unknown, f"{game_id}: {key!r} names rule IDs not in docs/rules/{game_id}.md: {unknown}"
