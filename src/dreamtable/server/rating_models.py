"""The database tables of ratings: one per (game, player), and which finished tables were looked at."""

from __future__ import annotations

from sqlalchemy import Boolean, Float, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base


class RatingRow(Base):
    """A player's rating at one game (openskill's Plackett–Luce mu and sigma)."""

    __tablename__ = "ratings"

    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    player: Mapped[str] = mapped_column(String(80), primary_key=True)
    """``account:ID`` or ``bot:SPEC``."""
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)


class RatedTableRow(Base):
    """A finished table the ratings have looked at (``rated``: whether it counted), once, in any process."""

    __tablename__ = "rated_tables"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    rated: Mapped[bool] = mapped_column(Boolean)
    at: Mapped[float] = mapped_column(Float)


class ResultRow(Base):
    """How an account's seat finished a game (kept when the ratings look at the table, rated or not),
    so a profile shows games, wins and recent results without replaying any game."""

    __tablename__ = "results"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(Integer, index=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    """1 is best; a seat handed to a stand-in bot is placed after every seat whose player stayed."""
    won: Mapped[bool] = mapped_column(Boolean)
    left: Mapped[bool] = mapped_column(Boolean)
    """The player left (or ran out of time) and a stand-in bot finished the game: a loss."""
    rated: Mapped[bool] = mapped_column(Boolean)
    finished_at: Mapped[float] = mapped_column(Float, index=True)
