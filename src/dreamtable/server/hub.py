"""The rooms of one server process, and how processes sharing one PostgreSQL tell each other.

Each process keeps the tables it serves in memory (:class:`~.rooms.Room`). With PostgreSQL, every
accepted change, chat line and seat change is announced with ``NOTIFY dreamtable``; every process
``LISTEN``s, and a room that hears of a change it has not seen replays it from the database, so a
player connected to one process sees a move accepted by another at once.

On shutdown (SIGTERM, through the app's lifespan or :meth:`Hub.drain`) the hub stops taking moves,
lets the writes in progress finish and closes every socket with 1012 ("service restart"), which the
table page answers by reconnecting.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import text
from starlette.websockets import WebSocket

from .quotas import Quotas
from ..core.errors import DreamtableError
from . import metrics
from ..agents.specs import MAX_SECONDS
from .rooms import Room
from .store import DB_MAX_OVERFLOW, DB_POOL_SIZE, DEFAULT_DB, Durability, Store
from .thinking import Thinking

log = logging.getLogger("dreamtable.server")

def default_bot_workers() -> int:
    """Search workers by default: every core but one (the event loop's), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


CHANNEL = "dreamtable"
FORGET_AFTER = 5.0
"""Seconds a finished table loaded for a request stays in memory if nobody watches it."""
RESTARTING = 1012
"""The WebSocket close code of a server going down to restart (RFC 6455's "service restart")."""


class ServerRestarting(DreamtableError):
    """The server is shutting down: a change is refused (the client sends it again once reconnected)."""


@dataclass(frozen=True)
class ServerSettings:
    """How a server runs (``dreamtable serve`` options)."""

    db: str = DEFAULT_DB
    bot_delay: float = 0.6
    """Seconds a bot waits at the start of its turn before it plays, so people can follow (counted from
    when the game began waiting for it: other seats' moves meanwhile do not put it back; server/turn_budget.py)."""
    durability: Durability = "normal"
    """SQLite only: normal keeps every move through a killed process; full also through a power
    cut, at the cost of a disk sync per move (docs/deployment.md, "Durability")."""
    allowed_origins: tuple[str, ...] = ()
    """Web pages (scheme://host:port) besides the server's own that may open WebSockets."""
    public_origin: str | None = None
    """The origin (scheme://host[:port]) people open the server's pages at, e.g. https://games.example
    behind a proxy; its pages may open WebSockets (origins.py: the Host header is never trusted).
    None: the address the server listens on, http://HOST:PORT (``serve`` fills it in)."""
    message_rate: float = 10.0
    """WebSocket messages a second one connection may send on average (more are refused) ..."""
    message_burst: float = 30.0
    """... and at once."""
    max_open_tables: int = 500
    """Tables waiting for players at once, over all clients (beyond it: 503 with Retry-After)."""
    max_playing_tables: int = 2000
    """Live games in play at once, over all clients (beyond it, creating or starting one: 503 with Retry-After)."""
    max_turn_based_tables: int = 50_000
    """Turn-based games in play at once, over all clients: they sleep in the database between
    visits and deadlines, so far more fit (beyond it: 503 with Retry-After)."""
    tables_per_minute: float = 20.0
    """Tables (waiting or in play, rematches too) one client may create a minute, in bursts of as
    many; counted per process (beyond it: 429)."""
    waiting_tables_per_client: int = 10
    """Tables one client created that wait for players at once (beyond it: 429)."""
    games_per_client: int = 20
    """Games in play that one client created (``/api/play``, started tables, rematches) at once (beyond it: 429)."""
    sockets_per_client: int = 40
    """WebSocket connections one client (address, or seat token) holds open at once in a process
    (beyond it: closed with 4429)."""
    connects_per_minute: float = 60.0
    """WebSocket connections one client may open a minute, in bursts of as many; counted per process
    (beyond it: closed with 4429)."""
    quota_exempt: tuple[str, ...] = ()
    """Client addresses the per-client limits spare (a load benchmark on loopback); the global caps still hold."""
    waiting_expiry_seconds: float = 3600.0
    """A table still waiting for players this long after it was created is deleted."""
    idle_expiry_seconds: float = 7 * 86400.0
    """A game in play with no change (move, expiry, seat handed over) for this long is abandoned:
    deleted with its changes and chat. Games may last days: keep it generous."""
    sweep_seconds: float = 60.0
    """How often each process looks for expired tables (and forgets idle quota buckets)."""
    forwarded_allow_ips: str = "127.0.0.1"
    """Addresses of reverse proxies whose X-Forwarded-For and X-Forwarded-Proto are believed
    (comma-separated; "*" trusts anyone, "" nobody): a client's address is then the one the proxy saw."""
    shutdown_seconds: float = 10.0
    """On SIGTERM, seconds to wait for requests and writes in progress before they are cut short."""
    bot_workers: int = field(default_factory=default_bot_workers)
    """Worker processes that run bot searches at once (server/thinking.py); default every core but one."""
    max_search_seconds: float = MAX_SECONDS
    """A hard deadline on every bot search, whatever its budget (iterations too): the search stops
    there, and a worker that overruns it is replaced (server/thinking.py)."""
    resident_window: float = 60.0
    """A turn-based table stays in memory while someone watches it or a deadline of its table (its
    move clock, a game timer, a bot's turn) is this near, in seconds; otherwise its room leaves
    memory and is rebuilt from the database when next asked for or due (server/residency in
    docs/server.md)."""
    resident_linger: float = 5.0
    """... and this many seconds after it was last asked for or watched (a page reloading, a
    player reconnecting, does not rebuild it each time)."""
    deadline_poll_seconds: float = 15.0
    """How often each process looks in the database for turn-based tables whose deadline comes
    within ``resident_window`` (at most half the window apart, so none is late)."""
    outbox_limit: int = 200
    """Updates waiting to be sent to one WebSocket before it is dropped as too slow a reader (closed
    with 4408; it reconnects to the current view): the room never waits for a connection."""
    db_pool_size: int = DB_POOL_SIZE
    """PostgreSQL only: database connections each process keeps open (two processes keep twice as
    many; with the listener's one, stay under the database's max_connections)."""
    db_max_overflow: int = DB_MAX_OVERFLOW
    """PostgreSQL only: connections opened beyond db_pool_size when all are busy, closed again when
    given back. 0: a busy moment waits for a kept connection instead of connecting anew for a move."""
    ws_compression: bool = False
    """Per-message deflate on WebSockets, when the browser offers it. Off: an update is a few kB of
    JSON, and compressing it anew for every socket cost more of the server's CPU than it saved on a
    local network (docs/performance.md, "Server load"); turn it on for slow links."""


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
        self.quotas = Quotas(settings, store)
        self._sweeper: asyncio.Task[None] | None = None
        self._scheduler: asyncio.Task[None] | None = None
        self._unscheduled = asyncio.Event()
        """Set at shutdown: the deadline scheduler stops after its round."""
        self.sockets: set[WebSocket] = set()
        """Open WebSocket connections (closed with :data:`RESTARTING` at shutdown)."""
        self.closing = False
        """Set at shutdown: no change is taken any more."""
        self.thinking = Thinking(settings.bot_workers, settings.max_search_seconds)
        """Where this process's bots think (searches in worker processes, quick bots in threads)."""

    async def start(self) -> None:
        """Migrate the database, listen to other processes, and resume every game in play."""
        # read when scraped, so they never drift (with several apps in one process, the last started)
        metrics.LIVE_TABLES.set_function(lambda: len(self.rooms))
        metrics.SOCKETS.set_function(lambda: len(self.sockets))
        await self.store.migrate()
        if self.store.is_postgresql:
            await self._listen()
        await self.sweep()  # tables that expired while no server ran free their places first
        # Live games are resumed at once; turn-based ones sleep in the database until someone comes
        # back or a deadline nears (the scheduler below), however many there are.
        for row in await self.store.tables(status="playing", limit=100_000, pace="live"):
            await self.room(row.id)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="sweeper")
        self._scheduler = asyncio.create_task(self._wake_forever(), name="deadlines")

    def check_open(self) -> None:
        """Raise :class:`ServerRestarting` once shutdown has begun (before a change is made)."""
        if self.closing:
            raise ServerRestarting("the server is restarting: nothing was changed; send it again once reconnected")

    def opened(self, websocket: WebSocket) -> None:
        """A WebSocket connection was accepted."""
        self.sockets.add(websocket)

    def closed(self, websocket: WebSocket) -> None:
        """A WebSocket connection ended."""
        self.sockets.discard(websocket)

    async def drain(self) -> None:
        """Shut down gently: refuse new changes, let every write in progress finish (each room's
        lock), stop the drivers, and close every socket with :data:`RESTARTING`."""
        if self.closing:
            return
        self.closing = True
        try:
            async with asyncio.timeout(self.settings.shutdown_seconds):
                for room in list(self.rooms.values()):
                    async with room.lock:  # a change being stored is stored; a bot's next one waits for a restart
                        await room.stop_driver()
        except TimeoutError:
            log.warning("shutdown: writes still in progress after %g s are cut short", self.settings.shutdown_seconds)
        sockets = list(self.sockets)
        await asyncio.gather(*(socket.close(RESTARTING, "server restarting") for socket in sockets),
                             return_exceptions=True)
        log.info("shutdown: no more moves taken, %d tables stopped, %d sockets closed", len(self.rooms), len(sockets))

    async def stop(self) -> None:
        """Shut down gently (:meth:`drain`), then stop every driver and close the database."""
        await self.drain()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._scheduler is not None:  # let a query in progress end: a cancelled aiosqlite read can hang the loop's close
            self._unscheduled.set()
            await self._scheduler
        for room in list(self.rooms.values()):
            await room.stop_driver()
        await self.thinking.close()
        if self._listener is not None:
            await self._listener.close()
        await self.store.close()

    # -- expiry -------------------------------------------------------------------------------------
    async def sweep(self) -> list[str]:
        """Delete the tables that waited for players too long and the abandoned games (see
        :meth:`Store.sweep`), drop their rooms here and in the other processes; their ids."""
        now = time.time()
        gone = await self.store.sweep(now - self.settings.waiting_expiry_seconds,
                                      now - self.settings.idle_expiry_seconds)
        for table_id in gone:
            await self.drop(table_id)
            await self.notify(table_id, "gone")
        if gone:
            log.info("expired %d tables (waiting for players or abandoned)", len(gone))
        self.quotas.forget_idle()
        return gone

    async def drop(self, table_id: str) -> None:
        """A table was deleted (it expired): its room leaves memory and its connections are told."""
        room = self.rooms.pop(table_id, None)
        if room is not None:
            await room.stop_driver()
            room.gone("this table expired (nobody played at it for too long) and was removed")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # a database hiccup: the next round tries again
                log.exception("sweeping expired tables failed")

    # -- turn-based tables: resident only while needed -----------------------------------------------
    async def wake_due(self) -> list[str]:
        """Bring into memory the turn-based games whose next deadline comes within
        ``resident_window`` (or is not worked out yet); their ids. Every process does it: when two
        both act on a deadline, the database takes one change at that point and the other room
        rebuilds (the same (table, seq) rule as for any move)."""
        if self.closing:
            return []
        due = await self.store.due_tables(time.time() + self.settings.resident_window)
        woken = [table_id for table_id in due if table_id not in self.rooms]
        for table_id in woken:
            await self.room(table_id)
        return woken

    async def _wake_forever(self) -> None:
        pause = max(0.05, min(self.settings.deadline_poll_seconds, self.settings.resident_window / 2))
        while not self._unscheduled.is_set():
            try:
                await self.wake_due()
            except Exception:  # a database hiccup: the next round tries again
                log.exception("waking turn-based tables with a deadline near failed")
            try:
                await asyncio.wait_for(self._unscheduled.wait(), pause)
            except TimeoutError:
                pass

    @property
    def resident_window(self) -> float:
        """A turn-based room stays in memory while a deadline is this near (a room reads it)."""
        return self.settings.resident_window

    @property
    def resident_linger(self) -> float:
        """... and this long after its last use."""
        return self.settings.resident_linger

    def evict(self, room: Room) -> None:
        """A turn-based room leaves memory (its next deadline is stored); it is rebuilt from the
        database on the next connection, request or deadline."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            metrics.EVICTIONS.inc()

    async def room(self, table_id: str) -> Room | None:
        """The live room of a table (loaded and its driver started on first use), or None."""
        room = self.rooms.get(table_id)
        if room is not None:
            room.touched = time.monotonic()
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
        elif room.table is not None and not self.closing:
            room.start_driver()
        return room

    @property
    def outbox_limit(self) -> int:
        """How many messages a connection may fall behind before it is dropped (a room reads it)."""
        return self.settings.outbox_limit

    def forget(self, table_id: str) -> None:
        """Let the room of ``table_id`` go from this process's memory (it rebuilds when asked again)."""
        self.rooms.pop(table_id, None)

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
            elif kind == "gone":  # another process deleted it (expired)
                await self.drop(room.id)
            else:  # the table itself changed: seats, start, rematch
                await room.reload_row()
        except Exception:
            log.exception("table %s: catching up with another process failed", room.id)
