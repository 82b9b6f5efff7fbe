"""Benchmarks of the performance budget (architecture note): medians of several runs, one core.

* random play: decisions per second (``legal_actions`` + ``apply``) and games per second;
* ``copy()`` per second on mid-game states;
* ISMCTS iterations per second from mid-game states;
* the table layer's cost in batch play: the same random games through ``Table.play_to_end`` and
  through the bare engine loop, as a ratio of times (``dreamtable bench GAME --table``).

Run with ``dreamtable bench [GAME]``; the figures go into docs/performance.md.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass
from typing import Any

from .agents import IsmctsAgent, RandomAgent
from .agents.play import play_out
from .core.clock import SimulatedClock
from .core.contract import State
from .core.registry import load
from .core.table import Table


@dataclass
class BenchResult:
    """Medians over the runs, for one game and player count."""

    game: str
    players: int
    decisions_per_second: float
    games_per_second: float
    copies_per_second: float
    ismcts_iterations_per_second: float


def _random_games(game_id: str, players: int, games: int, seed: int) -> tuple[float, float, list[State[Any]]]:
    """Play random games; returns decisions/s, games/s and a few mid-game states."""
    game = load(game_id)
    bot = RandomAgent(seed)
    decisions = 0
    midgame: list[State[Any]] = []

    def keep_some(state: State[Any]) -> None:
        nonlocal decisions
        decisions += 1
        if decisions % 97 == 1 and len(midgame) < 20:  # the first decision too: short games give one
            midgame.append(state.copy())

    start = time.perf_counter()
    for index in range(games):
        play_out(game.new(players=players, seed=seed + index), [bot] * players, keep_some)
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed, midgame


def _copies_per_second(states: list[State[Any]], copies: int = 20_000) -> float:
    start = time.perf_counter()
    per_state = copies // len(states)
    for state in states:
        for _ in range(per_state):
            state.copy()
    return per_state * len(states) / (time.perf_counter() - start)


def _ismcts_per_second(states: list[State[Any]], iterations: int = 1_000) -> float:
    """NaN for a game without an evaluation: its rollouts run to the end and the figure means little.
    Unpruned (``prune=0``, ``opponent_prune=0``), so that it measures the engine: a pruned search
    (Dream Cycle's default, Deep Dreams' opponents) spends much of an iteration ranking a new node's actions."""
    if states and states[0].game.evaluate(states[0], 0) is None:
        return math.nan
    total = 0
    start = time.perf_counter()
    for index, state in enumerate(s for s in states[:4] if not s.is_over and s.actors):
        bot = IsmctsAgent(seed=index, iterations=iterations, prune=0, opponent_prune=0)
        bot.choose(state, state.actors[0])
        total += bot.last_iterations
    return total / (time.perf_counter() - start)


def bench(game_id: str, players: int | None = None, runs: int = 5, games: int = 200) -> BenchResult:
    """Run every figure ``runs`` times and keep the medians."""
    info = load(game_id).info
    players = players or info.min_players
    decisions, per_game, copies, iterations = [], [], [], []
    for run in range(runs):
        rate, games_rate, midgame = _random_games(game_id, players, games, seed=run * 10_000)
        decisions.append(rate)
        per_game.append(games_rate)
        copies.append(_copies_per_second(midgame))
        iterations.append(_ismcts_per_second(midgame))
    return BenchResult(
        game_id,
        players,
        statistics.median(decisions),
        statistics.median(per_game),
        statistics.median(copies),
        statistics.median(iterations),
    )


def table_overhead(game_id: str, players: int | None = None, runs: int = 5, games: int = 200) -> float:
    """Median over ``runs`` of (time through the table) / (time through the bare engine loop), for
    the same seeded random games; both loops run back to back in each run, so the ratio holds on a
    noisy machine."""
    game = load(game_id)
    players = players or game.info.min_players
    ratios = []
    for _ in range(runs):
        start = time.perf_counter()
        for seed in range(games):
            play_out(game.new(players=players, seed=seed), [RandomAgent(seed)] * players)
        bare = time.perf_counter() - start
        start = time.perf_counter()
        for seed in range(games):
            bot = RandomAgent(seed)
            table = Table(game.new(players=players, seed=seed), {seat: bot for seat in range(players)},
                          clock=SimulatedClock(), undo=False)
            table.play_to_end()
        ratios.append((time.perf_counter() - start) / bare)
    return statistics.median(ratios)
