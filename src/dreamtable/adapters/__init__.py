"""dreamtable for researchers: the games as PettingZoo environments and OpenSpiel games.

``pip install 'dreamtable[rl]'`` installs what they need (PettingZoo, Gymnasium, OpenSpiel,
NumPy); this package itself imports none of them, so ``import dreamtable.adapters`` is cheap::

    from dreamtable.adapters import pettingzoo, openspiel
    env = pettingzoo.env("deep-dreams", players=3, seed=1)        # an AEC environment
    game = openspiel.load("deep-dreams", players=3)               # a pyspiel.Game

Both adapters share what is here: which games they take (every turn-based game with fixed
action ids and observation tensors: ``Game.encoding``), the rewards (+1 for a winner, −1 for
the others, 0 for all when everyone or nobody wins, and 0 for all when an episode is cut at its
horizon) and the checks of their arguments. docs/adapters.md is the guide.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core.contract import EncodingUnavailable, Game, State
from ..core.errors import DreamtableError, SetupError
from ..core.registry import games, load


class AdapterError(DreamtableError, ValueError):
    """A game, player count or option the adapters do not take; the message names the choices."""


def adapted_games() -> list[str]:
    """The ids of the games the adapters take (those with fixed encodings)."""
    found = []
    for info in games():
        try:
            load(info.id).encoding
        except EncodingUnavailable:
            continue
        found.append(info.id)
    return found


def adapted(game_id: str, players: int | None, options: Mapping[str, Any]) -> tuple[Game[Any], int, dict[str, Any]]:
    """The game, the player count (default: the fewest the game takes) and its options checked,
    or ``AdapterError``/``SetupError`` naming what is accepted."""
    if not isinstance(game_id, str):
        raise AdapterError(f"a game id is text, one of {', '.join(adapted_games())}; not {game_id!r:.40}")
    game = load(game_id)  # UnknownGameError lists the known ids
    try:
        encoding = game.encoding
    except EncodingUnavailable as error:
        raise AdapterError(f"{error}; the adapters take: {', '.join(adapted_games())}") from None
    info = game.info
    if players is None:
        players = info.min_players
    if type(players) is not int or not info.min_players <= players <= info.max_players:
        raise SetupError(f"{info.name} takes {info.min_players}–{info.max_players} players, not {players!r:.40}")
    resolved = game.resolve_options(options)  # SetupError names the options there are
    game.new(players=players, seed=0, **resolved)  # the game's own checks of the options
    reason = encoding.refuses(players, resolved)
    if reason is not None:
        raise AdapterError(f"{info.name} with these options cannot be adapted: {reason}")
    return game, players, resolved


def returns(state: State[Any], truncated: bool = False) -> list[float]:
    """Each seat's return: +1 a winner, −1 the others; 0 for all while the game goes on, when it was
    cut at its horizon, and when everyone or nobody won."""
    outcome = state.outcome
    players = state.players
    if truncated or outcome is None or not 0 < len(outcome.winners) < players:
        return [0.0] * players
    winners = set(outcome.winners)
    return [1.0 if seat in winners else -1.0 for seat in range(players)]


def waiting_seat(state: State[Any]) -> int:
    """The seat the game waits for; a ``DreamtableError`` if only the clock could move it (a real-time
    variant, which :func:`adapted` refuses)."""
    actors = state.actors
    if not actors:
        raise AdapterError(f"{state.game.info.name} waits for the clock, which the adapters do not run")
    return actors[0]


__all__ = ["AdapterError", "adapted", "adapted_games", "returns", "waiting_seat"]
