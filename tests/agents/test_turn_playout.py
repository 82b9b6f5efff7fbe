"""Turn playouts (agents/turn_playout.py): Dreamwell's hard bot (issue 19, point 1). Each candidate
action is judged by greedy play to the end of the turn and through the next turns, in common worlds."""

from __future__ import annotations

import random
import time

import pytest

import dreamtable
from dreamtable.agents import TurnPlayoutAgent, UnknownAgentError, make_agent
from dreamtable.agents.base import finish_turn, value_for
from dreamtable.agents.ismcts import CLOCK_SHARE
from dreamtable.agents.turn_playout import play_out

from .positions import played
from .test_levels_time import BUDGET, SlowGame, longest_turn, timed, within

WELL = dreamtable.load("dreamwell")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_plays_only_legal_moves_and_leaves_the_state_alone(seed):
    state = played("dreamwell", seed, 20 * seed)
    agent = TurnPlayoutAgent(seed, worlds=1, candidates=4)
    for _ in range(12):
        if state.is_over:
            break
        seat = state.actors[0]
        snapshot = (state.view(seat), list(state.history()))
        move = agent.choose(state, seat)
        assert (state.view(seat), list(state.history())) == snapshot  # it looked ahead on copies only
        assert move in state.legal_actions(seat)
        state.apply(seat, move)


def test_the_same_seed_chooses_the_same_moves():
    state = played("dreamwell", 4, 30)
    seat = state.actors[0]
    first = TurnPlayoutAgent(7, worlds=2, candidates=5)
    second = TurnPlayoutAgent(7, worlds=2, candidates=5)
    assert first.choose(state, seat) == second.choose(state, seat)
    assert first.last_stats == second.last_stats
    assert first.last_iterations == 2 * len(first.last_stats) == 10  # every candidate in every world


def test_a_playout_stops_at_a_turn_boundary():
    state = played("dreamwell", 5, 40)
    seat = state.actors[0]
    world = state.determinize(seat, random.Random(0))
    finish_turn(world, seat)
    assert world.is_over or world.actors[0] != seat
    assert world.is_over or world.actions_left == 3  # the next seat's turn, untouched


def test_a_playout_scores_the_result_once_the_game_is_over():
    state = played("dreamwell", 6, 40)
    seat = state.actors[0]
    world = state.copy()
    value = play_out(world, seat, replies=200)  # long enough to reach the end
    assert world.is_over and value == value_for(world, seat) and value in (0.0, 0.5, 1.0)


@pytest.mark.parametrize("spec", ["turns:0", "turns:33", "turns:0s", "turns:11s", "turns:nans", "turns:lots", "turns:-1"])
def test_unbounded_or_bad_budgets_are_refused(spec):
    with pytest.raises(UnknownAgentError, match="turns:4"):
        make_agent(spec)


def test_bad_arguments_are_refused():
    for kwargs in ({"worlds": None}, {"worlds": 0}, {"seconds": 0.0, "worlds": None}, {"candidates": 0}, {"replies": -1}):
        with pytest.raises(ValueError):
            TurnPlayoutAgent(1, **kwargs)  # type: ignore[arg-type]


def test_its_seconds_are_kept_on_a_slow_game_and_on_dreamwells_longest_turns():
    slow = SlowGame().new(players=1, seed=0)
    within(BUDGET, lambda: timed(TurnPlayoutAgent(1, worlds=None, seconds=BUDGET), slow, 0))
    state = longest_turn("dreamwell")
    seat = state.actors[0]
    agent = TurnPlayoutAgent(2, worlds=None, seconds=BUDGET)
    elapsed = within(BUDGET, lambda: timed(agent, state, seat))
    assert elapsed >= BUDGET * 0.6 and agent.last_iterations >= 2  # it used its time


def test_the_time_left_on_a_tables_clock_caps_its_budget():
    state = played("dreamwell", 8, 30)
    seat = state.actors[0]
    agent = make_agent("turns:1s", 1)
    assert agent.takes_time_left
    within(0.2 * CLOCK_SHARE, lambda: timed(agent, state, seat, seconds_left=0.2))
    start = time.perf_counter()
    assert agent.choose(state, seat, seconds_left=0.0) in state.legal_actions(seat)  # no time: the best ranked
    assert time.perf_counter() - start < 0.1


def test_it_beats_random_in_both_seat_orders():
    for hero in (0, 1):
        state = WELL.new(players=2, seed=11)
        bots = {hero: TurnPlayoutAgent(11, worlds=1, candidates=4), 1 - hero: make_agent("random", 11)}
        for _ in range(3000):
            if state.is_over:
                break
            seat = state.actors[0]
            state.apply(seat, bots[seat].choose(state, seat))
        assert state.is_over and state.outcome.winners == (hero,)
