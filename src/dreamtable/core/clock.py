"""Clocks for the table layer: the real one, and a simulated one for tests and batch play.

The engine never reads a clock (time is an input); whoever runs a match does, through one of these.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Something that tells the time in seconds (any origin; only differences matter)."""

    def now(self) -> float:
        """The current time in seconds."""
        ...


class RealClock:
    """The machine's monotonic clock."""

    def now(self) -> float:
        """Seconds from an arbitrary origin, never going back."""
        return time.monotonic()


class SimulatedClock:
    """A clock that moves only when told: batch play and tests run real-time games at full speed."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        """The simulated time."""
        return self._now

    def advance_to(self, moment: float) -> None:
        """Move the time forward to ``moment`` (never back)."""
        if moment > self._now:
            self._now = moment

    def advance(self, seconds: float) -> None:
        """Move the time forward by ``seconds``."""
        self.advance_to(self._now + seconds)


class WallClock:
    """Wall time (seconds since the epoch), shared by every process and kept across restarts.

    The server runs tables on it: a deadline armed by one process is the same moment for another,
    and a table rebuilt after a restart pins the clock to each stored change's time while it
    replays, so every deadline keeps the moment it was first armed.
    """

    def __init__(self) -> None:
        self.pinned: float | None = None

    def now(self) -> float:
        """The pinned moment while a table is rebuilt, otherwise the time now."""
        return time.time() if self.pinned is None else self.pinned
