"""The server's storage: SQLite by default, PostgreSQL when given its URL, through SQLAlchemy 2.

The schema is made and migrated by the server itself at start (Alembic, run in-process). Every
accepted change is inserted with its (table, seq) key inside one transaction before anyone is told
of it; a second insert at the same point fails with :class:`StaleChange`, which is how two server
processes sharing one PostgreSQL database never both accept a move.
"""

from __future__ import annotations

import functools
import sqlite3
import time
from pathlib import Path
from typing import Any, Callable, Literal, Sequence

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, and_, create_engine, delete, event, func, insert, or_, select, update
from sqlalchemy import text as sql
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import Session

from ..core.errors import DreamtableError
from .models import ChangeRow, ChatRow, SecretRow, TableRow

MIGRATIONS = Path(__file__).with_name("migrations")
DEFAULT_DB = "sqlite+aiosqlite:///dreamtable.db"

Durability = Literal["normal", "full"]
DURABILITY: dict[str, str] = {"normal": "NORMAL", "full": "FULL"}
"""SQLite's ``synchronous`` setting for each durability (docs/deployment.md, "Durability"). In WAL
mode both keep every committed move through a killed server process; ``full`` also syncs the log to
the disk at every commit, so a power cut or an operating-system crash loses nothing either, and
``normal`` may lose the last moves before such a cut (the database itself stays whole). PostgreSQL
ignores it: its own ``synchronous_commit`` decides."""


_STORE_AND_ANNOUNCE = sql(
    "WITH stored AS (INSERT INTO changes (table_id, seq, kind, seat, text, at) "
    "VALUES (:table_id, :seq, :kind, :seat, :text, :at) RETURNING seq) "
    "SELECT pg_notify(:channel, :payload) FROM stored")
"""PostgreSQL: store a change and announce it to the other processes in one statement."""

_INSERT_CHANGE = "INSERT INTO changes (table_id, seq, kind, seat, text, at) VALUES (?, ?, ?, ?, ?, ?)"
"""SQLite: a move's one statement, prepared once by sqlite3's statement cache on the writer's own connection."""


class StaleChange(DreamtableError):
    """Another change was accepted at this point first (by this process or another)."""


class TableTaken(DreamtableError):
    """A new table clashes with a stored one: the rematch of that finished table was made first."""


DB_POOL_SIZE = 20
"""PostgreSQL connections each server process keeps open (ServerSettings.db_pool_size)."""
DB_MAX_OVERFLOW = 0
"""PostgreSQL connections opened beyond them at a busy moment, and closed again after (ServerSettings.db_max_overflow)."""

SWEEP_LOCK = 7312
"""PostgreSQL advisory lock held by the process sweeping expired tables (the others skip that round)."""
SWEEP_BATCH = 500
"""Tables deleted in one sweeping transaction at most (the next round takes the rest)."""


def database_url(url: str) -> str:
    """The async driver's URL for ``url``: ``sqlite:///x.db`` and ``postgresql://…`` are accepted as given."""
    if url.startswith("sqlite:"):
        return "sqlite+aiosqlite:" + url.removeprefix("sqlite:")
    if url.startswith(("postgresql://", "postgres://")):
        return "postgresql+asyncpg://" + url.split("://", 1)[1]
    return url


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


