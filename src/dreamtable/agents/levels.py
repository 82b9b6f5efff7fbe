"""Difficulty levels: ``easy``, ``medium`` and ``hard``, wherever a bot can sit.

* ``easy`` — :class:`SoftmaxAgent`: one ply like greedy, but it *samples* its move from a softmax
  over the values with a high temperature, so it often plays a fair move and sometimes a poor one.
* ``medium`` — the greedy bot (:class:`~.greedy.GreedyAgent`); in a game that sets
  ``Game.medium_iterations``, a small ISMCTS search instead.
* ``hard`` — ISMCTS with a time budget of :data:`HARD_SECONDS` a move (``hard:0.5s`` for another
  budget, from :data:`.specs.MIN_SECONDS` to :data:`MAX_HARD_SECONDS`; the spec is read by :mod:`.specs`).

A game with bots of its own (When I Dream's word bots, which play against the clock) has one
strength: every level is its usual bot there. The win rates of each level against each other
level, per game, are in docs/bots.md with the commands that measured them.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.contract import A, Game, State
from ..core.errors import UnknownAgentError
from .base import Agent, nothing_to_choose, one_ply_values
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .specs import LEVELS, MAX_SECONDS, MIN_SECONDS

HARD_SECONDS = 1.0
"""The hard bot's thinking time a move (the bound set for it: at most 1 s a move on one core). On the
server it is a turn's, shared by all the decisions of the turn (server/turn_budget.py)."""
MAX_HARD_SECONDS = MAX_SECONDS
"""The longest budget ``hard:Ns`` takes: :data:`.specs.MAX_SECONDS`, the bound of every search budget."""

EASY_TEMPERATURE = 1.0
"""The easy bot's temperature, on values rescaled so that the best move is 0 and the worst −1:
the worst move is drawn 1/e ≈ 0.37 times as often as the best. Chosen from seeded two-player
games against greedy and random at 0.3–1.5 (docs/bots.md, "Choosing easy's temperature"): the
highest temperature at which easy still beats random everywhere, so that greedy beats it most.
A game may need another (``Game.easy_temperature``: Dream Cycle's and Sogni e Incubi's)."""
EASY_WORLDS = 2
"""Determinisations the easy bot averages over (greedy takes 4)."""


class SoftmaxAgent:
    """One ply on ``worlds`` determinisations, then a move drawn with probability ∝ exp(z / T),
    where z is the move's average value rescaled to [−1, 0] (the worst move −1, the best 0).

    Rescaling makes one temperature mean the same in every game, whether a move changes the
    evaluation by a tenth (Sogni e Incubi) or by thousandths (Dreamwell). Seeded: the same seed and
    inputs give the same move; it reads only determinised worlds, like greedy.
    """

    name = "easy"

    def __init__(self, seed: int = 0, temperature: float = EASY_TEMPERATURE, worlds: int = EASY_WORLDS) -> None:
        if not 0 < temperature < math.inf:
            raise ValueError(f"a softmax temperature is more than 0 and finite, not {temperature}")
        if worlds < 1:
            raise ValueError(f"the easy bot needs at least one world, not {worlds}")
        self.rng = random.Random(seed)
        self.temperature = temperature
        self.worlds = worlds

    def weights(self, state: State[A], seat: int) -> list[tuple[A, float]]:
        """Each legal move of ``seat`` with its probability of being played."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        if not legal:
            raise nothing_to_choose(state, seat)
        totals = [0.0] * len(legal)
        for _ in range(self.worlds):
            world = state.determinize(seat, self.rng)
            for index, value in enumerate(one_ply_values(world, seat, legal)):
                totals[index] += value
        best, worst = max(totals), min(totals)
        spread = best - worst
        if spread <= 1e-12:
            return [(action, 1.0 / len(legal)) for action in legal]
        raw = [math.exp((total - best) / spread / self.temperature) for total in totals]
        whole = sum(raw)
        return [(action, weight / whole) for action, weight in zip(legal, raw)]

    def choose(self, state: State[A], seat: int) -> A:
        """A move drawn from :meth:`weights`."""
        moves = self.weights(state, seat)
        if len(moves) == 1:
            return moves[0][0]
        pick = self.rng.random()
        for action, weight in moves:
            pick -= weight
            if pick < 0:
                return action
        return moves[-1][0]


def easy_temperature(game: Game[Any] | None) -> float:
    """The easy bot's temperature in ``game`` (its own, else :data:`EASY_TEMPERATURE`)."""
    own = game.easy_temperature if game is not None else None
    return EASY_TEMPERATURE if own is None else own


def level_help() -> str:
    """The level specs in words, for error messages."""
    return (f"easy, medium, hard (ISMCTS, {HARD_SECONDS:g} s a move) or hard:Ns "
            f"(N seconds a move, {MIN_SECONDS:g} to {MAX_HARD_SECONDS:g})")


def make_level(name: str, seconds: float | None = None, seed: int = 0, game: Game[Any] | None = None) -> Agent[Any]:
    """The bot of level ``name`` (one of :data:`LEVELS`); only ``hard`` takes ``seconds`` (a spec's
    budget, already checked by :func:`.specs.parse_bot_spec`). ``UnknownAgentError`` names what is allowed."""
    if name not in LEVELS:
        raise UnknownAgentError(f"unknown level {name!r}; levels are: {level_help()}")
    if seconds is not None and name != "hard":
        raise UnknownAgentError(f"level {name!r} takes no budget; only hard does: {level_help()}")
    if seconds is not None and not 0 < seconds <= MAX_HARD_SECONDS:  # NaN fails too
        raise UnknownAgentError(f"bad budget {seconds!r} for hard (write hard:0.5s); levels are: {level_help()}")
    if game is not None and game.bots:  # a game with its own bots (real-time word bots) has one strength
        own: Agent[Any] = next(iter(game.bots.values()))(seed)
        return own
    if name == "easy":
        return SoftmaxAgent(seed, temperature=easy_temperature(game))
    if name == "medium":
        iterations = game.medium_iterations if game is not None else None
        medium: GreedyAgent | IsmctsAgent = GreedyAgent(seed) if iterations is None else IsmctsAgent(seed, iterations=iterations)
        medium.name = "medium"
        return medium
    hard = IsmctsAgent(seed, iterations=None, seconds=HARD_SECONDS if seconds is None else seconds)
    hard.name = "hard"
    return hard


__all__ = ["EASY_TEMPERATURE", "easy_temperature", "HARD_SECONDS", "LEVELS", "MAX_HARD_SECONDS", "SoftmaxAgent", "level_help", "make_level"]
