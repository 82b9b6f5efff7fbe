"""When I Dream at a terminal: the board of one seat's view in a few lines of text.

Only the view is read (never the state), so nothing shows that the seat may not know. Against the
clock the terminal prints the events and the prompt as they come; this summary is what it shows
of the board (at the end of the game, and when replaying a saved game).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from ...core.contract import seat_name
from ...core.sentences import plural
from ..terminal_text import Criterion, ending, key_line, ranking_reason
from ...core.words import Words
from .notation import (
    CLUE, CLUE_PASS, DONE, DREAM_PASS, FLAG, GUESS, RECOUNT, TYPING, VOTE_MENTION, VOTE_PENALTY, VOTE_SIDE, DreamMove,
)

KEY = "c7 clue number 7 · Tonight: 2 dog → Yellow (puppy): card 2, its side, the Dreamer's answer · −1 penalties"
LEGEND = """When I Dream — what the lines say
  Element 3 in play     the third Element revealed in the game; moves on it carry its number (guess 3 dog)
  c7 C: bark            clue number 7, given by C (flag c7 to call it improper)
  Tonight: 2 dog → Yellow (puppy)
                        the night's second card was dog; it went to Yellow; the Dreamer answered puppy
                        (→ Blue: a wrong answer or a pass; → penalty (C): an improper clue of C's)
  Points (− penalties)  points so far, and how many penalty cards each holds (−1 each at the end)
Roles: a Fairy scores the Yellow cards, a Boogeyman the Blue ones, a Sandman when they come out even.
More: docs/rules/when-i-dream.md."""


def legend(words: Words) -> str:
    """Every mark of the drawing explained (the terminal's ``legend`` command)."""
    return LEGEND


_SIDES = {"yellow": "Yellow", "blue": "Blue", "penalty": "penalty", "cancelled": "cancelled"}


def _card(card: dict[str, Any] | None, number: int) -> str:
    if card is None:
        return f"{number} ?"
    if "element" not in card:  # the Dreamer's own guess (dreamer_sees_own_guesses)
        return f"{number} you said {card['guess'] or '(pass)'}"
    text = f"{number} {card['element']} → {_SIDES[card['side']]}"
    if card["side"] in ("penalty", "cancelled") and card["owner"] is not None:
        return f"{text} ({seat_name(card['owner'])})"
    return f"{text} ({card['guess'] or 'passed'})"


def render(view: dict[str, Any], words: Words) -> str:
    """The round, the card in play, this night's clues and cards, roles and scores, as text."""
    board = view["board"]
    seat = view["seat"]
    lines = [f"Round {board['round']} of {board['rounds']} · {board['phase']} · "
             f"{seat_name(board['dreamer'])} is the Dreamer · {plural(board['deck'], 'card')} in the deck"]
    if board["element"] is not None:
        lines.append(f"Element {board['seq']} in play: {board['element']}")
    elif board["phase"] in ("night", "final guess"):
        lines.append(f"Element {board['seq']} in play (hidden from the Dreamer)")
    if seat is not None and board["roles"][seat] is not None and board["phase"] != "over":
        lines.append(f"You are a {board['roles'][seat]}.")
    clues = [f"c{clue['id']} {seat_name(clue['seat'])}: {clue['word']}" for clue in board["clues"] if clue is not None]
    if clues:
        lines.append("Clues: " + " · ".join(clues))
    if board["cards"]:
        lines.append("Tonight: " + " · ".join(_card(card, number) for number, card in enumerate(board["cards"], 1)))
    if board["recount"] is not None:
        lines.append(f"Recount: “{board['recount']}”")
    if board["phase"] == "over":
        lines.append("Roles: " + ", ".join(f"{seat_name(s)} {role}" for s, role in enumerate(board["roles"]) if role))
    scores = []
    for other, points in enumerate(board["points"]):
        penalties = board["penalties"][other]
        scores.append(f"{seat_name(other)} {points}" + ("" if penalties is None else f" −{penalties}"))
    lines.append("Points (− penalties): " + " · ".join(scores))
    lines.append(key_line(KEY, words).plain)
    if view.get("outcome"):
        lines.append(explain_end(view, words).plain)
    return "\n".join(lines)


def explain_end(view: dict[str, Any], words: Words) -> Text:
    """Who won and why, from ``outcome.details``: points less penalties, then fewer penalties (WID-R23)."""
    outcome = view["outcome"]
    details = outcome["details"]
    why = ranking_reason(view["players"], outcome["winners"], [
        Criterion("points less penalties", [d["total"] for d in details],
                  shown=[f"{d['total']:g}" + (f" ({d['points']:g} − {d['penalties']})" if d["penalties"] else "") for d in details]),
        Criterion("the fewest penalties", [d["penalties"] for d in details], higher_wins=False),
    ], words)
    return ending(view, "everyone has been the Dreamer", why, words)


def describe(view: dict[str, Any], action: DreamMove, words: Words) -> str:
    """A move in words for the seat that sees ``view``: ``say “bark”``, ``flag C's clue “bark”``, …"""
    board = view["board"]
    kind, number, text = action.kind, action.number, action.text
    if kind == GUESS:
        return f"answer “{text}”"
    if kind == DREAM_PASS:
        return "decline the last answer" if board["phase"] == "final guess" else "pass this card (it goes to Blue)"
    if kind == CLUE:
        return f"say “{text}”"
    if kind == CLUE_PASS:
        return "pass your clue turn"
    if kind == TYPING:
        return "start typing (stops the start clock)"
    if kind == FLAG:
        clue = next((c for c in board["clues"] if c is not None and c["id"] == number), None)
        return "flag a clue as improper" if clue is None else \
            f"flag {seat_name(clue['seat'])}'s clue “{clue['word']}” as improper"
    if kind == RECOUNT:
        return f"recount “{text}”" if text else "recount nothing"
    if kind == DONE:
        return "finish your review"
    cards = board["cards"]
    card = cards[number - 1] if 0 < number <= len(cards) else None
    name = card["element"] if isinstance(card, dict) and "element" in card else f"card {number}"
    if kind == VOTE_SIDE:
        return f"vote {name} to {text.capitalize()}"
    if kind == VOTE_MENTION:
        return f"vote that the recount {'named' if text == 'yes' else 'did not name'} {name}"
    if kind == VOTE_PENALTY:
        return f"vote to {text} the penalty of {name}"
    return str(action)