class Store:
    """Tables, their changes and their chat, in one database."""

    def __init__(self, url: str = DEFAULT_DB, durability: Durability = "normal", pool_size: int = DB_POOL_SIZE,
                 max_overflow: int = DB_MAX_OVERFLOW) -> None:
        if durability not in DURABILITY:
            raise ValueError(f"durability is one of {', '.join(DURABILITY)}, not {durability!r}")
        if pool_size < 1 or max_overflow < 0:
            raise ValueError(f"the database pool needs at least 1 connection and no negative overflow, "
                             f"not pool_size={pool_size}, max_overflow={max_overflow}")
        self.url = database_url(url)
        self.durability = durability
        # PostgreSQL: the pool keeps pool_size connections; an overflow connection is closed when it is
        # given back, so with 50 tables moving at once SQLAlchemy's default (5 + 10) opened and closed
        # a new session for hundreds of moves a minute. With no overflow a busy moment waits for a
        # kept connection instead (a move's statement holds one for one round trip).
        pooled = {"pool_size": pool_size, "max_overflow": max_overflow} if self.url.startswith("postgresql") else {}
        self.engine: AsyncEngine = create_async_engine(self.url, **pooled)
        pragmas = functools.partial(_sqlite_pragmas, synchronous=DURABILITY[durability])
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine.sync_engine, "connect", pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.autocommit = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        """The same pool in autocommit mode, for statements that are a transaction on their own."""
        self.client_key = ""
        """The database's key of creators' hashes (``server_secrets``), read at :meth:`migrate`."""
        self.writer: Engine | None = None
        """SQLite: the engine every write goes through, at once, on the event loop's thread."""
        if self.engine.dialect.name == "sqlite":
            # A write to SQLite (WAL, synchronous=NORMAL: no fsync at commit) takes ~0.2 ms. Through
            # aiosqlite it took half a dozen trips between the event loop and a worker thread, and
            # concurrent writers waited in SQLite's busy handler (sleeping up to 100 ms a try): under
            # load (docs/performance.md, "Server load") writes queued for hundreds of milliseconds.
            # Done on the loop's thread there is one writer at a time, and no trip; reads stay async.
            self.writer = create_engine(self.engine.url.set(drivername="sqlite"))
            event.listen(self.writer, "connect", pragmas)
        self._mover: Any = None
        """SQLite: the writer's connection kept for moves (see :meth:`_insert_change`)."""

    @property
    def is_postgresql(self) -> bool:
        """Whether the database is PostgreSQL (which can tell other processes of changes)."""
        return self.engine.dialect.name == "postgresql"

    async def migrate(self) -> None:
        """Make or bring the schema up to date (safe to run at every start, by every process)."""
        async with self.engine.begin() as connection:
            if self.is_postgresql:  # two processes starting together must not migrate at once
                await connection.exec_driver_sql("SELECT pg_advisory_xact_lock(7311)")
            await connection.run_sync(_upgrade)
        async with self.sessions() as session:
            secret = await session.get(SecretRow, "client-key")
        assert secret is not None, "migration 0002 makes the client key"
        self.client_key = secret.value

    async def close(self) -> None:
        """Close every connection."""
        await self.engine.dispose()
        if self._mover is not None:
            self._mover.close()
            self._mover = None
        if self.writer is not None:
            self.writer.dispose()

    # -- tables -------------------------------------------------------------------------------
    async def add_table(self, row: TableRow) -> None:
        """Store a new table; ``TableTaken`` when the rematch of its ``rematch_of`` exists already."""
        try:
            if self.writer is not None:
                with Session(self.writer, expire_on_commit=False) as writing, writing.begin():
                    writing.add(row)
                return
            async with self.sessions.begin() as session:
                session.add(row)
        except IntegrityError:
            raise TableTaken(f"table {row.rematch_of} has its rematch already") from None

    async def rematch_of(self, table_id: str) -> TableRow | None:
        """The table made as the rematch of ``table_id``, if any."""
        async with self.sessions() as session:
            return (await session.scalars(select(TableRow).where(TableRow.rematch_of == table_id))).first()

    async def count_tables(self, status: str, creator: str | None = None, pace: str | None = None
                           ) -> tuple[int, float | None]:
        """How many tables have ``status`` (of ``creator`` only, and of ``pace`` only, if given), and
        when the oldest was created."""
        query = select(func.count(), func.min(TableRow.created_at)).where(TableRow.status == status)
        if pace is not None:
            query = query.where(TableRow.pace == pace)
        if creator is not None:
            query = query.where(TableRow.creator == creator)
        async with self.sessions() as session:
            count, oldest = (await session.execute(query)).one()
        return int(count), None if oldest is None else float(oldest)

    async def sweep(self, waiting_before: float, idle_before: float) -> list[str]:
        """Delete the tables that waited for players since before ``waiting_before`` and the games in
        play with no change since before ``idle_before`` (their changes and chat with them); their
        ids. Safe in several processes at once: on PostgreSQL one sweeps a round, the others skip it,
        and rows are locked, so a move racing the deletion is refused (its table is gone)."""
        if self.writer is not None:
            with self.writer.begin() as connection:
                return _sweep(connection, waiting_before, idle_before, postgresql=False)
        async with self.engine.begin() as connection:
            return await connection.run_sync(_sweep, waiting_before, idle_before, self.is_postgresql)

    async def table(self, table_id: str) -> TableRow | None:
        """The table ``table_id``, or None."""
        async with self.sessions() as session:
            return await session.get(TableRow, table_id)

    async def tables(self, status: str | None = None, limit: int = 100, pace: str | None = None) -> Sequence[TableRow]:
        """The newest tables (optionally only those with ``status``, and of ``pace``)."""
        query = select(TableRow).order_by(TableRow.created_at.desc()).limit(limit)
        if status is not None:
            query = query.where(TableRow.status == status)
        if pace is not None:
            query = query.where(TableRow.pace == pace)
        async with self.sessions() as session:
            return (await session.scalars(query)).all()

    async def due_tables(self, before: float, limit: int = 500) -> list[str]:
        """The turn-based games in play whose next deadline comes before ``before`` (or is not
        worked out yet), soonest first: the ones the hub's scheduler brings into memory (an index
        on (pace, status, next_deadline) answers it, however many tables sleep)."""
        query = (select(TableRow.id)
                 .where(TableRow.pace == "turn-based", TableRow.status == "playing",
                        or_(TableRow.next_deadline.is_(None), TableRow.next_deadline <= before))
                 .order_by(TableRow.next_deadline).limit(limit))
        async with self.sessions() as session:
            return list((await session.scalars(query)).all())

    async def update_table(self, table_id: str, **values: Any) -> None:
        """Change fields of a table's row."""
        statement = update(TableRow).where(TableRow.id == table_id).values(**values)
        if self.writer is not None:
            with self.writer.begin() as connection:
                connection.execute(statement)
            return
        async with self.sessions.begin() as session:
            await session.execute(statement)

    async def edit_table(self, table_id: str, edit: Callable[[TableRow], dict[str, Any]]) -> None:
        """Change a table's row as ``edit`` says, having read it in the same transaction (locked
        on PostgreSQL, so two processes seating two people at once cannot both take one seat);
        ``edit`` raises to refuse, and then nothing changes."""
        if self.writer is not None:
            with Session(self.writer, expire_on_commit=False) as writing, writing.begin():
                _apply_edit(writing.get(TableRow, table_id), table_id, edit)
            return
        async with self.sessions.begin() as session:
            _apply_edit(await session.get(TableRow, table_id, with_for_update=True), table_id, edit)

    # -- changes ------------------------------------------------------------------------------
    async def add_change(self, table_id: str, seq: int, kind: str, seat: int | None, text: str,
                         at: float, announce: tuple[str, str] | None = None, **table_values: Any) -> None:
        """Accept change ``seq`` of a table (and update its row, e.g. its status, in the same
        transaction); ``StaleChange`` when that point is already taken. On PostgreSQL,
        ``announce`` (channel, payload) is sent with NOTIFY in the same transaction, so other
        processes hear of the change exactly when it is stored, at no extra round trip of its own."""
        values = {"table_id": table_id, "seq": seq, "kind": kind, "seat": seat, "text": text, "at": at}
        also = update(TableRow).where(TableRow.id == table_id).values(**table_values) if table_values else None
        try:  # a core insert with its values apart: no unit of work, and a statement compiled once
            if self.writer is not None and also is None:
                self._insert_change((table_id, seq, kind, seat, text, at))
            elif self.writer is not None:
                with self.writer.begin() as connection:
                    connection.execute(insert(ChangeRow), values)
                    if also is not None:
                        connection.execute(also)
            elif self.is_postgresql and also is None and announce is not None:
                # The common move: one statement, one round trip; in autocommit it is its own
                # transaction, and the NOTIFY goes out only if the insert is committed.
                async with self.autocommit.connect() as connection:
                    await connection.execute(_STORE_AND_ANNOUNCE,
                                             {**values, "channel": announce[0], "payload": announce[1]})
            else:
                async with self.engine.begin() as connection:
                    await connection.execute(insert(ChangeRow), values)
                    if also is not None:
                        await connection.execute(also)
                    if announce is not None and self.is_postgresql:
                        await connection.execute(sql("SELECT pg_notify(:channel, :payload)"),
                                                 {"channel": announce[0], "payload": announce[1]})
        except (IntegrityError, sqlite3.IntegrityError):
            raise StaleChange(f"change {seq} of table {table_id} was already accepted") from None

    def _insert_change(self, values: tuple[Any, ...]) -> None:
        """SQLite: insert one change and commit, on a connection of the writer kept for it. Most of
        a move's storing through SQLAlchemy was its own work (a pool checkout, the statement's
        cache key, the execution context) around SQLite's ~0.1 ms; here it is sqlite3's alone."""
        assert self.writer is not None
        if self._mover is None:  # through the pool once: the same pragmas as every connection
            self._mover = self.writer.raw_connection()
        connection: sqlite3.Connection = self._mover.driver_connection
        with connection:  # commits, or rolls back when the insert fails (the point is taken)
            connection.execute(_INSERT_CHANGE, values)

    async def changes(self, table_id: str, after: int = 0) -> Sequence[ChangeRow]:
        """The changes of a table after sequence number ``after``, in order."""
        query = (select(ChangeRow).where(ChangeRow.table_id == table_id, ChangeRow.seq > after)
                 .order_by(ChangeRow.seq))
        async with self.sessions() as session:
            return (await session.scalars(query)).all()

    # -- chat ---------------------------------------------------------------------------------
    async def add_chat(self, table_id: str, seat: int, text: str) -> ChatRow:
        """Store a chat line."""
        row = ChatRow(table_id=table_id, seat=seat, text=text, at=time.time())
        if self.writer is not None:
            with Session(self.writer, expire_on_commit=False) as writing, writing.begin():
                writing.add(row)
            return row
        async with self.sessions.begin() as session:
            session.add(row)
        return row

    async def chat(self, table_id: str, last: int = 50) -> list[ChatRow]:
        """The last chat lines of a table, oldest first."""
        query = select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc()).limit(last)
        async with self.sessions() as session:
            rows = list((await session.scalars(query)).all())
        rows.reverse()
        return rows


