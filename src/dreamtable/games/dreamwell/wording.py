"""Which catalogue sentence words each event of Dreamwell, and the messages that name a friend card and
its ability: chosen once, here, for the page and the terminal alike (core/words.py; the templates are
``event.*``, ``card.name`` and ``ability.*`` of ``web/i18n/<lang>.json``).

A message is worked out from the event as the seat sees it: a card drawn or discarded out of the
seat's sight is ``null`` in its event, and the sentence says "a card". A card is named by its friend
and what it needs, ``Orbit (Cosmo, Umibozu, Blue Water)``: its code (``W12``) is notation.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.words import Message
from . import components
from .events import DISCARD, DRAW, PLAY, TAKE
from .web_data import compact

NAMED_CARD = (DRAW, TAKE, DISCARD, PLAY)
"""The event kinds whose sentence names a card (``{name}``); a play also says its ability (``{ability}``)."""
HIDDEN_CARD = (DRAW, DISCARD)
"""The event kinds whose card some seats do not see (``event.<kind>.hidden``)."""


def message(event: Mapping[str, Any]) -> Message:
    """The key of ``event``'s sentence and the card and ability it names."""
    kind = event["kind"]
    if kind not in NAMED_CARD:
        return {"key": f"event.{kind}"}
    card = event["card"]
    if card is None and kind in HIDDEN_CARD:
        return {"key": f"event.{kind}.hidden"}
    fields: dict[str, Any] = {"name": card_name(card)}
    if kind == PLAY:
        fields["ability"] = ability(card_data(card)[5])
    return {"key": f"event.{kind}", "fields": fields}


def card_data(card: str) -> list[Any]:
    """A friend card as the page draws it: ``[friend, creature, creature, terrain, score, ability]``
    (see :mod:`.web_data`)."""
    return compact(components.FRIEND_CARDS[components.CARD_INDEX[card]])


def card_name(card: str) -> Message:
    """``Orbit (Cosmo, Umibozu, Blue Water)``: the friend and the items it needs, in the reader's words."""
    friend, first, second, terrain = card_data(card)[:4]
    return {"key": "card.name", "fields": {"friend": friend, "first": first, "second": second, "terrain": terrain}}


def ability(ability: list[Any]) -> Message:
    """A card's ability as printed: ``LOCATED Gamma``, ``each turn a free rotate``, ``draw action``."""
    kind, target = ability
    if kind == "each_turn_free":
        return {"key": f"ability.each_turn_free.{target}"}
    if target is None:  # an extra action: nothing to name
        return {"key": f"ability.{kind}"}
    return {"key": f"ability.{kind}", "fields": {"item": target}}
