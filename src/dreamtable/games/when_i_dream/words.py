"""The Dream deck as data: 110 double-sided cards, two Elements on each face (design note §3.3).

``words/<language>.json`` holds the cards; :func:`load_deck` validates them and raises
:class:`DeckError` naming the card and the fault. The Elements are our own (the official list was
not found): concrete, picturable, family-friendly single nouns.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ...core.errors import ComponentDataError
from .judge import LANGUAGES, normalise, same_stem

CARDS = 110
FACES = ("A", "B")


class DeckError(ComponentDataError):
    """The word list is malformed; the message names the card and what is wrong."""


@dataclass(frozen=True)
class DreamCard:
    """One card: ``faces[face][end]`` is an Element; ``aliases`` are extra accepted guesses."""

    id: str
    faces: tuple[tuple[str, str], tuple[str, str]]
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def elements(self) -> tuple[str, ...]:
        return self.faces[0] + self.faces[1]


def _clash(first: str, second: str, language: str = "en") -> str | None:
    """Why two Elements may not share a card: a common stem, or one inside the other."""
    if same_stem(first, second, language):
        return "share a stem"
    short, long_ = sorted((normalise(first, language), normalise(second, language)), key=len)
    if len(short) >= 3 and short in long_:
        return "one contains the other"
    return None


def parse_deck(data: Any) -> tuple[DreamCard, ...]:
    """Validate a decoded word list and build its cards (judged in its ``language``, English by default)."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise DeckError('a word list is {"language": ..., "cards": [...]}')
    language = data.get("language", "en")
    if language not in LANGUAGES:
        raise DeckError(f"a word list's language is one of {', '.join(LANGUAGES)}, not {language!r}")
    cards = []
    seen: dict[str, str] = {}
    for index, raw in enumerate(data["cards"]):
        card_id = raw.get("id", f"card #{index + 1}") if isinstance(raw, dict) else f"card #{index + 1}"
        try:
            faces = (tuple(raw["faceA"]), tuple(raw["faceB"]))
        except (KeyError, TypeError) as error:
            raise DeckError(f"{card_id}: needs faceA and faceB, two Elements each") from error
        elements = faces[0] + faces[1]
        if any(len(face) != 2 for face in faces) or not all(isinstance(e, str) for e in elements):
            raise DeckError(f"{card_id}: each face holds exactly two Elements (words)")
        for element in elements:
            if element != element.lower() or not element.isalpha():
                raise DeckError(f"{card_id}: {element!r} must be one lower-case word of letters")
            if element in seen:
                raise DeckError(f"{card_id}: {element!r} is already on {seen[element]}")
            seen[element] = card_id
        for i, first in enumerate(elements):
            for second in elements[i + 1:]:
                reason = _clash(first, second, language)
                if reason:
                    raise DeckError(f"{card_id}: {first!r} and {second!r} {reason}; they cannot share a card")
        aliases = {key: tuple(value) for key, value in raw.get("aliases", {}).items()}
        for key in aliases:
            if key not in elements:
                raise DeckError(f"{card_id}: alias for {key!r}, which is not on this card")
        (a0, a1), (b0, b1) = faces  # two Elements a face, checked above
        cards.append(DreamCard(card_id, ((a0, a1), (b0, b1)), aliases))
    if len(cards) != CARDS:
        raise DeckError(f"the deck needs {CARDS} cards, this list has {len(cards)}")
    return tuple(cards)


@lru_cache(maxsize=None)
def load_deck(language: str = "en") -> tuple[DreamCard, ...]:
    """The validated deck of one language (WID-R25)."""
    path = resources.files(__package__).joinpath("words", f"{language}.json")
    if not path.is_file():
        raise DeckError(f"no word list for language {language!r}; there are: {', '.join(LANGUAGES)}")
    return parse_deck(json.loads(path.read_text(encoding="utf-8")))
