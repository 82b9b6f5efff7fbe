"""The server's database tables, as SQLAlchemy 2 models.

A table (one match at one virtual table) is a row of ``tables``; everything that happened at it is a
row of ``changes`` numbered by the table's sequence number, so the pair (table, seq) is unique and
two server processes can never both accept a change at the same point; chat lines are rows of
``chat``. A table is rebuilt anywhere, at any time, by replaying its changes.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The declarative base of every server table."""


class TableRow(Base):
    """A virtual table: its game, seats, settings and where its match stands."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Per seat: ``kind`` (open, human, bot), ``name``, ``bot`` (its spec) and ``token_hash``."""
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``waiting`` for players, ``playing``, or ``over``."""
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The finished table this one is the rematch of: unique, so racing rematch requests (in any
    process) make one new table and the others find it."""
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """Who created the table: a keyed hash of the client's address (never the address itself), so
    per-client quotas count the tables one client holds in every process and after a restart."""

    pace: Mapped[str] = mapped_column(String(16), default="live", server_default="live")
    """``live`` (kept in memory while in play) or ``turn-based`` (a move every hours or days: in
    memory only while someone is connected or a deadline is near; server/residency.py)."""
    next_deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Turn-based games in play: the next moment the table must act without a human (its move
    clock runs out, a game timer expires, a bot's turn), written with every change and when its
    room leaves memory; None until first worked out. The hub's scheduler wakes the table by it."""
    actors: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """Turn-based games in play: the seats to act, written with every change, so "my games" and the
    lobby's "your turn" read them without waking a sleeping table (None before its first change)."""

    __table_args__ = (Index("ix_tables_creator_status", "creator", "status"),
                      Index("ix_tables_rematch_of", "rematch_of", unique=True),
                      Index("ix_tables_pace_status_deadline", "pace", "status", "next_deadline"))


class ChangeRow(Base):
    """One accepted change of a match: a move, an expiry (``expire NAME``), an undo, or a seat handed over."""

    __tablename__ = "changes"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``move`` (a seat's notation), ``expire`` (the clock), ``undo``, or ``bot`` (a seat handed to a stand-in
    bot; ``text`` names its spec)."""
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class SecretRow(Base):
    """A secret of this database, made once by a migration (``client-key``: the key of creators' hashes)."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class ChatRow(Base):
    """A chat line written at a table."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)
