"""The events of Dream Cycle: their kinds and their fields (:mod:`.wording` puts them in words).

The rules build events from small values only — seats as ints, numbers as numbers, tiles, squares,
colours and facings as their codes (``N``, ``BL``, ``G``, ``zip``) — and never text: their words are
the catalogues' (``web/i18n``), chosen by :mod:`.wording` when a log is read. What
only one seat may know is a ``Secret`` that reads ``null`` for everyone else: an Inspiration tile
drawn, a brake plan, the tiles a player keeps.

A *spot* is a place on the Dreamscape as it was when the event happened (rows come and go):
``{"x", "y", "row", "square", "line", "column", "side"}``, ``square`` a square code or ``"fringe"``;
``line`` (0–2, south to north) and ``column`` (1–9 from the west) place a square in its row, ``side``
(``W``, ``E``, ``S``, ``N``) a fringe space against the row it borders (``CycleState.spot``). The
words name places by these, never by the coordinates. A *bundle* is one side
of a trade: ``{"tiles": [Directional codes], "chi": n, "inspiration": [Inspiration codes]}``. A
*reason* says what a forced payment is for: ``drain`` (a Psychic Drain), ``toll`` (the ``to``
seat's conflict toll), ``loop`` (the brake forced by an endless loop), ``brake`` (a brake by
Wake Gently).

================  =========  ================================================================
kind              actor      fields
================  =========  ================================================================
``setup``         null       ``first``: the starting player; ``chooser``: the seat choosing a
                             starting space first (DC-R2, DC-R3)
``row-laid``      null       ``row`` (1–10), ``phase`` (1–5), ``tiles``: three tile ids
                             (``P3-07``) west to east (DC-R5, DC-R6)
``rows-removed``  null       ``rows``: the row numbers that left the game (DC-R7)
``start``         the seat   ``space`` (1–9, west to east), ``facing`` (DC-R3)
``turn``          the seat   ``round``, ``chi``: the income taken (DC-R19)
``buy``/``sell``  the seat   ``tile``: a Directional code; ``chi``: paid or received (DC-R17)
``place``         the seat   ``tile``, ``field``: a field colour code (DC-R22, DC-R23)
``unplace``       the seat   ``tile``, ``field``
``boost``         the seat   ``field``, ``chi`` (DC-R24)
``unboost``       the seat   ``field``
``aim``           the seat   ``facing`` (DC-R25)
``plan``          the seat   ``plan``: the brake plan for the seat only, ``null`` for others
                             (``{"kind": "row", "row": 4}``; see ``plan_json``) (DC-R31)
``keep``          the seat   ``tiles``: Inspiration codes for the seat only, ``null`` for others
                             (DC-R49)
``cap``           the seat   ``chi``: returned above the cap; ``cap`` (DC-R20)
``offer``         the giver  ``to``: a seat; ``give``, ``take``: bundles (DC-R26)
``accept``        the taker  ``from``: the giver; ``give``, ``take``: bundles
``decline``       the taker  ``from``: the giver
``lapse``         the giver  ``to``: the taker; ``tile``: the Inspiration kind the giver just gave up,
                             which the offer gives (DC-R26, DC-R43)
``time-up``       null       ``seat``: the seat whose Buying Phase the sand timer stopped (DC-R47)
``movement``      the mover  — (its Movement Phase begins, DC-R28)
``roll``          the mover  ``square``: the special square left; ``colour``: the die's field
                             colour (DC-R10, DC-R11)
``no-tile``       the mover  ``colour``, ``facing``: the movement ends (DC-R34)
``ride``          the mover  ``how``: ``doldrum`` (stepping off one, DC-R28) or the turn
                             ``straight``/``right``/``around``/``left``; ``colour`` (or null);
                             ``facing``; ``spaces``; ``destination``: a spot (DC-R29, DC-R30)
``conflict``      the mover  ``at``: a spot; ``entering``, ``occupants``: seats (DC-R35, DC-R38)
``block``         the mover  ``facing`` (DC-R36, DC-R48)
``pass``          the mover  ``entering``: the seats that share the space
``push``          the mover  ``pushed``: seats; ``facing``; ``destination``: a spot (DC-R35,
                             DC-R44)
``doldrum``       the mover  — (it stops on a doldrum space, DC-R34)
``brake``         the mover  ``chi``, ``at``: a spot (DC-R31)
``loop``          the mover  — (an endless loop forces the brake, DC-R32, DC-R33)
``use``           the mover  ``tile``: the Inspiration tile whose ability is used (§3.3)
``zip``           the mover  ``facing``, ``destination``: a spot (§3.3)
``blue``          the token  ``chi``: gained on a blue square (DC-R14)
``draw``          the token  ``tile``: the Inspiration tile, for the drawer only (DC-R16)
``cash``          the seat   ``tile``, ``chi``: an Inspiration tile turned in (DC-R42)
``cancel``        the payer  ``tile`` (Ward or Wake Gently), ``reason``, ``to`` (DC-R49)
``pay``           the payer  ``chi``, ``reason``, ``to`` (DC-R15, DC-R39, DC-R49)
``out``           the seat   ``chi``, ``reason``, ``to``: the payment it could not make (DC-R46)
``game-over``     null       ``reason``: ``awake``, ``last-standing``, ``round-limit`` or
                             ``all-out``; ``winners``: seats (DC-R45)
================  =========  ================================================================
"""

