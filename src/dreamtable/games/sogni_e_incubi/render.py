"""Drawing a Sogni e Incubi view in a terminal with rich, and describing moves in words.

Works from a view (what one seat may know), never from the state, so it cannot leak.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.contract import seat_name
from ..terminal_text import recent_events
from .cards import CODE_OF_SHORT_NAME, LONG_NAMES
from .notation import DRAW_CODE, Move

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


def render(view: dict[str, Any]) -> RenderableType:
    """The table as the view's seat sees it: every row, hands, deck, whose turn, last events."""
    me = view["seat"]
    players = view["players"]
    board = view["board"]
    order = list(range(players)) if me is None else [me] + [s for s in range(players) if s != me]
    table = Table(title=f"Deck: {board['deck']} cards   ·   hand limit {board['hand_limit']}", show_lines=True, expand=False)
    table.add_column("player", no_wrap=True)
    for slot in range(1, 7):
        table.add_column(str(slot), justify="center", min_width=4)
    table.add_column("hand")
    for seat in order:
        hand = board["hands"][seat]
        label = Text(f"{seat_name(seat)}{' (you)' if seat == me else ''}", style="bold" if seat in view["actors"] else "")
        if seat in view["actors"]:
            label.append(" ◀ to play", style="yellow")
        if hand["cards"] is not None:
            hand_text = _hand(hand["cards"])
        else:
            hand_text = Text(f"{hand['size']} cards")
            if hand["known"]:
                hand_text.append(" incl. ")
                hand_text.append_text(_hand(hand["known"]))
        table.add_row(label, *[_slot(stack) for stack in board["rows"][seat]], hand_text)
    parts: list[RenderableType] = [table, recent_events(view)]
    outcome = view.get("outcome")
    if outcome:
        winners = " and ".join(seat_name(s) for s in outcome["winners"])
        parts.append(Text(f"Game over ({outcome['reason']}): {winners} won. Dream slots: "
                          + ", ".join(f"{seat_name(s)} {int(v)}" for s, v in enumerate(outcome["scores"])), style="bold"))
    return Group(*parts)


def describe(view: dict[str, Any], move: Move) -> str:
    """A move in words, with what it would do on this table (``view`` is the mover's view)."""
    if move.card == DRAW_CODE:
        return f"draw a card ({view['board']['deck']} left)"
    me = view["seat"]
    owner = me if move.target is None else move.target
    stack = view["board"]["rows"][owner][move.slot - 1]
    top = stack[-1] if stack else None
    where = "your" if move.target is None else f"{seat_name(owner)}'s"
    text = f"{LONG_NAMES[move.card]} on {where} slot {move.slot}"
    card = move.card
    if top == "R" and card < 6:
        text += ", taking the Rem"
    elif top is not None and top.startswith("S") and 6 <= card < 12:
        text += f", taking their {LONG_NAMES[CODE_OF_SHORT_NAME[top]]}"
    elif top is not None and top.startswith("S") and card == CODE_OF_SHORT_NAME["CI"]:
        text += f", returning their {LONG_NAMES[CODE_OF_SHORT_NAME[top]]}"
    elif top in ("CI",) or (top and top.startswith("I")):
        if move.target is None:
            text += ", covering the nightmare"
    return text
