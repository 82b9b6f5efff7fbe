"""The goldens reach every rule with behaviour: each rule ID of a game's rule table is shown applied by
an event or a witness of some golden step, or names the test that checks it because no move applies
it (core/rule_coverage.py; docs/testing.md, "Rule coverage")."""

from __future__ import annotations

from pathlib import Path

import pytest

import dreamtable
from dreamtable.core.playthrough import goldens
from dreamtable.core.rule_coverage import game_coverage

GAMES = [info.id for info in dreamtable.games()]
PLAYTHROUGHS = Path(__file__).parents[1] / "playthroughs"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_goldens_reach_every_rule_with_behaviour(game_id: str) -> None:
    found = game_coverage(game_id, goldens(PLAYTHROUGHS, [game_id]))
    assert found.goldens >= 3 and found.rules, found.text()
    assert not found.not_reached, found.text()
