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
