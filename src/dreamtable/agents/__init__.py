"""Bots that play any game through the engine contract: ``random``, ``greedy`` and ``ismcts``.

``make_agent("ismcts:500", seed=1)`` builds a bot from a short spec, as the command line takes it:

* ``random``
* ``greedy`` (one ply, the game's evaluation)
* ``ismcts`` / ``ismcts:500`` (iterations) / ``ismcts:2s`` (seconds)
"""

from __future__ import annotations

from .base import Agent, value_for
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .random_agent import RandomAgent

BOT_NAMES = ("random", "greedy", "ismcts")


class UnknownAgentError(ValueError):
    """A bot spec that names no bot; the message lists the ones there are."""


def make_agent(spec: str, seed: int = 0) -> Agent:
    """The bot a spec names: ``random``, ``greedy``, ``ismcts``, ``ismcts:500`` or ``ismcts:2s``."""
    name, _, budget = spec.strip().lower().partition(":")
    if name == "random" and not budget:
        return RandomAgent(seed)
    if name == "greedy" and not budget:
        return GreedyAgent(seed)
    if name == "ismcts":
        if not budget:
            return IsmctsAgent(seed)
        try:
            if budget.endswith("s"):
                return IsmctsAgent(seed, iterations=None, seconds=float(budget[:-1]))
            return IsmctsAgent(seed, iterations=int(budget))
        except ValueError:
            pass
        raise UnknownAgentError(f"bad ISMCTS budget {budget!r}: write ismcts:500 (iterations) or ismcts:2s (seconds)")
    raise UnknownAgentError(f"unknown bot {spec!r}; bots are: random, greedy, ismcts, ismcts:N, ismcts:Ns")


__all__ = ["Agent", "BOT_NAMES", "GreedyAgent", "IsmctsAgent", "RandomAgent", "UnknownAgentError", "make_agent", "value_for"]