from __future__ import annotations

from typing import Any, Literal, Mapping, NamedTuple

from .components import (
    COLOUR_CODES,
    COLOUR_NAMES,
    DIRECTIONAL_CODES,
    DIRECTIONAL_NAMES,
    FACING_NAMES,
    FACINGS,
    INSPIRATION_CODES,
    INSPIRATION_NAMES,
    SQUARE_CODES,
    SQUARE_NAMES,
)

SETUP = "setup"
ROW_LAID = "row-laid"
ROWS_REMOVED = "rows-removed"
STARTED = "start"
TURN = "turn"
BOUGHT = "buy"
SOLD = "sell"
PLACED = "place"
UNPLACED = "unplace"
BOOSTED = "boost"
UNBOOSTED = "unboost"
AIMED = "aim"
PLAN_SET = "plan"
KEEP_SET = "keep"
CAPPED = "cap"
OFFERED = "offer"
ACCEPTED = "accept"
DECLINED = "decline"
LAPSED = "lapse"
TIME_UP = "time-up"
MOVEMENT_BEGINS = "movement"
ROLLED = "roll"
NO_TILE = "no-tile"
RODE = "ride"
CONFLICT = "conflict"
BLOCKED = "block"
PASSED = "pass"
PUSHED = "push"
DOLDRUM = "doldrum"
BRAKED = "brake"
LOOP = "loop"
USED = "use"
ZIPPED = "zip"
BLUE_SQUARE = "blue"
DREW = "draw"
CASHED = "cash"
CANCELLED = "cancel"
PAID = "pay"
OUT = "out"
GAME_OVER = "game-over"

EVENT_KINDS = frozenset((
    SETUP, ROW_LAID, ROWS_REMOVED, STARTED, TURN, BOUGHT, SOLD, PLACED, UNPLACED, BOOSTED, UNBOOSTED, AIMED, PLAN_SET,
    KEEP_SET, CAPPED, OFFERED, ACCEPTED, DECLINED, LAPSED, TIME_UP, MOVEMENT_BEGINS, ROLLED, NO_TILE, RODE, CONFLICT, BLOCKED,
    PASSED, PUSHED, DOLDRUM, BRAKED, LOOP, USED, ZIPPED, BLUE_SQUARE, DREW, CASHED, CANCELLED, PAID, OUT, GAME_OVER,
))
"""Every kind of event the rules emit; each has its fields in :data:`EVENT_FIELDS` and its words in the catalogues."""

EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    SETUP: ("chooser", "first"),
    ROW_LAID: ("phase", "row", "tiles"),
    ROWS_REMOVED: ("rows",),
    STARTED: ("facing", "space"),
    TURN: ("chi", "round"),
    BOUGHT: ("chi", "tile"),
    SOLD: ("chi", "tile"),
    PLACED: ("field", "tile"),
    UNPLACED: ("field", "tile"),
    BOOSTED: ("chi", "field"),
    UNBOOSTED: ("field",),
    AIMED: ("facing",),
    PLAN_SET: ("plan",),
    KEEP_SET: ("tiles",),
    CAPPED: ("cap", "chi"),
    OFFERED: ("give", "take", "to"),
    ACCEPTED: ("from", "give", "take"),
    DECLINED: ("from",),
    LAPSED: ("to", "tile"),
    TIME_UP: ("seat",),
    MOVEMENT_BEGINS: (),
    ROLLED: ("colour", "square"),
    NO_TILE: ("colour", "facing"),
    RODE: ("colour", "destination", "facing", "how", "spaces"),
    CONFLICT: ("at", "entering", "occupants"),
    BLOCKED: ("facing",),
    PASSED: ("entering",),
    PUSHED: ("destination", "facing", "pushed"),
    DOLDRUM: (),
    BRAKED: ("at", "chi"),
    LOOP: (),
    USED: ("tile",),
    ZIPPED: ("facing", "destination"),
    BLUE_SQUARE: ("chi",),
    DREW: ("tile",),
    CASHED: ("chi", "tile"),
    CANCELLED: ("tile", "reason", "to"),
    PAID: ("chi", "reason", "to"),
    OUT: ("chi", "reason", "to"),
    GAME_OVER: ("reason", "winners"),
}
"""The fields of each event kind beside ``kind`` and ``actor`` (the table above): the view's schema refuses
any other, so a field added by mistake (another seat's hand) cannot pass the kit's checks."""

EVENT_RULES: Mapping[str, tuple[str, ...]] = {
    SETUP: ("DC-R2", "DC-R3"),
    ROW_LAID: ("DC-R5", "DC-R6"),
    ROWS_REMOVED: ("DC-R7",),
    STARTED: ("DC-R3",),
    TURN: ("DC-R19",),
    BOUGHT: ("DC-R17",),
    SOLD: ("DC-R17",),
    PLACED: ("DC-R22",),
    UNPLACED: ("DC-R22", "DC-R23"),
    BOOSTED: ("DC-R24",),
    UNBOOSTED: ("DC-R24",),
    AIMED: ("DC-R25",),
    PLAN_SET: ("DC-R31",),
    KEEP_SET: ("DC-R49",),
    CAPPED: ("DC-R20",),
    OFFERED: ("DC-R26",),
    ACCEPTED: ("DC-R26",),
    DECLINED: ("DC-R26",),
    LAPSED: ("DC-R26",),
    TIME_UP: ("DC-R47",),
    MOVEMENT_BEGINS: ("DC-R28",),
    ROLLED: ("DC-R10", "DC-R11"),
    NO_TILE: ("DC-R34",),
    RODE: ("DC-R29",),
    f"{RODE}:spaces=2": ("DC-R30",),
    f"{RODE}:spaces=3": ("DC-R30",),
    CONFLICT: ("DC-R36",),
    BLOCKED: ("DC-R36", "DC-R37", "DC-R48"),
    PASSED: ("DC-R36",),
    PUSHED: ("DC-R12", "DC-R35"),
    DOLDRUM: ("DC-R8", "DC-R34"),
    BRAKED: ("DC-R31",),
    LOOP: ("DC-R32",),
    USED: ("DC-R41",),
    ZIPPED: ("DC-R41",),
    BLUE_SQUARE: ("DC-R14",),
    DREW: ("DC-R16",),
    CASHED: ("DC-R42",),
    CANCELLED: ("DC-R49",),
    f"{CANCELLED}:reason=toll": ("DC-R39",),
    PAID: ("DC-R49",),
    f"{PAID}:reason=drain": ("DC-R15",),
    f"{PAID}:reason=toll": ("DC-R39",),
    f"{PAID}:reason=brake": ("DC-R31",),
    f"{PAID}:reason=loop": ("DC-R32",),
    OUT: ("DC-R46",),
    f"{OUT}:reason=drain": ("DC-R15",),
    f"{OUT}:reason=toll": ("DC-R39",),
    GAME_OVER: (),
    f"{GAME_OVER}:reason=awake": ("DC-R45",),
    f"{GAME_OVER}:reason=last-standing": ("DC-R45", "DC-R46"),
}
"""The rule IDs (docs/rules/dream-cycle.md) an event shows applied, by kind and by ``kind:field=value``
(core/rule_coverage.py): a payment is the rule of its reason."""

