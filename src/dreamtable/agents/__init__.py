"""Bots that play any game through the engine contract: ``random``, ``greedy`` and ``ismcts``, and
the difficulty levels ``easy``, ``medium`` and ``hard`` built from them (:mod:`.levels`).

``make_agent("ismcts:500", seed=1)`` builds a bot from a short spec, as the command line and the
server take it; the spec is read by the one strict parser, :func:`.specs.parse_bot_spec`:

* ``random``
* ``greedy`` (one ply, the game's evaluation)
* ``ismcts`` / ``ismcts:500`` (iterations) / ``ismcts:2s`` (seconds)
* ``easy`` / ``medium`` / ``hard`` / ``hard:0.5s`` (the levels: softmax, greedy, ISMCTS on a clock)
* a game's own bots, named in its ``Game.bots`` (When I Dream's ``wordbot``), given ``game=``
* ``bot``: the game's own first bot, else ``ismcts``
"""

from __future__ import annotations

from typing import Any

from ..core.contract import Game
from ..core.errors import UnknownAgentError
from .base import Agent, value_for
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .levels import SoftmaxAgent, make_level
from .random_agent import RandomAgent
from .specs import BOT_NAMES, LEVELS, USUAL_BOT, BotSpec, bot_names, parse_bot_spec


def make_agent(spec: str, seed: int = 0, game: Game[Any] | None = None) -> Agent[Any]:
    """The bot a spec names (:mod:`.specs` gives the grammar and the budgets' range); ``UnknownAgentError``
    says what is accepted."""
    return build_agent(parse_bot_spec(spec, game), seed, game)


def build_agent(spec: BotSpec, seed: int = 0, game: Game[Any] | None = None) -> Agent[Any]:
    """The bot of a parsed spec."""
    name = spec.name
    if name in LEVELS:
        return make_level(name, spec.seconds, seed, game)
    if name == USUAL_BOT:  # the game's usual bot: its own if it has one, else the search
        name = next(iter(game.bots), "ismcts") if game is not None else "ismcts"
    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    if name == "ismcts":
        if spec.seconds is not None:
            return IsmctsAgent(seed, iterations=None, seconds=spec.seconds)
        return IsmctsAgent(seed) if spec.iterations is None else IsmctsAgent(seed, iterations=spec.iterations)
    assert game is not None and name in game.bots, name  # parse_bot_spec knows no other names
    agent: Agent[Any] = game.bots[name](seed)
    return agent


__all__ = ["Agent", "BOT_NAMES", "BotSpec", "LEVELS", "bot_names", "build_agent", "GreedyAgent", "IsmctsAgent",
           "RandomAgent", "SoftmaxAgent", "UnknownAgentError", "make_agent", "parse_bot_spec", "value_for"]
