"""What an operator watches: the server's Prometheus metrics (served at ``/metrics``).

Every metric lives in one registry of this module, so a test can read it and two apps in one
process (the tests build many) count into the same figures without registering anything twice.
Code that counts imports the metric it needs from here; nothing else defines metrics.
"""

from __future__ import annotations

import functools
import time
from typing import Any, Awaitable, Callable, TypeVar

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

Result = TypeVar("Result")

REGISTRY = CollectorRegistry(auto_describe=True)
"""The server's metrics (not the client library's global registry: the tests build many apps)."""

MOVES = Counter("dreamtable_moves_accepted", "Changes accepted and stored (moves, expiries, undos, seats handed over)",
                ["kind"], registry=REGISTRY)
MOVE_SECONDS = Histogram("dreamtable_move_seconds", "From a human's move arriving to its change being stored and sent",
                         buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0), registry=REGISTRY)
LIVE_TABLES = Gauge("dreamtable_live_tables", "Tables held in this process's memory", registry=REGISTRY)
EVICTIONS = Counter("dreamtable_turn_based_evictions", "Turn-based tables let go from memory while nobody watched "
                    "and no deadline was near (rebuilt from the database when needed)", registry=REGISTRY)
SOCKETS = Gauge("dreamtable_sockets", "Open WebSocket connections", registry=REGISTRY)
BOT_QUEUE = Gauge("dreamtable_bot_queue_depth", "Bot moves waiting for a worker", registry=REGISTRY)
SEARCH_SECONDS = Histogram("dreamtable_bot_search_seconds", "Time a bot took to choose a move",
                           buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0), registry=REGISTRY)
REFUSALS = Counter("dreamtable_refusals", "Requests and messages refused, by kind (the error code sent)",
                   ["kind"], registry=REGISTRY)



def timed(histogram: Histogram) -> Callable[[Callable[..., Awaitable[Result]]], Callable[..., Awaitable[Result]]]:
    """Observe each call of a coroutine function that returns (a refused move, which raises, is not
    a latency) in ``histogram``, in seconds (prometheus-client's own timer cannot await)."""

    def decorate(function: Callable[..., Awaitable[Result]]) -> Callable[..., Awaitable[Result]]:
        @functools.wraps(function)
        async def timed_call(*args: Any, **kwargs: Any) -> Result:
            started = time.perf_counter()
            result = await function(*args, **kwargs)
            histogram.observe(time.perf_counter() - started)
            return result

        return timed_call

    return decorate


__all__ = ["timed", "BOT_QUEUE", "EVICTIONS", "LIVE_TABLES", "MOVES", "MOVE_SECONDS", "REFUSALS", "REGISTRY", "SEARCH_SECONDS", "SOCKETS"]
