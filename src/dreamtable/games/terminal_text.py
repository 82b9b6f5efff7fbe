"""Pieces every game's terminal drawing shares."""

from __future__ import annotations

from typing import Any

from rich.text import Text

RECENT_SHOWN = 6


def recent_events(view: dict[str, Any]) -> Text:
    """The last few events of a view, one bullet each, dimmed."""
    text = Text()
    for event in view["events"][-RECENT_SHOWN:]:
        text.append("• " + event["text"] + "\n", style="dim")
    return text
