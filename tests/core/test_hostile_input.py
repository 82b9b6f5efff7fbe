"""The contract's own guards against hostile or careless callers.

Every game inherits these from ``State`` and ``Game``, so they are tested once here on the toy game
(and on Dream Cycle, whose options hold lists and tables).
"""

import json

import numpy
import pytest

import dreamtable
from dreamtable import IllegalActionError, SetupError
from dreamtable.testing import all_logs, all_views


def _unchanged(state):
    """A snapshot of everything a caller can observe of ``state``."""
    return all_views(state), all_logs(state), json.dumps(state.record().to_dict())


@pytest.mark.parametrize("seat", [True, False, numpy.int64(0), 0.0, "0", None, -1, 2, 10**30])
def test_apply_refuses_a_seat_that_is_not_a_plain_int_in_range(tap, seat):
    state = tap.new(2, seed=1)
    before = _unchanged(state)
    with pytest.raises(IllegalActionError, match="a seat is an int from 0 to 1"):
        state.apply(seat, "tap")
    assert _unchanged(state) == before


@pytest.mark.parametrize("timer", [None, 5, 1.5, b"turn", ("turn", 1.0)])
def test_expire_refuses_what_is_not_a_timer_or_its_name(tap, timer):
    state = tap.new(2, seed=1)
    before = _unchanged(state)
    with pytest.raises(IllegalActionError, match="expire takes a pending Timer or its name"):
        state.expire(timer)
    assert _unchanged(state) == before


@pytest.mark.parametrize("seed", [True, 1.0, "1", numpy.int64(1), None])
def test_new_refuses_a_seed_that_is_not_a_plain_int(tap, seed):
    with pytest.raises(SetupError, match="the seed must be an integer"):
        tap.new(2, seed=seed)


@pytest.mark.parametrize("players", [True, 2.0, numpy.int64(2)])
def test_new_refuses_a_player_count_that_is_not_a_plain_int(tap, players):
    with pytest.raises(SetupError, match="players"):
        tap.new(players)


def test_the_seat_refused_as_a_bool_still_moves_as_an_int_and_the_record_replays(tap):
    state = tap.new(2, seed=1)
    assert state.actors == (0,)
    with pytest.raises(IllegalActionError):
        state.apply(False, "tap")  # False == 0 would have passed the actor check
    state.apply(0, "tap")
    assert dreamtable.replay(state.record().to_dict()).record() == state.record()


def test_editing_a_record_dict_or_a_matchs_options_changes_no_other_match():
    game = dreamtable.load("dream-cycle")
    default_die = list(game.new(3, seed=1).options["die_faces"])
    state = game.new(3, seed=1)
    record = state.record().to_dict()
    record["options"]["die_faces"].append("X")
    record["options"]["staircase_offsets"].append(99)
    state.record().options["die_faces"].append("Y")
    assert state.options["die_faces"] == default_die
    assert state.record().to_dict()["options"]["die_faces"] == default_die
    later = game.new(3, seed=2)
    assert later.options["die_faces"] == default_die


def test_options_given_by_the_caller_are_copied_at_setup():
    game = dreamtable.load("dream-cycle")
    offsets = [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
    state = game.new(3, seed=1, staircase_offsets=offsets)
    offsets.append(7)
    assert state.options["staircase_offsets"] == [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
    assert game.new(3, seed=1).options["staircase_offsets"] == [0, 1, 2, 3, 4, 4, 3, 2, 1, 0]
