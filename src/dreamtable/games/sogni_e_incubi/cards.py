"""The 54 cards of Dream – Sogni e Incubi and the small integer codes the rules use for them.

Cards of one kind and number are interchangeable, so the rules hold *codes*, not card ids:

====  =====================  ===========
code  card                   short name
====  =====================  ===========
0–5   Sogno 1–6 (Dream)      S1 … S6
6–11  Incubo 1–6 (Nightmare) I1 … I6
12    Converti in Sogno      CS
13    Converti in Incubo     CI
14    Rem                    R
====  =====================  ===========

The deck itself is data (``data/cards.json``, design note §3.1), checked when it is loaded.
"""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from typing import Any

from ...core.errors import ComponentDataError

SOGNO = range(0, 6)
INCUBO = range(6, 12)
CS = 12
CI = 13
REM = 14
CODES = 15

SHORT_NAMES: tuple[str, ...] = tuple(
    [f"S{n}" for n in range(1, 7)] + [f"I{n}" for n in range(1, 7)] + ["CS", "CI", "R"]
)
LONG_NAMES: tuple[str, ...] = tuple(
    [f"Dream {n}" for n in range(1, 7)]
    + [f"Nightmare {n}" for n in range(1, 7)]
    + ["Convert to Dream", "Convert to Nightmare", "Rem"]
)
CODE_OF_SHORT_NAME = {name: code for code, name in enumerate(SHORT_NAMES)}

KINDS = ("sogno", "incubo", "converti_sogno", "converti_incubo", "rem")
_EXPECTED_COUNTS = {"sogno": 24, "incubo": 24, "converti_sogno": 2, "converti_incubo": 2, "rem": 2}


def is_sogno(code: int) -> bool:
    """A Dream card (Sogno 1–6)."""
    return 0 <= code < 6


def is_incubo(code: int) -> bool:
    """A Nightmare card (Incubo 1–6)."""
    return 6 <= code < 12


def is_nightmare(code: int) -> bool:
    """A card that makes its slot a nightmare slot (SI-R5): an Incubo or a Converti in Incubo."""
    return 6 <= code < 12 or code == CI


def number_of(code: int) -> int:
    """The printed number of a Sogno or Incubo (1–6); 0 for the cards without one."""
    return code % 6 + 1 if code < 12 else 0


class DeckDataError(ComponentDataError):
    """The card data file is malformed; the message names the card and the field."""


def code_of_card(card: dict[str, Any]) -> int:
    """The code of one card record of the data file, checking its fields."""
    card_id = card.get("id", "<no id>")
    kind = card.get("kind")
    if kind not in KINDS:
        raise DeckDataError(f"card {card_id}: field 'kind' is {kind!r}, expected one of {', '.join(KINDS)}")
    if kind in ("sogno", "incubo"):
        number = card.get("number")
        if not isinstance(number, int) or not 1 <= number <= 6:
            raise DeckDataError(f"card {card_id}: field 'number' is {number!r}, expected 1–6")
        return (0 if kind == "sogno" else 6) + number - 1
    if "number" in card:
        raise DeckDataError(f"card {card_id}: a {kind} card has no printed number")
    return {"converti_sogno": CS, "converti_incubo": CI, "rem": REM}[kind]


def load_deck(data: dict[str, Any] | None = None) -> tuple[int, ...]:
    """The deck as codes, from ``data`` or the shipped ``data/cards.json``, validated."""
    if data is None:
        text = resources.files(__package__).joinpath("data/cards.json").read_text(encoding="utf-8")
        data = json.loads(text)
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, list):
        raise DeckDataError("the card file needs a 'cards' list")
    ids = [card.get("id") for card in cards]
    duplicated = [card_id for card_id, seen in Counter(ids).items() if seen > 1]
    if duplicated:
        raise DeckDataError(f"card ids appear twice: {', '.join(map(str, duplicated))}")
    codes = tuple(code_of_card(card) for card in cards)
    kinds = Counter(card["kind"] for card in cards)
    for kind, expected in _EXPECTED_COUNTS.items():
        if kinds[kind] != expected:
            raise DeckDataError(f"the deck holds {kinds[kind]} {kind} cards, the game has {expected}")
    return codes


DECK: tuple[int, ...] = load_deck()
"""The 54 cards as codes, in the order of the data file (shuffled at setup)."""
