"""Dreamwell scoring (DW-R20): each played card by its symbol; WILD chosen for the owner's best."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Sequence, TypedDict

from .components import FRIEND_CARDS, FRIENDS


class Score(TypedDict):
    """A seat's points, the points by symbol kind, and what each WILD card was taken as."""

    points: int
    by_symbol: dict[str, int]
    wild_as: dict[str, list[str]]


WILD_CHOICES = [(friend, terrain) for friend in range(len(FRIENDS)) for terrain in range(4)]


def _points(cards: Sequence[int], extra: dict[int, tuple[int, int]]) -> tuple[int, dict[str, int]]:
    """Total and points per symbol kind, with ``extra`` giving a WILD card its chosen friend and terrain."""
    friends = [0] * len(FRIENDS)
    terrains = [0] * 4
    for card in cards:
        friend = FRIEND_CARDS[card]
        friends[friend.friend] += 1
        terrains[friend.terrain] += 1
        if card in extra:
            wild_friend, wild_terrain = extra[card]
            friends[wild_friend] += 1
            terrains[wild_terrain] += 1
    total = 0
    by_kind: dict[str, int] = {}
    for card in cards:
        kind, *values = FRIEND_CARDS[card].score
        if kind in ("heart", "wild"):
            points = values[0]
        elif kind == "per_friend":
            points = values[0] * friends[values[1]]
        elif kind == "plus_per_terrain":
            points = values[0] + values[1] * terrains[values[2]]
        elif kind == "if_count":
            points = values[0] if friends[values[2]] >= values[1] else 0
        else:  # per_set
            points = values[0] * min(friends[values[1]], friends[values[2]])
        total += points
        by_kind[kind] = by_kind.get(kind, 0) + points
    return total, by_kind


def score_seat(cards: Sequence[int]) -> Score:
    """A seat's points, by symbol kind, trying every WILD choice and keeping the best (DW-R20).

    With more than two WILD cards in one pile, the first two are chosen and the others score only
    their hearts: trying every choice for three would mean 32,768 scorings.
    """
    return _score_pile(tuple(cards))


@lru_cache(maxsize=16_384)
def _score_pile(cards: tuple[int, ...]) -> Score:
    wilds = [card for card in cards if FRIEND_CARDS[card].score[0] == "wild"]
    best: tuple[int, dict[str, int], dict[int, tuple[int, int]]] = (-1, {}, {})
    for choice in itertools.product(WILD_CHOICES, repeat=min(len(wilds), 2)):
        extra = dict(zip(wilds, choice))
        total, by_kind = _points(cards, extra)
        if total > best[0]:
            best = (total, by_kind, extra)
    total, by_kind, extra = best
    return {
        "points": total,
        "by_symbol": by_kind,
        "wild_as": {FRIEND_CARDS[card].id: [FRIENDS[f], ["PS", "BW", "BS", "GC"][t]] for card, (f, t) in extra.items()},
    }
