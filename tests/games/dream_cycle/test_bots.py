"""Dream Cycle bots: the greedy evaluation's judgement on clear positions, and ISMCTS through the contract."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.agents import GreedyAgent, IsmctsAgent, RandomAgent
from dreamtable.agents.play import play_out

from .table import fields, paint, put, set_chi, table
from .test_movement import lay_all_rows, loop_board, moving


def test_greedy_ends_the_buying_phase_when_the_ride_wins():
    state = moving()
    lay_all_rows(state)
    fields(state, 0, G="N")
    put(state, 0, 4, 27, "N")
    assert str(GreedyAgent(1).choose(state, 0)) == "end"


def test_greedy_does_not_ride_into_a_loop_it_cannot_pay_for():
    state = moving()
    loop_board(state)
    set_chi(state, 0, 1)
    choice = GreedyAgent(1).choose(state, 0)
    after = state.copy()
    after.apply(0, choice)
    assert str(choice) != "end" and not after.is_over


def test_greedy_places_a_north_tile_on_the_colour_it_stands_on():
    state = table()
    paint(state, "G")
    put(state, 0, 4, 1, "N")
    state.hand[0][4] = 1
    state.stock[4] -= 1
    assert str(GreedyAgent(1).choose(state, 0)) == "place N G"


@pytest.mark.slow
def test_ismcts_plays_a_whole_game_through_the_contract():
    state = dreamtable.load("dream-cycle").new(2, seed=3, round_limit=6)
    decisions = play_out(state, [IsmctsAgent(1, iterations=30), RandomAgent(2)])
    assert state.is_over and decisions > 10
