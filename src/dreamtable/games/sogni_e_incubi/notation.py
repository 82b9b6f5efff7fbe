"""The compact notation of Sogni e Incubi actions, and the :class:`Move` value it names.

==========  ============================================================
``draw``    draw the top card of the deck
``S3``      play a Dream 3 on your own slot 3 (empty, Dream, nightmare or your own Rem)
``S3>B``    play a Dream 3 in place of the Rem on B's slot 3; the Rem comes to your hand
``I3>B``    play a Nightmare 3 on B's slot 3 (taking the Dream on top, if any)
``CI>B4``   play a Convert to Nightmare on B's slot 4
``CS4``     play a Convert to Dream on your own slot 4
``R4``      play a Rem on your own slot 4
==========  ============================================================

Seats are letters: A is seat 0, B seat 1, and so on. Case and spaces do not matter when reading.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ...core.contract import seat_from_name, seat_name
from ...core.errors import NotationError
from .cards import CI, CODE_OF_SHORT_NAME, CS, REM, SHORT_NAMES, is_incubo, is_sogno

DRAW_CODE = -1


class Move(NamedTuple):
    """One action: ``card`` code (``-1`` to draw), ``target`` seat (``None``: your own row), ``slot`` 1–6."""

    card: int
    target: int | None
    slot: int

    def __str__(self) -> str:
        card = self.card
        if card == DRAW_CODE:
            return "draw"
        name = SHORT_NAMES[card]
        if is_sogno(card) or is_incubo(card):
            return name if self.target is None else f"{name}>{seat_name(self.target)}"
        if card == CI:
            return f"CI>{seat_name(self.target if self.target is not None else 0)}{self.slot}"
        return f"{name}{self.slot}"


DRAW = Move(DRAW_CODE, None, 0)

_PATTERN = re.compile(r"^(?:(?P<draw>DRAW|D)|(?P<card>[SI][1-6]|CS|CI|R)(?:>(?P<seat>[A-Z]))?(?P<slot>[1-6])?)$")

HINT = "write draw, S3, S3>B, I3>B, CI>B4, CS4 or R4 (seats are letters A, B, C, D; slots 1–6)"


def parse_move(text: str, seat: int, players: int) -> Move:
    """The move ``text`` names for ``seat`` in a game of ``players``; ``NotationError`` with a hint."""
    if not isinstance(text, str):
        raise NotationError(f"a move is text, not {type(text).__name__}; {HINT}")
    cleaned = "".join(text.split()).upper()
    match = _PATTERN.match(cleaned)
    if match is None:
        raise NotationError(f"{text!r} is not a move; {HINT}")
    if match["draw"]:
        return DRAW
    card = CODE_OF_SHORT_NAME[match["card"]]
    target = None if match["seat"] is None else seat_from_name(match["seat"])
    slot_text = match["slot"]
    if target is not None and not 0 <= target < players:
        last = seat_name(players - 1)
        raise NotationError(f"{text!r} names seat {match['seat']}, but this game has seats A–{last}")
    if target == seat:
        raise NotationError(f"{text!r} names your own row with '>'; '>' is for an opponent's row, e.g. {_own_form(card, slot_text)}")
    if is_sogno(card) or is_incubo(card):
        if slot_text is not None:
            raise NotationError(f"{text!r}: a {match['card']} always goes on slot {match['card'][1]}; leave the slot out")
        if is_incubo(card) and target is None:
            raise NotationError(f"{text!r}: a Nightmare goes on an opponent's row; write {match['card']}>B")
        return Move(card, target, int(match["card"][1]))
    if slot_text is None:
        raise NotationError(f"{text!r}: say which slot (1–6), e.g. {'CI>B4' if card == CI else match['card'] + '4'}")
    if card == CI:
        if target is None:
            raise NotationError(f"{text!r}: a Convert to Nightmare goes on an opponent's row; write CI>B{slot_text}")
        return Move(CI, target, int(slot_text))
    if target is not None:
        raise NotationError(f"{text!r}: a {match['card']} goes only on your own row; write {match['card']}{slot_text}")
    assert card in (CS, REM)
    return Move(card, None, int(slot_text))


def _own_form(card: int, slot: str | None) -> str:
    name = SHORT_NAMES[card]
    if is_sogno(card) or is_incubo(card):
        return name
    return f"{name}{slot or 1}"
