"""Real server processes for the crash and two-process tests.

:class:`ServerProcess` runs ``python -m dreamtable.cli.main serve`` on a free loopback port, waits
until ``/api/games`` answers, and kills it (SIGKILL, as a crash would) or stops it. :class:`Api`
and :class:`Socket` are small synchronous clients (httpx, websockets.sync.client).
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import asyncpg
import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import dreamtable
from dreamtable.core.clock import SimulatedClock
from dreamtable.core.table import Table

HOST = "127.0.0.1"

PG = os.environ.get("DREAMTABLE_TEST_PG")
"""A URL of a PostgreSQL role that may create databases (`make test` starts one through .ci/postgres.sh)."""


@contextmanager
def fresh_postgres_database() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (its URL), dropped afterwards. Without ``DREAMTABLE_TEST_PG``
    the test fails saying how to get one: a test that needs PostgreSQL never skips."""
    if not PG:
        raise AssertionError("no PostgreSQL to test against: run the tests with `make test` (it starts one through "
                             ".ci/postgres.sh), or set DREAMTABLE_TEST_PG to a URL of a role that may create databases")
    name = "dt_" + secrets.token_hex(6)
    base, _, _ = PG.rpartition("/")

    async def execute(statement: str) -> None:
        connection = await asyncpg.connect(PG)
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    def run(statement: str) -> None:
        # on a thread of its own: a browser test's thread already runs Playwright's event loop
        with ThreadPoolExecutor(1) as worker:
            worker.submit(asyncio.run, execute(statement)).result()

    run(f"CREATE DATABASE {name}")
    try:
        yield f"{base}/{name}"
    finally:
        # FORCE must also end an autovacuum worker that has just started on the database, which takes
        # pg_signal_backend (.ci/postgres.sh grants it); without it, wait for the worker to finish.
        for attempt in range(50):
            try:
                run(f"DROP DATABASE {name} WITH (FORCE)")
                break
            except asyncpg.InsufficientPrivilegeError:
                if attempt == 49:
                    raise
                time.sleep(0.1)

def setting_options(settings: dict[str, Any]) -> list[str]:
    """``dreamtable serve`` options for :class:`ServerSettings` fields (every field is one: cli/serve.py)."""
    options: list[str] = []
    for name, value in settings.items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, bool):
            options.append(flag if value else "--no-" + name.replace("_", "-"))
        elif isinstance(value, (tuple, list)):
            for item in value:
                options += [flag, str(item)]
        elif value is not None:
            options += [flag, str(value)]
    return options


