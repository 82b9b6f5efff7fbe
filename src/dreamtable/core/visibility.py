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

    def __reduce__(self) -> tuple[Any, ...]:
        return (Secret, (self.value, self.seen_by, self.shown_as))


def owner_only(seat: int, value: Any, shown_as: Any = None) -> Secret:
    """A value only ``seat`` may see, like the cards of its hand."""
    return Secret(value, frozenset((seat,)), shown_as)


_PLAIN: frozenset[type] = frozenset((str, int, float, bool, type(None)))
"""Types that hold no secret and are returned as they are (checked by exact type: the fast path)."""


def reveal(item: Any, seat: int | None) -> Any:
    """What ``seat`` (``None``: a spectator) may know of ``item``: secrets resolved, structure kept.

    Views are walked for every seat on every change (the server's views, the research adapters'
    strings), so the common shapes go by exact type first: a scalar is returned at once, and a
    dict's or list's scalar members are copied without a call each. Anything else (a subclass of
    dict or list, a tuple) takes the general path below, with the same result."""
    kind = type(item)
    if kind in _PLAIN:
        return item
    if kind is dict:
        return {key: value if type(value) in _PLAIN else reveal(value, seat) for key, value in item.items()}
    if kind is list:
        return [value if type(value) in _PLAIN else reveal(value, seat) for value in item]
    if isinstance(item, Secret):
        if seat is not None and seat in item.seen_by:
            return reveal(item.value, seat)
        return reveal(item.shown_as, seat)
    if isinstance(item, dict):
        return {key: reveal(value, seat) for key, value in item.items()}
    if isinstance(item, (list, tuple)):
        return [reveal(value, seat) for value in item]
    return item


def holds_secret(item: Any) -> bool:
    """Whether ``item`` holds a :class:`Secret` anywhere inside it."""
    if isinstance(item, Secret):
        return True
    if isinstance(item, dict):
        return any(holds_secret(value) for value in item.values())
    if isinstance(item, (list, tuple)):
        return any(holds_secret(value) for value in item)
    return False


class Event:
    """Something that happened: its ``kind``, the seat that acted (``None``: the game or the clock)
    and typed ``fields``, hidden details wrapped in :class:`Secret`.

    Seats in fields are ints. No text is built here: the game's sentence for ``kind`` turns the
    revealed fields into words only when a log is read (``Game.sentence``), so search and batch
    play never pay for it, and a client can animate from the fields.
    """

    __slots__ = ("kind", "actor", "fields")

    def __init__(self, kind: str, actor: int | None = None, fields: Mapping[str, Any] | None = None) -> None:
        self.kind = kind
        self.actor = actor
        self.fields = fields or {}

    def seen_by(self, seat: int | None) -> dict[str, Any]:
        """The event as ``seat`` may know it: ``{"kind": …, "actor": …, **fields}``, without text."""
        shown: dict[str, Any] = {"kind": self.kind, "actor": self.actor}
        for key, value in self.fields.items():
            shown[key] = reveal(value, seat)
        return shown

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.actor!r}, {dict(self.fields)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Event, (self.kind, self.actor, dict(self.fields)))
