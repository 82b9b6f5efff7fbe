"""Which games exist, loading them by id, and replaying records."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from .contract import Game, GameInfo, SetupError, State
from .errors import DreamtableError, IllegalActionError, NotationError, RecordError, UnknownGameError
from .record import Record

# Game id -> module that defines ``GAME``. Games are imported only when asked for.
GAME_MODULES: dict[str, str] = {
    "sogni-e-incubi": "dreamtable.games.sogni_e_incubi",
    "deep-dreams": "dreamtable.games.deep_dreams",
    "dreamwell": "dreamtable.games.dreamwell",
    "when-i-dream": "dreamtable.games.when_i_dream",
    "dream-cycle": "dreamtable.games.dream_cycle",
}

_loaded: dict[str, Game] = {}


def load(game_id: str) -> Game:
    """The game with this id; ``UnknownGameError`` lists the known ids otherwise."""
    if game_id not in GAME_MODULES:
        known = ", ".join(sorted(GAME_MODULES))
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    if game_id not in _loaded:
        module = importlib.import_module(GAME_MODULES[game_id])
        game: Game = module.GAME
        _loaded[game_id] = game
    return _loaded[game_id]


def games() -> list[GameInfo]:
    """The facts (id, name, player counts, options) of every game dreamtable has."""
    return [load(game_id).info for game_id in GAME_MODULES]


def replay(record: Record | dict[str, Any] | str | Path) -> State:
    """The state a record leads to, identical to the one that produced it.

    ``record`` is a :class:`Record`, its dict, or the path of a record file. A corrupt record,
    one of an unknown game or version, or one whose move fails raises ``RecordError`` saying
    which move failed and why.
    """
    if isinstance(record, (str, Path)):
        record = Record.load(record)
    elif isinstance(record, dict):
        record = Record.from_dict(record)
    elif not isinstance(record, Record):
        raise RecordError(f"replay takes a Record, its dict or a file path, not {type(record).__name__}")
    try:
        game = load(record.game)
    except UnknownGameError as error:
        raise RecordError(f"the record is of an unknown game: {error}") from None
    if record.version != game.info.version:
        raise RecordError(
            f"the record is of {record.game} rules version {record.version}; "
            f"this dreamtable plays version {game.info.version}"
        )
    try:
        state = game.new(record.players, record.seed, **record.options)
    except SetupError as error:
        raise RecordError(f"the record's setup is not valid: {error}") from None
    for number, (seat, text) in enumerate(record.moves, 1):
        try:
            if seat is None:
                if not text.startswith("expire "):
                    raise NotationError(f"a move without a seat must be 'expire NAME', not {text!r}")
                state.expire(text[len("expire "):])
            else:
                state.apply(seat, game.parse_action(state, seat, text))
        except (DreamtableError, ValueError) as error:
            who = "the clock" if seat is None else f"seat {seat}"
            raise RecordError(f"move {number} ({who}: {text!r}) failed: {error}") from None
    return state


__all__ = [
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "UnknownGameError",
    "games",
    "load",
    "replay",
]