def free_port() -> int:
    """A port nobody listens on now (bind port 0 and let the system choose)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``dreamtable serve`` as a child process on one database; start it again after a kill."""

    def __init__(self, db: str, bot_delay: float = 0.0, options: tuple[str, ...] = (), **settings: Any) -> None:
        self.db = db
        self.bot_delay = bot_delay
        self.settings = settings
        """Further :class:`ServerSettings` fields (a test lowers a limit), passed as serve options."""
        self.options = options
        """More ``dreamtable serve`` options, e.g. ("--public-origin", "https://games.example")."""
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tempfile.TemporaryFile()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{HOST}:{self.port}"

    def start(self, seconds: float = 30.0, same_port: bool = False) -> "ServerProcess":
        """Start the server and wait until it answers (a port taken meanwhile: try another;
        ``same_port``: on the port of the previous start, as a restarted server would be)."""
        for _ in range(3):
            self.port = self.port if same_port and self.port else free_port()
            command = [sys.executable, "-m", "dreamtable.cli.main", "serve", "--host", HOST, "--port", str(self.port),
                       "--db", self.db, "--bot-delay", str(self.bot_delay), *self.options, *setting_options(self.settings)]
            self.process = subprocess.Popen(
                command,
                stdout=self.log, stderr=self.log, stdin=subprocess.DEVNULL, start_new_session=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"})
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    break
                try:
                    if httpx.get(f"{self.url}/api/games", timeout=1.0).status_code == 200:
                        return self
                except httpx.TransportError:
                    pass
                time.sleep(0.05)
            if self.process.poll() is None:
                self.kill()
                raise RuntimeError(f"the server did not answer within {seconds} s:\n{self.output()}")
            if "address already in use" not in self.output().lower():
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.output()}")
        raise RuntimeError(f"no free port found:\n{self.output()}")

    def kill(self) -> None:
        """SIGKILL: the server dies at once, as in a crash (nothing is flushed or closed)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        if self.process is not None:
            self.process.wait(10)
        self.process = None

    def terminate(self, seconds: float = 10.0) -> int:
        """SIGTERM, as systemd stops a service: the server's exit code (TimeoutExpired if it lingers)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        code = self.process.wait(seconds)
        self.process = None
        return code

    def output(self, last: int | None = 4000) -> str:
        """What the server printed (its log): the ``last`` characters, for failure messages, or all."""
        self.log.flush()
        self.log.seek(0)
        printed = self.log.read().decode(errors="replace")
        return printed if last is None else printed[-last:]

    def log_records(self) -> list[dict[str, Any]]:
        """The server's log, one JSON object a line (a line that is not JSON: ``{"message": line}``)."""
        records = []
        for line in self.output(last=None).splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                record = None
            records.append(record if isinstance(record, dict) else {"message": line})
        return records

    def refusals(self) -> list[str]:
        """The log's refusal lines in order, each ``refused CODE (where): WHY``."""
        return [str(record["message"]) for record in self.log_records() if "refusal" in record]

    def crashes(self) -> list[dict[str, Any]]:
        """The log's lines of unexpected errors (an error level or a traceback)."""
        return [record for record in self.log_records()
                if record.get("level") in ("error", "critical") or "traceback" in record
                or "Traceback" in str(record.get("message"))]

    def __enter__(self) -> "ServerProcess":
        return self.start()

    def __exit__(self, *_exc: Any) -> None:
        self.kill()
        self.log.close()


