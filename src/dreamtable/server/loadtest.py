"""The server's load benchmark: many live tables played over WebSockets on loopback at once.

:func:`run_load` plays ``tables`` tables at the same time against one or more running server
processes. Every human seat of a table is a scripted random player holding its own WebSocket
connection: on each ``update`` that lists ``legal`` moves it picks one at random and sends it with
the update's ``seq``; seats may also be server bots (``bots``), so moves come from both sides of
the socket. A table whose game ends is replaced by a new one, so ``tables`` games are live all the
time. With several server processes (one PostgreSQL), each table's seats are split across them,
so every move also travels between processes (LISTEN/NOTIFY).

It measures, over a window of ``seconds`` that starts once every table is set up:

* **accepted moves per second**: how far the tables' ``seq`` advanced, as the clients saw it
  (every change the server stored and told: the players' moves and the bots');
* **latency**: from sending a move to receiving the sender's ``update`` that carries it (the first
  update with a later ``seq``), p50 / p90 / p99 / max;
* refused moves (by error code), games finished, tables started, and the CPU the client process
  and (when their process ids are given) the server processes used.

``spectators`` adds that many spectator WebSockets, spread evenly over the tables (each follows
its table to the next one when a game ends); ``spectator_polls`` has each of them also ask for the
view again (``{"type": "view"}``) that many times a second, as a page that polls would. They are
held by a second client process (:func:`spectate_main`), so reading their updates does not delay
the players' clock; the report counts the updates they received, how often the server dropped one,
and that process's CPU.

``rate`` paces the players to that many moves a second over all tables (0: as fast as each
connection may send; the server throttles a connection above 10 messages a second, so a client
never sends more than :data:`MAX_SEND_RATE` a second). ``dreamtable bench-serve`` starts the
server itself and calls this (src/dreamtable/cli/bench_serve.py); docs/performance.md has the
figures. Everything talks to loopback only, and the run stops by itself after ``seconds``.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

MAX_SEND_RATE = 9.0
"""Moves a second one connection sends at most (the server refuses a connection's 11th a second)."""
TARGET_MOVES_PER_SECOND = 300.0
"""The target on the 2-core machine, with 50 live tables ..."""
TARGET_P99_MS = 100.0
"""... and this p99 latency from sending a move to the sender's view of it."""
LIVE_SAMPLE = 0.25
"""Seconds between two counts of the tables in play."""
CATCH_UP = 1.0
"""Seconds of moves a paced table may make up at once after a pause (a new table, a slow reply)."""
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")


@dataclass(frozen=True, kw_only=True)
class LoadConfig:
    """What to run: where, how many tables of which game, how long, how fast."""

    urls: tuple[str, ...]
    """Base addresses of the server processes (``http://127.0.0.1:PORT``), loopback only."""
    tables: int = 50
    seconds: float = 20.0
    game: str
    """The game the tables play (an installed game's id)."""
    players: int | None = None
    """Seats per table (None: the game's smallest count)."""
    bots: int = 0
    """Seats per table played by server bots (the last ones); the others are random players."""
    bot: str = "random"
    rate: float = 0.0
    """Moves a second to offer over all tables (0: as fast as the connections may)."""
    seed: int = 1
    setup_timeout: float = 60.0
    server_pids: tuple[int, ...] = ()
    """Server processes whose CPU time to report (Linux ``/proc``)."""
    database_pids: tuple[int, ...] | None = None
    """PostgreSQL's processes whose CPU time to report (:func:`postgres_pids`; ``None``: SQLite)."""
    spectators: int = 0
    """Spectator WebSockets over all tables (held by a second client process)."""
    spectator_polls: float = 0.0
    """View requests a second each spectator sends besides reading its updates (0: none)."""


@dataclass
class LoadReport:
    """The figures of one run (``to_json`` for machines, ``table`` for people)."""

    game: str
    processes: int
    tables: int
    seats: str
    rate: float
    seconds: float
    accepted_moves: int
    moves_per_second: float
    player_moves: int
    latency_ms: dict[str, float]
    refused: dict[str, int]
    disconnects: int
    games_finished: int
    """Distinct games that ended in the window (each counted once, however many players saw it)."""
    tables_started: int
    client_cpu: float
    """Share of one core the client process used during the window ..."""
    server_cpu: list[float]
    """... and each server process (empty when not measured)."""
    server_cpu_ms_per_move: float | None
    """Server CPU time (all processes) per accepted move: the cost of a move, whatever the load."""
    spectators: int = 0
    spectator_updates: int = 0
    """Messages the spectator sockets received during the window ..."""
    spectator_drops: int = 0
    """... how often the server closed one of them (each then reconnects) ..."""
    spectator_cpu: float = 0.0
    """... and the share of one core their client process used."""
    live_tables: dict[str, float] = field(default_factory=dict)
    """Tables in play, sampled every :data:`LIVE_SAMPLE` s of the window (``min``, ``median``,
    ``mean``): a finished table's slot is empty until its replacement's players have their first view."""
    database_cpu: float | None = None
    """Share of one core PostgreSQL's processes used in the window (``None``: SQLite, which runs
    inside the server processes and is in their share)."""
    target: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2)

    def table(self) -> str:
        """A readable summary."""
        lat = self.latency_ms
        cpu = ", ".join(f"{share:.0%}" for share in self.server_cpu) or "not measured"
        rows = [
            ("game / seats", f"{self.game} / {self.seats}"),
            ("server processes", str(self.processes)),
            ("live tables", str(self.tables)),
            ("offered rate", "as fast as allowed" if not self.rate else f"{self.rate:g} moves/s"),
            ("measured for", f"{self.seconds:.1f} s"),
            ("accepted moves", f"{self.accepted_moves} ({self.player_moves} by the socket players)"),
            ("accepted moves/s", f"{self.moves_per_second:.1f}"),
            ("latency p50 / p90 / p99", f"{lat['p50']:.1f} / {lat['p90']:.1f} / {lat['p99']:.1f} ms"),
            ("latency mean / max", f"{lat['mean']:.1f} / {lat['max']:.1f} ms"),
            ("refused moves", ", ".join(f"{code} {n}" for code, n in sorted(self.refused.items())) or "none"),
            ("disconnects", str(self.disconnects)),
            ("games finished / tables started", f"{self.games_finished} / {self.tables_started}"),
            ("tables in play (min / median / mean)", "not sampled" if not self.live_tables else
             f"{self.live_tables['min']:g} / {self.live_tables['median']:g} / {self.live_tables['mean']:.1f}"),
            ("spectator sockets", "none" if not self.spectators else
             f"{self.spectators}: {self.spectator_updates} messages received, {self.spectator_drops} dropped, "
             f"their client {self.spectator_cpu:.0%} of a core"),
            ("CPU: client / server", f"{self.client_cpu:.0%} / {cpu} of a core"),
            ("CPU: PostgreSQL", "in the server's share (SQLite)" if self.database_cpu is None
             else f"{self.database_cpu:.0%} of a core"),
            ("server CPU per move", "not measured" if self.server_cpu_ms_per_move is None
             else f"{self.server_cpu_ms_per_move:.2f} ms"),
        ]
        if self.target:
            verdict = "met" if self.target["met"] else "missed"
            rows.append(("target", f"≥ {self.target['moves_per_second']:g} moves/s, p99 ≤ "
                                   f"{self.target['p99_ms']:g} ms: {verdict}"))
        width = max(len(name) for name, _ in rows)
        return "\n".join(f"{name.ljust(width)}  {value}" for name, value in rows)


