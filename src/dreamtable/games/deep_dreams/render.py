"""Drawing a Deep Dreams view in a terminal: each row as a strip of cards, and moves in words.

A card is five characters wide and four lines high: its id, then one band per Dream Level in
the level's colour, with the ports at both edges — ``○`` a white arrow, ``●`` a black arrow,
an icon letter (M Dream Moon, P Predictions, Z Deep Sleep, S Steal, < / > Eliminate), or a
blank — and ``z`` on the bands where a line carrying Bruno ends. X2 and the player's-choice
symbol (⇄) are shown under the card.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ...core.contract import seat_name
from ..terminal_text import recent_events
from .cards import CARD_INDEX, DECK, ICON_PORT
from .events import EFFECT_NAMES
from .notation import DRAW, ELIMINATE, EXTRA, KEEP, LEFT_END, MOON, PLAY, SKIP, STEAL, DreamMove

BAND = {0: "on green", 1: "on blue", 2: "on yellow", 3: "on magenta"}
PORT = {0: " ", 1: "○", 2: "●"}
ICON_LETTER = "MPZS<>"


def _port(value: int) -> str:
    return ICON_LETTER[value - ICON_PORT] if value >= ICON_PORT else PORT[value]


def card_lines(card_id: str, covered: int = 0) -> list[Text]:
    """The four lines of one card (``covered``: how many cards lie under it)."""
    card = DECK[CARD_INDEX[card_id]]
    head = Text(f"{card_id[2:]:^5}", style="bold")
    lines = [head]
    for level in range(3):
        bruno_left = any(line.bruno and line.left == level for line in card.lines)
        bruno_right = any(line.bruno and line.right == level for line in card.lines)
        middle = ("z" if bruno_left else " ") + " " + ("z" if bruno_right else " ")
        band = Text(_port(card.ports[0][level]) + middle + _port(card.ports[1][level]), style="bold black " + BAND[card.colours[level]])
        lines.append(band)
    marks = ("×2" if card.x2 else "") + ("⇄" if card.player_choice else "") + (f"+{covered}" if covered else "")
    lines.append(Text(f"{marks:^5}", style="dim"))
    return lines


def row_strip(row: list[list[str]]) -> Text:
    """A row as cards side by side, the top card of each position shown."""
    if not row:
        return Text("  (no cards yet)", style="dim")
    cards = [card_lines(stack[-1], len(stack) - 1) for stack in row]
    strip = Text()
    for line in range(5):
        for index, card in enumerate(cards):
            strip.append(" " if index else "  ")
            strip.append_text(card[line])
        strip.append("\n")
    return strip


def render(view: dict[str, Any]) -> RenderableType:
    """Every row as a strip, hands, deck and discard, the effect being resolved, scores so far."""
    me = view["seat"]
    players = view["players"]
    board = view["board"]
    order = list(range(players)) if me is None else [me] + [s for s in range(players) if s != me]
    parts: list[RenderableType] = [Text(
        f"Deck {board['deck']} · discard {len(board['discard'])} · the game ends after the round in "
        f"which a row reaches {board['threshold']} cards · First Player {seat_name(board['first_player'])}", style="bold")]
    for seat in order:
        hand = board["hands"][seat]
        title = Text(f"{seat_name(seat)}{' (you)' if seat == me else ''}", style="bold")
        if seat in view["actors"]:
            title.append(" ◀ to play", style="yellow")
        parts_of = board["score_parts"][seat]
        title.append(f"   {board['scores'][seat]:g} points so far (path {parts_of['sleep_path']}, "
                     f"black pairs {parts_of['black_pairs']})   hand: {hand['size']} cards", style="")
        parts.append(title)
        parts.append(row_strip(board["rows"][seat]))
        if hand["cards"]:
            parts.append(Text("  your hand:", style="bold"))
            parts.append(row_strip([[card] for card in hand["cards"]]))
    if board["resolving"]:
        line = f"Resolving {EFFECT_NAMES[board['resolving']]}"
        if isinstance(board["peek"], list):
            line += ": you see " + ", ".join(board["peek"])
        parts.append(Text(line, style="bold yellow"))
    parts.append(recent_events(view))
    outcome = view.get("outcome")
    if outcome:
        winners = " and ".join(seat_name(s) for s in outcome["winners"])
        parts.append(Text(f"Game over: {winners} won. " + "; ".join(
            f"{seat_name(s)} {d['total']:g} (path {d['path_points']:g}, groups {sum(d['group_points'].values()):g}, black {d['black_pairs']})"
            for s, d in enumerate(outcome["details"])), style="bold"))
    return Group(*parts)


def describe(view: dict[str, Any], move: DreamMove) -> str:
    """A move in words."""
    board = view["board"]
    if move.kind == PLAY:
        card = DECK[move.card]
        where = "to start your row" if not board["rows"][view["seat"]] else f"at the {'left' if move.arg == LEFT_END else 'right'} end"
        return f"play {card.id} {where}"
    if move.kind == MOON:
        return f"cover your position {move.arg} with {DECK[move.card].id}"
    if move.kind == KEEP:
        return f"keep {DECK[move.card].id}, the others go back on top"
    if move.kind == STEAL:
        return f"take a random card from {seat_name(move.arg)} ({board['hands'][move.arg]['size']} cards)"
    if move.kind == ELIMINATE:
        return f"discard an end card of {seat_name(move.arg)}'s row"
    if move.kind == DRAW:
        return f"draw a card ({board['deck']} left)"
    if move.kind == EXTRA:
        return "take an extra turn after this one"
    if move.kind == SKIP:
        return "decline the effect"
    return str(move)
