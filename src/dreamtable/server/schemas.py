"""The typed, size-bounded request bodies of the server's HTTP API (pydantic models).

Every string a client sends has a maximum length and every number a range, so a 1 MB clue or a
negative player count is refused with a 422 naming the field before any game sees it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

MAX_MOVE = 200
"""Characters in a move's notation (the longest real move is a trade offer of about 60)."""
MAX_CHAT = 300
"""Characters in a chat line."""
MAX_NAME = 40
"""Characters in a player's name or a bot spec."""


class Strict(BaseModel):
    """A request body that refuses unknown fields (a typo is an error, not silently ignored)."""

    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    """A seat of a new table: open (anyone may join), a human invited by link, or a bot."""

    kind: Literal["open", "human", "bot"] = "open"
    name: str | None = Field(None, max_length=MAX_NAME)
    bot: str | None = Field(None, max_length=MAX_NAME, description="bot spec: random, greedy, ismcts:500, bot…")


class TableSettings(Strict):
    """How a table runs."""

    bot_delay: float | None = Field(None, ge=0, le=10, description="seconds a bot waits before moving (server default if unset)")
    undo: bool = Field(True, description="let a seat take back its move where the rules allow it")
    chat_spectators: bool = Field(False, description="spectators read the chat")
    turn_seconds: float | None = Field(None, gt=0, le=86_400, description="a human's time per turn, then the stand-in bot plays the seat")
    stand_in: str = Field("bot", max_length=MAX_NAME, description="the bot that takes over a seat left or out of time")


class CreateTable(Strict):
    """A new table."""

    game: str = Field(max_length=64)
    players: int | None = Field(None, ge=1, le=20)
    options: dict[str, Any] = Field(default_factory=dict, max_length=50)
    seats: list[SeatSpec] | None = Field(None, max_length=20, description="default: you, then open seats")
    seed: int | None = Field(None, ge=0, lt=2**31)
    settings: TableSettings = Field(default_factory=TableSettings)


class PlayBots(Strict):
    """A table of one human (seat A, the caller) against bots, started at once."""

    game: str = Field(max_length=64)
    players: int | None = Field(None, ge=1, le=20)
    bot: str = Field("bot", max_length=MAX_NAME)
    options: dict[str, Any] = Field(default_factory=dict, max_length=50)
    seed: int | None = Field(None, ge=0, lt=2**31)
    name: str | None = Field(None, max_length=MAX_NAME)
    settings: TableSettings = Field(default_factory=TableSettings)


class Join(Strict):
    """Take an open seat (the first open one unless ``seat`` is given)."""

    seat: int | None = Field(None, ge=0, le=19)
    name: str | None = Field(None, max_length=MAX_NAME)


class Move(Strict):
    """A move in the game's notation, with the ``seq`` of the view it was chosen on."""

    move: str = Field(min_length=1, max_length=MAX_MOVE)
    seq: int | None = Field(None, ge=0)


class FormMove(Strict):
    """A move made by filling an action form: its ``kind`` and a value per parameter."""

    form: str = Field(min_length=1, max_length=MAX_NAME)
    # Any JSON value, passed on as sent (no coercion: true is not 1): the form refuses a wrong type
    # with FormError naming the parameter and what it takes.
    values: dict[str, JsonValue] = Field(default_factory=dict, max_length=10)
    seq: int | None = Field(None, ge=0)


class Chat(Strict):
    """A chat line."""

    text: str = Field(min_length=1, max_length=MAX_CHAT)


class ErrorBody(BaseModel):
    """What every refused request gets: a short code and a sentence saying what was wrong."""

    error: str
    message: str
