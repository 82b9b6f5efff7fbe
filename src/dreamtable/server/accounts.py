"""Accounts in the database: made, found, re-keyed, deleted; their sessions and their seats.

Every function takes the server's :class:`~.store.Store`. On SQLite writes go through the store's
writer engine on the event loop's thread, as the store's own writes do (one writer at a time, no
waiting in SQLite's busy handler); reads are async. What a request may do is decided elsewhere
(:mod:`.account_api`); this module only reads and writes rows.
"""

from __future__ import annotations

import time
import weakref
from typing import Callable, Sequence, TypeVar

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .account_models import AccountRow, AccountSeatRow, SessionRow
from .models import SecretRow, TableRow
from .seat_seals import seal, unseal
from .store import Store

T = TypeVar("T")
_seat_keys: "weakref.WeakKeyDictionary[Store, bytes]" = weakref.WeakKeyDictionary()


class NameTaken(Exception):
    """An account with a name of the same key exists (two registrations raced, or the name is taken)."""


async def in_transaction(store: Store, work: Callable[[Session], T]) -> T:
    """Run ``work`` in one transaction (SQLite: on the writer engine, at once)."""
    if store.writer is not None:
        with Session(store.writer, expire_on_commit=False) as session, session.begin():
            return work(session)
    async with store.sessions.begin() as asynchronous:
        done: T = await asynchronous.run_sync(work)
        return done


async def seat_key(store: Store) -> bytes:
    """The key that seals the seat tokens accounts keep (made by migration 0003)."""
    key = _seat_keys.get(store)
    if key is None:
        async with store.sessions() as session:
            secret = await session.get(SecretRow, "seat-key")
        assert secret is not None, "migration 0003 makes the seat key"
        key = _seat_keys[store] = bytes.fromhex(secret.value)
    return key


# -- accounts ------------------------------------------------------------------------------------
async def create(store: Store, name: str, key: str, password_hash: str) -> AccountRow:
    """A new account; :class:`NameTaken` when its key is taken."""
    row = AccountRow(name=name, name_key=key, password_hash=password_hash, created_at=time.time())

    def add(session: Session) -> AccountRow:
        session.add(row)
        session.flush()
        return row

    try:
        return await in_transaction(store, add)
    except IntegrityError:
        raise NameTaken(key) from None


async def by_key(store: Store, key: str) -> AccountRow | None:
    """The account whose name has ``key``, or None."""
    async with store.sessions() as session:
        return (await session.scalars(select(AccountRow).where(AccountRow.name_key == key))).first()


async def set_password(store: Store, account_id: int, password_hash: str) -> None:
    """Change an account's password hash and revoke every one of its sessions, in one transaction."""
    def change(session: Session) -> None:
        session.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=password_hash))
        session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))

    await in_transaction(store, change)


async def remove(store: Store, account_id: int) -> None:
    """Delete an account with its sessions and its list of seats (the tables keep their seats)."""
    def drop(session: Session) -> None:
        session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
        session.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == account_id))
        session.execute(delete(AccountRow).where(AccountRow.id == account_id))

    await in_transaction(store, drop)


# -- sessions ------------------------------------------------------------------------------------
async def add_session(store: Store, account_id: int, token_hash: str, lifetime: float) -> None:
    """A new session of ``account_id``; its expired sessions go at the same time."""
    now = time.time()

    def add(session: Session) -> None:
        session.execute(delete(SessionRow).where(SessionRow.account_id == account_id, SessionRow.expires_at < now))
        session.add(SessionRow(token_hash=token_hash, account_id=account_id, created_at=now,
                               expires_at=now + lifetime))

    await in_transaction(store, add)


async def session_of(store: Store, token_hash: str) -> tuple[SessionRow, AccountRow] | None:
    """The session kept under ``token_hash`` and its account, or None."""
    query = (select(SessionRow, AccountRow).join(AccountRow, AccountRow.id == SessionRow.account_id)
             .where(SessionRow.token_hash == token_hash))
    async with store.sessions() as session:
        found = (await session.execute(query)).first()
    return None if found is None else (found[0], found[1])


async def drop_session(store: Store, token_hash: str) -> None:
    """Revoke one session."""
    await in_transaction(store, lambda session: session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash)))


# -- seats ---------------------------------------------------------------------------------------
async def add_seat(store: Store, account_id: int, table_id: str, seat: int, token: str) -> None:
    """Record that ``account_id`` holds ``seat`` at ``table_id`` with ``token`` (kept sealed)."""
    sealed = seal(await seat_key(store), token)

    def add(session: Session) -> None:
        session.execute(delete(AccountSeatRow).where(AccountSeatRow.table_id == table_id, AccountSeatRow.seat == seat))
        session.add(AccountSeatRow(table_id=table_id, seat=seat, account_id=account_id, sealed=sealed, at=time.time()))

    await in_transaction(store, add)


async def copy_seats(store: Store, old_table: str, new_table: str) -> None:
    """The accounts holding seats at ``old_table`` hold the same seats, with the same tokens, at its rematch."""
    async with store.sessions() as session:
        rows = (await session.scalars(select(AccountSeatRow).where(AccountSeatRow.table_id == old_table))).all()
    if not rows:
        return
    now = time.time()

    def add(session: Session) -> None:
        for row in rows:
            session.merge(AccountSeatRow(table_id=new_table, seat=row.seat, account_id=row.account_id,
                                         sealed=row.sealed, at=now))

    await in_transaction(store, add)


async def seats_of(store: Store, account_id: int, limit: int = 200) -> list[tuple[TableRow, int, str]]:
    """The tables where ``account_id`` holds a seat, newest first: each with the seat and its token."""
    query = (select(TableRow, AccountSeatRow).join(AccountSeatRow, AccountSeatRow.table_id == TableRow.id)
             .where(AccountSeatRow.account_id == account_id).order_by(TableRow.created_at.desc()).limit(limit))
    key = await seat_key(store)
    async with store.sessions() as session:
        found: Sequence[tuple[TableRow, AccountSeatRow]] = [(row[0], row[1]) for row in await session.execute(query)]
    return [(table, held.seat, unseal(key, held.sealed)) for table, held in found]


async def seat_rows(store: Store, account_id: int) -> list[AccountSeatRow]:
    """Every seat listed for ``account_id`` (tables gone included)."""
    async with store.sessions() as session:
        return list((await session.scalars(select(AccountSeatRow).where(AccountSeatRow.account_id == account_id))).all())


__all__ = ["NameTaken", "in_transaction", "add_seat", "add_session", "by_key", "copy_seats", "create", "drop_session", "remove",
           "seat_key", "seat_rows", "seats_of", "session_of", "set_password"]
