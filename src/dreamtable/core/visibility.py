"""The one visibility model: every hidden piece of information is declared once, with who may see it.

A game builds its views and its events out of ordinary JSON-ready values in which each hidden
piece is wrapped in a :class:`Secret` that names the seats allowed to see it and what everyone
else sees instead. :func:`reveal` then produces what one seat may know. Views and per-seat event
logs both pass through :func:`reveal`, so the two cannot disagree and nothing leaks by accident.
"""

from __future__ import annotations

from typing import Any, Mapping

EVERYONE: None = None
"""``seen_by`` value of information that is public (not wrapped at all, in practice)."""

NOBODY: frozenset[int] = frozenset()
"""``seen_by`` value of information nobody may see, such as the order of a deck."""


class Secret:
    """A hidden value: ``value`` for the seats in ``seen_by``, ``shown_as`` for everyone else.

    ``shown_as`` may itself hold secrets (for instance a hand's size is public while its cards
    are not), and is revealed recursively. A spectator (seat ``None``) sees only ``shown_as``.
    """

    __slots__ = ("value", "seen_by", "shown_as")

    def __init__(self, value: Any, seen_by: frozenset[int], shown_as: Any = None) -> None:
        self.value = value
        self.seen_by = seen_by
        self.shown_as = shown_as

    def __repr__(self) -> str:
        return f"Secret({self.value!r}, seen_by={sorted(self.seen_by)}, shown_as={self.shown_as!r})"


def owner_only(seat: int, value: Any, shown_as: Any = None) -> Secret:
    """A value only ``seat`` may see, like the cards of its hand."""
    return Secret(value, frozenset((seat,)), shown_as)


def reveal(item: Any, seat: int | None) -> Any:
    """What ``seat`` (``None``: a spectator) may know of ``item``: secrets resolved, structure kept."""
    if isinstance(item, Secret):
        if seat is not None and seat in item.seen_by:
            return reveal(item.value, seat)
        return reveal(item.shown_as, seat)
    if isinstance(item, dict):
        return {key: reveal(value, seat) for key, value in item.items()}
    if isinstance(item, (list, tuple)):
        return [reveal(value, seat) for value in item]
    return item


class Event:
    """Something that happened, in a player's words, with its hidden details declared as secrets.

    ``text`` is a ``str.format`` template whose fields come from ``fields``; a field that is a
    :class:`Secret` is replaced by what the viewer may know ("B drew {card}" becomes "B drew S3"
    for B and "B drew a card" for everyone else).
    """

    __slots__ = ("actor", "text", "fields")

    def __init__(self, actor: int | None, text: str, fields: Mapping[str, Any] | None = None) -> None:
        self.actor = actor
        self.text = text
        self.fields = fields or {}

    def seen_by(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may know it: ``{"actor": …, "text": …}``."""
        fields = {key: reveal(value, seat) for key, value in self.fields.items()}
        return {"actor": self.actor, "text": self.text.format(**fields)}

    def __repr__(self) -> str:
        return f"Event({self.actor!r}, {self.text!r}, {dict(self.fields)!r})"
