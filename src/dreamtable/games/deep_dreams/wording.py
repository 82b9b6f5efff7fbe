"""Deep Dreams' events as messages: which catalogue key words each, and the fields it works out.

The page and the terminal both word an event from its message (core/words.py): the key of its
template in ``web/i18n/<lang>.json`` and the derived fields :data:`.events.SENTENCE_FIELDS`
declares — ``name``, the event's card, and ``names``, its list of cards. A card is named by its
colours top to bottom (``card.name``: "the pink/green/green card", "la carta rosa/verde/verde"),
never by its code, which is notation. A message is made from the event as the seat reading it
knows it: a card hidden from that seat is ``None`` there, and the message picks the ``.hidden``
variant that names no card.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.words import Message
from .cards import CARD_INDEX, COLOURS, DECK
from .events import BONUS_DRAW, DRAW, ELIMINATE, KEEP, MOON, PEEK, PLAY, START_ROW, STEAL

HIDDEN = ".hidden"
"""The suffix of the variant that words an event whose card the reader may not see."""


def card_message(card: str) -> Message:
    """A card in words: its three colours, top to bottom (``card.name``)."""
    top, middle, bottom = (COLOURS[colour] for colour in DECK[CARD_INDEX[card]].colours)
    return {"key": "card.name", "fields": {"top": top, "middle": middle, "bottom": bottom}}


def cards_message(cards: Sequence[str]) -> Message:
    """Several cards in words, joined ("X, Y and Z"); none is ``nothing``."""
    if not cards:
        return {"key": "nothing"}
    return {"list": [card_message(card) for card in cards]}


def event_message(event: Mapping[str, Any]) -> Message:
    """The message of one event as its reader sees it (``DeepDreams.message``)."""
    kind = event["kind"]
    key = f"event.{kind}"
    card: Any = event.get("card")  # a code, or None where the reader may not see it
    if kind in (DRAW, BONUS_DRAW, STEAL):
        if card is None:
            return {"key": key + HIDDEN}
        return {"key": key, "fields": {"name": card_message(card)}}
    if kind in (START_ROW, PLAY, MOON):
        return {"key": key, "fields": {"name": card_message(card)}}
    if kind == PEEK:
        if event["cards"] is None:
            return {"key": key + HIDDEN}
        return {"key": key, "fields": {"names": cards_message(event["cards"])}}
    if kind == KEEP:
        if card is None:
            return {"key": key + HIDDEN}
        return {"key": key, "fields": {"name": card_message(card), "names": cards_message(event["rest"])}}
    if kind == ELIMINATE:
        return {"key": key, "fields": {"names": cards_message(event["cards"])}}
    return {"key": key}
