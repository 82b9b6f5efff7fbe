"""Live tables in one server process: a :class:`Room` per table, rebuilt from the database.

A room holds the table layer's :class:`~dreamtable.core.table.Table` on a wall clock and the
connections watching it. Every change goes the same way: made in memory under the room's lock
(a refused move raises and changes nothing), stored as the table's next (table, seq) row, and only
then told to each connection as that seat may know it. If the row is taken (another process got
there first) the room rebuilds itself from the database and the mover is told the move was stale.

A driver task per room plays the bots (thinking on a copy in the hub's bot pool, server/thinking.py:
searches in worker processes behind a per-table fair queue, quick bots in threads, so the event loop
never waits for a search and no table's bots starve another's), applies expiries when deadlines pass, and hands a seat to a bot when
its human runs out of turn time (a table setting). A bot's turn is timed from when the game began waiting
for it, the delay once and its budget for all the turn's decisions (server/turn_budget.py): moves other
seats make meanwhile neither restart its thinking nor hold it back.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from ..agents import build_agent
from ..agents.specs import USUAL_BOT, BotSpec, parse_bot_spec, shown
from ..core.clock import WallClock
from ..core.errors import DreamtableError, IllegalActionError, UnknownAgentError
from ..core.registry import load
from ..core.rng import bot_seed
from ..core.seats import seat_name
from ..core.table import Bot, Change, Table
from ..core.table_language import DEFAULT_LANGUAGE
from . import metrics, wire
from .models import ChangeRow, TableRow
from .store import StaleChange
from .store import Store
from .thinking import Thinking
from .turn_budget import decision_seconds, person_turn_deadline

log = logging.getLogger("dreamtable.server")

HELLO_EVENTS = 50
"""How many past events a new connection is sent with its first view."""
CHAT_LINES, CHAT_WINDOW = 5, 10.0
"""A seat may write at most this many chat lines in this many seconds."""
TIMED_VIEW_SECONDS = 0.2
"""How long a view with running timers is served again before it is built anew (its seconds left move)."""


class ChatRefused(DreamtableError):
    """A chat line is refused: the game closes the chat now (When I Dream's night), or the seat writes too fast."""


@dataclass(eq=False)
class Listener:
    """One connection watching a room, as one seat (``None``: a spectator)."""

    seat: int | None
    outbox: asyncio.Queue[str]
    """The JSON texts waiting to be sent, in order; bounded (ServerSettings.outbox_limit): a
    connection that falls that far behind is dropped, never waited for."""
    cursor: int = 0
    """How many of the match's events this connection has been sent."""
    dropped: bool = False
    on_drop: Callable[[], Any] | None = None
    """What the connection's socket does when the room drops it (closes it at once, with 4408)."""

    def drop(self) -> None:
        """Stop sending to this connection: forget what waits for it and tell its socket."""
        self.dropped = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        if self.on_drop is not None:
            self.on_drop()


@dataclass(frozen=True)
class Told:
    """A message built for one audience (a seat, or the spectators) and its JSON text."""

    message: dict[str, Any]
    text: str
    until: float
    """When it goes stale (views with running timers: soon; others: when the table changes)."""

    @classmethod
    def of(cls, message: dict[str, Any], text: str, timed: bool) -> "Told":
        return cls(message, text, time.monotonic() + TIMED_VIEW_SECONDS if timed else math.inf)

    def fresh(self) -> bool:
        return time.monotonic() < self.until


class RoomHost(Protocol):
    """What a room needs from the process that holds it (the hub): the database, the bot pool, the
    news between processes, and being let go. The room names no more of it, so it can be built and
    tested without a hub."""

    store: Store
    thinking: Thinking
    closing: bool

    @property
    def outbox_limit(self) -> int:
        """How many messages a connection may fall behind before it is dropped."""
        ...

    def check_open(self) -> None:
        """Raise when the process is shutting down (before anything changes)."""
        ...

    def announcement(self, table_id: str, kind: str, number: int = 0,
                     change: dict[str, Any] | None = None) -> tuple[str, str]:
        """The (channel, payload) that tells other processes a table changed."""
        ...

    async def notify(self, table_id: str, kind: str, number: int = 0) -> None:
        """Tell the other processes a table changed."""
        ...

    def forget(self, table_id: str) -> None:
        """Let a room go from this process's memory."""
        ...

    def evict(self, room: "Room") -> None:
        """Let a turn-based room go from memory (it is rebuilt from the database when next needed)."""
        ...

    @property
    def resident_window(self) -> float:
        """A turn-based room stays in memory while a deadline of its table is this near (seconds)."""
        ...

    @property
    def resident_linger(self) -> float:
        """... and this long after it was last asked for or watched."""
        ...


class Room:
    """One table live in this process."""

    def __init__(self, hub: RoomHost, row: TableRow) -> None:
        self.hub = hub
        self.row = row
        self.id = row.id
        self.game = load(row.game)
        self.clock = WallClock()
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.poke = asyncio.Event()
        self.table: Table | None = None
        self._driver: asyncio.Task[None] | None = None
        self._said: dict[int, list[float]] = {}  # seat -> when its recent chat lines were written
        self._views: dict[tuple[int, int | None], Told] = {}  # (seq, seat) -> its view
        self._hellos: dict[tuple[int | None, int | None], Told] = {}  # (seq, seat) -> a new connection's first message
        self.touched = time.monotonic()
        """When the room was last asked for or watched (a turn-based room lingers a moment after)."""
        self.evicted = False
        """Set (under the lock) when a turn-based room left memory: a connection that got it just
        before must not attach to it (nothing would tell it of changes), but to the rebuilt one."""

    @property
    def turn_based(self) -> bool:
        """Whether the table is turn-based: in memory only while watched or a deadline is near."""
        return self.row.pace == "turn-based"

    # -- building ---------------------------------------------------------------------------------
    def _bot(self, seat: int, spec: str) -> Bot:
        try:
            parsed = parse_bot_spec(spec, self.game)
        except UnknownAgentError:  # a spec stored before the strict parser: the game's usual bot, said once
            log.warning("table %s: stored bot spec %s is not read any more; seat %s gets the game's usual bot",
                        self.id, shown(spec), seat_name(seat))
            parsed = BotSpec(USUAL_BOT)
        bot: Bot = build_agent(parsed, seed=bot_seed(self.row.seed, seat), game=self.game)
        return bot

    def _new_table(self) -> Table:
        row = self.row
        state = self.game.new(row.players, row.seed, **row.options)
        bots = {seat: self._bot(seat, spec["bot"]) for seat, spec in enumerate(row.seats) if spec["kind"] == "bot"}
        self.clock.pinned = row.started_at
        try:
            return Table(state, bots, clock=self.clock, undo=bool(row.settings.get("undo", True)))
        finally:
            self.clock.pinned = None

    def _replay(self, table: Table, changes: Sequence[ChangeRow]) -> None:
        try:
            for change in changes:
                if change.seq != table.seq + 1:
                    raise DreamtableError(f"table {self.id}: change {change.seq} follows change {table.seq}")
                self.clock.pinned = change.at
                if change.kind == "bot":
                    table.hand_to_bot(change.seat or 0, self._bot(change.seat or 0, change.text))
                else:
                    table.replay_change(change.kind, change.seat, change.text)
        finally:
            self.clock.pinned = None

    async def load(self) -> None:
        """(Re)build the table from its stored changes."""
        row = await self.hub.store.table(self.id)
        if row is None:
            raise DreamtableError(f"table {self.id} is gone from the database")
        self.row = row
        self._changed()
        if row.status == "waiting":
            self.table = None
            return
        table = self._new_table()
        self._replay(table, await self.hub.store.changes(self.id))
        self.table = table

    async def catch_up(self, seq: int | None = None, change: dict[str, Any] | None = None) -> None:
        """Another process accepted change ``seq`` (None: look for any): replay what this room has
        not seen — the ``change`` it announced when it is the next one, else the stored rows."""
        async with self.lock:
            if self.table is None:
                if seq is not None:  # the game started in another process
                    await self.load()
                    self._tell_all()
                return
            if seq is not None and self.table.seq >= seq:
                return
            if change is not None and seq == self.table.seq + 1:
                changes: Sequence[ChangeRow] = [ChangeRow(table_id=self.id, seq=seq, **change)]
            else:
                changes = await self.hub.store.changes(self.id, after=self.table.seq)
            try:
                self._replay(self.table, changes)
            except DreamtableError:
                await self.load()
            self._tell_all()
        self.poke.set()

    async def reload_row(self) -> None:
        """The table's row changed (a seat joined or left, the game started): load it again."""
        async with self.lock:
            was_waiting = self.table is None
            await self.load()
            self._tell_all()
        if was_waiting and self.table is not None:
            self.start_driver()

    # -- changes ----------------------------------------------------------------------------------
    def _live(self) -> Table:
        self.hub.check_open()  # shutting down: refuse before anything changes
        if self.table is None:
            raise IllegalActionError("the game at this table has not started yet")
        return self.table

    async def _commit(self, change: Change) -> None:
        """Store ``change``, just made in memory, then tell every connection (the lock is held)."""
        table = self.table  # not _live(): a change already made is stored even while shutting down
        assert table is not None
        kind, seat = change.kind, change.seat
        text = self._stand_in() if kind == "bot" else change.text
        status: dict[str, Any] = {"status": "over"} if table.is_over else {}
        if self.turn_based:  # the scheduler finds it by this once the room has left memory, and my games reads who acts
            status["next_deadline"] = None if table.is_over else self.next_deadline()
            status["actors"] = [] if table.is_over else list(table.state.actors)
        stored = {"kind": kind, "seat": seat, "text": text, "at": change.at}
        announce = self.hub.announcement(self.id, "change", change.seq, stored)
        try:
            await self.hub.store.add_change(self.id, change.seq, kind, seat, text, change.at, announce, **status)
        except StaleChange:
            await self.load()
            self._tell_all()
            raise IllegalActionError(
                "the table has changed since you looked (another move was accepted first); look again") from None
        except Exception:
            log.exception("table %s: storing change %s failed; rebuilding from the database", self.id, change.seq)
            await self.load()
            self._tell_all()
            raise
        metrics.MOVES.labels(kind=kind).inc()
        if table.is_over:
            self.row.status = "over"
            self.forget_if_unwatched()
        self._tell_all()
        self.poke.set()

    def _stand_in(self) -> str:
        """The bot that takes over a seat whose human left or ran out of time (a table setting)."""
        return str(self.row.settings.get("stand_in", "bot"))

    @metrics.timed(metrics.MOVE_SECONDS)
    async def move(self, seat: int, move: str, seen_seq: int | None) -> None:
        """A human seat's move in notation; refused moves raise and change nothing."""
        async with self.lock:
            await self._commit(self._live().submit(seat, move, seen_seq))

    @metrics.timed(metrics.MOVE_SECONDS)
    async def fill(self, seat: int, kind: str, values: dict[str, Any], seen_seq: int | None) -> None:
        """A move made by filling one of the seat's action forms (a clue, an offer); refused like a move."""
        async with self.lock:
            table = self._live()
            await self._commit(table.submit(seat, table.form_move(seat, kind, values), seen_seq))

    async def undo(self, seat: int) -> None:
        """Take back the seat's last move where the undo policy allows it (``UndoError`` otherwise)."""
        async with self.lock:
            await self._commit(self._live().undo(seat))

    async def hand_over(self, seat: int) -> None:
        """Seat ``seat`` is played by the table's stand-in bot from now on."""
        async with self.lock:
            table = self._live()
            await self._commit(table.hand_to_bot(seat, self._bot(seat, self._stand_in())))

    async def chat(self, seat: int, text: str) -> dict[str, Any]:
        """Store and pass on a chat line; ``ChatRefused`` while the game closes the chat or the seat writes too fast."""
        async with self.lock:
            if self.table is not None and not self.table.is_over and not self.table.state.chat_open:
                raise ChatRefused("the chat is closed now: the game does not allow talk at this moment")
            now = time.monotonic()
            recent = [moment for moment in self._said.get(seat, []) if moment > now - CHAT_WINDOW]
            if len(recent) >= CHAT_LINES:
                raise ChatRefused(f"you are writing too fast: at most {CHAT_LINES} lines in {CHAT_WINDOW:g} seconds")
            self._said[seat] = [*recent, now]
            row = await self.hub.store.add_chat(self.id, seat, text)
        message = {"type": "chat", "seat": seat, "text": row.text, "at": row.at}
        await self.hub.notify(self.id, "chat", row.id)
        self.tell_chat(message)
        return message

    def tell_chat(self, message: dict[str, Any]) -> None:
        """Pass a chat line to the connections that may read it."""
        text = wire.dumps(message)
        for listener in list(self.listeners):
            if listener.seat is not None or self.row.settings.get("chat_spectators", False):
                self._send(listener, text)

    def gone(self, reason: str) -> None:
        """The table was deleted (it expired): tell every connection why; nothing more comes."""
        text = wire.dumps({"type": "error", "error": "table-gone", "message": reason})
        for listener in list(self.listeners):
            self._send(listener, text)
        self.listeners.clear()

    # -- telling ----------------------------------------------------------------------------------
    # A change is told once per audience, not once per connection: the connections of one seat (or
    # all the spectators) that have been sent the same events share one message, built and
    # serialised to JSON once; each outbox holds that same string. The first view of a connection
    # (and a connection's or the HTTP API's request for it again) is kept per (seq, seat) until the
    # table changes, so polling costs a dictionary look-up. Every entry belongs to one seat (None:
    # the spectators): one seat's view is never served to another.
    def _listener(self, seat: int | None) -> Listener:
        return Listener(seat, asyncio.Queue(self.hub.outbox_limit))

    def attach(self, seat: int | None) -> Listener:
        """A new connection for ``seat``: it is sent the current view at once."""
        listener = self._listener(seat)
        self.listeners.add(listener)
        self.touched = time.monotonic()
        self._send(listener, self._hello(seat).text)
        listener.cursor = self._event_count()
        return listener

    async def current(self, seat: int | None) -> dict[str, Any]:
        """What a new connection for ``seat`` would be sent first (the HTTP API's answer; shared
        with other callers until the table changes: read it, never change it)."""
        async with self.lock:
            self.touched = time.monotonic()
            return self._hello(seat).message

    async def current_text(self, seat: int | None) -> str:
        """:meth:`current` as the JSON text sent (``GET …/view`` answers with it as it is)."""
        async with self.lock:
            self.touched = time.monotonic()
            return self._hello(seat).text

    def resend(self, listener: Listener, reply_to: int | str | None = None) -> None:
        """Send a connection its current view again, with the recent events (it asked; its
        request's ``id`` comes back as ``reply_to``, after every update sent before it)."""
        text = self._hello(listener.seat).text
        if reply_to is not None:  # the shared text with one more field: no second serialisation
            text = f'{text[:-1]}, "reply_to": {json.dumps(reply_to)}}}'
        self._send(listener, text)
        listener.cursor = self._event_count()

    def detach(self, listener: Listener) -> None:
        """A connection closed; a finished table nobody watches leaves this process's memory
        (it is loaded again from the database if anyone asks)."""
        self.listeners.discard(listener)
        self.touched = time.monotonic()
        self.forget_if_unwatched()
        if self.turn_based and not self.listeners:
            self.poke.set()  # the driver looks whether the room may leave memory

    def forget_if_unwatched(self) -> None:
        """Leave this process's memory if the match is over and no connection watches it."""
        if not self.listeners and self.table is not None and self.table.is_over:
            self.hub.forget(self.id)

    def _event_count(self) -> int:
        return 0 if self.table is None else self.table.event_count

    def message_for(self, seat: int | None, cursor: int) -> dict[str, Any]:
        """The update owed to a connection of ``seat`` that has been sent ``cursor`` events: the
        seat's view and the events after those (all the last ones when an undo took some back)."""
        table = self.table
        if table is None:
            return {"type": "waiting", "table": self.id, "seat": seat}
        events, reset = table.events_since(seat, cursor)
        message: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "seq": table.seq,
            "view": self._view(seat),
            "events": events,
            "reset": reset,
            "bots": sorted(table.bots),
            "rematch": self.row.rematch,
            "chat_open": table.state.chat_open,
            "language": table_language(self.row),
        }
        last = table.last_change
        if last.kind == "undo":
            # The undo took lines out of every log: say who took a move back, and nothing of the
            # move (its seat only, which everyone saw act), so no reader wonders where it went.
            message["undone"] = {"seat": last.seat, "letter": seat_name(last.seat or 0),
                                 "text": f"{seat_name(last.seat or 0)} took back their last move"}
        if seat is not None and seat in table.humans and not table.is_over:
            message["legal"] = [str(action) for action in table.legal_actions(seat)]
            message["forms"] = [form.to_json() for form in table.action_forms(seat)]
        return message

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The seat's view now, built once per change (and per moment, while timers count down)."""
        assert self.table is not None
        key = (self.table.seq, seat)
        cached = self._views.get(key)
        if cached is not None and cached.fresh():
            return cached.message
        view = self.table.view(seat)
        self._views[key] = Told.of(view, "", timed=bool(view["timers"]))
        return view

    def _hello(self, seat: int | None) -> "Told":
        """The first message of a new connection for ``seat`` (its view and the last
        :data:`HELLO_EVENTS` events), from the cache of the current change."""
        key = (None if self.table is None else self.table.seq, seat)
        told = self._hellos.get(key)
        if told is None or not told.fresh():
            cursor = max(0, self._event_count() - HELLO_EVENTS)
            message = self.message_for(seat, cursor)
            told = Told.of(message, wire.dumps(message), timed=bool(message.get("view", {}).get("timers")))
            self._hellos[key] = told
        return told

    def _changed(self) -> None:
        """The table changed: what was built for the previous state is stale."""
        self._views.clear()
        self._hellos.clear()

    def _tell_all(self) -> None:
        """Send every connection the update it is owed: one message per (seat, events sent) group."""
        self._changed()
        groups: dict[tuple[int | None, int], list[Listener]] = {}
        for listener in self.listeners:
            groups.setdefault((listener.seat, listener.cursor), []).append(listener)
        total = self._event_count()
        for (seat, cursor), audience in groups.items():
            text = wire.dumps(self.message_for(seat, cursor))
            for listener in audience:
                listener.cursor = total
                self._send(listener, text)

    def _send(self, listener: Listener, text: str) -> None:
        if listener.dropped:
            return
        try:
            listener.outbox.put_nowait(text)
        except asyncio.QueueFull:  # a connection that does not read: drop it; it reconnects to the current view
            self.listeners.discard(listener)
            listener.drop()
            log.info("table %s: dropped a connection that read fewer updates than it was sent "
                     "(%d waiting)", self.id, listener.outbox.maxsize)

    # -- the driver: bots, deadlines, turn time -----------------------------------------------------
    def start_driver(self) -> None:
        """Run the bots and the clock of this table until the match ends."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.create_task(self._drive(), name=f"table {self.id}")

    async def stop_driver(self) -> None:
        """Stop the driver (the server is shutting down)."""
        if self._driver is not None:
            self._driver.cancel()
            try:
                await self._driver
            except (asyncio.CancelledError, Exception):
                pass

    async def _drive(self) -> None:
        while True:
            self.poke.clear()
            try:
                wakeup = await self._drive_once()
            except asyncio.CancelledError:
                raise
            except IllegalActionError:
                continue  # stale: another process moved first; the room has been rebuilt
            except Exception:
                log.exception("table %s: the driver failed; retrying in a second", self.id)
                wakeup = self.clock.now() + 1.0
            if wakeup is None and self.table is not None and self.table.is_over:
                return
            if self.turn_based:
                if await self._evicted(wakeup):
                    return
                wakeup = self._residency_wakeup(wakeup)
            timeout = None if wakeup is None else max(0.0, wakeup - self.clock.now())
            try:
                await asyncio.wait_for(self.poke.wait(), timeout)
            except asyncio.TimeoutError:
                pass

    # -- residency: a turn-based table is in memory only while needed ------------------------------
    def next_deadline(self) -> float | None:
        """The next moment the table must act with no human moving: a game timer, a bot's turn
        (after its delay), or the move clock of the human it waits for (None: nothing is armed)."""
        table = self.table
        if table is None or table.is_over:
            return None
        moments = [moment for moment in [table.next_wakeup()] if moment is not None]
        if table.ready_bots():
            moments.append(table.turn_started + float(self.row.settings.get("bot_delay", 0.0)))
        turn_seconds = self.row.settings.get("turn_seconds")
        if turn_seconds and table.waiting_for_human():
            moments.append(table.changed_at + float(turn_seconds))
        return min(moments, default=None)

    def _may_leave(self, wakeup: float | None) -> bool:
        """Whether nothing keeps the room in memory but the lingering after its last use."""
        return (not self.listeners and not self.hub.closing and self.table is not None
                and wakeup is not None and wakeup - self.clock.now() > self.hub.resident_window)

    def _residency_wakeup(self, wakeup: float | None) -> float | None:
        """The driver's next wake-up, brought forward to the end of the lingering when the room
        could leave memory then (nothing else would wake it)."""
        if not self._may_leave(wakeup):
            return wakeup
        leave_at = self.clock.now() + max(0.0, self.touched + self.hub.resident_linger - time.monotonic())
        return leave_at if wakeup is None else min(wakeup, leave_at)

    async def _evicted(self, wakeup: float | None) -> bool:
        """Leave memory if nobody watches, no deadline is within the hub's window and the room has
        not been used for a moment: store the next deadline (the scheduler wakes the table by it)
        and go. A table whose deadline is unknown (None) stays."""
        if not self._may_leave(wakeup) or time.monotonic() - self.touched < self.hub.resident_linger:
            return False
        async with self.lock:
            if not self._may_leave(wakeup) or self.table is None:
                return False
            deadline = self.next_deadline()
            if deadline is None or deadline - self.clock.now() <= self.hub.resident_window:
                return False
            await self.hub.store.update_table(self.id, next_deadline=deadline)
            self.evicted = True
            self.hub.evict(self)
        return True

    async def _drive_once(self) -> float | None:
        """Do what is due now; the moment to look again (None: when something changes)."""
        async with self.lock:
            table = self.table
            if table is None or table.is_over:
                return None
            if table.expire_due():
                await self._commit(table.last_change)
                return self.clock.now()
            now = self.clock.now()
            moments = [m for m in [table.next_wakeup()] if m is not None]
            ready = table.ready_bots()
            delay = float(self.row.settings.get("bot_delay", 0.0))
            # Let people follow the bots: a bot waits the delay once at the start of its turn, counted from
            # when the game began waiting for it (other seats' moves out of turn do not put it back).
            if ready and not table.real_time_bots and now < table.turn_started + delay:
                moments.append(table.turn_started + delay)
                ready = []
            limit = person_turn_deadline(table, self.row.settings.get("turn_seconds"))
            if limit is not None:
                if now >= limit:
                    seat = table.state.actors[0]
                    await self._commit(table.hand_to_bot(seat, self._bot(seat, self._stand_in())))
                    return now
                moments.append(limit)
            if not ready:
                return min(moments) if moments else None
            seat, seq, turn = ready[0], table.seq, table.turn_started
            position = table.state.copy()
            bot = table.bots[seat]
            thinking = self.hub.thinking
            seconds_left = decision_seconds(table, bot, 0.0 if table.real_time_bots else delay, thinking.max_search_seconds)
        action, thought = await thinking.choose(self.id, bot, position, seat, seconds_left)
        async with self.lock:
            table = self.table
            if table is None or table.bots.get(seat) is not bot or self._moved_on(table, seat, seq, turn):
                return self.clock.now()  # the table moved on while the bot thought: ask again
            table.bots[seat] = thought  # a search comes back from its worker with what it keeps in memory
            try:
                moved = table.play_bot(seat, action)
            except IllegalActionError:  # another seat's move meanwhile took the choice away: choose again,
                return self.clock.now()  # within what is left of the same turn
            if moved:
                await self._commit(table.last_change)
            return self.clock.now()

    @staticmethod
    def _moved_on(table: Table, seat: int, seq: int, turn: float) -> bool:
        """Whether a bot's choice for ``seat``, made on change ``seq`` in the turn that began at ``turn``,
        is out of date. Moves of other seats meanwhile that leave the game waiting for the same seat in
        the same turn (repositioning out of turn) do not make it so: its thinking is not thrown away, and
        the choice is played if it is still legal. A real-time bot answers the very moment it was asked
        about (it may choose to wait), so any change makes its choice out of date."""
        if table.seq == seq:
            return False
        if seat in table.real_time_bots:
            return True
        return table.turn_started != turn or seat not in table.ready_bots()


def table_language(row: TableRow) -> str:
    """The language the table is played in (``settings.language``; a table made before tables had one is English)."""
    return str(row.settings.get("language", DEFAULT_LANGUAGE))


def describe_seat(spec: dict[str, Any], seat: int, bots: Sequence[int] = ()) -> dict[str, Any]:
    """A seat as anyone may see it: its letter, kind, name and bot (never its token)."""
    kind = "bot" if seat in bots else spec["kind"]
    shown: dict[str, Any] = {"seat": seat, "letter": seat_name(seat), "kind": kind, "name": spec.get("name")}
    if kind == "bot":
        shown["bot"] = spec.get("bot", "bot")
    return shown
