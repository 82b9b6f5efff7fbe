"""No slow game: the parts of a position that a Buying Phase move keeps in the cache
(``rules.KEPT_BY``: the actors, and the supply, trades and tail of the Buying Phase's list) are the ones
worked out afresh, along random games of several setups, trades and out-of-turn moves included.
"""

from __future__ import annotations

import pytest

from dreamtable.games.dream_cycle.rules import KEPT_BY, CycleState

from .table import CHEAP_NORTH, GAME, random_states

SETUPS = [
    (2, {}),
    (3, {}),
    (5, {"trade_during_movement": False}),
    (3, {"field_colours": ["G", "W", "O", "Y", "BL", "R", "P"], "special_exit": "fields"}),
    (2, {"directional_tiles": CHEAP_NORTH, "stretch_limit": 12}),
    (4, {"buying_timer_seconds": 30}),
]


def _fresh(state: CycleState, part: str) -> object:
    """The part worked out on a copy, whose cache starts empty."""
    twin = state.copy()
    if part == "actors":
        return twin.actors
    twin._buying_actions(twin.turn)
    return twin._cache[part]


@pytest.mark.parametrize(("players", "options"), SETUPS)
@pytest.mark.slow
def test_parts_kept_after_a_move_are_the_parts_worked_out_afresh(players, options):
    kept = 0
    for seed in range(3):
        for state in random_states(players, options, seed=100 + seed):  # out-of-turn moves too: trades, placements, answers
            for part in [part for part, value in state._cache.items() if part in ("actors", "supply", "trades", "tail") and value is not None]:
                kept += 1
                assert list(state._cache[part]) == list(_fresh(state, part)), part
            twin = state.copy()
            for other in range(players):
                assert state.legal_actions(other) == twin.legal_actions(other)
    assert kept > 1_000


def test_only_moves_of_the_buying_phase_keep_parts():
    assert set(KEPT_BY) <= {"place", "unplace", "plan", "aim", "keep", "buy", "sell"}
    state = GAME.new(players=2, seed=4)
    state.apply(state.turn, state.legal_actions(state.turn)[0])  # a starting space: nothing is kept
    assert not [part for part in state._cache if part in ("actors", "supply", "trades", "tail")]
