"""The garbage collector of a server process, set for short pauses.

A server holds many live objects (tables, their states, their logs). With CPython's default
thresholds (700, 10, 10) the collector walks the older of them every few thousand moves and holds
up every move in flight meanwhile: at 100 live tables and 1,000 moves a second the move latency's
99th percentile was 62–78 ms, and with :data:`SERVER_THRESHOLDS` 5–8 ms at the same throughput and
CPU (docs/performance.md, "Fewer collections"). A move makes little cyclic garbage, so collecting
less often costs little memory.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

SERVER_THRESHOLDS = (50_000, 50, 100)
"""Objects allocated between two young collections, and young collections between two older ones."""


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Collect with :data:`SERVER_THRESHOLDS` while the server runs; the process's own afterwards."""
    before = gc.get_threshold()
    gc.set_threshold(*SERVER_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)
