"""agents.play.play_out: a match played to its end, or stopped at a decision cap."""

from __future__ import annotations

import pytest

import dreamtable
from dreamtable.agents import RandomAgent
from dreamtable.agents.play import play_out


def test_play_out_plays_to_the_end_and_counts_the_decisions() -> None:
    state = dreamtable.load("deep-dreams").new(players=2, seed=3)
    decisions = play_out(state, [RandomAgent(1), RandomAgent(2)])
    assert state.is_over
    assert decisions == len(state.record().moves)


def test_play_out_stops_at_max_decisions_with_the_game_unfinished() -> None:
    state = dreamtable.load("deep-dreams").new(players=2, seed=3)
    assert play_out(state, [RandomAgent(1), RandomAgent(2)], max_decisions=5) == 5
    assert not state.is_over
    assert len(state.record().moves) == 5


def test_play_out_refuses_a_negative_cap_and_plays_nothing() -> None:
    state = dreamtable.load("deep-dreams").new(players=2, seed=3)
    with pytest.raises(ValueError, match="0 or more"):
        play_out(state, [RandomAgent(1), RandomAgent(2)], max_decisions=-1)
    assert state.record().moves == []
