"""Where the server's bots think: a pool the hub owns, so that no table's bots starve another's.

Two lanes:

* **Searches** (every :class:`~dreamtable.agents.IsmctsAgent`: ``ismcts``, ``hard``, Sogni e Incubi's
  ``medium``) run in worker *processes* (``ServerSettings.bot_workers`` of them, started from a
  forkserver when first needed), so a search never holds the server's GIL. The table's bot and a copy
  of the state go to the worker by pickle and the bot comes back with its choice, so a bot that keeps
  memory between moves (a search's kept tree) keeps it. Waiting searches sit in a :class:`FairQueue`:
  round robin across tables, at most one search in flight per table, so a table with slow bots waits
  for its own turn and never pushes another table's search further back than one search each.
* **Quick bots** (random, greedy, easy, medium where it does not search, a game's own real-time bots:
  milliseconds) never queue behind searches: they run in a small thread pool of their own.

**The deadline.** Every search gets ``max_search_seconds`` (``ServerSettings``) as a hard cap on top
of its own budget, which ISMCTS checks between iterations (``IsmctsAgent.max_seconds``; iteration
budgets obey it too). A worker that has not answered :data:`OVERRUN_GRACE` seconds after that cap, or
that dies, is killed and replaced (the next search starts a fresh one); the move is then played by a
quick fallback, the greedy bot, on the same position, and the table's own bot stays as it was. The
fallback is logged in one line; the table never stalls and never retries a position that broke a worker.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from multiprocessing.connection import Connection
from typing import Any

from ..agents import GreedyAgent, IsmctsAgent
from ..core.contract import State
from ..core.registry import ENTRY_POINT_GROUP
from ..core.table import Bot, ask_bot
from .metrics import BOT_QUEUE, SEARCH_SECONDS

log = logging.getLogger("dreamtable.server")

QUICK_THREADS = 2
"""Threads of the quick lane (its bots take milliseconds; two keep one slow game from holding it)."""
OVERRUN_GRACE = 2.0
"""Seconds past its hard deadline a search may take to come back (pickling, a slow last iteration)
before its worker is killed and replaced."""
WORKER_START_SECONDS = 30.0
"""How long a new worker may take to say it is ready (a forkserver's first start imports the games)."""
WORKER_NICENESS = 5
"""Worker processes run at a lower priority, so the event loop of the server is served first."""


class SearchFailed(Exception):
    """A search did not come back: its worker died, overran its deadline, or the bot could not be sent."""


def searches(bot: Bot) -> bool:
    """Whether ``bot`` searches (the search lane) rather than answering in milliseconds (the quick
    lane): ISMCTS, and anything that says it searches (a hint, ``agents.hint.HintSearch``)."""
    return isinstance(bot, IsmctsAgent) or bool(getattr(bot, "searches", False))


@dataclass(eq=False)
class Job:
    """One search to run: which table asks, its bot, the position (a copy) and the seat."""

    table: str
    bot: Bot
    state: State[Any]
    seat: int
    seconds_left: float | None
    future: asyncio.Future[tuple[Any, Bot]] = field(repr=False, default_factory=lambda: asyncio.get_running_loop().create_future())
    queued_at: float = field(default_factory=time.monotonic)

    def seconds_left_now(self) -> float | None:
        """``seconds_left`` less the time the job has waited in the queue: the table's clock ran meanwhile."""
        if self.seconds_left is None:
            return None
        return max(0.0, self.seconds_left - (time.monotonic() - self.queued_at))


class FairQueue:
    """Searches waiting for a worker: round robin across tables, at most one in flight per table.

    A table joins the back of the turn when a job of its arrives and it has nothing in flight, or when
    its job in flight finishes and it has more waiting; so a table just served goes behind every table
    that was waiting meanwhile, however many jobs it queues.
    """

    def __init__(self) -> None:
        self._jobs: dict[str, deque[Job]] = {}  # each table's waiting jobs, oldest first
        self._turn: deque[str] = deque()  # tables with a waiting job and none in flight, next served first
        self._busy: set[str] = set()
        self._changed = asyncio.Event()

    def __len__(self) -> int:
        """Jobs waiting (not those in flight)."""
        return sum(len(jobs) for jobs in self._jobs.values())

    def put(self, job: Job) -> None:
        """Queue ``job`` behind its table's earlier ones."""
        waiting = self._jobs.setdefault(job.table, deque())
        waiting.append(job)
        if len(waiting) == 1 and job.table not in self._busy:
            self._turn.append(job.table)
        self._changed.set()

    def take(self) -> Job | None:
        """The next job to run, if one may run now (the table whose turn it is)."""
        if not self._turn:
            return None
        table = self._turn.popleft()
        waiting = self._jobs[table]
        job = waiting.popleft()
        if not waiting:
            del self._jobs[table]
        self._busy.add(table)
        return job

    async def get(self) -> Job:
        """Wait for the next job to run (see :meth:`take`)."""
        while True:
            job = self.take()
            if job is not None:
                return job
            self._changed.clear()
            await self._changed.wait()

    def done(self, table: str) -> None:
        """``table``'s job in flight has finished: its next one, if any, joins the back of the turn."""
        self._busy.discard(table)
        if table in self._jobs:
            self._turn.append(table)
            self._changed.set()

    def drain(self) -> list[Job]:
        """Every waiting job, removed (the pool is closing)."""
        jobs = [job for waiting in self._jobs.values() for job in waiting]
        self._jobs.clear()
        self._turn.clear()
        return jobs


def _work(connection: Connection) -> None:
    """A worker process: answer searches until the server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    try:
        os.nice(WORKER_NICENESS)
    except OSError:
        pass
    connection.send("ready")
    while True:
        try:
            bot, state, seat, seconds_left, max_seconds = connection.recv()
        except (EOFError, OSError):
            return
        started = time.perf_counter()
        try:
            if isinstance(bot, IsmctsAgent):
                bot.max_seconds = max_seconds if bot.max_seconds is None else min(bot.max_seconds, max_seconds)
            action = ask_bot(bot, state, seat, seconds_left)
            answer: tuple[Any, ...] = ("ok", action, bot, time.perf_counter() - started)
        except Exception as error:  # the server logs it and plays the fallback
            answer = ("error", f"{type(error).__name__}: {error}", None, time.perf_counter() - started)
        connection.send(answer)


class Worker:
    """One worker process and its pipe; started on first use, replaced after a death or an overrun."""

    def __init__(self, context: Any) -> None:
        self._context = context
        self._process: Any = None
        self._connection: Connection | None = None

    def _start(self) -> Connection:
        pipe: tuple[Connection, Connection] = self._context.Pipe()
        mine, theirs = pipe
        process = self._context.Process(target=_work, args=(theirs,), name="dreamtable-search", daemon=True)
        try:
            process.start()
        except Exception as error:
            mine.close()
            raise SearchFailed(f"a search worker could not start ({error!r:.200})") from None
        finally:
            theirs.close()
        self._process, self._connection = process, mine
        if not mine.poll(WORKER_START_SECONDS) or mine.recv() != "ready":
            self.kill()
            raise SearchFailed("a search worker did not start")
        return mine

    def run(self, job: Job, max_seconds: float) -> tuple[Any, Bot, float]:
        """Blocking (a thread of the pool calls it): ``job``'s choice, its bot after the search and the
        seconds it took; ``SearchFailed`` if the worker died or overran (it is killed then)."""
        try:
            connection = self._connection if self._connection is not None else self._start()
            connection.send((job.bot, job.state, job.seat, job.seconds_left_now(), max_seconds))
            if not connection.poll(max_seconds + OVERRUN_GRACE):
                self.kill()
                raise SearchFailed(f"the search overran its {max_seconds:g} s deadline")
            kind, answer, bot, seconds = connection.recv()
        except (EOFError, OSError, BrokenPipeError) as error:
            self.kill()
            raise SearchFailed(f"the search worker died ({type(error).__name__})") from None
        if kind != "ok":
            raise SearchFailed(f"the search failed: {answer}")
        return answer, bot, seconds

    def kill(self) -> None:
        """Stop the process now (a new one starts with the next search)."""
        process, connection = self._process, self._connection
        self._process = self._connection = None
        if process is not None:
            try:
                process.kill()
                process.join(5)
            except (OSError, ValueError):  # already gone
                pass
        if connection is not None:
            connection.close()


class Thinking:
    """The server's bot pool (one per hub): searches in worker processes behind a fair queue, quick
    bots in threads of their own."""

    def __init__(self, workers: int, max_search_seconds: float) -> None:
        if workers < 1:
            raise ValueError(f"the bot pool needs at least 1 worker, not {workers}")
        if not 0 < max_search_seconds < float("inf"):
            raise ValueError(f"max_search_seconds is more than 0 and finite, not {max_search_seconds}")
        context = multiprocessing.get_context("forkserver")
        # The forkserver imports the bots and the games once; each worker forks from it ready to search.
        context.set_forkserver_preload(["dreamtable.server.thinking", *sorted(
            {point.value.partition(":")[0] for point in entry_points(group=ENTRY_POINT_GROUP)})])
        self.max_search_seconds = max_search_seconds
        self.queue = FairQueue()
        self._workers = [Worker(context) for _ in range(workers)]
        self._search_threads = ThreadPoolExecutor(workers, thread_name_prefix="dreamtable-search")
        self._quick_threads = ThreadPoolExecutor(QUICK_THREADS, thread_name_prefix="dreamtable-quick-bot")
        self._runners: list[asyncio.Task[None]] = []
        self._fallback = GreedyAgent(0)

    def start(self) -> None:
        """Start serving the queue (in the running event loop)."""
        if not self._runners:
            self._runners = [asyncio.create_task(self._serve(worker), name="dreamtable-search-runner")
                             for worker in self._workers]

    async def close(self) -> None:
        """Stop every worker and thread; searches still waiting are cancelled."""
        for runner in self._runners:
            runner.cancel()
        for job in self.queue.drain():
            job.future.cancel()
        BOT_QUEUE.set(0)
        for worker in self._workers:
            await asyncio.to_thread(worker.kill)  # unblocks a runner thread waiting on its pipe
        for runner in self._runners:
            try:
                await runner
            except (asyncio.CancelledError, Exception):
                pass
        self._runners = []
        self._search_threads.shutdown(wait=False, cancel_futures=True)
        self._quick_threads.shutdown(wait=False, cancel_futures=True)

    async def choose(self, table: str, bot: Bot, state: State[Any], seat: int, seconds_left: float | None
                     ) -> tuple[Any, Bot]:
        """``bot``'s choice for ``seat`` on ``state`` (a copy the caller does not touch again), and the bot
        as it is after choosing (a search's comes back from its worker)."""
        loop = asyncio.get_running_loop()
        if not searches(bot):
            started = time.perf_counter()
            action = await loop.run_in_executor(self._quick_threads, ask_bot, bot, state, seat, seconds_left)
            SEARCH_SECONDS.observe(time.perf_counter() - started)
            return action, bot
        self.start()
        job = Job(table, bot, state, seat, seconds_left)
        self.queue.put(job)
        BOT_QUEUE.set(len(self.queue))
        try:
            return await job.future
        except SearchFailed as failed:
            log.warning("table %s: %s; seat %s plays the greedy bot's move this once", table, failed, seat)
            action = await loop.run_in_executor(self._quick_threads, ask_bot, self._fallback, state, seat, None)
            return action, bot

    async def _serve(self, worker: Worker) -> None:
        loop = asyncio.get_running_loop()
        while True:
            job = await self.queue.get()
            BOT_QUEUE.set(len(self.queue))
            try:
                if job.future.done():  # its table stopped waiting (a driver cancelled)
                    continue
                action, bot, seconds = await loop.run_in_executor(
                    self._search_threads, worker.run, job, self.max_search_seconds)
                SEARCH_SECONDS.observe(seconds)
                if not job.future.done():
                    job.future.set_result((action, bot))
            except asyncio.CancelledError:
                if not job.future.done():
                    job.future.cancel()
                raise
            except Exception as error:  # SearchFailed, or a bot that cannot be pickled
                if not job.future.done():
                    job.future.set_exception(error if isinstance(error, SearchFailed) else SearchFailed(repr(error)))
            finally:
                self.queue.done(job.table)


__all__ = ["FairQueue", "Job", "OVERRUN_GRACE", "QUICK_THREADS", "SearchFailed", "Thinking", "searches"]