Reason = Literal["drain", "toll", "loop", "brake"]
"""What a forced payment is for (DC-R49)."""

TURNS = ("straight", "right", "around", "left")
"""A ride's turn, by quarter turns clockwise from the old facing (``ride``'s ``how``)."""
STEP_OFF = "doldrum"
"""``ride``'s ``how`` when a token steps off a doldrum space at the start of a movement (DC-R28)."""


class Debt(NamedTuple):
    """A payment the rules imposed and a seat could not make: why it is out (DC-R46)."""

    reason: Reason
    chi: int
    to: int | None
    """The seat the chi was owed to (a toll), or ``None`` for the supply."""

    def to_json(self) -> dict[str, Any]:
        return {"reason": self.reason, "chi": self.chi, "to": self.to}


# -- words for codes ------------------------------------------------------------------------------
FACING_NAME = dict(zip(FACINGS, FACING_NAMES))
FIELD_NAME = dict(zip(COLOUR_CODES, COLOUR_NAMES))  # every colour a field may take (DC-R9): Y and BL too
SQUARE_NAME = dict(zip(SQUARE_CODES, SQUARE_NAMES))
DIRECTIONAL_NAME = dict(zip(DIRECTIONAL_CODES, DIRECTIONAL_NAMES))
INSPIRATION_NAME = dict(zip(INSPIRATION_CODES, INSPIRATION_NAMES))
TURN_WORDS = dict(zip(TURNS, ("goes straight", "turns right", "turns around", "turns left")))


LINE_WORDS = ("south", "middle", "north")
"""A row's three lines of squares, south to north (a spot's ``line``)."""
SIDE_WORDS = {"W": "west of", "E": "east of", "S": "south of", "N": "north of"}
"""Where a fringe space lies against the row it borders (a spot's ``side``)."""


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … (a square's place from the west end of its row)."""
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th') if number not in (11, 12, 13) else 'th')}"


def spot_words(spot: Mapping[str, Any]) -> str:
    """A place as a player finds it on the board, never its coordinates: ``the Green square in row 2
    (middle line, 4th from the west)``, ``the fringe west of row 3 (south line)``, ``the fringe south of
    row 1 (5th from the west)``."""
    square = spot["square"]
    if square == "fringe":
        side = spot["side"]
        beside = spot["row"] + {"S": 1, "N": -1}.get(side, 0)  # the row the fringe space borders
        place = f"{LINE_WORDS[spot['line']]} line" if side in ("W", "E") else f"{ordinal(spot['column'])} from the west"
        return f"the fringe {SIDE_WORDS[side]} row {beside} ({place})"
    return (f"the {SQUARE_NAME[square]} square in row {spot['row']} "
            f"({LINE_WORDS[spot['line']]} line, {ordinal(spot['column'])} from the west)")


def bundle_words(bundle: Mapping[str, Any]) -> str:
    """A side of a trade as in the notation: ``N N 2c zip``, or ``-`` for nothing."""
    words = list(bundle["tiles"])
    if bundle["chi"]:
        words.append(f"{bundle['chi']}c")
    words += bundle["inspiration"]
    return " ".join(words) or "-"


def plan_words(plan: Mapping[str, Any]) -> str:
    """A brake plan (``plan_json``) in words."""
    kind = plan["kind"]
    if kind == "row":
        return f"brake on reaching row {plan['row']}"
    if kind == "steps":
        return f"brake after {plan['steps']} steps"
    if kind == "on":
        return "brake on landing on " + ", ".join(SQUARE_NAME[code] for code in plan["squares"])
    return {"none": "no brake (except a loop)", "ask": "ask after every step"}[kind]


def keep_words(tiles: list[str] | tuple[str, ...]) -> str:
    """The Inspiration tiles a player keeps from forced payments, in words."""
    return ", ".join(INSPIRATION_NAME[code] for code in tiles) or "none (the note's order)"


__all__ = ["Debt", "EVENT_KINDS", "Reason", "STEP_OFF", "TURNS", "bundle_words", "keep_words", "plan_words", "spot_words"]
