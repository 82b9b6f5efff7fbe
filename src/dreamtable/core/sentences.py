"""Sentences of structured events: an event's kind and fields become words only when a log is read.

A game declares one sentence per event kind in ``Game.sentences``: either a ``str.format``
template over the event's fields, or a function of the fields for sentences that need a choice
of words. Templates read seats with two format specs of their own, ``{actor:seat}`` → ``B`` and
``{winners:seats}`` → ``A and C``, so seats stay ints in the event and letters only in the text.
"""

from __future__ import annotations

import string
from functools import lru_cache
from typing import Any, Callable, Mapping, Union

from .seats import seat_list, seat_name

Sentence = Union[str, Callable[[Mapping[str, Any]], str]]
"""A ``str.format`` template over an event's fields, or a function of them."""


def plural(count: float, noun: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``, ``1 point``; ``many`` for an irregular plural."""
    return f"{count:g} {noun if count == 1 else many or noun + 's'}"


class _SeatFormatter(string.Formatter):
    """``str.format`` with the specs ``seat`` (one seat as its letter) and ``seats`` (several)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "seat":
            return "the game" if value is None else seat_name(value)
        if format_spec == "seats":
            return seat_list(list(value))
        return str(super().format_field(value, format_spec))


_FORMATTER = _SeatFormatter()


@lru_cache(maxsize=4096)
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """A template split once into (literal, field, spec, conversion) parts: logs are read often."""
    return tuple(_FORMATTER.parse(template))


def _fill(template: str, event: Mapping[str, Any]) -> str:
    parts: list[str] = []
    for literal, name, spec, conversion in _parsed(template):
        parts.append(literal)
        if name is None:
            continue
        if name in event:
            value = event[name]
        else:  # an index or attribute (``{cards[0]}``): the general path
            value = _FORMATTER.get_field(name, (), event)[0]
        if conversion:
            value = _FORMATTER.convert_field(value, conversion)
        parts.append(_FORMATTER.format_field(value, spec or ""))
    return "".join(parts)


def write_sentence(sentences: Mapping[str, Sentence], event: Mapping[str, Any]) -> str:
    """The sentence of one event as a seat sees it (``{"kind", "actor", **fields}``).

    ``KeyError`` names the kind when the game declares no sentence for it.
    """
    kind = event["kind"]
    try:
        sentence = sentences[kind]
    except KeyError:
        raise KeyError(f"no sentence for event kind {kind!r}; add it to the game's sentences") from None
    if callable(sentence):
        return sentence(event)
    return _fill(sentence, event)
