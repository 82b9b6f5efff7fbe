"""The events of Dreamwell: their kinds and their fields (:mod:`.wording` puts them in words).

The rules build events from small values only — seats as ints, pawns as 1 and 2 (as in the
notation), cells as their names (``b3``), cards, creatures and terrains as their codes (``W12``,
``GAM``, ``PS``), directions as ``N`` … ``NW`` — all prebuilt strings or numbers, never text made
in ``apply``. Their words are the catalogues' (``web/i18n``), chosen by :mod:`.wording` when a log
is read.

==================  ========  ==============================================================
kind                actor     fields
==================  ========  ==============================================================
``setup``           null      ``first``: the First Player (DW-R1)
``draw``            drawer    ``card``: the card drawn, for the drawer; ``null`` for the others
``take``            taker     ``card``; ``slot``: its display slot 0–3; ``refill``: the card
                              that took its place, ``null`` for a gap (DW-R7)
``refresh``         player    ``display``: the four new display slots (``null``: a gap) (DW-R8)
``rotate``          player    ``cell``; ``degrees``: 90, 180 or 270 clockwise (DW-R9)
``flip``            player    ``cell``; ``creature``, ``terrain``: what it shows now (DW-R22)
``play``            player    ``card`` (its ability is the card's, DW-R16)
``enter``           player    ``pawn``; ``cell``: the edge tile it came onto (DW-R11)
``move``            player    ``pawn``; ``direction``; ``start``; ``cell``: where it arrived
                              (DW-R10)
``leave``           player    ``pawn``; ``cell``: the tile it left the board from (DW-R12)
``move-to``         player    ``pawn``; ``cell`` (the MOVE TO ability, DW-R17)
``skip``            player    — (the ability being resolved is declined, DW-R16)
``ability-lapses``  player    — (the immediate ability has nothing to act on)
``last-round``      player    ``cards``: how many it has played (7, or 10 advanced) (DW-R19)
``discard``         player    ``card``: for the discarder; ``null`` for the others (DW-R18)
``game-over``       null      ``winners``: seats; ``points``: the winning score (DW-R20, DW-R21)
==================  ========  ==============================================================

``stop`` and ``end`` change only what the view already shows (the pawn stops, the turn passes)
and make no event.
"""

from __future__ import annotations

from typing import Mapping

SETUP = "setup"
DRAW = "draw"
TAKE = "take"
REFRESH = "refresh"
ROTATE = "rotate"
FLIP = "flip"
PLAY = "play"
ENTER = "enter"
MOVE = "move"
LEAVE = "leave"
MOVE_TO = "move-to"
SKIP = "skip"
ABILITY_LAPSES = "ability-lapses"
LAST_ROUND = "last-round"
DISCARD = "discard"
GAME_OVER = "game-over"

EVENT_KINDS = frozenset((
    SETUP, DRAW, TAKE, REFRESH, ROTATE, FLIP, PLAY, ENTER, MOVE, LEAVE, MOVE_TO, SKIP, ABILITY_LAPSES,
    LAST_ROUND, DISCARD, GAME_OVER,
))
"""Every kind of event the rules emit; each has its fields in :data:`EVENT_FIELDS` and its words in the catalogues."""

EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    SETUP: ("first",),
    DRAW: ("card",),
    TAKE: ("card", "refill", "slot"),
    REFRESH: ("display",),
    ROTATE: ("cell", "degrees"),
    FLIP: ("cell", "creature", "terrain"),
    PLAY: ("card",),
    ENTER: ("cell", "pawn"),
    MOVE: ("cell", "direction", "pawn", "start"),
    LEAVE: ("cell", "pawn"),
    MOVE_TO: ("cell", "pawn"),
    SKIP: (),
    ABILITY_LAPSES: (),
    LAST_ROUND: ("cards",),
    DISCARD: ("card",),
    GAME_OVER: ("points", "winners"),
}
"""The fields of each event kind beside ``kind`` and ``actor`` (the table above): the view's schema refuses
any other, so a field added by mistake (another seat's hand) cannot pass the kit's checks."""

EVENT_RULES: Mapping[str, tuple[str, ...]] = {
    SETUP: ("DW-R1", "DW-R5"),
    DRAW: ("DW-R7",),
    TAKE: ("DW-R7",),
    REFRESH: ("DW-R8",),
    ROTATE: ("DW-R3", "DW-R9"),
    FLIP: ("DW-R22",),
    PLAY: ("DW-R15", "DW-R16"),
    ENTER: ("DW-R11",),
    MOVE: ("DW-R10",),
    **{f"{MOVE}:direction={diagonal}": ("DW-R2",) for diagonal in ("NE", "SE", "SW", "NW")},  # a diagonal door leads diagonally
    LEAVE: ("DW-R12",),
    MOVE_TO: ("DW-R17",),
    SKIP: ("DW-R16",),
    ABILITY_LAPSES: ("DW-R16",),
    LAST_ROUND: ("DW-R19",),
    DISCARD: ("DW-R18",),
    GAME_OVER: ("DW-R20",),
}
"""The rule IDs (docs/rules/dreamwell.md) an event shows applied (core/rule_coverage.py)."""