class _Tally:
    """What all the tables saw during the window."""

    def __init__(self) -> None:
        self.measuring = False
        self.accepted = 0
        self.latencies: list[float] = []
        self.refused: Counter[str] = Counter()
        self.disconnects = 0
        self.games_finished = 0
        self.tables_started = 0


class _Table:
    """One live table as its clients know it."""

    def __init__(self, table_id: str, interval: float) -> None:
        self.id = table_id
        self.seq = 0
        self.interval = interval
        self.next_at = time.monotonic()
        self.over = asyncio.Event()
        self.seen = False
        """Whether a player has had its first view (the table is in play from then)."""

    def finished(self, tally: _Tally) -> None:
        """The game ended (a player saw the outcome): counted once, by the first player to see it."""
        if not self.over.is_set() and tally.measuring:
            tally.games_finished += 1
        self.over.set()

    def saw(self, seq: int, tally: _Tally) -> None:
        self.seen = True
        if seq > self.seq:
            if tally.measuring:
                tally.accepted += seq - self.seq
            self.seq = seq

    def claim(self) -> None:
        """A move is sent now: the table's next one is due one interval later."""
        self.next_at = max(self.next_at, time.monotonic() - CATCH_UP) + self.interval


def _check_loopback(url: str) -> str:
    host = url.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
    if host not in LOOPBACK:
        raise ValueError(f"the load test talks to loopback only (127.0.0.1, localhost, [::1]), not {host!r}")
    return url.rstrip("/")