class Api:
    """A synchronous HTTP client of one server process (from ``address``: any loopback address,
    so a test can be several clients of one server)."""

    def __init__(self, server: ServerProcess, address: str = HOST) -> None:
        self.server = server
        self.address = address

    def response(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
        """The server's whole answer (status, headers, body)."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        with httpx.Client(transport=httpx.HTTPTransport(local_address=self.address), timeout=20.0) as client:
            return client.request(method, f"{self.server.url}{path}", headers=headers, **kwargs)

    def call(self, method: str, path: str, token: str | None = None, expect: int | None = None,
             **kwargs: Any) -> Any:
        response = self.response(method, path, token, **kwargs)
        if expect is not None:
            assert response.status_code == expect, (path, response.status_code, response.text)
        return response.json()

    def table(self, game: str, players: int, seats: list[dict[str, Any]], seed: int = 7,
              options: dict[str, Any] | None = None, settings: dict[str, Any] | None = None
              ) -> tuple[str, list[str | None]]:
        """A started table with these seats: its id and each seat's token (None for a bot)."""
        created = self.call("POST", "/api/tables", expect=201, json={
            "game": game, "players": players, "seats": seats, "seed": seed, "options": options or {},
            "settings": settings or {}})
        table = created["table"]
        self.call("POST", f"/api/tables/{table}/start", token=created["host_token"], expect=200)
        letters = "ABCDEFGHIJ"
        return table, [created["links"][letters[s]]["token"] if letters[s] in created["links"] else None
                       for s in range(players)]

    def view(self, table: str, token: str | None) -> dict[str, Any]:
        """The message a new connection for this seat (None: a spectator) would get first."""
        found: dict[str, Any] = self.call("GET", f"/api/tables/{table}/view", token=token, expect=200)
        return found


class Socket:
    """A synchronous WebSocket client of a table; keeps the latest update it received."""

    def __init__(self, server: ServerProcess, table: str, token: str | None = None, address: str = HOST) -> None:
        query = f"?token={token}" if token else ""
        self.connection: ClientConnection = connect(f"{server.ws_url}/ws/tables/{table}{query}",
                                                    open_timeout=10, close_timeout=1, source_address=(address, 0))
        self.latest: dict[str, Any] | None = None
        self.latest_at = 0.0
        """When the latest update came (wall time, as the server's clock)."""
        self.received: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.connection.send(json.dumps(message))

    def receive(self, seconds: float = 10.0) -> dict[str, Any]:
        """The next message (TimeoutError when none comes within ``seconds``)."""
        message: dict[str, Any] = json.loads(self.connection.recv(timeout=seconds))
        self.received.append(message)
        if message.get("type") == "update":
            self.latest, self.latest_at = message, time.time()
        return message

    def until(self, wanted: Callable[[dict[str, Any]], bool], seconds: float = 10.0) -> dict[str, Any]:
        """Read messages until one is ``wanted`` (AssertionError naming the last one if none comes in time)."""
        deadline = time.monotonic() + seconds
        last: dict[str, Any] | None = None
        while True:
            left = deadline - time.monotonic()
            try:
                last = self.receive(max(0.01, left))
            except TimeoutError:
                raise AssertionError(f"no wanted message within {seconds} s; the last was {last}") from None
            if wanted(last):
                return last

    def now_or_later(self, wanted: Callable[[dict[str, Any]], bool], seconds: float = 10.0) -> dict[str, Any]:
        """The latest update if it is ``wanted``, else the next update that is."""
        if self.latest is not None and wanted(self.latest):
            return self.latest
        return self.until(lambda m: m.get("type") == "update" and wanted(m), seconds)

    def update_at(self, seq: int, seconds: float = 10.0) -> dict[str, Any]:
        """Read until an update at ``seq`` or later (the first view always comes at once)."""
        if self.latest is not None and self.latest["seq"] >= seq:
            return self.latest

        def wanted(message: dict[str, Any]) -> bool:
            assert message.get("type") != "error", message
            return message.get("type") == "update" and message["seq"] >= seq

        return self.until(wanted, seconds)

    def drain(self) -> Iterator[dict[str, Any]]:
        """The messages already waiting (none more is awaited)."""
        while True:
            try:
                yield self.receive(0.05)
            except TimeoutError:
                return

    def close(self) -> None:
        """Close the connection (its server may be dead already)."""
        try:
            self.connection.close()
        except (OSError, ConnectionClosed):
            pass


def without_seconds(message: dict[str, Any]) -> dict[str, Any]:
    """A message with each timer's seconds left taken out (they run on); the timers' names stay."""
    if "view" not in message:
        return message
    timers = [{key: item for key, item in timer.items() if key != "seconds"} for timer in message["view"]["timers"]]
    return {**message, "view": {**message["view"], "timers": timers}}


def changes(db: str, table: str) -> list[tuple[int, str, int | None, str]]:
    """The stored changes of a table, read from the database itself: (seq, kind, seat, text) in order."""
    query = "SELECT seq, kind, seat, text FROM changes WHERE table_id = {} ORDER BY seq"
    if db.startswith("sqlite:"):
        import sqlite3

        with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
            return [tuple(row) for row in connection.execute(query.format("?"), (table,))]

    async def read() -> list[tuple[int, str, int | None, str]]:
        connection = await asyncpg.connect(db)
        try:
            return [tuple(row) for row in await connection.fetch(query.format("$1"), table)]
        finally:
            await connection.close()

    return asyncio.run(read())


def replayed(game: str, players: int, seed: int, options: dict[str, Any],
             rows: list[tuple[int, str, int | None, str]]) -> Table:
    """The table the engine builds from stored changes (each seq must follow the one before)."""
    table = Table(dreamtable.load(game).new(players, seed, **options), clock=SimulatedClock())
    for seq, kind, seat, text in rows:
        assert seq == table.seq + 1, f"change {seq} follows change {table.seq}"
        table.replay_change(kind, seat, text)
    return table


def select_rows(db: str, query: str, *params: Any) -> list[tuple[Any, ...]]:
    """Rows of a query (``?`` marks its parameters) read from the server's database itself."""
    if db.startswith("sqlite:"):
        import sqlite3

        with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
            return [tuple(row) for row in connection.execute(query, params)]
    parts = query.split("?")
    numbered = parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], start=1))

    async def read() -> list[tuple[Any, ...]]:
        connection = await asyncpg.connect(db)
        try:
            return [tuple(row) for row in await connection.fetch(numbered, *params)]
        finally:
            await connection.close()

    return asyncio.run(read())
