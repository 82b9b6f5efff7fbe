"""Crafted moves: a WellMove built by hand with a bool, a float or a number out
of every range is refused with IllegalActionError (not taken for the listed move it equals, nor a
KeyError or IndexError), and changes nothing."""

from __future__ import annotations

import random

import pytest

import dreamtable
from dreamtable import IllegalActionError
from dreamtable.games.dreamwell.notation import MOVE, PLAY, WellMove
from dreamtable.testing import all_views


def refused(move, phrase):
    state = dreamtable.load("dreamwell").new(players=2, seed=3)
    seat = state.actors[0]
    before, record = all_views(state), state.record().to_dict()
    with pytest.raises(IllegalActionError, match=phrase):
        state.apply(seat, move)
    assert all_views(state) == before and state.record().to_dict() == record


def test_a_bool_is_not_taken_for_the_number_it_equals():
    state = dreamtable.load("dreamwell").new(players=2, seed=3)
    seat = state.actors[0]
    listed = next(move for move in state.legal_actions(seat) if 1 in move[1:])
    crafted = WellMove(*(True if value == 1 else value for value in listed))
    assert crafted == listed  # Python says so; the game must not
    refused(crafted, "malformed: kind, a and b are whole numbers")


@pytest.mark.parametrize("move", [WellMove(1.0), WellMove(PLAY, "3"), WellMove(PLAY, None), WellMove(PLAY, 2, [0])])
def test_fields_that_are_no_whole_numbers_are_refused(move):
    refused(move, "malformed")


@pytest.mark.parametrize("move", [WellMove(-2**63, 13, 2), WellMove(99), WellMove(PLAY, 999), WellMove(PLAY, -999)])
def test_numbers_out_of_every_range_are_refused_saying_what_is_allowed(move):
    refused(move, "names no action of this game|you do not hold")


def test_a_negative_direction_for_a_pawn_on_the_board_is_refused():
    """Found by the kit (DREAMTABLE_FUZZ_SCALE=3): 'move' with direction -1 raised ValueError (a negative shift)."""
    for seed in range(20):
        state, rng = dreamtable.load("dreamwell").new(players=2, seed=seed), random.Random(seed)
        for _ in range(200):
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            if any(str(move).startswith("move 1 ") for move in legal):
                before = all_views(state)
                with pytest.raises(IllegalActionError, match="names no action of this game"):
                    state.apply(seat, WellMove(MOVE, 0, -1))
                assert all_views(state) == before
                return
            state.apply(seat, rng.choice(legal))
    raise AssertionError("no pawn came onto the board")
