"""Turn playouts: judge each of a few good actions by greedy play to the end of the turn and beyond.

A search whose leaves stop inside a turn compares positions with different numbers of actions
still to take: the evaluation cannot tell an action that sets up the next two from one that wastes
them. This bot judges every candidate action at turn boundaries only. In each sampled world
(``state.determinize``) it plays the candidate, finishes the seat's turn greedily (each action the
best by the game's evaluation one ply ahead, as the greedy bot plays), then plays ``replies`` more
turns the same way — the opponents' replies as a greedy player would make them, and its own next
turn — and scores where that stops (the result once the game is over). The candidate with the best
mean over the worlds is played.

It is flat Monte Carlo with a greedy playout policy, a short horizon and common worlds: every
candidate is played out in the same worlds, so the differences between candidates are not drowned
by the luck of the draw. Near the end of the game the playouts reach the real result, which the
evaluation (built for the middle of the game) judges least well. Measured on Dreamwell in
docs/bots.md ("Dreamwell: turn playouts").
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core.contract import A, State
from .base import finish_turn, one_ply_values, value_for
from .ismcts import CLOCK_SHARE

def play_out(world: State[A], seat: int, replies: int) -> float:
    """``seat``'s value after finishing its turn and ``replies`` more turns, all played greedily."""
    finish_turn(world, seat)
    for _ in range(replies):
        if world.is_over or not world.actors:
            break
        finish_turn(world, world.actors[0])
    return value_for(world, seat)


class TurnPlayoutAgent:
    """Greedy turn playouts over ``worlds`` determinisations, or for ``seconds`` (iterations win ties).

    ``candidates``: how many actions are played out, the best by one-ply value averaged over
    ``rank_worlds`` determinisations (the greedy bot's ranking); ``replies``: the turns played after
    the seat's own (2: the opponent's reply and the seat's next turn in a two-player game).

    **Time kept** as :class:`~.ismcts.IsmctsAgent` keeps it: with ``seconds`` the clock starts when
    ``choose`` is called, a playout is started only when the longest one so far would still end
    before the deadline, and ``seconds_left`` (a table's clock) caps the budget at
    :data:`~.ismcts.CLOCK_SHARE` of it and of any pending deadline. Playouts go round the candidates
    a world at a time, so a search cut short has played each candidate in as many worlds, give or
    take one. With a budget in worlds, the same seed and inputs give the same move.

    After each search ``last_iterations`` is the number of playouts, ``last_seconds`` the time
    ``choose`` took and ``last_stats`` the candidates as ``(action, playouts, mean value)``, best first.
    """

    name = "turns"
    takes_time_left = True

    def __init__(self, seed: int = 0, worlds: int | None = 4, seconds: float | None = None,
                 candidates: int = 8, replies: int = 2, rank_worlds: int = 2) -> None:
        if worlds is None and seconds is None:
            raise ValueError("turn playouts need a budget: worlds or seconds")
        if worlds is not None and worlds < 1:
            raise ValueError(f"turn playouts need at least 1 world, not {worlds}")
        if seconds is not None and not 0 < seconds < math.inf:
            raise ValueError(f"a budget in seconds is more than 0 and finite, not {seconds}")
        if candidates < 1 or replies < 0 or rank_worlds < 1:
            raise ValueError("turn playouts need at least 1 candidate, 1 ranking world and no negative replies")
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.seconds = seconds
        self.candidates = candidates
        self.replies = replies
        self.rank_worlds = rank_worlds
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_stats: list[tuple[Any, int, float]] = []

    def time_limit(self, state: State[A], seconds_left: float | None = None) -> float | None:
        """The seconds this search may take: its budget, capped by ``seconds_left`` and the pending
        deadlines (:data:`~.ismcts.CLOCK_SHARE` of each); ``None``: no limit."""
        limits = [] if self.seconds is None else [self.seconds]
        if seconds_left is not None:
            limits.append(max(0.0, seconds_left) * CLOCK_SHARE)
        limits.extend(max(0.0, float(timer.seconds)) * CLOCK_SHARE for timer in state.timers)
        return min(limits) if limits else None

    def choose(self, state: State[A], seat: int, seconds_left: float | None = None) -> A:
        """The candidate with the best mean playout value, within the budget and ``seconds_left``."""
        start = time.perf_counter()
        try:
            return self._choose(state, seat, start, seconds_left)
        finally:
            self.last_seconds = time.perf_counter() - start

    def _choose(self, state: State[A], seat: int, start: float, seconds_left: float | None) -> A:
        legal = state.legal_actions(seat)
        self.last_iterations = 0
        self.last_stats = []
        if len(legal) == 1:
            return legal[0]
        limit = self.time_limit(state, seconds_left)
        deadline = None if limit is None else start + limit
        candidates = self._rank(state, seat, legal, deadline)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        done = 0
        longest = 0.0
        now = time.perf_counter()
        out_of_time = False
        worlds = 0
        while not out_of_time and (self.worlds is None or worlds < self.worlds):
            world = state.determinize(seat, self.rng)
            worlds += 1
            for index, action in enumerate(candidates):
                if deadline is not None and now + longest >= deadline:
                    out_of_time = True
                    break
                after = world.copy()
                after.apply(seat, action)
                totals[index] += play_out(after, seat, self.replies)
                counts[index] += 1
                done += 1
                before, now = now, time.perf_counter()
                longest = max(longest, now - before)
        self.last_iterations = done
        self.last_stats = sorted(((action, count, total / count)
                                  for action, count, total in zip(candidates, counts, totals) if count),
                                 key=lambda stat: -stat[2])
        # Nothing played out (no time for one playout): the best ranked.
        return self.last_stats[0][0] if self.last_stats else candidates[0]

    def _rank(self, state: State[A], seat: int, legal: list[A], deadline: float | None) -> list[A]:
        """The ``candidates`` best of ``legal`` by one-ply value over ``rank_worlds`` worlds, best first
        (all of them, in order, when there are no more; as ranked so far when time runs out)."""
        if len(legal) <= self.candidates:
            return legal
        totals = [0.0] * len(legal)
        for done in range(self.rank_worlds):
            if done and deadline is not None and time.perf_counter() >= deadline:
                break
            world = state.determinize(seat, self.rng)
            for index, value in enumerate(one_ply_values(world, seat, legal)):
                totals[index] += value
        order = sorted(range(len(legal)), key=lambda index: -totals[index])  # stable: ties keep the listed order
        return [legal[index] for index in order[:self.candidates]]


__all__ = ["TurnPlayoutAgent", "play_out"]