_HTTP = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never through a proxy


def _post(url: str, body: dict[str, Any] | None, token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body or {}).encode(), headers, method="POST")
    with _HTTP.open(request, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read())
    return answer


class LoadTest:
    """One run of :func:`run_load`."""

    def __init__(self, config: LoadConfig) -> None:
        if not config.urls:
            raise ValueError("give at least one server address")
        self.config = config
        self.urls = [_check_loopback(url) for url in config.urls]
        self.tally = _Tally()
        self.random = random.Random(config.seed)
        self.go = asyncio.Event()
        self.created = 0
        """Tables set up before the window (each slot's first)."""
        self.expected = 0
        """Players of those tables ..."""
        self.ready = 0
        """... and how many of them have their first view."""
        self.live: dict[int, _Table] = {}
        self.min_players: int | None = None
        self.watchers: _Watchers | None = None
        self.live_counts: list[int] = []

    async def _create(self, slot: int) -> tuple[_Table, list[tuple[int, str, str]]]:
        """A new started table for ``slot``: it and (seat, token, WebSocket URL) of each player."""
        config = self.config
        players = config.players
        base = self.urls[slot % len(self.urls)]
        seats: list[dict[str, Any]] = []
        count = players if players is not None else 0
        interval = config.tables / config.rate if config.rate > 0 else 0.0
        body: dict[str, Any] = {"game": config.game, "seed": self.random.randrange(2**31),
                                "settings": {"bot_delay": interval, "undo": False}}
        if players is not None:
            body["players"] = players
        else:
            if self.min_players is None:
                games = await asyncio.to_thread(_get, base + "/api/games")
                known = {game["id"]: int(game["min_players"]) for game in games}
                if config.game not in known:
                    raise ValueError(f"the server has no game {config.game!r}; it has {', '.join(sorted(known))}")
                self.min_players = known[config.game]
            count = body["players"] = self.min_players
        if not 0 <= config.bots < count:
            raise ValueError(f"{config.bots} bots at a table of {count}: at least one seat must be a player")
        for seat in range(count):
            bot = seat >= count - config.bots
            seats.append({"kind": "bot", "bot": config.bot} if bot else {"kind": "human"})
        body["seats"] = seats
        created = await asyncio.to_thread(_post, base + "/api/tables", body)
        table_id = created["table"]
        await asyncio.to_thread(_post, f"{base}/api/tables/{table_id}/start", None, created["host_token"])
        self.tally.tables_started += 1
        if self.watchers is not None:
            await self.watchers.watch(slot, table_id)
        clients = []
        for letter, link in sorted(created["links"].items()):
            seat = link["seat"]
            ws = self.urls[(slot + seat) % len(self.urls)].replace("http", "ws", 1)
            clients.append((seat, link["token"], f"{ws}/ws/tables/{table_id}?token={link['token']}"))
        return _Table(table_id, interval), clients

    async def _slot(self, slot: int) -> None:
        """Keep one table live: play it to its end, then start another."""
        first = True
        while True:
            table, clients = await self._create(slot)
            self.live[slot] = table
            if first:
                self.expected += len(clients)
                self.created += 1
            players = [asyncio.create_task(self._player(table, url, first)) for _seat, _token, url in clients]
            try:
                await table.over.wait()
            finally:
                for task in players:
                    task.cancel()
                await asyncio.gather(*players, return_exceptions=True)
            first = False

    async def _player(self, table: _Table, url: str, setting_up: bool) -> None:
        """A random player on its own connection until its table's game ends."""
        tally = self.tally
        rng = random.Random(self.random.randrange(2**31))
        try:
            async with connect(url, proxy=None, open_timeout=30, max_queue=None) as ws:
                await self._play(ws, table, rng, setting_up)
        except (ConnectionClosed, OSError, asyncio.TimeoutError):
            if not table.over.is_set():
                tally.disconnects += 1
                table.over.set()  # the slot starts a new table

    async def _play(self, ws: ClientConnection, table: _Table, rng: random.Random, setting_up: bool) -> None:
        tally = self.tally
        latest: dict[str, Any] | None = None
        sent_seq = -1  # the seq of the update this player last moved on
        pending: float | None = None  # when the move not yet answered was sent
        last_send = 0.0
        if setting_up:
            first = json.loads(await ws.recv())
            latest = first if first.get("type") == "update" else None
            if latest is not None:
                table.saw(int(latest["seq"]), tally)
            self.ready += 1
            await self.go.wait()
        while True:
            wait: float | None = None
            if pending is None and latest is not None and latest.get("legal") and int(latest["seq"]) > sent_seq:
                now = time.monotonic()
                due = max(table.next_at, last_send + 1 / MAX_SEND_RATE)
                if due <= now:
                    move = rng.choice(latest["legal"])
                    sent_seq = int(latest["seq"])
                    table.claim()
                    last_send = now
                    pending = time.perf_counter() if tally.measuring else None
                    if pending is None:
                        pending = -1.0  # sent outside the window: waited for, not counted
                    await ws.send(json.dumps({"type": "move", "move": move, "seq": sent_seq}))
                    continue
                wait = due - now
            try:
                raw = await asyncio.wait_for(ws.recv(), wait) if wait is not None else await ws.recv()
            except asyncio.TimeoutError:
                continue
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "update":
                seq = int(message["seq"])
                table.saw(seq, tally)
                if pending is not None and seq > sent_seq:
                    if pending >= 0 and tally.measuring:
                        tally.latencies.append(time.perf_counter() - pending)
                    pending = None
                latest = message
                if message["view"].get("outcome"):
                    table.finished(tally)
                    return
            elif kind == "error":
                if tally.measuring:
                    tally.refused[str(message.get("error"))] += 1
                pending = None

    async def run(self) -> LoadReport:
        config = self.config
        if config.spectators:
            self.watchers = await _Watchers.start(config, self.urls)
        slots = [asyncio.create_task(self._slot(slot)) for slot in range(config.tables)]
        watched: dict[str, Any] = {}
        try:
            deadline = time.monotonic() + config.setup_timeout
            while (self.created < config.tables or self.ready < self.expected
                   or (self.watchers is not None and not self.watchers.ready)):
                failed = [task for task in slots if task.done()]
                if failed:
                    failed[0].result()  # raises what went wrong
                    raise RuntimeError("a table stopped during setup")
                if time.monotonic() > deadline:
                    raise TimeoutError(f"setting up {config.tables} tables took over {config.setup_timeout:g} s")
                await asyncio.sleep(0.05)
            watcher_pids = (self.watchers.pid,) if self.watchers is not None else ()
            database_pids = config.database_pids or ()
            database0 = sum(_cpu_seconds(database_pids))
            cpu0, wall0, server0 = time.process_time(), time.monotonic(), _cpu_seconds(config.server_pids)
            watchers0 = _cpu_seconds(watcher_pids)
            if self.watchers is not None:
                await self.watchers.say("start")
            self.tally.measuring = True
            self.tally.tables_started = 0
            for table in self.live.values():  # the first moves spread over one interval, not all at once
                table.next_at = time.monotonic() + self.random.random() * table.interval
            self.go.set()
            sampler = asyncio.create_task(self._sample_live())
            done, _ = await asyncio.wait(slots, timeout=config.seconds, return_when=asyncio.FIRST_EXCEPTION)
            self.tally.measuring = False
            sampler.cancel()
            wall = time.monotonic() - wall0
            database = None if config.database_pids is None else (sum(_cpu_seconds(database_pids)) - database0) / wall
            cpu = (time.process_time() - cpu0) / wall
            server = [(after - before) / wall for before, after in zip(server0, _cpu_seconds(config.server_pids))]
            if self.watchers is not None:
                watched = await self.watchers.stop()
                watched["cpu"] = sum(_cpu_seconds(watcher_pids)) - sum(watchers0)
                watched["cpu"] /= wall
            for task in done:
                task.result()  # a slot ends only by failing: say why
        finally:
            for task in slots:
                task.cancel()
            await asyncio.gather(*slots, return_exceptions=True)
            if self.watchers is not None:
                await self.watchers.close()
        return self._report(wall, cpu, server, watched, database)

    async def _sample_live(self) -> None:
        """Count the tables in play every :data:`LIVE_SAMPLE` seconds of the window."""
        while True:
            self.live_counts.append(sum(1 for table in self.live.values() if table.seen and not table.over.is_set()))
            await asyncio.sleep(LIVE_SAMPLE)

    def _report(self, wall: float, cpu: float, server: list[float], watched: dict[str, Any],
                database: float | None) -> LoadReport:
        config, tally = self.config, self.tally
        rate = tally.accepted / wall
        lat = sorted(tally.latencies)
        latency = {"p50": _pct(lat, 50), "p90": _pct(lat, 90), "p99": _pct(lat, 99),
                   "mean": statistics.fmean(lat) * 1000 if lat else 0.0, "max": lat[-1] * 1000 if lat else 0.0}
        latency = {name: round(value, 2) for name, value in latency.items()}
        seats = f"{config.players or 'min'} ({config.bots} bot{'s' if config.bots != 1 else ''} '{config.bot}')"
        target: dict[str, Any] = {}
        if config.tables >= 50:
            target = {"moves_per_second": TARGET_MOVES_PER_SECOND, "p99_ms": TARGET_P99_MS,
                      "met": rate >= TARGET_MOVES_PER_SECOND and latency["p99"] <= TARGET_P99_MS}
        return LoadReport(
            game=config.game, processes=len(self.urls), tables=config.tables, seats=seats, rate=config.rate,
            seconds=round(wall, 2), accepted_moves=tally.accepted, moves_per_second=round(rate, 1),
            player_moves=len(lat), latency_ms=latency, refused=dict(tally.refused), disconnects=tally.disconnects,
            games_finished=tally.games_finished, tables_started=tally.tables_started, client_cpu=round(cpu, 3),
            server_cpu=[round(share, 3) for share in server],
            server_cpu_ms_per_move=round(sum(server) * wall / tally.accepted * 1000, 3) if server and tally.accepted else None,
            spectators=config.spectators, spectator_updates=int(watched.get("messages", 0)),
            spectator_drops=int(watched.get("drops", 0)), spectator_cpu=round(float(watched.get("cpu", 0.0)), 3),
            live_tables=({"min": min(self.live_counts), "median": statistics.median(self.live_counts),
                          "mean": round(statistics.fmean(self.live_counts), 1)} if self.live_counts else {}),
            database_cpu=None if database is None else round(database, 3),
            target=target)


