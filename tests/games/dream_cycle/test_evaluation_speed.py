"""No slow game: Dream Cycle's faster evaluation gives the values it gave.

``evaluate_all`` works out each seat's estimate once (an opponent's view of a seat differs from its
own only for the seat in its Buying Phase), and the simulated rides are remembered per board and
fields. Each test compares them with the evaluation worked out afresh, along random games of
several setups.
"""

from __future__ import annotations

import itertools

import pytest

from dreamtable.games.dream_cycle import evaluation
from dreamtable.games.dream_cycle import rules
from dreamtable.games.dream_cycle.rules import _TAILS

from .table import GAME
from .table import random_states as random_play

SETUPS = [(2, {}), (3, {}), (4, {})]


def _states(players: int, seed: int, every: int = 23):
    """Every ``every``-th state of a random game (the states of table.random_states)."""
    return itertools.islice(random_play(players, {}, seed, 1_200), 0, None, every)


def _forget() -> None:
    evaluation._MEMO.clear()
    evaluation._FOLLOWS.clear()


@pytest.mark.parametrize(("players", "options"), SETUPS)
def test_evaluate_all_is_evaluate_of_every_seat(players, options):
    checked = 0
    for state in _states(players, seed=players):
        together = GAME.evaluate_all(state)
        assert together == [GAME.evaluate(state, seat) for seat in range(players)]
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("players", "options"), SETUPS[:2])
@pytest.mark.slow
def test_remembered_rides_are_the_rides_worked_out_afresh(players, options):
    """The memos of simulations, follows and rides give what an empty memo works out."""
    states = [state.copy() for state in _states(players, seed=20 + players, every=7)]
    warm = [[evaluation.estimate(state, seat, own) for seat in range(players) for own in (True, False)] for state in states]
    for state, expected in zip(states, warm):
        _forget()
        assert [evaluation.estimate(state, seat, own) for seat in range(players) for own in (True, False)] == expected


def test_buying_tails_follow_the_board():
    """The Buying Phase's last moves are remembered by the board too: a new board is asked afresh."""
    state = next(s for s in _states(2, seed=5) if s.phase == "buying" and s.movement is None)
    seat = state.turn
    listed = state.legal_actions(seat)
    assert any(key[5] == id(state.kinds) for key in _TAILS)
    twin = state.copy()
    twin.kinds = tuple(list(twin.kinds))  # an equal board, another object: same list
    assert twin.kinds is not state.kinds
    twin._cache = {}
    assert twin.legal_actions(seat) == listed


def test_buying_tails_stay_within_their_bound(monkeypatch):
    """The memo of Buying Phase tails is emptied at TAILS_HELD entries (finished games' boards are never
    met again, and a large memo slows every full garbage collection); emptied mid-game, it lists the same."""
    monkeypatch.setattr(rules, "TAILS_HELD", 6)
    _TAILS.clear()
    sizes, checked = [], 0
    for state in _states(2, seed=11, every=1):
        sizes.append(len(_TAILS))
        if state.phase != "buying" or state.movement is not None or len(sizes) % 3:
            continue
        listed = state.legal_actions(state.turn)
        twin = state.copy()
        twin._cache = {}
        saved = dict(_TAILS)
        _TAILS.clear()
        assert twin.legal_actions(twin.turn) == listed
        _TAILS.clear()
        _TAILS.update(saved)
        checked += 1
    assert max(sizes) == 6 and checked > 20
