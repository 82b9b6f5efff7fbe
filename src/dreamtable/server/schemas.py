"""The typed, size-bounded request bodies of the server's HTTP API (pydantic models).

Every string a client sends has a maximum length and every number a range, so a 1 MB clue or a
negative player count is refused with a 422 naming the field before any game sees it. Every string
that may reach the database (names, bot specs, moves, form values, chat, option names and values)
is :data:`Text`: control characters (NUL, newline, tab, DEL, C1) and lone surrogates are refused,
not cleaned, so SQLite and PostgreSQL (which cannot store NUL in text) keep exactly the same thing.
The WebSocket's messages are checked by the same models (:mod:`.sockets`). Bot specs are the
exception: the one spec parser (agents/specs.py) bounds them and refuses anything but its grammar
(control characters included), so a spec gets the same refusal here as at the terminal.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, JsonValue, model_validator

from ..core.table_language import DEFAULT_LANGUAGE, TABLE_LANGUAGES, check_language
from .move_clock import clock_seconds

MAX_MOVE = 200
"""Characters in a move's notation (the longest real move is a trade offer of about 60)."""
MAX_CHAT = 300
"""Characters in a chat line."""
MAX_NAME = 40
"""Characters in a player's name or a bot spec."""
MAX_SEQ = 2**31 - 1
"""The largest ``seq`` a client may send (a table's changes are numbered from 0, one per change)."""
MAX_OPTION_DEPTH = 4
"""Nesting of lists and objects in an option's value (real options are a number, a word or a flag)."""

_REFUSED_CATEGORIES = {"Cc": "control character", "Cs": "lone surrogate"}


def printable(text: str) -> str:
    """``text`` itself if it holds no control character (C0, DEL, C1: NUL, newline, tab ...) nor a
    lone surrogate; otherwise ValueError naming the first one (pydantic names the field)."""
    if text.isprintable():  # the common case, at C speed; spaces and other separators pass below
        return text
    for position, char in enumerate(text):
        kind = _REFUSED_CATEGORIES.get(unicodedata.category(char))
        if kind is not None:
            raise ValueError(f"{kind} U+{ord(char):04X} at position {position} is not allowed: "
                             "write one line of printable text")
    return text


Text = Annotated[str, AfterValidator(printable)]
"""A client's string that may be stored: see the module's docstring."""


