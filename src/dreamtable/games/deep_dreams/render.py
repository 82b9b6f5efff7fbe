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
from ...core.sentences import plural
from ..terminal_text import Criterion, ending, key_line, ranking_reason, recent_events
from ...core.words import Words
from .cards import CARD_INDEX, DECK, ICON_PORT
from .events import EFFECT_NAMES, card_name, card_names
from .notation import DRAW, ELIMINATE, EXTRA, KEEP, LEFT_END, MOON, PLAY, SKIP, STEAL, DreamMove

KEY = "○ white arrow · ● black arrow · z Bruno's line · M Moon · P Predictions · Z Deep Sleep · S Steal · < > Eliminate · ⇄ either end · ×2 double"
LEGEND = """Deep Dreams — a card is five characters wide:
  top line        its number (17 is DD17)
  three bands     its three Dream Levels, top to bottom, in their colours (green, blue, yellow, pink)
  at each edge    what that band's edge holds:
      ○  a white arrow
      ●  a black arrow (two black arrows meeting: 1 point)
      M  Dream Moon: lay a card from your hand over one of your positions but the rightmost
      P  Predictions: look at the top three cards of the deck and keep one
      Z  Deep Sleep: take another turn after this one
      S  Steal: take a random card from another player's hand
      <  Eliminate left: throw away the leftmost card of another player's row
      >  Eliminate right: throw away the rightmost card of another player's row
         (blank) nothing: connects to nothing
  z               a line carrying Bruno ends at this band (the Sleep Path follows these lines)
  under the card  ×2 counts as two cards · ⇄ may be played at either end of a row · +2 lies over 2 cards (Dream Moon)
A new card must meet its neighbour arrow to arrow at one band at least; an arrow facing an icon across
the joint sets the icon off for you. More: docs/rules/deep-dreams.md."""


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return LEGEND


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


def render(view: dict[str, Any], words: Words) -> RenderableType:
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
        title.append(f"   {plural(board['scores'][seat], 'point')} so far (path {parts_of['sleep_path']}, "
                     f"black pairs {parts_of['black_pairs']})   hand: {plural(hand['size'], 'card')}", style="")
        parts.append(title)
        parts.append(row_strip(board["rows"][seat]))
        if hand["cards"]:
            parts.append(Text("  your hand:", style="bold"))
            parts.append(row_strip([[card] for card in hand["cards"]]))
    parts.append(key_line(KEY, words))
    if board["resolving"]:
        line = f"Resolving {EFFECT_NAMES[board['resolving']]}"
        if isinstance(board["peek"], list):
            line += ": you see " + card_names(board["peek"])
        parts.append(Text(line, style="bold yellow"))
    parts.append(recent_events(view, words))
    if view.get("outcome"):
        parts.append(explain_end(view, words))
    return Group(*parts)


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details``: points, then black pairs, then shared (DD-R23)."""
    outcome = view["outcome"]
    details = outcome["details"]
    how = {"row-length": f"a row reached {view['board']['threshold']} cards and the round is over",
           "stuck": "a full round of passes"}.get(outcome["reason"], outcome["reason"])
    why = ranking_reason(view["players"], outcome["winners"], [
        Criterion("points", [d["total"] for d in details], shown=[
            f"{d['total']:g} (path {d['path_points']:g}, groups {sum(d['group_points'].values()):g}, "
            f"black pairs {d['black_pairs']})" for d in details]),
        Criterion("the number of black pairs", [d["black_pairs"] for d in details]),
    ], words)
    return ending(view, how, why, words)


def describe(view: dict[str, Any], move: DreamMove, words: Words) -> str:
    """A move in words."""
    board = view["board"]
    # The notation names the card by its code (play DD17 right), the number drawn on it; the words
    # say what the move does, and name the card by its colours where the hand does not show it.
    if move.kind == PLAY:
        return "start your row with it" if not board["rows"][view["seat"]] else \
            f"add it at the {'left' if move.arg == LEFT_END else 'right'} end of your row"
    if move.kind == MOON:
        return f"Dream Moon: lay it over your position {move.arg}"
    if move.kind == KEEP:
        return f"keep {card_name(DECK[move.card].id)}; the others go back on top"
    if move.kind == STEAL:
        return f"take a random card from {seat_name(move.arg)} ({plural(board['hands'][move.arg]['size'], 'card')})"
    if move.kind == ELIMINATE:
        return f"discard an end card of {seat_name(move.arg)}'s row"
    if move.kind == DRAW:
        return f"draw a card ({board['deck']} left)"
    if move.kind == EXTRA:
        return "take an extra turn after this one"
    if move.kind == SKIP:
        return "decline the effect"
    return str(move)
