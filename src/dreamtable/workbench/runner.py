"""Playing game tasks in this process, on local processes or on a Dask cluster — lazily and stoppably.

Tasks are taken from an iterable as workers free up, a few per worker in flight, so a batch of ten
million games costs no memory before its first game. When the caller stops reading (Ctrl-C, an
error, a closed generator), the games still running are stopped at once and nothing queued is
started: the finished games are already in the caller's hands, the rest would be thrown away.

Games go to a worker in **chunks**, sized from the games finished so far to take about
:data:`CHUNK_SECONDS` each: handing one game over (pickling it and its row, a trip through the
pool's pipes, a callback on the parent) costs about a millisecond, as much as a whole random game
of some games, so one game a trip made two workers slower than one. The first chunks hold one game
(nothing is known yet), so a batch of slow games still spreads over every worker at once.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import queue
import time
from typing import Any, Generator, Iterable, Iterator

from .task import GameTask, play_task

IN_FLIGHT_PER_WORKER = 2
"""Chunks handed to each worker ahead of time: enough to keep it busy, few enough to stop fast."""
CHUNK_SECONDS = 0.1
"""What a chunk should take to play: ~100 hand-off costs, short enough to stop fast and to end a
batch with every worker busy to within a tenth of a second."""
MAX_CHUNK = 256


def play_chunk(tasks: list[GameTask]) -> tuple[list[dict[str, Any]], float]:
    """Play a chunk of games on a worker: their rows, and the seconds they took there."""
    start = time.perf_counter()
    rows = [play_task(task) for task in tasks]
    return rows, time.perf_counter() - start


class ChunkSizer:
    """How many games the next chunk holds: :data:`CHUNK_SECONDS` over the mean seconds a game has
    taken so far on the workers (1 until a game has finished)."""

    def __init__(self, target: float = CHUNK_SECONDS, largest: int = MAX_CHUNK) -> None:
        self.target = target
        self.largest = largest
        self.games = 0
        self.seconds = 0.0

    def finished(self, games: int, seconds: float) -> None:
        self.games += games
        self.seconds += seconds

    def size(self) -> int:
        if not self.games:
            return 1
        per_game = self.seconds / self.games
        return max(1, min(self.largest, math.floor(self.target / per_game) if per_game > 0 else self.largest))


def run_tasks(tasks: Iterable[GameTask], workers: int | None = None,
              cluster: str | None = None) -> Generator[dict[str, Any], None, None]:
    """Play the tasks and yield each result as soon as it is finished (in any order).

    ``workers`` local processes (default: every core; 1 plays in this process), or the Dask
    scheduler at ``cluster`` (``tcp://HOST:PORT``). No pool or client is started for no tasks.
    Close the generator (``contextlib.closing``) to stop the games in flight at once.
    """
    pending = iter(tasks)
    first = next(pending, None)
    if first is None:
        return
    pending = itertools.chain([first], pending)
    if cluster is not None:
        yield from _on_cluster(pending, cluster)
        return
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        for task in pending:
            yield play_task(task)
        return
    yield from _on_processes(pending, workers)


def _on_processes(pending: Iterator[GameTask], workers: int) -> Iterator[dict[str, Any]]:
    # Leaving the block (the end, an error, Ctrl-C, a closed generator) terminates the workers:
    # a game still running is stopped now rather than finished and thrown away. The workers are
    # spawned, not forked: a fork of a process with other threads (a server, a Dask client, a test
    # session) can copy a lock some thread holds, and stopping such a pool once took two minutes.
    finished_chunks: queue.SimpleQueue[tuple[list[dict[str, Any]], float] | BaseException] = queue.SimpleQueue()
    sizer = ChunkSizer()
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        in_flight = 0
        while True:
            while in_flight < workers * IN_FLIGHT_PER_WORKER:
                chunk = list(itertools.islice(pending, sizer.size()))
                if not chunk:
                    break
                pool.apply_async(play_chunk, (chunk,), callback=finished_chunks.put, error_callback=finished_chunks.put)
                in_flight += 1
            if not in_flight:
                return
            result = finished_chunks.get()
            in_flight -= 1
            if isinstance(result, BaseException):
                raise result
            rows, seconds = result
            sizer.finished(len(rows), seconds)
            yield from rows


def _on_cluster(pending: Iterator[GameTask], address: str) -> Iterator[dict[str, Any]]:
    from distributed import Client, as_completed

    # distributed ships py.typed but leaves Client.__init__ and as_completed.__init__ unannotated.
    with Client(address) as client:  # type: ignore[no-untyped-call]
        threads = sum(client.nthreads().values()) or 1
        sizer = ChunkSizer()
        live = {client.submit(play_chunk, [task], pure=False) for task in itertools.islice(pending, threads * IN_FLIGHT_PER_WORKER)}
        running = as_completed(list(live))  # type: ignore[no-untyped-call]
        try:
            for future in running:
                live.discard(future)
                rows, seconds = future.result()
                sizer.finished(len(rows), seconds)
                yield from rows
                chunk = list(itertools.islice(pending, sizer.size()))  # one finished, one more in
                if chunk:
                    new = client.submit(play_chunk, chunk, pure=False)
                    live.add(new)
                    running.add(new)  # type: ignore[no-untyped-call]
        finally:
            if live:
                client.cancel(list(live))
