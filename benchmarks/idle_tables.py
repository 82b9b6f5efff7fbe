"""A server's start time and memory with no turn-based games and with many sleeping in its database.

    python benchmarks/idle_tables.py [--tables 10000] [--db sqlite|postgresql://…]

Starts ``dreamtable serve`` (one bot worker) on an empty database, measures the seconds until it
answers and the resident memory of its process (VmRSS) a moment later, stops it; stores ``--tables``
turn-based Dream Cycle games in play straight into the database (each a day from its deadline, as
the server stores them), and measures again. Prints both, and the rooms the server holds
(``dreamtable_live_tables``: 0 when every turn-based game sleeps). One run each: on a loaded
machine the seconds vary by a few tenths (docs/server.md, "Turn-based tables").
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from sqlalchemy import insert

from dreamtable.server.models import TableRow
from dreamtable.server.store import Store


async def store_sleeping_games(db: str, count: int) -> None:
    """``count`` turn-based games in play, each with its next deadline a day away."""
    store = Store(db)
    await store.migrate()
    now = time.time()
    settings = {"bot_delay": 0.6, "undo": True, "chat_spectators": False, "turn_seconds": 86400.0,
                "stand_in": "bot", "pace": "turn-based", "move_clock": "1d"}
    rows = [{"id": secrets.token_urlsafe(9), "game": "dream-cycle", "players": 2, "seed": number, "options": {},
             "seats": [{"kind": "human", "name": None, "token_hash": secrets.token_hex(16)}] * 2,
             "settings": settings, "host_hash": secrets.token_hex(16), "status": "playing", "pace": "turn-based",
             "created_at": now, "started_at": now, "next_deadline": now + 86400} for number in range(count)]
    async with store.engine.begin() as connection:
        for start in range(0, count, 1000):
            await connection.execute(insert(TableRow), rows[start:start + 1000])
    await store.close()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_mib(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def measure(db: str) -> tuple[float, float, float]:
    """(seconds until the server answers, its RSS in MiB 2 s later, rooms it holds)."""
    port = free_port()
    command = [sys.executable, "-m", "dreamtable.cli.main", "serve", "--host", "127.0.0.1", "--port", str(port),
               "--db", db, "--bot-workers", "1"]
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited with {process.returncode}")
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1.0).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.02)
        took = time.perf_counter() - started
        time.sleep(2.0)
        rss = rss_mib(process.pid)
        metrics = httpx.get(f"http://127.0.0.1:{port}/metrics").text
        rooms = next(float(line.split()[-1]) for line in metrics.splitlines()
                     if line.startswith("dreamtable_live_tables "))
        return took, rss, rooms
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--db", default="sqlite", help="sqlite (a fresh file) or a fresh PostgreSQL database's URL")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        db = f"sqlite:///{directory}/idle.db" if args.db == "sqlite" else args.db
        empty = measure(db)
        asyncio.run(store_sleeping_games(db, args.tables))
        full = measure(db)
    print(f"{'turn-based games':>18} {'start s':>8} {'RSS MiB':>8} {'rooms':>6}")
    for count, (took, rss, rooms) in [(0, empty), (args.tables, full)]:
        print(f"{count:>18,} {took:>8.2f} {rss:>8.1f} {rooms:>6.0f}")


if __name__ == "__main__":
    main()
