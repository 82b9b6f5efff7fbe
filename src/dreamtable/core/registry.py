"""Which games exist, loading them by id, and replaying records."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from .contract import Game, GameInfo, State
from .errors import DreamtableError, IllegalActionError, NotationError, RecordError, SetupError, UnknownGameError
from .record import Record

ENTRY_POINT_GROUP = "dreamtable.games"
"""Games are found, not listed: each installed package names its games in this entry-point group,
e.g. ``sogni-e-incubi = "dreamtable.games.sogni_e_incubi:GAME"`` in pyproject.toml."""

_registered: dict[str, str] = {}  # game id -> "module:attribute", added at run time by register()
_loaded: dict[str, Game[Any]] = {}


def _targets() -> dict[str, str]:
    """Every known game id and where its ``Game`` object lives (``module:attribute``)."""
    found = {point.name: point.value for point in entry_points(group=ENTRY_POINT_GROUP)}
    found.update(_registered)
    return found


def register(game_id: str, target: str) -> None:
    """Make a game known without installing a package (tests, notebooks): ``target`` is ``module:attribute``."""
    if ":" not in target:
        raise ValueError(f"a game target is 'module:attribute', e.g. 'mygame.rules:GAME', not {target!r}")
    _registered[game_id] = target
    _loaded.pop(game_id, None)


def load(game_id: str) -> Game[Any]:
    """The game with this id; ``UnknownGameError`` lists the known ids otherwise."""
    if game_id in _loaded:
        return _loaded[game_id]
    targets = _targets()
    if game_id not in targets:
        known = ", ".join(sorted(targets)) or "none (is dreamtable installed, e.g. pip install -e .?)"
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {known}")
    module_name, _, attribute = targets[game_id].partition(":")
    game = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(game, Game) or game.id != game_id:
        raise UnknownGameError(f"{targets[game_id]} is not the Game object of {game_id!r}")
    _loaded[game_id] = game
    return game


def games() -> list[GameInfo]:
    """The facts (id, name, player counts, options) of every game dreamtable has, by id."""
    return [load(game_id).info for game_id in sorted(_targets())]


def replay(record: Record | dict[str, Any] | str | Path) -> State[Any]:
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
            state.play_recorded(seat, text)
        except (DreamtableError, ValueError) as error:
            who = "the clock" if seat is None else f"seat {seat}"
            raise RecordError(f"move {number} ({who}: {text!r}) failed: {error}") from None
    return state


__all__ = [
    "ENTRY_POINT_GROUP",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "UnknownGameError",
    "games",
    "load",
    "register",
    "replay",
]