def _sweep(connection: Connection, waiting_before: float, idle_before: float, postgresql: bool) -> list[str]:
    if postgresql and not connection.execute(sql(f"SELECT pg_try_advisory_xact_lock({SWEEP_LOCK})")).scalar():
        return []  # another process sweeps now
    last_change = (select(ChangeRow.at).where(ChangeRow.table_id == TableRow.id)
                   .order_by(ChangeRow.seq.desc()).limit(1).scalar_subquery())
    idle_since = func.coalesce(last_change, TableRow.started_at, TableRow.created_at)
    # A turn-based game whose move clock still runs is waited on, however long since its last move;
    # one whose deadline passed long ago unhonoured (no server ran it) is idle like any other.
    clock_running = and_(TableRow.pace == "turn-based", TableRow.next_deadline.is_not(None),
                         TableRow.next_deadline >= idle_before)
    expired = or_(and_(TableRow.status == "waiting", TableRow.created_at < waiting_before),
                  and_(TableRow.status == "playing", idle_since < idle_before, ~clock_running))
    query = select(TableRow.id).where(expired).limit(SWEEP_BATCH)
    if postgresql:
        query = query.with_for_update(skip_locked=True)
    ids = list(connection.execute(query).scalars())
    if ids:
        connection.execute(delete(ChatRow).where(ChatRow.table_id.in_(ids)))
        connection.execute(delete(ChangeRow).where(ChangeRow.table_id.in_(ids)))
        connection.execute(delete(TableRow).where(TableRow.id.in_(ids)))
    return ids


def _apply_edit(row: TableRow | None, table_id: str, edit: Callable[[TableRow], dict[str, Any]]) -> None:
    if row is None:
        raise DreamtableError(f"table {table_id} is gone from the database")
    for name, value in edit(row).items():
        setattr(row, name, value)


def _sqlite_pragmas(connection: Any, _record: Any, synchronous: str) -> None:
    """SQLite settings for a server: WAL, in which readers never wait for the writer and a
    committed change survives a killed process, and the durability chosen (:data:`DURABILITY`)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
