"""Playing a match to its end with one bot per seat, through the contract."""

from __future__ import annotations

from typing import Callable, Sequence

from ..core.contract import A, State
from .base import Agent


def play_out(state: State[A], bots: Sequence[Agent[A]], after_step: Callable[[State[A]], None] | None = None) -> int:
    """Let ``bots[seat]`` act for each seat until the game ends; returns the decisions taken.

    When nobody may act but a deadline is pending, the first deadline expires (as the clock would).
    """
    decisions = 0
    while not state.is_over:
        actors = state.actors
        if not actors:
            state.expire(state.timers[0])
            continue
        seat = actors[0]
        state.apply(seat, bots[seat].choose(state, seat))
        decisions += 1
        if after_step is not None:
            after_step(state)
    return decisions
