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

from ...core.words import Words, seat_letter
from ..terminal_text import Criterion, ending, key_line, ranking_reason, recent_events
from .cards import CARD_INDEX, DECK, ICON_PORT
from .wording import card_message, cards_message
from .notation import DRAW, ELIMINATE, EXTRA, KEEP, LEFT_END, MOON, PLAY, SKIP, STEAL, DreamMove

def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return words.t("terminal.legend")


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


def row_strip(row: list[list[str]], words: Words) -> Text:
    """A row as cards side by side, the top card of each position shown."""
    if not row:
        return Text("  " + words.t("terminal.row.empty"), style="dim")
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
    parts: list[RenderableType] = [Text(words.t("terminal.header", {
        "deck": board["deck"], "discard": len(board["discard"]), "threshold": board["threshold"],
        "first": board["first_player"]}), style="bold")]
    for seat in order:
        hand = board["hands"][seat]
        title = Text(words.t("terminal.seat.you", {"seat": seat}) if seat == me else seat_letter(seat), style="bold")
        if seat in view["actors"]:
            title.append(" " + words.t("terminal.to-play"), style="yellow")
        parts_of = board["score_parts"][seat]
        so_far = words.t("terminal.so-far", {"points": words.t("score.points", {"count": board["scores"][seat]}),
                                             "path": parts_of["sleep_path"], "black": parts_of["black_pairs"]})
        in_hand = words.t("terminal.hand", {"held": words.t("score.cards", {"count": hand["size"]})})
        title.append(f"   {so_far}   {in_hand}", style="")
        parts.append(title)
        parts.append(row_strip(board["rows"][seat], words))
        if hand["cards"]:
            parts.append(Text("  " + words.t("terminal.your-hand"), style="bold"))
            parts.append(row_strip([[card] for card in hand["cards"]], words))
    parts.append(key_line(words.t("terminal.key"), words))
    if board["resolving"]:
        if isinstance(board["peek"], list):  # the Predictions cards, for the one who looks only
            line = words.message({"key": "terminal.resolving.seen", "fields": {"names": cards_message(board["peek"])}},
                                 {"effect": board["resolving"]})
        else:
            line = words.t("terminal.resolving", {"effect": board["resolving"]})
        parts.append(Text(line, style="bold yellow"))
    parts.append(recent_events(view, words))
    if view.get("outcome"):
        parts.append(explain_end(view, words))
    return Group(*parts)


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details``: points, then black pairs, then shared (DD-R23)."""
    outcome = view["outcome"]
    details = outcome["details"]
    reason = outcome["reason"]
    if reason == "row-length":
        how = words.t("terminal.ending.row-length", {"threshold": view["board"]["threshold"]})
    else:
        how = words.t(f"reason.{reason}") if words.has(f"reason.{reason}") else reason
    why = ranking_reason(view["players"], outcome["winners"], [
        Criterion(words.t("terminal.criterion.points"), [d["total"] for d in details], shown=[
            words.t("terminal.points-shown", {"total": d["total"], "path": d["path_points"],
                                              "groups": sum(d["group_points"].values()), "black": d["black_pairs"]})
            for d in details]),
        Criterion(words.t("terminal.criterion.black-pairs"), [d["black_pairs"] for d in details]),
    ], words)
    return ending(view, how, why, words)


def describe(view: dict[str, Any], move: DreamMove, words: Words) -> str:
    """A move in words."""
    board = view["board"]
    # The notation names the card by its code (play DD17 right), the number drawn on it; the words
    # say what the move does, and name the card by its colours where the hand does not show it.
    if move.kind == PLAY:
        if not board["rows"][view["seat"]]:
            return words.t("terminal.move.start")
        return words.t("terminal.move.play", {"end": "left" if move.arg == LEFT_END else "right"})
    if move.kind == MOON:
        return words.t("terminal.move.moon", {"position": move.arg})
    if move.kind == KEEP:
        return words.message({"key": "terminal.move.keep", "fields": {"name": card_message(DECK[move.card].id)}})
    if move.kind == STEAL:
        return words.t("terminal.move.steal", {"seat": move.arg, "count": board["hands"][move.arg]["size"]})
    if move.kind == ELIMINATE:
        return words.t("terminal.move.eliminate", {"seat": move.arg})
    if move.kind == DRAW:
        return words.t("terminal.move.draw", {"count": board["deck"]})
    if move.kind == EXTRA:
        return words.t("terminal.move.extra")
    if move.kind == SKIP:
        return words.t("terminal.move.skip")
    return str(move)