def _pct(ordered: Sequence[float], percent: float) -> float:
    """The ``percent`` percentile of sorted seconds, in milliseconds (nearest rank)."""
    if not ordered:
        return 0.0
    rank = max(0, min(len(ordered) - 1, round(percent / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank] * 1000


def _get(url: str) -> Any:
    with _HTTP.open(url, timeout=30) as response:
        return json.loads(response.read())


def _cpu_seconds(pids: Sequence[int]) -> list[float]:
    """User + system CPU seconds of each process so far (0 where /proc cannot tell)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    seconds = []
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            seconds.append((int(fields[11]) + int(fields[12])) / ticks)
        except (OSError, IndexError, ValueError):
            seconds.append(0.0)
    return seconds


def postgres_pids() -> tuple[int, ...]:
    """This machine's PostgreSQL processes (its postmaster and every backend), from ``/proc``: the
    database's CPU is the server's cost too. A PostgreSQL elsewhere is not seen (empty)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in ("postgres", "postmaster"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return tuple(found)


def run_load(config: LoadConfig) -> LoadReport:
    """Run the benchmark (in a new event loop) and return its figures."""
    return asyncio.run(LoadTest(config).run())


# -- spectators, in a process of their own ---------------------------------------------------------
SPECTATORS = "from dreamtable.server.loadtest import spectate_main; spectate_main()"
"""How the spectators' client process is started (its arguments: count, tables, polls, URLs)."""


class _Watchers:
    """The spectators' client process, as the players' process drives it: ``watch SLOT TABLE``
    lines move a slot's spectators to its new table, ``start`` opens the window, ``stop`` ends it
    (the process answers with one JSON line of figures and exits). It says ``ready`` once every
    spectator has its first view."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.pid = process.pid
        self.ready = False
        self._heard = asyncio.create_task(self._hear_ready())

    @classmethod
    async def start(cls, config: LoadConfig, urls: Sequence[str]) -> "_Watchers":
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", SPECTATORS, str(config.spectators), str(config.tables),
            str(config.spectator_polls), *urls, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        return cls(process)

    async def _hear_ready(self) -> None:
        assert self.process.stdout is not None
        line = await self.process.stdout.readline()
        if line.strip() != b"ready":
            raise RuntimeError(f"the spectators' process failed to start: {line[:200]!r}")
        self.ready = True

    async def say(self, line: str) -> None:
        assert self.process.stdin is not None
        if self._heard.done():
            self._heard.result()  # raises what went wrong
        self.process.stdin.write(line.encode() + b"\n")
        await self.process.stdin.drain()

    async def watch(self, slot: int, table_id: str) -> None:
        await self.say(f"watch {slot} {table_id}")

    async def stop(self) -> dict[str, Any]:
        await self.say("stop")
        assert self.process.stdout is not None
        line = await asyncio.wait_for(self.process.stdout.readline(), 30)
        figures: dict[str, Any] = json.loads(line)
        return figures

    async def close(self) -> None:
        self._heard.cancel()
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


class _Spectators:
    """The spectators' side (in their own process): ``count`` sockets spread over ``tables`` slots."""

    def __init__(self, count: int, tables: int, polls: float, urls: Sequence[str]) -> None:
        self.per_slot = [count // tables + (1 if slot < count % tables else 0) for slot in range(tables)]
        self.count = count
        self.polls = polls
        self.urls = [url.replace("http", "ws", 1) for url in urls]
        self.watching: dict[int, list[asyncio.Task[None]]] = {}
        self.greeted = 0
        self.measuring = False
        self.messages = 0
        self.drops = 0

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        while True:
            line = (await reader.readline()).decode().split()
            if not line or line[0] == "stop":
                break
            if line[0] == "watch":
                self._watch(int(line[1]), line[2])
            elif line[0] == "start":
                self.measuring, self.messages, self.drops = True, 0, 0
        self.measuring = False
        print(json.dumps({"messages": self.messages, "drops": self.drops}), flush=True)
        tasks = [task for slot in self.watching.values() for task in slot]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _watch(self, slot: int, table_id: str) -> None:
        for task in self.watching.pop(slot, []):
            task.cancel()
        self.watching[slot] = [
            asyncio.create_task(self._spectate(f"{self.urls[(slot + n) % len(self.urls)]}/ws/tables/{table_id}"))
            for n in range(self.per_slot[slot])]

    async def _spectate(self, url: str) -> None:
        greeted = False
        while True:
            try:
                async with connect(url, proxy=None, open_timeout=30, max_queue=None) as ws:
                    poller = asyncio.create_task(self._poll(ws)) if self.polls > 0 else None
                    try:
                        async for _message in ws:
                            self.messages += self.measuring
                            if not greeted:
                                greeted = True
                                self.greeted += 1
                                if self.greeted == self.count:
                                    print("ready", flush=True)
                    finally:
                        if poller is not None:
                            poller.cancel()
            except (ConnectionClosed, OSError, asyncio.TimeoutError):
                pass
            self.drops += self.measuring  # the server closed it: reconnect, as a page would
            await asyncio.sleep(0.1)

    async def _poll(self, ws: ClientConnection) -> None:
        while True:
            await asyncio.sleep(1 / self.polls)
            await ws.send('{"type": "view"}')


def spectate_main() -> None:
    """The spectators' client process (started by the load test; see :class:`_Watchers`)."""
    count, tables, polls, *urls = sys.argv[1:]
    asyncio.run(_Spectators(int(count), int(tables), float(polls), urls).run())


# -- servers to measure ---------------------------------------------------------------------------
SERVER = ["-m", "dreamtable.cli.main", "serve", "--quota-exempt", "127.0.0.1"]
"""How a server process is started: the real ``dreamtable serve`` command; the load comes from one
loopback client, which the per-client quotas spare (the global caps still hold)."""


def free_ports(count: int) -> list[int]:
    """``count`` distinct free TCP ports on 127.0.0.1 (each bound to port 0 to find one)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [int(sock.getsockname()[1]) for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


@dataclass
class Servers:
    """Server processes started for a run."""

    urls: tuple[str, ...]
    pids: tuple[int, ...]
    db: str


@contextmanager
def start_servers(db: str = "sqlite", processes: int = 1, ready_timeout: float = 60.0,
                  durability: str = "normal") -> Iterator[Servers]:
    """Start ``processes`` servers (``dreamtable serve``) on free loopback ports, wait until each
    answers, and stop them all afterwards (SIGTERM, then SIGKILL). ``db`` is ``sqlite`` (a new file
    in a temporary folder, removed afterwards), ``sqlite:///FILE`` or a PostgreSQL URL; two
    processes need PostgreSQL (only it tells one process of another's moves). ``durability`` is the
    servers' ``--durability`` (SQLite's sync at each commit)."""
    if processes < 1:
        raise ValueError("start at least one server process")
    postgres = db.startswith(("postgresql", "postgres:"))
    if processes > 1 and not postgres:
        raise ValueError("several server processes share one PostgreSQL database: give --db postgresql://…")
    with tempfile.TemporaryDirectory(prefix="dreamtable-bench-") as folder:
        url = f"sqlite:///{folder}/bench.db" if db == "sqlite" else db
        ports = free_ports(processes)
        children: list[subprocess.Popen[bytes]] = []
        logs = [Path(folder, f"server-{n}.log") for n in range(processes)]
        try:
            for port, log in zip(ports, logs):
                with log.open("wb") as out:
                    children.append(subprocess.Popen(
                        [sys.executable, *SERVER, "--host", "127.0.0.1", "--port", str(port), "--db", url,
                         "--bot-delay", "0", "--durability", durability],
                        stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL))
            urls = tuple(f"http://127.0.0.1:{port}" for port in ports)
            for child, base, log in zip(children, urls, logs):
                _wait_ready(child, base, log, ready_timeout)
            yield Servers(urls, tuple(child.pid for child in children), url)
        finally:
            for child in children:
                if child.poll() is None:
                    child.terminate()
            for child in children:
                try:
                    child.wait(10)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()


def _wait_ready(child: subprocess.Popen[bytes], base: str, log: Path, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise RuntimeError(f"the server on {base} exited ({child.returncode}):\n{log.read_text()[-2000:]}")
        with suppress(OSError, ValueError):
            _get(base + "/api/games")
            return
        time.sleep(0.1)
    raise TimeoutError(f"the server on {base} did not answer within {timeout:g} s:\n{log.read_text()[-2000:]}")
