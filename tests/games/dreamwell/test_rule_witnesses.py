"""The witnesses of rules no event tells apart (games/dreamwell/rule_witnesses.py): each says yes on a
step that applies its rule and no on one that does not."""

from __future__ import annotations

from typing import Any

from dreamtable.core.rule_coverage import rule_step
from dreamtable.games.dreamwell.components import CARD_INDEX
from dreamtable.games.dreamwell.rule_witnesses import (
    a_move_stops_at_the_step_limit, a_tie_on_points_is_settled, pawns_share_a_tile, spends_the_third_action,
)
from tests.helpers import play

from .position import board_a


def test_DW_R6_the_third_action_is_witnessed_and_the_first_is_not():
    state = board_a(pawns={0: ("a1", None)}, hands={0: []})
    assert not spends_the_third_action(rule_step(state, 0, "draw"))
    assert not spends_the_third_action(rule_step(state, 0, "draw"))
    assert spends_the_third_action(rule_step(state, 0, "draw"))
    state = board_a(pawns={0: ("a1", None)}, hands={0: []}, must_use_all_actions=False)
    play(state, 0, "draw")
    play(state, 0, "draw")
    assert not spends_the_third_action(rule_step(state, 0, "end"))  # the turn passes with an action unspent


def test_DW_R13_a_move_cut_short_by_the_step_limit_is_witnessed():
    # d1 and d2 of Board A both have N and S doors: a pawn may bounce between them for free.
    state = board_a(max_steps_per_move=2)
    play(state, 0, "enter 1 d1")  # d1 has a door off the board (S): the pawn may carry on
    first = rule_step(state, 0, "move 1 N")
    assert state.continuing == 0 and not a_move_stops_at_the_step_limit(first)
    second = rule_step(state, 0, "move 1 S")
    assert state.continuing == -1 and a_move_stops_at_the_step_limit(second)


def test_DW_R14_a_pawn_joining_another_on_its_tile_is_witnessed():
    state = board_a(pawns={1: ("d1", None)})
    assert pawns_share_a_tile(rule_step(state, 0, "enter 1 d1"))
    state = board_a(pawns={1: ("d1", None)})
    assert not pawns_share_a_tile(rule_step(state, 0, "enter 1 a1"))


def ending(played: list[list[str]]) -> Any:
    """Board A in the last round, B to play its last turn (A is the First Player), with these cards played."""
    state = board_a(turn=1)
    state.first_player = 0
    state.played = [[CARD_INDEX[card] for card in cards] for cards in played]
    state.end_triggered = True
    state._legal = None
    play(state, 1, "rotate d4 90")
    play(state, 1, "rotate d4 90")
    return state


def test_DW_R21_a_game_ending_level_on_points_is_witnessed():
    state = ending([["W02", "W09"], ["W07", "W13"]])  # 1 + 1 points each
    last = rule_step(state, 1, "rotate d4 90")
    assert state.outcome.scores == (2.0, 2.0) and a_tie_on_points_is_settled(last)
    state = ending([["W02"], ["W07", "W13"]])
    last = rule_step(state, 1, "rotate d4 90")
    assert state.outcome.scores == (1.0, 2.0) and not a_tie_on_points_is_settled(last)