def printable_json(value: Any, depth: int = 0) -> Any:
    """An option value: every string in it (keys too) :func:`printable`, nested at most
    :data:`MAX_OPTION_DEPTH` deep."""
    if depth > MAX_OPTION_DEPTH:
        raise ValueError(f"an option's value is nested at most {MAX_OPTION_DEPTH} deep")
    if isinstance(value, str):
        printable(value)
    elif isinstance(value, list):
        for item in value:
            printable_json(item, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            printable(str(key))
            printable_json(item, depth + 1)
    return value


_INVISIBLE_CATEGORIES = {"Cf": "invisible formatting character", "Co": "private-use character",
                         "Cn": "unassigned character", "Zl": "line separator", "Zp": "paragraph separator"}
_BLANK_LOOKING = {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x180E}
"""Letters and symbols that draw as nothing (Hangul fillers, the blank Braille pattern, the Mongolian
vowel separator): a name of them would look empty beside a seat."""


def display_name(text: str) -> str:
    """A guest's name shown to the other seats: printable (:func:`printable`), with no invisible
    character a reader could not see (zero-width spaces and joiners, direction overrides, fillers),
    no space but the plain one, and no space at either end; ValueError says what was wrong."""
    printable(text)
    if not text.strip():
        raise ValueError("a name needs at least one visible character")
    if text != text.strip():
        raise ValueError("a name may not start or end with a space")
    for position, char in enumerate(text):
        category = unicodedata.category(char)
        kind = _INVISIBLE_CATEGORIES.get(category)
        if kind is None and category == "Zs" and char != " ":
            kind = "space other than the plain one"
        if kind is None and ord(char) in _BLANK_LOOKING:
            kind = "character that shows as blank"
        if kind is not None:
            raise ValueError(f"{kind} U+{ord(char):04X} at position {position} is not allowed in a name: "
                             f"use visible letters, digits, punctuation and plain spaces (at most {MAX_NAME} characters)")
    return text


Name = Annotated[str, Field(max_length=MAX_NAME), AfterValidator(display_name)]
"""A guest's display name as a client sends it (see :func:`display_name`); an account's name is another matter."""

Options = Annotated[dict[Text, Any], AfterValidator(printable_json)]
"""A table's game options as a client sends them (the game checks names and values)."""


class Strict(BaseModel):
    """A request body that refuses unknown fields (a typo is an error, not silently ignored)."""

    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    """A seat of a new table: open (anyone may join), a human invited by link, or a bot."""

    kind: Literal["open", "human", "bot"] = "open"
    name: Name | None = None
    bot: str | None = Field(None, description="bot spec: random, greedy, ismcts:500, bot… (length and grammar: agents/specs.py)")


TableLanguage = Annotated[str, BeforeValidator(check_language), Field(json_schema_extra={"enum": list(TABLE_LANGUAGES)})]
"""A table's language as a client sends it: one of core/table_language.py's, else a 422 naming them."""


class TableSettings(Strict):
    """How a table runs."""

    bot_delay: float | None = Field(None, ge=0, le=10, description="seconds a bot waits at the start of its turn (server default if unset)")
    undo: bool = Field(True, description="let a seat take back its move where the rules allow it")
    chat_spectators: bool = Field(False, description="spectators read the chat")
    turn_seconds: float | None = Field(None, gt=0, le=86_400, description="a human's time per turn, then the stand-in bot plays the seat")
    stand_in: str = Field("bot", description="the bot that takes over a seat left or out of time (a bot spec)")
    pace: Literal["live", "turn-based"] = Field(
        "live", description="live: played in one sitting; turn-based: a move every few hours or days (needs move_clock)")
    move_clock: str | None = Field(None, max_length=20, description=(
        "turn-based only: each human's time per move, a number and a unit m, h or d, from 1h to 14d "
        "(e.g. 1d: a move a day); then the stand-in bot plays the seat"))
    language: TableLanguage = Field(DEFAULT_LANGUAGE, description=(
        "the table's language: en (English) or it (Italiano); a game's words follow it where the creator "
        "set no rule option for them (each reader still chooses the language of their own page)"))

    @model_validator(mode="after")
    def _pace_and_clock(self) -> "TableSettings":
        """A turn-based table has a move clock in hours or days, and a live one none (its turn_seconds)."""
        if self.pace == "turn-based":
            if self.move_clock is None:
                raise ValueError("a turn-based table needs a move_clock, e.g. 1d (a move a day): from 1h to 14d")
            if self.turn_seconds is not None:
                raise ValueError("a turn-based table is timed by move_clock: leave turn_seconds out")
            clock_seconds(self.move_clock)  # the server stores it as turn_seconds (api.make_table)
        elif self.move_clock is not None:
            raise ValueError('move_clock is for turn-based tables: send pace "turn-based" with it, '
                             "or time a live table with turn_seconds (at most 86400)")
        return self


class CreateTable(Strict):
    """A new table."""

    game: Text = Field(max_length=64)
    players: int | None = Field(None, ge=1, le=20)
    options: Options = Field(default_factory=dict, max_length=50)
    seats: list[SeatSpec] | None = Field(None, max_length=20, description="default: you, then open seats")
    seed: int | None = Field(None, ge=0, lt=2**31)
    settings: TableSettings = Field(default_factory=TableSettings)


class PlayBots(Strict):
    """A table of one human (seat A, the caller) against bots, started at once."""

    game: Text = Field(max_length=64)
    players: int | None = Field(None, ge=1, le=20)
    bot: str = Field("bot", description="the bots' spec (length and grammar: agents/specs.py)")
    options: Options = Field(default_factory=dict, max_length=50)
    seed: int | None = Field(None, ge=0, lt=2**31)
    name: Name | None = None
    settings: TableSettings = Field(default_factory=TableSettings)


class Learn(Strict):
    """A guided first game of ``game``: its package's deal and bots, you in the tutorial's seat, started at once."""

    game: Text = Field(max_length=64)
    name: Text | None = Field(None, max_length=MAX_NAME)
    language: TableLanguage = Field(DEFAULT_LANGUAGE, description="the table's language (as settings.language of a new table)")


class Join(Strict):
    """Take an open seat (the first open one unless ``seat`` is given)."""

    seat: int | None = Field(None, ge=0, le=19)
    name: Name | None = None




FormValue = Annotated[JsonValue, AfterValidator(printable_json)]
"""A value of an action form's parameter: any JSON value, passed on as sent (no coercion: true is
not 1), so the form refuses a wrong type with FormError naming the parameter and what it takes; its
strings are :data:`Text`, like every string that may be stored."""
SEQ_DOC = "the seq of the view the move was chosen on (required: a move made on an older view is refused as stale)"


class Move(Strict):
    """A move in the game's notation, with the ``seq`` of the view it was chosen on."""

    move: Text = Field(min_length=1, max_length=MAX_MOVE)
    seq: int = Field(ge=0, le=MAX_SEQ, strict=True, description=SEQ_DOC)


class FormMove(Strict):
    """A move made by filling an action form: its ``kind`` and a value per parameter."""

    form: Text = Field(min_length=1, max_length=MAX_NAME)
    values: dict[Annotated[Text, Field(max_length=MAX_NAME)], FormValue] = Field(default_factory=dict, max_length=10)
    seq: int = Field(ge=0, le=MAX_SEQ, strict=True, description=SEQ_DOC)


class Chat(Strict):
    """A chat line."""

    text: Text = Field(min_length=1, max_length=MAX_CHAT)


class ErrorBody(BaseModel):
    """What every refused request gets: a short code and a sentence saying what was wrong."""

    error: str
    message: str
