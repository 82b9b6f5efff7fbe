"""Records: the JSON save file, golden test and bug report of one match."""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import NotationError, RecordError


def temporary_of(path: Path) -> Path:
    """The sibling a save is first written to, then renamed from (so a crash never leaves half a file)."""
    return path.with_name(path.name + ".tmp")


def check_save_path(path: Path) -> None:
    """Refuse, before a game starts, a save path its first save would fail on; ``RecordError`` says why.

    Checked: the folder exists and is a folder, the path is not a folder, the temporary sibling
    (``NAME.tmp``) is not a folder, and the folder may be written to.
    """
    folder = path.parent
    if not folder.exists():
        raise RecordError(f"cannot save to {path}: the folder {folder} does not exist; create it or choose another --save")
    if not folder.is_dir():
        raise RecordError(f"cannot save to {path}: {folder} is a file, not a folder; choose another --save")
    if path.is_dir():
        raise RecordError(f"cannot save to {path}: it is a folder; give a file name, such as {path / 'game.json'}")
    temporary = temporary_of(path)
    if temporary.exists() and not temporary.is_file():
        raise RecordError(f"cannot save to {path}: {temporary}, where each save is written first, is a folder "
                          "(or not a file); remove it or choose another --save")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise RecordError(f"cannot save to {path}: the folder {folder} may not be written to")


EXPIRE = "expire "
"""How a record writes a deadline passing: ``[null, "expire NAME"]``, the clock's move."""


def expiry_text(timer_name: str) -> str:
    """A record's text for the deadline ``timer_name`` passing."""
    return EXPIRE + timer_name


def expired_timer(text: str) -> str:
    """The timer name of a record's clock move ``expire NAME``; ``NotationError`` for any other text."""
    if not text.startswith(EXPIRE):
        raise NotationError(f"a move without a seat must be 'expire NAME', not {text!r}")
    return text[len(EXPIRE):]


@dataclass
class Record:
    """A match as JSON: ``{"game", "version", "players", "seed", "options", "moves"}``.

    Each move is ``[seat, notation]``; an expired deadline is ``[null, "expire NAME"]``.
    """

    game: str
    version: int
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[tuple[int | None, str]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        return {
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),  # the caller may edit the dict; the record stays
            "moves": [[seat, text] for seat, text in self.moves],
        }

    def to_json(self) -> str:
        """The record as JSON text, one move per line so diffs stay readable."""
        head = {key: value for key, value in self.to_dict().items() if key != "moves"}
        lines = ",\n  ".join(json.dumps([seat, text]) for seat, text in self.moves)
        body = json.dumps(head)[:-1]
        return f'{body}, "moves": [\n  {lines}\n]}}\n' if self.moves else f'{body}, "moves": []}}\n'

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` atomically (a crash never leaves half a file).

        ``RecordError`` says why when it cannot be written (a full disk, a folder removed mid-game).
        """
        target = Path(path)
        temporary = temporary_of(target)
        try:
            temporary.write_text(self.to_json(), encoding="utf-8")
            temporary.replace(target)
        except OSError as error:
            raise RecordError(f"cannot save the game to {target}: {error.strerror or error}") from None

    @classmethod
    def from_dict(cls, data: Any) -> "Record":
        """Check and read a record; ``RecordError`` says which field is wrong."""
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, not {type(data).__name__}")
        expected = {"game": str, "version": int, "players": int, "seed": int}
        for name, kind in expected.items():
            if name not in data:
                raise RecordError(f"the record has no {name!r} field")
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise RecordError(f"the record's {name!r} must be a {kind.__name__}, not {data[name]!r}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(f"the record's 'options' must be an object, not {options!r}")
        raw_moves = data.get("moves", [])
        if not isinstance(raw_moves, list):
            raise RecordError("the record's 'moves' must be a list of [seat, notation] pairs")
        moves: list[tuple[int | None, str]] = []
        for number, move in enumerate(raw_moves, 1):
            if (
                not isinstance(move, list)
                or len(move) != 2
                or not (move[0] is None or (isinstance(move[0], int) and not isinstance(move[0], bool)))
                or not isinstance(move[1], str)
            ):
                raise RecordError(f"move {number} is {move!r}; a move is [seat, notation] or [null, \"expire NAME\"]")
            moves.append((move[0], move[1]))
        return cls(data["game"], data["version"], data["players"], data["seed"], options, moves)

    @classmethod
    def from_json(cls, text: str) -> "Record":
        """Read a record from JSON text; ``RecordError`` when it is not valid JSON or not a record."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        except RecursionError:  # "[" * 100000: json recurses once per level of nesting
            raise RecordError("the record is not a save file: its JSON is nested too deeply "
                              "(a record is an object of fields and a list of [seat, notation] pairs)") from None
        except ValueError as error:  # a number of more than 4,300 digits
            raise RecordError(f"the record holds a value JSON cannot read here: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        """Read a record file; ``RecordError`` when it cannot be read or is not a record."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read the record {path}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise RecordError(f"the record {path} is not UTF-8 text") from None
        return cls.from_json(text)
