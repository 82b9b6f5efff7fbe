"""Which catalogue sentence words each event of Sogni e Incubi: the choice made once, here, for the page
and the terminal alike (core/words.py; the templates are ``event.*`` of ``web/i18n/<lang>.json``).

A message is worked out from the event as the seat sees it: a drawn card the seat may not know is
``null`` in its event, and the sentence says "a card". The templates name cards themselves
(``{card:card}`` → ``card.S3``), so no message adds a field of its own.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.words import Message
from .cards import CI, CODE_OF_SHORT_NAME, is_incubo, is_nightmare
from .events import DRAW, GAME_OVER, PASS, PASS_NO_CARDS, PLAY, REASON_COMPLETE, REASON_HANDS_EMPTY, REASON_STUCK

WON_ALONE = (REASON_COMPLETE, REASON_HANDS_EMPTY, REASON_STUCK)
"""The endings with a sentence of their own for one winner (``event.game-over.<reason>``)."""
WON_SHARED = (REASON_HANDS_EMPTY, REASON_STUCK)
"""The endings a shared win can have (a count; SI-R14, SI-R15): ``event.game-over.shared.<reason>``."""


def message(event: Mapping[str, Any]) -> Message:
    """The key of ``event``'s sentence: ``event.<kind>`` or the variant its fields call for."""
    kind = event["kind"]
    if kind == DRAW and event["card"] is None:
        return {"key": "event.draw.hidden"}
    if kind == PLAY:
        return {"key": play_key(event)}
    if kind == PASS and event["reason"] == PASS_NO_CARDS:
        return {"key": "event.pass.no-cards"}
    if kind == GAME_OVER:
        reason = event["reason"]
        if len(event["winners"]) == 1 and reason in WON_ALONE:
            return {"key": f"event.game-over.{reason}"}
        if len(event["winners"]) > 1 and reason in WON_SHARED:
            return {"key": f"event.game-over.shared.{reason}"}
    return {"key": f"event.{kind}"}


def play_key(event: Mapping[str, Any]) -> str:
    """A play on one's own row or another's, and what it took, returned or covered."""
    own = event["row"] == event["actor"]
    card = CODE_OF_SHORT_NAME[event["card"]]
    over = event["over"]
    if event["to_hand"] is not None:
        if card == CI:  # SI-R9: the Dream goes back to a hand
            return "event.play.other.returned"
        if is_incubo(card):  # SI-R8: the attacker takes the Dream
            return "event.play.other.took"
        return "event.play.own.rem" if own else "event.play.other.rem"  # SI-R7d: a Dream swaps a Rem
    if own and over is not None and is_nightmare(CODE_OF_SHORT_NAME[over]) and not is_nightmare(card):
        return "event.play.own.cover"  # SI-R7c, SI-R10, SI-R11
    return "event.play.own" if own else "event.play"
