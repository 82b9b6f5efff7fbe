"""The rooms of one server process, and how processes sharing one PostgreSQL tell each other.

Each process keeps the tables it serves in memory (:class:`~.rooms.Room`). With PostgreSQL, every
accepted change, chat line and seat change is announced with ``NOTIFY dreamtable``; every process
``LISTEN``s, and a room that hears of a change it has not seen replays it from the database, so a
player connected to one process sees a move accepted by another at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text

from .rooms import Room
from .store import DEFAULT_DB, Store

log = logging.getLogger("dreamtable.server")

CHANNEL = "dreamtable"
FORGET_AFTER = 5.0
"""Seconds a finished table loaded for a request stays in memory if nobody watches it."""


@dataclass(frozen=True)
class ServerSettings:
    """How a server runs (``dreamtable serve`` options)."""

    db: str = DEFAULT_DB
    bot_delay: float = 0.6
    """Seconds a bot waits after the last move before it plays, so people can follow."""
    allowed_origins: tuple[str, ...] = ()
    """Web pages (scheme://host:port) besides the server's own that may open WebSockets."""
    message_rate: float = 10.0
    """WebSocket messages a second one connection may send on average (more are refused) ..."""
    message_burst: float = 30.0
    """... and at once."""
    max_open_tables: int = 500
    """Tables waiting for players at once (a flood of table creations is refused beyond it)."""
    outbox_limit: int = 200
    """Updates waiting to be sent to one WebSocket before it is dropped as too slow a reader (closed
    with 4408; it reconnects to the current view): the room never waits for a connection."""


class Hub:
    """The live rooms of this process, loaded on demand from the store."""

    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        self.process = f"{os.getpid()}-{secrets.token_hex(4)}"
        self._loading = asyncio.Lock()
        self._listener: Any = None
        self._tasks: set[asyncio.Task[Any]] = set()

    async def start(self) -> None:
        """Migrate the database, listen to other processes, and resume every game in play."""
        await self.store.migrate()
        if self.store.is_postgresql:
            await self._listen()
        for row in await self.store.tables(status="playing", limit=100_000):
            await self.room(row.id)

    async def stop(self) -> None:
        """Stop every driver and close the database."""
        for room in list(self.rooms.values()):
            await room.stop_driver()
        if self._listener is not None:
            await self._listener.close()
        await self.store.close()

    async def room(self, table_id: str) -> Room | None:
        """The live room of a table (loaded and its driver started on first use), or None."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(table_id)
            if room is not None:
                return room
            row = await self.store.table(table_id)
            if row is None:
                return None
            room = Room(self, row)
            await room.load()
            self.rooms[table_id] = room
        if self.store.is_postgresql:  # a change another process made while this one loaded went unheard
            await room.catch_up()
        if room.table is not None and room.table.is_over:  # read once, then forgotten unless watched
            asyncio.get_running_loop().call_later(FORGET_AFTER, room.forget_if_unwatched)
        elif room.table is not None:
            room.start_driver()
        return room

    # -- between processes ------------------------------------------------------------------------
    def announcement(self, table_id: str, kind: str, number: int = 0, change: dict[str, Any] | None = None
                     ) -> tuple[str, str]:
        """The (channel, payload) that tells other processes ``table_id`` changed; ``change`` carries
        the stored row, so they can replay it without reading the database."""
        payload = json.dumps({"process": self.process, "table": table_id, "kind": kind, "number": number,
                              "change": change})
        return CHANNEL, payload

    async def notify(self, table_id: str, kind: str, number: int = 0) -> None:
        """Tell the other processes that ``table_id`` changed (no-op without PostgreSQL)."""
        if not self.store.is_postgresql:
            return
        channel, payload = self.announcement(table_id, kind, number)
        async with self.store.engine.begin() as connection:
            await connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                                     {"channel": channel, "payload": payload})

    async def _listen(self) -> None:
        import asyncpg  # only PostgreSQL servers need it

        url = self.store.engine.url.set(drivername="postgresql")
        self._listener = await asyncpg.connect(url.render_as_string(hide_password=False))
        await self._listener.add_listener(CHANNEL, self._heard)

    def _heard(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        heard = json.loads(payload)
        room = self.rooms.get(heard["table"])
        if heard["process"] == self.process or room is None:
            return
        task = asyncio.get_running_loop().create_task(
            self._catch_up(room, heard["kind"], int(heard["number"]), heard.get("change")))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, room: Room, kind: str, number: int, change: dict[str, Any] | None) -> None:
        try:
            if kind == "change":
                await room.catch_up(number, change)
            elif kind == "chat":
                for row in await self.store.chat(room.id, last=5):
                    if row.id == number:
                        room.tell_chat({"type": "chat", "seat": row.seat, "text": row.text, "at": row.at})
            else:  # the table itself changed: seats, start, rematch
                await room.reload_row()
        except Exception:
            log.exception("table %s: catching up with another process failed", room.id)
