"""Tap at the terminal: one line per seat and the deck (``Game.render``), and its legend, in the
reader's language (the keys ``terminal.*`` of ``web/i18n/<lang>.json``)."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from dreamtable.core.words import Words
from dreamtable.games.terminal_text import ending, key_line


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return words.t("terminal.legend")


def render(view: dict[str, Any], words: Words) -> Text:
    """The board of ``view`` as plain text (``Text``: its brackets are not markup)."""
    board = view["board"]
    lines = []
    for seat, points in enumerate(board["points"]):
        drawn = board["drawn"][seat]
        cards = str(drawn) if isinstance(drawn, list) else words.t("terminal.cards", {"count": drawn})
        mark = " ◀" if seat in view["actors"] else ""
        lines.append(f"{chr(65 + seat)}  {words.t('terminal.points', {'points': points})}  {cards}{mark}")
    lines.append(words.t("terminal.deck", {"deck": board["deck"], "done": board["done"]}))
    drawing = Text("\n".join(lines) + "\n")
    drawing.append_text(key_line(words.t("terminal.key"), words))
    if view["outcome"] is not None:  # the drawing ends with who won and why (the terminal's convention)
        totals = ", ".join(f"{chr(65 + seat)} {int(score)}" for seat, score in enumerate(view["outcome"]["scores"]))
        drawing.append("\n")
        drawing.append(ending(view, words.t("terminal.ending", {"turns": board["done"]}),
                              words.t("terminal.totals", {"totals": totals}), words))
    return drawing
