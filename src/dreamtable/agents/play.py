"""The bare engine loop: one bot per seat acting on a state directly, with no table around it.

Matches are played through :class:`dreamtable.core.table.Table` (its clock knows which deadline
passes first); this loop is what the benchmarks measure the engine by, and what a table's cost is
compared with (``dreamtable.benchmark.table_overhead``), so it does as little as a loop can."""

from __future__ import annotations

import sys
from typing import Callable, Sequence

from ..core.contract import A, State
from .base import Agent


def play_out(state: State[A], bots: Sequence[Agent[A]], after_step: Callable[[State[A]], None] | None = None,
             max_decisions: int | None = None) -> int:
    """Let ``bots[seat]`` act for each seat until the game ends; returns the decisions taken.

    When nobody may act but a deadline is pending, the first listed deadline expires (there is no
    clock to say which passes first; a table's would).
    ``max_decisions`` stops the match after that many decisions, over or not: bots that stall (a
    heuristic that finds every move equally good in a won position) would otherwise play for ever.
    """
    if max_decisions is not None and max_decisions < 0:
        raise ValueError(f"max_decisions is a count of decisions, 0 or more, not {max_decisions}")
    limit = sys.maxsize if max_decisions is None else max_decisions  # one comparison a move on the hot loop
    decisions = 0
    while not state.is_over and decisions < limit:
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
