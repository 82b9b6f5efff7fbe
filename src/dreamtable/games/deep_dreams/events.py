"""The events of Deep Dreams: one kind per thing that can happen, and the fields of each.

The rules (:mod:`.rules`) build an event as its kind, the acting seat and a few typed fields —
seats as ints, cards as their codes (``"DD17"``), icon effects as their codes (``"dream_moon"``),
numbers as numbers — with hidden cards wrapped in a ``Secret`` whose ``shown_as`` is ``None``
(or a count). No words are written there: the log, the page and the terminal word an event in the
reader's language from its message (:mod:`.wording`) when a log is read. A card's code is notation
(``play DD17 right``), not a word: a sentence names the card by its colours top to bottom, which the
catalogue templates read as the fields :data:`SENTENCE_FIELDS` (``name``, ``names``).

=====================  ======  ===================================================================
kind                   actor   fields
=====================  ======  ===================================================================
``deal``               —       ``first`` (seat): five cards each are dealt
``reshuffle``          —       ``cards`` (the new deck's size)
``draw``               seat    ``card`` (code; ``null`` for the others)
``bonus-draw``         seat    ``card`` (code; ``null`` for the others) — DD-R7
``no-draw``            seat    —
``start-row``          seat    ``card``
``play``               seat    ``card``, ``end`` (``left``/``right``), ``levels`` (connected)
``peek``               seat    ``count``, ``cards`` (codes, top first; ``null`` for the others)
``lapse``              seat    ``effect``
``decline``            seat    ``effect``
``keep``               seat    ``card`` (``null`` for the others), ``rest`` (codes put back, top
                               first; ``null`` for the others), ``returned`` (how many)
``moon``               seat    ``card``, ``position`` (1 = leftmost)
``deep-sleep``         seat    —
``extra-turn``         seat    —
``steal``              seat    ``victim`` (seat), ``card`` (code for thief and victim, else ``null``)
``eliminate``          seat    ``target`` (seat), ``end`` (``left``/``right``), ``cards`` (the stack)
``pass``               seat    —
``game-over``          —       ``reason`` (``row-length``/``stuck``), ``winners`` (seats), ``points``
=====================  ======  ===================================================================
"""

from __future__ import annotations

from typing import Mapping

DEAL = "deal"
RESHUFFLE = "reshuffle"
DRAW = "draw"
BONUS_DRAW = "bonus-draw"
NO_DRAW = "no-draw"
START_ROW = "start-row"
PLAY = "play"
PEEK = "peek"
LAPSE = "lapse"
DECLINE = "decline"
KEEP = "keep"
MOON = "moon"
DEEP_SLEEP = "deep-sleep"
EXTRA_TURN = "extra-turn"
STEAL = "steal"
ELIMINATE = "eliminate"
PASS = "pass"
GAME_OVER = "game-over"

EVENT_KINDS = frozenset({
    DEAL, RESHUFFLE, DRAW, BONUS_DRAW, NO_DRAW, START_ROW, PLAY, PEEK, LAPSE, DECLINE, KEEP, MOON,
    DEEP_SLEEP, EXTRA_TURN, STEAL, ELIMINATE, PASS, GAME_OVER,
})
"""Every kind the rules can emit; the tests check that each has a sentence."""

EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    DEAL: ("first",),
    RESHUFFLE: ("cards",),
    DRAW: ("card",),
    BONUS_DRAW: ("card",),
    NO_DRAW: (),
    START_ROW: ("card",),
    PLAY: ("card", "end", "levels"),
    PEEK: ("cards", "count"),
    LAPSE: ("effect",),
    DECLINE: ("effect",),
    KEEP: ("card", "rest", "returned"),
    MOON: ("card", "position"),
    DEEP_SLEEP: (),
    EXTRA_TURN: (),
    STEAL: ("card", "victim"),
    ELIMINATE: ("cards", "end", "target"),
    PASS: (),
    GAME_OVER: ("points", "reason", "winners"),
}
"""The fields of each event kind beside ``kind`` and ``actor`` (the table above): the view's schema refuses
any other, so a field added by mistake (another seat's hand) cannot pass the kit's checks."""

EVENT_RULES: Mapping[str, tuple[str, ...]] = {
    DEAL: ("DD-R1", "DD-R3"),
    RESHUFFLE: ("DD-R17",),
    DRAW: ("DD-R4",),
    BONUS_DRAW: ("DD-R6", "DD-R7"),
    NO_DRAW: ("DD-R17",),
    START_ROW: ("DD-R4", "DD-R5"),
    PLAY: ("DD-R4", "DD-R5", "DD-R6"),
    PEEK: ("DD-R8", "DD-R11"),
    LAPSE: ("DD-R8", "DD-R15"),
    DECLINE: ("DD-R8", "DD-R9"),
    KEEP: ("DD-R11",),
    MOON: ("DD-R8", "DD-R10"),
    DEEP_SLEEP: ("DD-R8", "DD-R12"),
    EXTRA_TURN: ("DD-R12", "DD-R26"),
    STEAL: ("DD-R8", "DD-R13", "DD-R15"),
    ELIMINATE: ("DD-R8", "DD-R14", "DD-R15"),
    PASS: ("DD-R17",),
    GAME_OVER: ("DD-R18", "DD-R19", "DD-R20", "DD-R21", "DD-R22", "DD-R23"),
    f"{GAME_OVER}:reason=row-length": ("DD-R16",),
    f"{GAME_OVER}:reason=stuck": ("DD-R17",),
}
"""The rule IDs (docs/rules/deep-dreams.md) an event shows applied, by kind and by ``kind:field=value``
(core/rule_coverage.py): every game over scores the rows (DD-R18 to R23)."""

SENTENCE_FIELDS: Mapping[str, tuple[str, ...]] = {
    DRAW: ("name",), BONUS_DRAW: ("name",), START_ROW: ("name",), PLAY: ("name",), MOON: ("name",),
    STEAL: ("name",), KEEP: ("name", "names"), PEEK: ("names",), ELIMINATE: ("names",),
}
"""The fields the messages (:mod:`.wording`) work out for the catalogue's templates: ``name``, the
event's ``card`` as a player says it; ``names``, its list of cards (``cards``, or the ``rest`` a keep
put back) said so."""

LEFT, RIGHT = "left", "right"
"""The ends of a row, as events and the view name them."""
