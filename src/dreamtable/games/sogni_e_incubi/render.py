"""Drawing a Sogni e Incubi view in a terminal with rich, and describing moves in words.

Works from a view (what one seat may know), never from the state, so it cannot leak. Every word comes
from the game's catalogues in the reader's language (``terminal.*``, and the page's own card names
and move descriptions ``card.*``, ``move.*``).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.words import Words
from ..terminal_text import Criterion, ending, key_line, ranking_reason, recent_events
from .cards import CI, SHORT_NAMES, is_incubo, is_sogno
from .notation import DRAW_CODE, Move


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return words.t("terminal.legend")


STYLE = {"S": "bold red", "I": "bold blue", "CS": "bold magenta", "CI": "bold cyan", "R": "bold green"}


def _style(card: str) -> str:
    return STYLE.get(card, STYLE.get(card[0], ""))


def _slot(stack: list[str]) -> Text:
    """The top card big, the covered ones small under it."""
    if not stack:
        return Text("·", style="dim")
    text = Text(stack[-1], style=_style(stack[-1]))
    if len(stack) > 1:
        text.append("\n" + " ".join(stack[-2::-1]), style="dim")
    return text


def _hand(cards: list[str]) -> Text:
    text = Text()
    for card in cards:
        text.append(card, style=_style(card))
        text.append(" ")
    return text


def _cards(count: int, words: Words) -> str:
    """``5 cards``, ``1 card``: the page's count of cards."""
    return words.t("board.cards", {"n": count})


def render(view: dict[str, Any], words: Words) -> RenderableType:
    """The table as the view's seat sees it: every row, hands, deck, whose turn, last events."""
    me = view["seat"]
    players = view["players"]
    board = view["board"]
    order = list(range(players)) if me is None else [me] + [s for s in range(players) if s != me]
    title = words.t("terminal.title", {"cards": _cards(board["deck"], words), "limit": board["hand_limit"]})
    table = Table(title=title, show_lines=True, expand=False)
    table.add_column(words.t("terminal.player"), no_wrap=True)
    for slot in range(1, 7):
        table.add_column(str(slot), justify="center", min_width=4)
    table.add_column(words.t("terminal.hand"))
    for seat in order:
        hand = board["hands"][seat]
        label = Text(words.t("terminal.you" if seat == me else "terminal.seat", {"seat": seat}),
                     style="bold" if seat in view["actors"] else "")
        if seat in view["actors"]:
            label.append(" " + words.t("terminal.to-play"), style="yellow")
        if hand["cards"] is not None:
            hand_text = _hand(hand["cards"])
        else:
            hand_text = Text(_cards(hand["size"], words))
            if hand["known"]:
                hand_text.append(f" {words.t('terminal.including')} ")
                hand_text.append_text(_hand(hand["known"]))
        table.add_row(label, *[_slot(stack) for stack in board["rows"][seat]], hand_text)
    parts: list[RenderableType] = [table, key_line(words.t("terminal.key"), words), recent_events(view, words)]
    if view.get("outcome"):
        parts.append(explain_end(view, words))
    return Group(*parts)


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details`` (SI-R12, SI-R14, SI-R15)."""
    outcome = view["outcome"]
    reason = outcome["reason"]
    details = outcome["details"]
    if reason == "complete-row":
        (winner,) = outcome["winners"]
        why = words.t("terminal.why.complete-row", {"seat": winner})
    else:
        counted = "terminal.criterion.cards" if details[0]["counted"] == "cards" else "terminal.criterion.slots"
        why = ranking_reason(view["players"], outcome["winners"], [
            Criterion(words.t(counted), [d["dream"] for d in details]),
            Criterion(words.t("terminal.criterion.longest-run"), [d["longest_run"] for d in details]),
        ], words)
    how = f"terminal.ending.{reason}"
    return ending(view, words.t(how) if words.has(how) else reason, why, words)


def describe(view: dict[str, Any], move: Move, words: Words) -> str:
    """A move in words, with what it would do on this table (``view`` is the mover's view): the page's
    ``move.*`` sentence its board.js ``describe`` picks the same way."""
    if move.card == DRAW_CODE:
        return words.t("move.draw", {"deck": view["board"]["deck"]})
    me = view["seat"]
    own = move.target is None
    owner = me if own else move.target
    stack = view["board"]["rows"][owner][move.slot - 1]
    top = stack[-1] if stack else None
    card = move.card
    fields = {"card": SHORT_NAMES[card], "row": owner, "slot": move.slot, "over": top}
    key = "move.own" if own else "move.other"
    if top == "R" and is_sogno(card):
        key = "move.own.rem" if own else "move.other.rem"
    elif top is not None and top.startswith("S") and is_incubo(card):
        key = "move.other.take"
    elif top is not None and top.startswith("S") and card == CI:
        key = "move.other.return"
    elif own and top is not None and (top == "CI" or top.startswith("I")):
        key = "move.own.cover"
    return words.t(key, fields)
