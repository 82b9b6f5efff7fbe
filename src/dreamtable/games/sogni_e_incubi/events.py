"""The events of Sogni e Incubi: their kinds and their fields (:mod:`.wording` puts them in words).

The rules build events from small values only — seats as ints, slots as numbers 1–6, cards as
their short names (``S3``, ``I3``, ``CS``, ``CI``, ``R``, as in the view and the notation) — and
never text: their words are the catalogues' (``web/i18n``), chosen by :mod:`.wording` when a log is read.

=============  =======  ==================================================================
kind           actor    fields
=============  =======  ==================================================================
``deal``       null     ``first``: the seat that begins (SI-R1)
``draw``       drawer   ``card``: the card drawn for the drawer; ``null`` for everyone else
``play``       player   ``card``; ``row``: the seat whose row it went on; ``slot``;
                        ``over``: the card that was on top of that slot (``null``: empty);
                        ``to_hand``: the seat whose hand ``over`` went to (a Rem swapped,
                        a Dream taken by a Nightmare or returned by a Convert to
                        Nightmare), ``null`` when ``over`` stays in the stack
``pass``       passer   ``reason``: ``no-cards`` or ``no-legal-move`` (SI-R4)
``game-over``  null     ``reason``: the outcome's reason; ``winners``: seats
=============  =======  ==================================================================
"""

from __future__ import annotations

from typing import Mapping

DEAL = "deal"
DRAW = "draw"
PLAY = "play"
PASS = "pass"
GAME_OVER = "game-over"

EVENT_KINDS = frozenset((DEAL, DRAW, PLAY, PASS, GAME_OVER))
"""Every kind of event the rules emit; each has its fields in :data:`EVENT_FIELDS` and its words in the catalogues."""

EVENT_FIELDS: Mapping[str, tuple[str, ...]] = {
    DEAL: ("first",),
    DRAW: ("card",),
    PLAY: ("card", "over", "row", "slot", "to_hand"),
    PASS: ("reason",),
    GAME_OVER: ("reason", "winners"),
}
"""The fields of each event kind beside ``kind`` and ``actor`` (the table above): the view's schema refuses
any other, so a field added by mistake (another seat's hand) cannot pass the kit's checks."""

EVENT_RULES: Mapping[str, tuple[str, ...]] = {
    DEAL: ("SI-R1",),
    DRAW: ("SI-R2", "SI-R3"),
    PLAY: ("SI-R2", "SI-R5", "SI-R6"),
    **{f"{PLAY}:card=S{n}": ("SI-R7",) for n in range(1, 7)},
    **{f"{PLAY}:card=I{n}": ("SI-R8", "SI-R16") for n in range(1, 7)},
    f"{PLAY}:card=CI": ("SI-R9", "SI-R16"),
    f"{PLAY}:card=CS": ("SI-R10",),
    f"{PLAY}:card=R": ("SI-R11",),
    PASS: ("SI-R4",),
    f"{PASS}:reason=no-cards": ("SI-R14",),
    GAME_OVER: (),
    f"{GAME_OVER}:reason=complete-row": ("SI-R12",),
    f"{GAME_OVER}:reason=hands-empty": ("SI-R14",),
    f"{GAME_OVER}:reason=stuck": ("SI-R15",),
}
"""The rule IDs (docs/rules/sogni-e-incubi.md) an event shows applied, by kind and by ``kind:field=value``
(core/rule_coverage.py): a play of each card is its placement rule; a pass without cards is SI-R14's sitting out."""

PASS_NO_CARDS = "no-cards"
PASS_NO_LEGAL_MOVE = "no-legal-move"

REASON_COMPLETE = "complete-row"
REASON_HANDS_EMPTY = "hands-empty"
REASON_STUCK = "stuck"
"""Why the game ended (``outcome.reason`` and the ``game-over`` event's ``reason``): SI-R12, SI-R14, SI-R15."""
