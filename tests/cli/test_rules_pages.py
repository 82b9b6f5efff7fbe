"""The rules pages say what the engines do.

Each test pairs a sentence of a page under docs/rules/ with the engine doing exactly that, so a
page that drifts from its engine (or an engine from its page) fails here. Positions are built
with the rule tests' own helpers.
"""

from __future__ import annotations

import re
from pathlib import Path

from dreamtable.games.dream_cycle.rules import CycleState
from tests.games.deep_dreams import position as deep
from tests.games.dream_cycle.table import give_inspiration, set_chi, table
from tests.games.sogni_e_incubi import position as sogni
from tests.games.when_i_dream import test_rules as wid
from tests.helpers import legal, play

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"


def page(name: str) -> str:
    """A rules page with its line breaks and markup folded away, for phrase checks."""
    return " ".join(re.sub(r"[*`]", "", (RULES / name).read_text(encoding="utf-8")).split())


def test_sogni_the_end_of_the_deck_names_the_shared_win_and_the_stuck_end():
    text = page("sogni-e-incubi.md")
    assert "players equal on both share the win" in text
    assert "stuck, when every player in turn has had to pass" in text
    state = sogni.position(rows={0: {1: "S1"}, 1: {1: "S1", 2: "I2"}}, hands={0: "S2", 1: "S2"}, deck="")
    play(state, 0, "S2")
    play(state, 1, "S2")
    assert state.outcome.reason == "hands-empty" and state.outcome.winners == (0, 1)
    state = sogni.position(rows={0: {1: "S1", 2: "S2"}, 1: {1: "S1", 2: "S2"}}, hands={0: "S3 I6", 1: "I5"}, deck="")
    play(state, 0, "S3")
    assert state.outcome.reason == "stuck"


def test_sogni_the_lock_off_option_is_described_as_the_engine_plays_it():
    text = page("sogni-e-incubi.md")
    assert ("your own Dream of that number on top of it, and an opponent's Nightmare of that number or "
            "Convert to Nightmare over it. They take nothing") in text
    assert "a Rem or another Convert to Dream still may not go there" in text
    state = sogni.position(rows={0: {5: "I5 CS"}}, hands={0: "S5 R CS", 1: "I5 CI"}, converti_sogno_locks=False)
    assert "S5" in legal(state, 0) and "R5" not in legal(state, 0) and "CS5" not in legal(state, 0)
    state.turn = 1
    assert {"I5>A", "CI>A5"} <= set(legal(state, 1))
    play(state, 1, "CI>A5")
    assert sogni.row_names(state, 0)[4] == ["I5", "CS", "CI"] and sogni.hand_names(state, 1) == ["I5"]


def test_deep_dreams_drawing_is_not_always_allowed():
    text = page("deep-dreams.md")
    assert "drawing is always allowed" not in text
    assert "when both are empty nobody may draw" in text
    state = deep.position(rows={0: "DD02", 1: "DD05"}, hands={0: "DD15", 1: "DD40"}, deck="", discard="")
    assert "draw" not in legal(state, 0)
    state = deep.position(rows={0: "DD02", 1: "DD05"}, hands={0: "DD15", 1: "DD40"}, deck="", discard="DD01")
    assert "draw" in legal(state, 0)


def test_dream_cycle_forced_payments_turn_in_inspiration_tiles_instead_of_chi():
    text = page("dream-cycle.md")
    assert "Paying with Inspiration tiles instead of chi" in text
    assert "the game turns in your Inspiration tiles for you, 1 chi each (Second Wind 3)" in text
    state = table()
    assert isinstance(state, CycleState)
    set_chi(state, 0, 0)
    give_inspiration(state, 0, "zip", "power")
    events: list = []
    assert state.force_pay(0, 2, -1, None, "drain", events)
    assert state.alive[0] and state.insp[0] == [] and state.chi[0] == 0
    assert [event.kind for event in events].count("cash") == 2


def test_dream_cycle_the_round_limit_is_ours():
    text = page("dream-cycle.md")
    assert "The round limit is ours, not the rulebook's" in text
    rulebook = Path("/work/shared/rulebooks/dream_cycle.txt")
    if rulebook.exists():  # the rulebook itself names no round limit
        assert "100 rounds" not in rulebook.read_text(encoding="utf-8")
    option = next(o for o in table().game.info.options if o.name == "round_limit")
    assert option.default == 100 and "ours" in option.doc


def test_when_i_dream_the_bonus_needs_a_yellow_card():
    text = page("when-i-dream.md")
    assert "provided there is at least one Yellow card" in text
    state = wid.new(4, seed=10)
    wid.night_with(state, 0, 2)  # nothing on Yellow: naming "every" Yellow Element earns nothing
    wid.finish_day(state, "nothing at all")
    assert state.points[0] == 0
