"""When I Dream at a terminal: the board of one seat's view in a few lines of text.

Only the view is read (never the state), so nothing shows that the seat may not know. Against the
clock the terminal prints the events and the prompt as they come; this summary is what it shows
of the board (at the end of the game, and when replaying a saved game).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ...core.words import Words, seat_letter
from ..terminal_text import Criterion, ending, key_line, ranking_reason
from .notation import (
    CLUE, CLUE_PASS, DONE, DREAM_PASS, FLAG, GUESS, RECOUNT, TYPING, VOTE_MENTION, VOTE_PENALTY, VOTE_SIDE, DreamMove,
)

# Every word below is a catalogue's (web/i18n/<lang>.json): ``terminal.…`` for the drawing's own, and the
# page's keys (``move.…``, ``a-role.…``, ``ui.deck``…) where they say the same.


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return words.t("terminal.legend")


def _card(card: dict[str, Any] | None, number: int, words: Words) -> str:
    if card is None:
        return f"{number} ?"
    if "element" not in card:  # the Dreamer's own guess (dreamer_sees_own_guesses)
        return words.t("terminal.card.said" if card["guess"] else "terminal.card.said-pass", {"number": number, **card})
    fields = {"number": number, **card, "side": words.t(f"terminal.side.{card['side']}")}
    if card["side"] in ("penalty", "cancelled") and card["owner"] is not None:
        return words.t("terminal.card.owner", fields)
    return words.t("terminal.card.guess" if card["guess"] else "terminal.card.passed", fields)


def render(view: dict[str, Any], words: Words) -> str:
    """The round, the card in play, this night's clues and cards, roles and scores, as text."""
    board = view["board"]
    seat = view["seat"]
    lines = [words.t("terminal.header", {**board, "phase": words.t(f"terminal.phase.{board['phase']}"),
                                         "cards": words.t("ui.deck", board)})]
    if board["element"] is not None:
        lines.append(words.t("terminal.element", board))
    elif board["phase"] in ("night", "final guess"):
        lines.append(words.t("terminal.element.hidden", board))
    if seat is not None and board["roles"][seat] is not None and board["phase"] != "over":
        lines.append(words.t("terminal.role", {"role": board["roles"][seat]}))
    clues = [words.t("terminal.clue", clue) for clue in board["clues"] if clue is not None]
    if clues:
        lines.append(words.t("terminal.clues", {"clues": " · ".join(clues)}))
    if board["cards"]:
        cards = " · ".join(_card(card, number, words) for number, card in enumerate(board["cards"], 1))
        lines.append(words.t("terminal.tonight", {"cards": cards}))
    if board["recount"] is not None:
        lines.append(words.t("terminal.recount", {"text": board["recount"]}))
    if board["phase"] == "over":
        roles = [words.t("day.role", {"seat": s, "role": role}) for s, role in enumerate(board["roles"]) if role]
        lines.append(words.t("terminal.roles", {"roles": ", ".join(roles)}))
    scores = []
    for other, points in enumerate(board["points"]):
        penalties = board["penalties"][other]
        scores.append(f"{seat_letter(other)} {points}" + ("" if penalties is None else f" −{penalties}"))
    lines.append(words.t("terminal.points", {"scores": " · ".join(scores)}))
    lines.append(key_line(words.t("terminal.key"), words).plain)
    if view.get("outcome"):
        lines.append(explain_end(view, words).plain)
    return "\n".join(lines)


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details``: points less penalties, then fewer penalties (WID-R23)."""
    outcome = view["outcome"]
    details = outcome["details"]
    why = ranking_reason(view["players"], outcome["winners"], [
        Criterion(words.t("terminal.criterion.total"), [d["total"] for d in details],
                  shown=[words.number(d["total"]) + (f" ({words.number(d['points'])} − {d['penalties']})" if d["penalties"] else "")
                         for d in details]),
        Criterion(words.t("terminal.criterion.penalties"), [d["penalties"] for d in details], higher_wins=False),
    ], words)
    return ending(view, words.t("reason.all-dreamed"), why, words)


def describe(view: dict[str, Any], action: DreamMove, words: Words) -> str:
    """A move in words for the seat that sees ``view``: ``say “bark”``, ``flag C's clue “bark”``, …"""
    board = view["board"]
    kind, number, text = action.kind, action.number, action.text
    if kind == GUESS:
        return words.t("move.guess", {"text": text})
    if kind == DREAM_PASS:
        return words.t("move.dream-pass.final" if board["phase"] == "final guess" else "move.dream-pass")
    if kind == CLUE:
        return words.t("move.clue", {"text": text})
    if kind == CLUE_PASS:
        return words.t("move.clue-pass")
    if kind == TYPING:
        return words.t("move.typing")
    if kind == FLAG:
        clue = next((c for c in board["clues"] if c is not None and c["id"] == number), None)
        return words.t("move.flag.unknown") if clue is None else words.t("move.flag", clue)
    if kind == RECOUNT:
        return words.t("move.recount", {"text": text}) if text else words.t("move.recount.empty")
    if kind == DONE:
        return words.t("move.done")
    cards = board["cards"]
    card = cards[number - 1] if 0 < number <= len(cards) else None
    name = card["element"] if isinstance(card, dict) and "element" in card else words.t("move.card", {"number": number})
    if kind == VOTE_SIDE:
        return words.t("move.vote-side", {"name": name, "choice": text})
    if kind == VOTE_MENTION:
        return words.t(f"move.vote-mention.{text}", {"name": name})
    if kind == VOTE_PENALTY:
        return words.t("move.vote-penalty", {"name": name, "choice": text})
    return str(action)
