"""Seat names: seats are ints everywhere in the API, views and events; letters only in text."""

from __future__ import annotations


def seat_name(seat: int) -> str:
    """The letter that names a seat in notation and in sentences: 0 → ``A``, 1 → ``B``…"""
    return chr(ord("A") + seat)


def seat_from_name(name: str) -> int:
    """The seat a letter names (``A`` → 0); ``ValueError`` when it is not a single letter."""
    if len(name) != 1 or not name.isalpha():
        raise ValueError(f"a seat is a single letter A, B, C…, not {name!r}")
    return ord(name.upper()) - ord("A")


def seat_list(seats: list[int] | tuple[int, ...]) -> str:
    """Several seats in words: ``[0, 2]`` → ``A and C``."""
    names = [seat_name(seat) for seat in seats]
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]
