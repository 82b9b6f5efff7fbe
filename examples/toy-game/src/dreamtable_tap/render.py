"""Tap at the terminal: one line per seat and the deck (``Game.render``), and its legend."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from dreamtable.core.words import Words
from dreamtable.games.terminal_text import ending

LEGEND = """Tap — the board
A  3 pts  [2, 0]   a seat: its points, then its hidden cards (yours as values,
B  1 pt   2 cards  another seat's as a count; every seat's values once the game is over)
◀                  the seat whose turn it is
deck 7 · turns played 3   cards left in the deck, and the turns played so far
Moves: tap (a point now) or draw (a hidden card worth 0, 1 or 2), within 5 seconds."""


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return LEGEND


def render(view: dict[str, Any], words: Words) -> Text:
    """The board of ``view`` as plain text (``Text``: its brackets are not markup)."""
    board = view["board"]
    lines = []
    for seat, points in enumerate(board["points"]):
        drawn = board["drawn"][seat]
        cards = str(drawn) if isinstance(drawn, list) else f"{drawn} card{'s' if drawn != 1 else ''}"
        mark = " ◀" if seat in view["actors"] else ""
        lines.append(f"{chr(65 + seat)}  {points} pt{'s' if points != 1 else ''}  {cards}{mark}")
    lines.append(f"deck {board['deck']} · turns played {board['done']}")
    lines.append("Key: [values] your cards · N cards another's · ◀ to play — type 'legend' for more")
    drawing = Text("\n".join(lines))
    if view["outcome"] is not None:  # the drawing ends with who won and why (the terminal's convention)
        totals = ", ".join(f"{chr(65 + seat)} {int(score)}" for seat, score in enumerate(view["outcome"]["scores"]))
        drawing.append("\n")
        drawing.append(ending(view, f"after {board['done']} turns", f"Totals of points and cards: {totals}.", words))
    return drawing
