"""Which catalogue sentence words each event of Tap: a draw the seat did not make shows no card.

The rules give the other seats the placeholder ``"a card"`` in place of the drawn value (TAP-R5), so
the sentence for them is ``event.draw.hidden``, worded in the reader's language like every other.
"""

from __future__ import annotations

from typing import Any, Mapping

from dreamtable.core.words import Message


def message(event: Mapping[str, Any]) -> Message:
    """``event.<kind>``, or ``event.draw.hidden`` for a card the seat may not see."""
    if event["kind"] == "draw" and not isinstance(event["card"], int):
        return {"key": "event.draw.hidden"}
    return {"key": f"event.{event['kind']}"}
