"""The notation of Dreamwell actions and the :class:`WellMove` value it names.

Cells are a1–d4 (columns a–d west to east, rows 1–4 south to north); pawns are 1 and 2;
directions N, NE, E, SE, S, SW, W, NW; cards by id (W12, B03).

==================  =============================================================
``draw``            draw the top card of the deck
``take W12``        take W12 from the display (refilled from the deck)
``refresh``         replace the display
``rotate b3 90``    rotate tile b3 by 90, 180 or 270 degrees clockwise
``flip b3``         flip tile b3 (advanced game, or FLIP ANY)
``play W12``        play friend card W12
``move 1 NE``       move pawn 1 through its tile's NE door (free while it may continue)
``enter 2 a3``      bring pawn 2 from off the board onto edge tile a3
``moveto 1 c3``     MOVE TO: put pawn 1 on c3
``stop``            stop a pawn that could keep moving
``skip``            decline the ability being resolved
``end``             end the turn (when only free actions are left)
``discard W12``     discard down to four cards at the end of the turn
==================  =============================================================
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ...core.errors import NotationError
from .components import CARD_INDEX, DIRECTIONS, FRIEND_CARDS

(DRAW, TAKE, REFRESH, ROTATE, FLIP, PLAY, MOVE, ENTER, MOVETO, STOP, SKIP, END, DISCARD) = range(13)


def cell_name(cell: int) -> str:
    """``a1`` for cell 0 (row 1 is the south row)."""
    return "abcd"[cell % 4] + str(cell // 4 + 1)


CELL_NAMES = tuple(cell_name(cell) for cell in range(16))
"""Every cell's name, built once: views and events index it instead of formatting text."""


class WellMove(NamedTuple):
    """One action: ``kind`` and up to two numbers (card, cell, pawn 0/1, direction, quarter turns)."""

    kind: int
    a: int = -1
    b: int = -1

    def __str__(self) -> str:
        return _text(self)


@lru_cache(maxsize=None)  # a few thousand distinct moves exist; bots and logs print them often
def _text(move: WellMove) -> str:
    kind, a, b = move
    if kind == DRAW:
        return "draw"
    if kind in (TAKE, PLAY, DISCARD):
        return f"{('take', 'play', 'discard')[(TAKE, PLAY, DISCARD).index(kind)]} {FRIEND_CARDS[a].id}"
    if kind == REFRESH:
        return "refresh"
    if kind == ROTATE:
        return f"rotate {cell_name(a)} {90 * b}"
    if kind == FLIP:
        return f"flip {cell_name(a)}"
    if kind == MOVE:
        return f"move {a + 1} {DIRECTIONS[b]}"
    if kind == ENTER:
        return f"enter {a + 1} {cell_name(b)}"
    if kind == MOVETO:
        return f"moveto {a + 1} {cell_name(b)}"
    return {STOP: "stop", SKIP: "skip", END: "end"}[kind]


HINT = ("write draw, take W12, refresh, rotate b3 90, flip b3, play W12, move 1 NE, enter 2 a3, "
        "moveto 1 c3, stop, skip, end or discard W12")
_CELL = r"([a-d][1-4])"
_CARD = r"([a-z]\d{1,2})"
_PATTERNS = [
    (re.compile(r"^draw$"), DRAW),
    (re.compile(rf"^take {_CARD}$"), TAKE),
    (re.compile(r"^refresh$"), REFRESH),
    (re.compile(rf"^rotate {_CELL} (90|180|270)$"), ROTATE),
    (re.compile(rf"^flip {_CELL}$"), FLIP),
    (re.compile(rf"^play {_CARD}$"), PLAY),
    (re.compile(r"^move ([12]) (n|ne|e|se|s|sw|w|nw)$"), MOVE),
    (re.compile(rf"^enter ([12]) {_CELL}$"), ENTER),
    (re.compile(rf"^moveto ([12]) {_CELL}$"), MOVETO),
    (re.compile(r"^stop$"), STOP),
    (re.compile(r"^skip$"), SKIP),
    (re.compile(r"^end$"), END),
    (re.compile(rf"^discard {_CARD}$"), DISCARD),
]


def _cell(text: str) -> int:
    return "abcd".index(text[0]) + 4 * (int(text[1]) - 1)


def _card(original: str, text: str) -> int:
    card_id = text.upper()
    if card_id not in CARD_INDEX:
        raise NotationError(f"{original!r}: there is no card {card_id} (white W01–W72, black B01–B15)")
    return CARD_INDEX[card_id]


def parse_move(text: str) -> WellMove:
    """The action ``text`` names; ``NotationError`` with a hint when it names none."""
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}; {HINT}")
    cleaned = " ".join(text.lower().split())
    for pattern, kind in _PATTERNS:
        match = pattern.match(cleaned)
        if match is None:
            continue
        groups = match.groups()
        if kind in (DRAW, REFRESH, STOP, SKIP, END):
            return WellMove(kind)
        if kind in (TAKE, PLAY, DISCARD):
            return WellMove(kind, _card(text, groups[0]))
        if kind == ROTATE:
            return WellMove(ROTATE, _cell(groups[0]), int(groups[1]) // 90)
        if kind == FLIP:
            return WellMove(FLIP, _cell(groups[0]))
        if kind == MOVE:
            return WellMove(MOVE, int(groups[0]) - 1, DIRECTIONS.index(groups[1].upper()))
        return WellMove(kind, int(groups[0]) - 1, _cell(groups[1]))
    raise NotationError(f"{text!r} is not an action; {HINT}")
