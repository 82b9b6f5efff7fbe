"""Crafted moves: a Move object built by hand with fields of the wrong type is
refused with IllegalActionError, names what is allowed, and changes nothing."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable import IllegalActionError
from dreamtable.games.sogni_e_incubi.notation import Move
from dreamtable.testing import all_views


@pytest.mark.parametrize("fields", [("", 1, 5), (True, None, 1), (0, None, 1.0), (0, "B", 1), (0, True, 1),
                                     (0, None, (1,)), (None, None, 1)])
def test_a_move_with_fields_of_the_wrong_type_is_refused(fields):
    state = dreamtable.load("sogni-e-incubi").new(players=2, seed=5)
    seat = state.actors[0]
    before, record = all_views(state), state.record().to_dict()
    with pytest.raises(IllegalActionError, match="malformed: card and slot are whole numbers"):
        state.apply(seat, Move(*fields))
    assert all_views(state) == before and state.record().to_dict() == record


def test_a_listed_move_still_plays():
    state = dreamtable.load("sogni-e-incubi").new(players=2, seed=5)
    seat = state.actors[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert len(state.history()) == 1
