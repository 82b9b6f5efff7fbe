"""Playing game tasks in this process, on local processes or on a Dask cluster — lazily and stoppably.

Tasks are taken from an iterable as workers free up, a few per worker in flight, so a batch of ten
million games costs no memory before its first game. When the caller stops reading (Ctrl-C, an
error, a closed generator), the games still running are stopped at once and nothing queued is
started: the finished games are already in the caller's hands, the rest would be thrown away.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import queue
from typing import Any, Generator, Iterable, Iterator

from .task import GameTask, play_task

IN_FLIGHT_PER_WORKER = 2
"""Games handed to each worker ahead of time: enough to keep it busy, few enough to stop fast."""


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
    finished: queue.SimpleQueue[dict[str, Any] | BaseException] = queue.SimpleQueue()
    # Leaving the block (the end, an error, Ctrl-C, a closed generator) terminates the workers:
    # a game still running is stopped now rather than finished and thrown away. The workers are
    # spawned, not forked: a fork of a process with other threads (a server, a Dask client, a test
    # session) can copy a lock some thread holds, and stopping such a pool once took two minutes.
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        in_flight = 0
        while True:
            for task in itertools.islice(pending, workers * IN_FLIGHT_PER_WORKER - in_flight):
                pool.apply_async(play_task, (task,), callback=finished.put, error_callback=finished.put)
                in_flight += 1
            if not in_flight:
                return
            result = finished.get()
            in_flight -= 1
            if isinstance(result, BaseException):
                raise result
            yield result


def _on_cluster(pending: Iterator[GameTask], address: str) -> Iterator[dict[str, Any]]:
    from distributed import Client, as_completed

    # distributed ships py.typed but leaves Client.__init__ and as_completed.__init__ unannotated.
    with Client(address) as client:  # type: ignore[no-untyped-call]
        threads = sum(client.nthreads().values()) or 1
        live = {client.submit(play_task, task, pure=False) for task in itertools.islice(pending, threads * IN_FLIGHT_PER_WORKER)}
        running = as_completed(list(live))  # type: ignore[no-untyped-call]
        try:
            for future in running:
                live.discard(future)
                yield future.result()
                for task in itertools.islice(pending, 1):  # one finished, one more in
                    new = client.submit(play_task, task, pure=False)
                    live.add(new)
                    running.add(new)  # type: ignore[no-untyped-call]
        finally:
            if live:
                client.cancel(list(live))
