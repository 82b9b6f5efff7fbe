"""``stretch_limit`` (ours): a Buying Phase, or the rearranging after a Reinterpretation, ends after
so many of the player's moves. A tournament search in a lost position (seed 615, ISMCTS against
greedy) found every move equally hopeless and placed and took back the same tiles for ever: the rules
let a player act at will there, so only a limit of ours ends it. A person never comes near it."""

from __future__ import annotations

from tests.helpers import assert_refused, legal, play

from .table import GAME, at, table
from .test_bots_purpose import reinterpreting


def test_stretch_limit_is_ours_and_two_hundred_moves_by_default():
    option = next(o for o in GAME.info.options if o.name == "stretch_limit")
    assert option.default == 200 and "ours" in option.doc
    assert table().options["stretch_limit"] == 200


def test_stretch_limit_leaves_only_the_end_of_a_spent_buying_phase():
    state = table(stretch_limit=6)
    for _ in range(3):
        play(state, 0, "buy N")
        play(state, 0, "sell N")
    assert state.phase_actions == 6 and legal(state, 0) == {"end"}
    assert state.action_forms(0) == []  # no typed brake plan or offer either
    assert_refused(state, 0, "buy N", "stretch_limit", "only ending it is allowed now: end")
    assert_refused(state, 0, "plan none", "stretch_limit")
    play(state, 0, "end")
    assert state.turn == 1 and state.phase_actions == 0 and "buy N" in legal(state, 1)  # B's phase is whole


def test_stretch_limit_counts_only_the_turn_seats_moves_of_its_buying_phase():
    state = table(stretch_limit=3)
    play(state, 0, "buy N")
    play(state, 0, "end")  # the Movement Phase runs to B's turn: the count begins afresh
    assert state.turn == 1 and state.phase_actions == 0
    play(state, 1, "buy N")
    play(state, 1, "sell N")
    assert state.phase_actions == 2 and "buy N" in legal(state, 1)


def test_stretch_limit_lets_a_token_facing_away_aim_before_it_ends():
    state = table(stretch_limit=2)
    play(state, 0, "buy N")
    state.facing[0] = 2  # pushed there facing south, off the board: it must aim before it may end (DC-R25)
    state._cache = {}
    play(state, 0, "sell N")
    assert legal(state, 0) == {"aim N", "aim E"}
    play(state, 0, "aim E")
    assert legal(state, 0) == {"end"}
    play(state, 0, "end")
    assert at(state, 0) == (1, -1, "E")


def test_stretch_limit_ends_a_reinterpretation_that_goes_on_for_ever():
    state, seat = reinterpreting()
    move = next(move for move in state.legal_actions(seat) if move.kind in ("place", "unplace"))
    undo = ("unplace " if move.kind == "place" else "place ") + str(move).split(" ", 1)[1]
    for _ in range(100):
        play(state, seat, str(move))
        play(state, seat, undo)
    assert state.reinterpreting and state.phase_actions == 200
    assert legal(state, seat) == {"done"}
    assert_refused(state, seat, str(move), "this reinterpretation has had its 200 moves")
    play(state, seat, "done")
    assert not state.reinterpreting and state.phase_actions == 0
