"""The events of Sogni e Incubi: their kinds, their fields, and the sentences that put them in words.

The rules build events from small values only — seats as ints, slots as numbers 1–6, cards as
their short names (``S3``, ``I3``, ``CS``, ``CI``, ``R``, as in the view and the notation) — and
never text: the sentences below (declared on the game as ``SogniEIncubi.sentences``) are written
only when a log is read.

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

from typing import Any, Mapping

from ...core.contract import seat_list, seat_name
from .cards import CI, CODE_OF_SHORT_NAME, CS, LONG_NAMES, REM, is_incubo, is_nightmare, is_sogno

DEAL = "deal"
DRAW = "draw"
PLAY = "play"
PASS = "pass"
GAME_OVER = "game-over"

EVENT_KINDS = frozenset((DEAL, DRAW, PLAY, PASS, GAME_OVER))
"""Every kind of event the rules emit; ``SogniEIncubi.sentences`` has one sentence for each."""

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

_WON_BECAUSE = {
    REASON_COMPLETE: "completed the row with an empty hand",
    REASON_HANDS_EMPTY: "won on the count: every hand is empty and the deck is gone",
    REASON_STUCK: "won on the count: a full round passed with no legal move",
}


def long_name(card: str) -> str:
    """``S3`` → ``Dream 3``."""
    return LONG_NAMES[CODE_OF_SHORT_NAME[card]]


def draw_sentence(event: Mapping[str, Any]) -> str:
    """``A drew Dream 3.`` for the drawer, ``A drew a card.`` for everyone else."""
    card = event["card"]
    return f"{seat_name(event['actor'])} drew {'a card' if card is None else long_name(card)}."


def play_sentence(event: Mapping[str, Any]) -> str:
    """``A played Nightmare 2 on B's slot 2 and took B's Dream 2.`` and the like."""
    actor, row, over, to_hand = event["actor"], event["row"], event["over"], event["to_hand"]
    card = CODE_OF_SHORT_NAME[event["card"]]
    whose = "their" if row == actor else f"{seat_name(row)}'s"
    text = f"{seat_name(actor)} played {LONG_NAMES[card]} on {whose} slot {event['slot']}"
    if to_hand is not None:
        if card == CI:  # SI-R9
            text += f"; {long_name(over)} went back to {seat_name(to_hand)}'s hand"
        elif is_incubo(card):  # SI-R8
            text += f" and took {seat_name(row)}'s {long_name(over)}"
        else:  # SI-R7d
            text += " and took the Rem"
    elif over is not None and is_nightmare(CODE_OF_SHORT_NAME[over]) and (is_sogno(card) or card in (CS, REM)):
        text += ", covering the nightmare"  # SI-R7c, SI-R10, SI-R11
    return text + "."


def pass_sentence(event: Mapping[str, Any]) -> str:
    """``B has no legal move and passes.`` (SI-R4)."""
    why = "has no cards" if event["reason"] == PASS_NO_CARDS else "has no legal move"
    return f"{seat_name(event['actor'])} {why} and passes."


def game_over_sentence(event: Mapping[str, Any]) -> str:
    """``A completed the row with an empty hand.`` or ``Shared win: A and B (…).``"""
    winners = event["winners"]
    names, explain = seat_list(winners), _WON_BECAUSE[event["reason"]]
    return f"{names} {explain}." if len(winners) == 1 else f"Shared win: {names} ({explain})."

