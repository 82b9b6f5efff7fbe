"""Every game declares which rule IDs its event kinds show applied (``Game.event_rules``), and only IDs
of its rule table: ``golden coverage`` reads them to say which rules the goldens reach."""

from __future__ import annotations

from pathlib import Path

import pytest

import dreamtable
from dreamtable.core.rule_coverage import rule_ids

from .test_kit import GAMES



@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_kind_names_the_rules_it_shows_applied(game_id):
    game = dreamtable.load(game_id)
    unmapped = sorted(set(game.event_fields) - set(game.event_rules))
    assert not unmapped, f"{game_id}: event kinds with no entry in EVENT_RULES: {unmapped}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_event_rules_name_only_the_rule_tables_ids_and_declared_fields(game_id):
    game = dreamtable.load(game_id)
    known = set(rule_ids(game_id))
    assert known, f"docs/rules/{game_id}.md has no rule table"
    for key, ids in game.event_rules.items():
        kind, _, condition = key.partition(":")
        assert kind in game.event_fields, f"{game_id}: {key!r} names no event kind"
        if condition:
            field, equals, _ = condition.partition("=")
            assert equals and field in game.event_fields[kind], f"{game_id}: {key!r} names no field of {kind!r}"
        unknown = sorted(set(ids) - known)
        assert not unknown, f"{game_id}: {key!r} names rule IDs not in docs/rules/{game_id}.md: {unknown}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_rule_witnesses_and_rules_without_behaviour_name_the_rule_tables_ids(game_id):
    game = dreamtable.load(game_id)
    known = set(rule_ids(game_id))
    unknown = sorted((set(game.rule_witnesses) | set(game.rules_without_behaviour)) - known)
    assert not unknown, f"{game_id}: witnesses or rules without behaviour not in docs/rules/{game_id}.md: {unknown}"
    both = sorted(set(game.rule_witnesses) & set(game.rules_without_behaviour))
    assert not both, f"{game_id}: a rule with a witness has behaviour: {both}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_rule_without_behaviour_names_a_test_that_exists(game_id):
    """A rule no golden can reach is checked by a test instead: the test it names must exist."""
    tests = Path(__file__).resolve().parents[1]
    sources = "\n".join(path.read_text(encoding="utf-8") for path in tests.rglob("test_*.py"))
    for rule, test in dreamtable.load(game_id).rules_without_behaviour.items():
        assert f"def {test}(" in sources, f"{game_id}: {rule} names {test}, which is no test under tests/"
