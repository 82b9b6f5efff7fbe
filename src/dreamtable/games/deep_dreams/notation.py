"""The notation of Deep Dreams actions and the :class:`DreamMove` value it names.

===================  ==============================================================
``draw``             draw the top card of the deck
``play DD17 right``  play DD17 at the right end of your row (``left``: only with the
                     player's-choice symbol; the first card of a row is always ``right``)
``moon DD05 on 3``   Dream Moon: lay DD05 from your hand on your position 3 (from the left)
``keep DD12``        Predictions: keep DD12 of the cards you looked at
``extra turn``       Deep Sleep: take the extra turn
``steal B``          Steal: a random card from B's hand
``eliminate B``      Eliminate left/right: discard B's end card (the icon says which end)
``skip``             decline the icon effect being resolved
===================  ==============================================================

Reading is forgiving: case is ignored, ``DD`` may be left out (``play 17 l``), ``right``/``left``
may be ``r``/``l`` and ``on`` may be left out.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...core.contract import seat_from_name, seat_name
from ...core.errors import NotationError
from .cards import CARD_INDEX, DECK

DRAW, PLAY, MOON, KEEP, EXTRA, STEAL, ELIMINATE, SKIP = range(8)
RIGHT_END, LEFT_END = 0, 1


class DreamMove(NamedTuple):
    """One action: ``kind``, a ``card`` number (0–53, or -1) and ``arg`` (end, position or seat)."""

    kind: int
    card: int = -1
    arg: int = 0

    def __str__(self) -> str:
        kind = self.kind
        if kind == DRAW:
            return "draw"
        if kind == PLAY:
            return f"play {DECK[self.card].id} {'left' if self.arg == LEFT_END else 'right'}"
        if kind == MOON:
            return f"moon {DECK[self.card].id} on {self.arg}"
        if kind == KEEP:
            return f"keep {DECK[self.card].id}"
        if kind == EXTRA:
            return "extra turn"
        if kind == STEAL:
            return f"steal {seat_name(self.arg)}"
        if kind == ELIMINATE:
            return f"eliminate {seat_name(self.arg)}"
        return "skip"


HINT = "write draw, play DD17 right, play DD17 left, moon DD05 on 3, keep DD12, extra turn, steal B, eliminate B or skip"
_CARD = r"(?:dd)?(\d{1,2})"
_PATTERNS = [
    (re.compile(r"^draw$"), DRAW),
    (re.compile(rf"^(?:play\s+)?{_CARD}(?:\s+(right|left|r|l))?$"), PLAY),
    (re.compile(rf"^moon\s+{_CARD}\s+(?:on\s+)?(\d{{1,2}})$"), MOON),
    (re.compile(rf"^keep\s+{_CARD}$"), KEEP),
    (re.compile(r"^(?:extra(?:\s+turn)?|sleep)$"), EXTRA),
    (re.compile(r"^steal\s+([a-e])$"), STEAL),
    (re.compile(r"^eliminate\s+([a-e])$"), ELIMINATE),
    (re.compile(r"^(?:skip|decline)$"), SKIP),
]


def _card(text: str, number: str) -> int:
    card_id = f"DD{int(number):02d}"
    if card_id not in CARD_INDEX:
        raise NotationError(f"{text!r}: there is no card {card_id}; the cards are DD01–DD54")
    return CARD_INDEX[card_id]


def parse_move(text: str, players: int) -> DreamMove:
    """The move ``text`` names; ``NotationError`` with a hint when it names none."""
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}; {HINT}")
    cleaned = " ".join(text.lower().split())
    for pattern, kind in _PATTERNS:
        match = pattern.match(cleaned)
        if match is None:
            continue
        if kind in (DRAW, EXTRA, SKIP):
            return DreamMove(kind)
        if kind == PLAY:
            end = LEFT_END if (match.group(2) or "right")[0] == "l" else RIGHT_END
            return DreamMove(PLAY, _card(text, match.group(1)), end)
        if kind == MOON:
            return DreamMove(MOON, _card(text, match.group(1)), int(match.group(2)))
        if kind == KEEP:
            return DreamMove(KEEP, _card(text, match.group(1)))
        seat = seat_from_name(match.group(1))
        if seat >= players:
            raise NotationError(f"{text!r}: this game has seats A–{seat_name(players - 1)}")
        return DreamMove(kind, -1, seat)
    raise NotationError(f"{text!r} is not a move; {HINT}")
