"""Bots that play any game through the engine contract: ``random``, ``greedy`` and ``ismcts``, and
the difficulty levels ``easy``, ``medium`` and ``hard`` built from them (:mod:`.levels`).

``make_agent("ismcts:500", seed=1)`` builds a bot from a short spec, as the command line takes it:

* ``random``
* ``greedy`` (one ply, the game's evaluation)
* ``ismcts`` / ``ismcts:500`` (iterations) / ``ismcts:2s`` (seconds)
* ``easy`` / ``medium`` / ``hard`` / ``hard:0.5s`` (the levels: softmax, greedy, ISMCTS on a clock)
* a game's own bots, named in its ``Game.bots`` (When I Dream's ``wordbot``), given ``game=``
"""

from __future__ import annotations

import math
from typing import Any

from ..core.contract import Game
from ..core.errors import UnknownAgentError
from .base import Agent, value_for
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .levels import LEVELS, SoftmaxAgent, make_level
from .random_agent import RandomAgent

BOT_NAMES = ("easy", "medium", "hard", "random", "greedy", "ismcts")
"""The bots every game takes: the difficulty levels, then the generic bots."""


def bot_names(game: Game[Any] | None = None) -> tuple[str, ...]:
    """The bots that can sit at a table of ``game`` (the levels, the generic bots, then the game's own)."""
    return BOT_NAMES + (tuple(game.bots) if game is not None else ())


def make_agent(spec: str, seed: int = 0, game: Game[Any] | None = None) -> Agent[Any]:
    """The bot a spec names: a level (``easy``, ``medium``, ``hard``, ``hard:0.5s``), ``random``,
    ``greedy``, ``ismcts``, ``ismcts:500``, ``ismcts:2s``, one of ``game``'s own bots (``wordbot``),
    or ``bot``: the game's own first bot, else ISMCTS. ``UnknownAgentError`` says what is accepted."""
    name, _, budget = spec.strip().lower().partition(":")
    budget = budget.strip()
    if name in LEVELS:
        return make_level(name, budget, seed, game)
    if name == "bot" and not budget:  # the game's usual bot: its own if it has one, else the search
        name = next(iter(game.bots), "ismcts") if game is not None else "ismcts"
    if name == "random" and not budget:
        return RandomAgent(seed)
    if name == "greedy" and not budget:
        return GreedyAgent(seed)
    if name == "ismcts":
        if not budget:
            return IsmctsAgent(seed)
        return _ismcts(seed, budget)
    if game is not None and name in game.bots and not budget:
        agent: Agent[Any] = game.bots[name](seed)
        return agent
    known = ", ".join([*bot_names(game), "hard:Ns", "ismcts:N", "ismcts:Ns"])
    raise UnknownAgentError(f"unknown bot {spec!r}; bots are: {known}")


def _ismcts(seed: int, budget: str) -> Agent[Any]:
    """ISMCTS with a budget of iterations (``500``) or seconds (``2s``), which must be positive."""
    bad = f"bad ISMCTS budget {budget!r}: write ismcts:500 (iterations, at least 1) or ismcts:2s (seconds, more than 0 and finite)"
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not 0 < seconds < math.inf:  # NaN and "infs" too: a bot that never answers hangs the table
                raise UnknownAgentError(bad)
            return IsmctsAgent(seed, iterations=None, seconds=seconds)
        iterations = int(budget)
    except ValueError:
        raise UnknownAgentError(bad) from None
    if iterations < 1:
        raise UnknownAgentError(bad)
    return IsmctsAgent(seed, iterations=iterations)


__all__ = ["Agent", "BOT_NAMES", "LEVELS", "bot_names", "GreedyAgent", "IsmctsAgent", "RandomAgent", "SoftmaxAgent",
           "UnknownAgentError", "make_agent", "value_for"]
