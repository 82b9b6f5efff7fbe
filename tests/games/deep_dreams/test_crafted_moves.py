"""Crafted moves: a DreamMove built by hand is accepted only when it is a listed
move, with whole numbers in every field; anything else is IllegalActionError and changes nothing."""

from __future__ import annotations

import random

import pytest

import dreamtable
from dreamtable import IllegalActionError
from dreamtable.games.deep_dreams.notation import DRAW, PLAY, SKIP, DreamMove
from dreamtable.testing import all_views


def new_state():
    return dreamtable.load("deep-dreams").new(players=3, seed=1)


def refused(state, move, phrase):
    seat = state.actors[0]
    before, record = all_views(state), state.record().to_dict()
    with pytest.raises(IllegalActionError, match=phrase):
        state.apply(seat, move)
    assert all_views(state) == before and state.record().to_dict() == record


def pending_effect():
    """A state of random play (playing whenever it can) where an icon effect waits to be resolved."""
    for seed in range(50):
        state, rng = new_state(), random.Random(seed)
        while not state.is_over:
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            if any(str(move) == "skip" for move in legal):
                return state
            plays = [move for move in legal if str(move).startswith("play")]
            state.apply(seat, rng.choice(plays or legal))
    raise AssertionError("no icon effect came up in 50 games")


@pytest.mark.parametrize("move", [DreamMove(DRAW, -1, {0: 0}), DreamMove(True), DreamMove(DRAW, -1, 0.0),
                                  DreamMove(PLAY, "5", 0), DreamMove(PLAY, 5, False)])
def test_a_move_with_fields_that_are_no_whole_numbers_is_refused(move):
    refused(new_state(), move, "malformed: kind, card and arg are whole numbers")


@pytest.mark.parametrize("move", [DreamMove(DRAW, 7, 3), DreamMove(DRAW, -1, 1)])
def test_a_draw_with_a_card_or_an_argument_is_refused_not_recorded_as_draw(move):
    refused(new_state(), move, "malformed: draw takes no other card or argument")


def test_skip_with_a_card_is_refused_while_an_effect_is_pending():
    """While an icon effect waits, only the plain skip declines it (DD-R9)."""
    state = pending_effect()
    refused(state, DreamMove(SKIP, 3, 1), "malformed: skip takes no other card or argument")
    state.apply(state.actors[0], DreamMove(SKIP))


@pytest.mark.parametrize("kind", [-1, 8, 2**63])
def test_a_kind_that_names_no_action_is_refused_not_written_as_skip(kind):
    refused(new_state(), DreamMove(kind), f"kind {kind} names no action")
