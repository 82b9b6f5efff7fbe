"""Drawing a Sogni e Incubi view in a terminal with rich, and describing moves in words.

Works from a view (what one seat may know), never from the state, so it cannot leak.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.contract import seat_name
from ...core.sentences import plural
from ..terminal_text import Criterion, ending, key_line, ranking_reason, recent_events
from ...core.words import Words
from .cards import CODE_OF_SHORT_NAME, LONG_NAMES
from .notation import DRAW_CODE, Move

KEY = "S Dream · I Nightmare · CS Convert to Dream · CI Convert to Nightmare · R Rem · small: the cards under the top one"
LEGEND = """Sogni e Incubi — what the table shows
  S1–S6   a Dream of that number; it belongs on the place of its number
  I1–I6   a Nightmare of that number; it goes on an opponent's place of its number
  CS      Convert to Dream: hides a Nightmare of your own row, and locks the place
  CI      Convert to Nightmare: sends an opponent's Dream back to a hand
  R       Rem: a wild Dream that counts as the number of its place
  ·       an empty place
A place shows its top card; the smaller line under it lists the cards it covers, top first.
hand    your own cards; for the others, how many they hold, and ("incl.") the cards everyone saw
        enter that hand from the table
◀ to play   whose turn it is
You win with six dreams in your row and no card in your hand: docs/rules/sogni-e-incubi.md."""


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return LEGEND


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


def render(view: dict[str, Any], words: Words) -> RenderableType:
    """The table as the view's seat sees it: every row, hands, deck, whose turn, last events."""
    me = view["seat"]
    players = view["players"]
    board = view["board"]
    order = list(range(players)) if me is None else [me] + [s for s in range(players) if s != me]
    table = Table(title=f"Deck: {plural(board['deck'], 'card')}   ·   hand limit {board['hand_limit']}", show_lines=True, expand=False)
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
            hand_text = Text(plural(hand["size"], "card"))
            if hand["known"]:
                hand_text.append(" incl. ")
                hand_text.append_text(_hand(hand["known"]))
        table.add_row(label, *[_slot(stack) for stack in board["rows"][seat]], hand_text)
    parts: list[RenderableType] = [table, key_line(KEY, words), recent_events(view, words)]
    if view.get("outcome"):
        parts.append(explain_end(view, words))
    return Group(*parts)


ENDINGS = {
    "complete-row": "a row of six dreams and an empty hand",
    "hands-empty": "the deck and every hand are empty, so the rows are counted",
    "stuck": "a full round passed with no legal move, so the rows are counted",
}


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details`` (SI-R12, SI-R14, SI-R15)."""
    outcome = view["outcome"]
    reason = outcome["reason"]
    details = outcome["details"]
    if reason == "complete-row":
        (winner,) = outcome["winners"]
        why = f"{seat_name(winner)} shows a dream on all six places and holds no card."
    else:
        counted = "dream cards" if details[0]["counted"] == "cards" else "dream places"
        why = ranking_reason(view["players"], outcome["winners"], [
            Criterion(counted, [d["dream"] for d in details]),
            Criterion("the longest run of dream places", [d["longest_run"] for d in details]),
        ], words)
    return ending(view, ENDINGS.get(reason, reason), why, words)


def describe(view: dict[str, Any], move: Move, words: Words) -> str:
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
