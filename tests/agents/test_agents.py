"""The bots: legal, reproducible, blind to what their seat cannot see, and sensible."""

from __future__ import annotations

import random
import time

import pytest

import dreamtable
from dreamtable.agents import GreedyAgent, IsmctsAgent, RandomAgent, UnknownAgentError, make_agent
from tests.games.sogni_e_incubi.position import position

GAME = dreamtable.load("sogni-e-incubi")


def midgame(seed=1, steps=20):
    state = GAME.new(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def agents():
    return [RandomAgent(7), GreedyAgent(7), IsmctsAgent(7, iterations=200)]


@pytest.mark.parametrize("agent", agents(), ids=lambda a: a.name)
def test_bots_choose_legal_actions_and_leave_the_state_alone(agent):
    state = midgame()
    before = state.view(None)
    seat = state.actors[0]
    assert agent.choose(state, seat) in state.legal_actions(seat)
    assert state.view(None) == before


@pytest.mark.parametrize("make", [lambda: GreedyAgent(3), lambda: IsmctsAgent(3, iterations=300)], ids=["greedy", "ismcts"])
def test_bots_are_reproducible_and_blind_to_hidden_cards(make):
    """Same seed, same choice; and the same choice on any state the seat cannot tell apart."""
    state = midgame(seed=4)
    seat = state.actors[0]
    choice = make().choose(state, seat)
    assert make().choose(state, seat) == choice
    for k in range(3):
        other_world = state.determinize(seat, random.Random(k))
        assert other_world.view(seat) == state.view(seat)
        assert make().choose(other_world, seat) == choice


FULL_BUT_6 = {1: "S1", 2: "S2", 3: "S3", 4: "S4", 5: "S5"}


@pytest.mark.parametrize("agent", [GreedyAgent(1), IsmctsAgent(1, iterations=300)], ids=["greedy", "ismcts"])
def test_bots_take_an_immediate_win(agent):
    state = position(rows={0: FULL_BUT_6}, hands={0: "S6", 1: "S1 S2"})
    assert str(agent.choose(state, 0)) == "S6"


def test_ismcts_prefers_stealing_a_dream_to_drawing():
    # B's Dream 2 can be taken with A's Nightmare 2; the steal helps A and hurts B.
    state = position(rows={1: {2: "S2"}}, hands={0: "I2", 1: "S1"})
    assert str(IsmctsAgent(2, iterations=500).choose(state, 0)) == "I2>B"


def test_ismcts_time_budget_stops_in_time():
    state = position(hands={0: "S1 S2 S3 R", 1: "S4"})
    agent = IsmctsAgent(1, iterations=None, seconds=0.2)
    start = time.perf_counter()
    agent.choose(state, 0)
    assert time.perf_counter() - start < 1.0
    assert agent.last_iterations > 10


def test_make_agent_specs():
    assert make_agent("random").name == "random"
    assert make_agent("greedy").name == "greedy"
    assert make_agent("ismcts:250").iterations == 250
    assert make_agent("ismcts:1.5s").seconds == 1.5
    for bad in ("alphazero", "ismcts:lots", "random:5", "ISMCTS:1.5s"):  # lower case only (agents/specs.py)
        with pytest.raises(UnknownAgentError):
            make_agent(bad)
