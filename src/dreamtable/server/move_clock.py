"""A move clock written the way people say it: ``90m``, ``12h``, ``1d``, ``3d``.

A turn-based table (a game of Dream Cycle played a move a day) gives each human this long for each
move; the words are turned into seconds once, when the table is made, and stored as the table's
``turn_seconds`` beside ``pace: "turn-based"``, so the room's driver times a slow turn exactly as it
times a live one (server/rooms.py): when the clock runs out the table's stand-in bot plays the seat.
"""

from __future__ import annotations

import re

UNITS: dict[str, float] = {"m": 60.0, "h": 3600.0, "d": 86400.0}
"""The units a move clock may be written in: minutes, hours, days."""
SHORTEST, LONGEST = 3600.0, 14 * 86400.0
"""A turn-based move clock lasts from an hour to two weeks (shorter turns are a live table's
``turn_seconds``; longer ones would outlast the idle sweep's patience for no one's benefit)."""
CHOICES: dict[str, str] = {"1h": "an hour a move", "12h": "half a day a move", "1d": "a move a day",
                           "3d": "three days a move", "7d": "a move a week"}
"""The clocks the lobby offers (any other within range may be sent)."""

_CLOCK = re.compile(r"(\d{1,5}(?:\.\d{1,3})?)\s*([mhd])")


def clock_seconds(text: str) -> float:
    """The seconds of a move clock like ``1d``; ValueError saying what is allowed otherwise."""
    written = _CLOCK.fullmatch(text.strip())
    if written is None:
        raise ValueError(f"move_clock {text[:20]!r} is not a duration: write a number and a unit, "
                         "m (minutes), h (hours) or d (days), e.g. 90m, 12h, 1d, 3d")
    seconds = float(written.group(1)) * UNITS[written.group(2)]
    if not SHORTEST <= seconds <= LONGEST:
        raise ValueError(f"move_clock {text.strip()!r} is {seconds:g} s: a turn-based move clock lasts "
                         f"from 1h to {LONGEST / 86400:g}d")
    return seconds
