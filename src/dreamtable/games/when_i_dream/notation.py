"""When I Dream notation (design note §4.2): every input that refers to a card carries its number.

``clue 3 bark``, ``clue-pass 3``, ``typing 3``, ``guess 3 dog``, ``dream-pass 3``, ``flag c5``,
``recount a dog rode a rooster``, ``vote-side 2 yellow``, ``vote-mention 2 no``,
``vote-penalty 2 cancel``, ``done``. Card numbers count the Elements revealed so far in the game.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ...core.errors import NotationError

CLUE, CLUE_PASS, TYPING, GUESS, DREAM_PASS, FLAG, RECOUNT, VOTE_SIDE, VOTE_MENTION, VOTE_PENALTY, DONE = (
    "clue", "clue-pass", "typing", "guess", "dream-pass", "flag", "recount", "vote-side", "vote-mention",
    "vote-penalty", "done",
)
VOTE_CHOICES = {VOTE_SIDE: ("yellow", "blue"), VOTE_MENTION: ("yes", "no"), VOTE_PENALTY: ("keep", "cancel")}


class DreamMove(NamedTuple):
    """One input: ``kind``, the card number it refers to (or clue number for ``flag``) and its text."""

    kind: str
    number: int = -1
    text: str = ""

    def __str__(self) -> str:
        if self.kind == DONE:
            return DONE
        if self.kind == FLAG:
            return f"flag c{self.number}"
        if self.kind == RECOUNT:
            return f"recount {self.text}".rstrip()
        if self.kind in (CLUE_PASS, TYPING, DREAM_PASS):
            return f"{self.kind} {self.number}"
        return f"{self.kind} {self.number} {self.text}"


NUMBERED = (CLUE, CLUE_PASS, TYPING, GUESS, DREAM_PASS, FLAG, VOTE_SIDE, VOTE_MENTION, VOTE_PENALTY)
"""The kinds that carry a card (or clue) number; ``done`` and ``recount`` carry -1."""
WORDED = (CLUE, GUESS, RECOUNT, VOTE_SIDE, VOTE_MENTION, VOTE_PENALTY)
"""The kinds that carry text; the others carry ``""``."""


def malformed(move: object) -> str | None:
    """Why ``move`` is not a move this notation writes as it is (``None`` when it is one).

    ``apply`` asks this first, so a move object built by hand (another game's, a number where text
    goes, text on a move that has none) is refused rather than recorded as something else.
    """
    if type(move) is DreamMove:
        try:
            if _WELL_FORMED.get(move) is move:  # this very object passed (an equal one may not: True == 1)
                return None
        except Exception:  # a field that cannot be hashed: the checks below say what is wrong
            pass
        if type(move.kind) is str and type(move.number) is int and type(move.text) is str and len(move.text) <= MEMO_TEXT:
            wrong = _malformed_move(move)  # exact types: an equal move in the memo is this very move
            if wrong is None:
                if len(_WELL_FORMED) >= 4096:
                    _WELL_FORMED.clear()
                _WELL_FORMED[move] = move
            return wrong
    return _malformed(move)


_WELL_FORMED: dict[DreamMove, DreamMove] = {}
"""Move objects found well formed, each kept as the value of its own key: random play and search apply
the very objects legal_actions lists, again and again, and one look-up by identity answers for them."""


MEMO_TEXT = 64
"""Moves with text up to this length are checked once and remembered (a recount is checked each time)."""


@lru_cache(maxsize=4096)
def _malformed_move(move: DreamMove) -> str | None:
    """:func:`malformed` remembered for a move of plain types (random play and search apply the same few
    moves again and again; reading each back through the notation was a tenth of a decision's time)."""
    return _malformed(move)


def _malformed(move: object) -> str | None:
    if not isinstance(move, DreamMove):
        return f"{move!r:.80} is not a When I Dream move"
    kind, number, text = move
    if not isinstance(kind, str) or kind not in (*NUMBERED, RECOUNT, DONE):
        return f"{kind!r:.40} is not a kind of move"
    if type(number) is not int or (number < 0 if kind in NUMBERED else number != -1):
        return f"{kind} takes {'a card number of 0 or more' if kind in NUMBERED else 'no number'}, not {number!r:.40}"
    if not isinstance(text, str) or (kind not in WORDED and text):
        return f"{kind} takes {'text' if kind in WORDED else 'no text'}, not {text!r:.40}"
    if kind in VOTE_CHOICES and text not in VOTE_CHOICES[kind]:
        return f"{kind} takes {' or '.join(VOTE_CHOICES[kind])}, not {text!r:.40}"
    if len(text) > MAX_INPUT:
        return None  # the rules refuse it, naming their own, smaller bound for this text
    written = str(move)
    try:
        read = parse(written)
    except NotationError as error:
        return f"{written!r:.80} cannot be read back ({error})"
    if read != move:  # the record keeps the notation: the move must be the one it names
        return (f"{move!r:.80} is written {written!r:.80}, which reads as {read!r:.80}: text has no spaces around "
                "it (and a recount one space between words)")
    return None


NUMBER = re.compile(r"[0-9]{1,6}")
"""A card or clue number: ASCII digits only. ``str.isdigit`` and ``\\d`` also take ``²`` or ``١``,
which ``int`` refuses or reads as another number than the one written; six digits are more than a game uses."""
MAX_INPUT = 10_000
"""The longest input read, in characters: every legal move is shorter (the longest, a recount, is bounded
by the rules well below this), so longer text is refused before any work is done on it."""

HINT = ("write clue 3 bark, clue-pass 3, typing 3, guess 3 dog, dream-pass 3, flag c5, recount <your dream>, "
        "vote-side 2 yellow|blue, vote-mention 2 yes|no, vote-penalty 2 keep|cancel, or done")


def parse(text: str) -> DreamMove:
    """The move ``text`` names; ``NotationError`` with the accepted forms when it names none."""
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, not {type(text).__name__}; {HINT}")
    if len(text) > MAX_INPUT:
        raise NotationError(f"input of {len(text)} characters; a move is at most {MAX_INPUT} characters")
    words = text.strip().split(maxsplit=2)
    if not words:
        raise NotationError(f"empty input; {HINT}")
    kind = words[0].lower()
    if kind == DONE and len(words) == 1:
        return DreamMove(DONE)
    if kind == RECOUNT:
        return DreamMove(RECOUNT, -1, " ".join(text.strip().split()[1:]))
    if kind == FLAG and len(words) == 2 and words[1][:1] == "c" and NUMBER.fullmatch(words[1][1:]):
        return DreamMove(FLAG, int(words[1][1:]))
    if len(words) >= 2 and NUMBER.fullmatch(words[1]):
        number = int(words[1])
        if kind in (CLUE_PASS, TYPING, DREAM_PASS) and len(words) == 2:
            return DreamMove(kind, number)
        if kind in (CLUE, GUESS):  # an empty word reads, and the rules refuse it (WID-R7)
            return DreamMove(kind, number, words[2].strip() if len(words) == 3 else "")
        if kind in VOTE_CHOICES and len(words) == 3 and words[2].lower() in VOTE_CHOICES[kind]:
            return DreamMove(kind, number, words[2].lower())
    raise NotationError(f"cannot read {text!r:.80}; {HINT}")
