"""Dreamwell's search settings (docs/bots.md, "Dreamwell: a low exploration constant
with the tuned leaves"): ISMCTS compares raw leaf values at exploration 0.03 instead of normalising them."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.agents import GreedyAgent, IsmctsAgent
from dreamtable.agents.play import play_out

GAME = dreamtable.load("dreamwell")


def _positions() -> list:
    """Positions of two greedy two-player games, after every fifth decision of the first 40, where the
    seat to move has a choice."""
    found: list = []

    def keep(state) -> None:
        decisions = len(state.history())
        if decisions % 5 == 0 and state.actors and len(state.legal_actions(state.actors[0])) > 1:
            found.append(state.copy())

    for seed in (3, 4):
        play_out(GAME.new(players=2, seed=seed), [GreedyAgent(seed), GreedyAgent(seed + 1)], after_step=keep,
                 max_decisions=40)
    return found


@pytest.mark.slow
def test_the_search_compares_raw_values_at_exploration_0_03() -> None:
    assert GAME.search_exploration == 0.03 and not GAME.evaluation_needs_normalizing
    positions = _positions()
    assert len(positions) >= 6
    differs = 0
    for index, state in enumerate(positions):
        seat = state.actors[0]
        shipped = IsmctsAgent(index, iterations=300)
        chosen = shipped.choose(state.copy(), seat)
        explicit = IsmctsAgent(index, iterations=300, exploration=0.03, normalize=False)
        assert explicit.choose(state.copy(), seat) == chosen
        assert explicit.last_stats == shipped.last_stats
        old = IsmctsAgent(index, iterations=300, exploration=0.5, normalize=True)
        old.choose(state.copy(), seat)
        differs += old.last_stats != shipped.last_stats
    assert differs  # the settings make a difference to the search, so the equality above means something
