"""The database tables of player accounts: accounts, their log-in sessions, and the seats they hold.

A session is kept only as the SHA-256 of its cookie's secret (a leaked database opens no session).
A seat taken by an account is marked in its table's ``seats`` (``account``: the account's id) and
listed in ``account_seats`` with its token sealed (:mod:`.seat_seals`), so any device the person
logs in on can reach it.
"""

from __future__ import annotations

from sqlalchemy import Float, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base


class AccountRow(Base):
    """A player's account: a name (unique by its look-alike key) and an Argon2id password hash."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    """The name's key (account_names.name_key): two names that look alike cannot both exist."""
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A logged-in browser: the SHA-256 of its cookie's secret, until it expires or is revoked."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class AccountSeatRow(Base):
    """A seat an account holds: its table, its number and its token, sealed."""

    __tablename__ = "account_seats"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    sealed: Mapped[str] = mapped_column(String(255))
    at: Mapped[float] = mapped_column(Float)


class LoginAttemptRow(Base):
    """A failed log-in (one row for its name, one for its address) or a registration, counted by
    every process of the server (login_limits.py). Keys are keyed hashes, never a name or an address."""

    __tablename__ = "login_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    kind: Mapped[str] = mapped_column(String(16))
    """``name`` or ``address`` (a failed log-in), or ``register``."""
    key: Mapped[str] = mapped_column(String(64))
    at: Mapped[float] = mapped_column(Float)

    __table_args__ = (Index("ix_login_attempts_kind_key_at", "kind", "key", "at"),)
