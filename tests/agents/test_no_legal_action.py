"""A bot asked to choose for a seat that may not act says so, and changes nothing."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.agents import GreedyAgent, IsmctsAgent, RandomAgent
from dreamtable.agents.levels import SoftmaxAgent
from dreamtable.core.errors import IllegalActionError

BOTS = {
    "random": lambda: RandomAgent(1),
    "greedy": lambda: GreedyAgent(1),
    "easy": lambda: SoftmaxAgent(1),
    "ismcts": lambda: IsmctsAgent(seed=1, iterations=20),
}


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_a_seat_off_turn_gets_an_error_naming_whom_the_game_waits_for(bot: str) -> None:
    state = dreamtable.load("deep-dreams").new(players=2, seed=3)
    waiting = state.actors[0]
    idle = 1 - waiting
    assert state.legal_actions(idle) == []
    before = state.view(None), len(state.history())
    with pytest.raises(IllegalActionError, match=f"choose for {'AB'[idle]}, who has no legal action now: the game waits for {'AB'[waiting]}"):
        BOTS[bot]().choose(state, idle)
    assert (state.view(None), len(state.history())) == before


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_a_finished_game_gets_an_error_saying_it_is_over(bot: str) -> None:
    state = dreamtable.load("sogni-e-incubi").new(players=2, seed=3)
    player = RandomAgent(2)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, player.choose(state, seat))
    with pytest.raises(IllegalActionError, match="no legal action now: the game is over"):
        BOTS[bot]().choose(state, 0)
