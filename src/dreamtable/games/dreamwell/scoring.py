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
    """A seat's points, by symbol kind, with every WILD card taken as the friend and terrain that give
    the owner the best total (DW-R20), however many WILDs the pile holds.

    Every choice is tried, in two independent parts: the friends the WILDs add move only the PER
    friend, IF and PER set cards, their terrains only the PER terrain cards, and the total is the sum
    of the two. So every multiset of friends is tried (terrains held), then every multiset of
    terrains (with the best friends): at most 792 + 56 scorings for the deck's five WILDs, where
    every ordered choice would be 32⁵ ≈ 33.5 million. Ties go to the first choice in order (lowest
    friend, then lowest terrain, the first WILD of the pile first).
    """
    return _score_pile(tuple(cards))


def _first_best(cards: Sequence[int], choices: Sequence[dict[int, tuple[int, int]]]) -> dict[int, tuple[int, int]]:
    """The first of ``choices`` (WILD card → friend, terrain) with the highest total."""
    best_total, best = -1, choices[0]
    for extra in choices:
        total = _points(cards, extra)[0]
        if total > best_total:
            best_total, best = total, extra
    return best


@lru_cache(maxsize=16_384)
def _score_pile(cards: tuple[int, ...]) -> Score:
    wilds = [card for card in cards if FRIEND_CARDS[card].score[0] == "wild"]
    count = len(wilds)
    friend_sets = list(itertools.combinations_with_replacement(range(len(FRIENDS)), count))
    friends = _first_best(cards, [dict(zip(wilds, ((f, 0) for f in chosen))) for chosen in friend_sets])
    terrain_sets = list(itertools.combinations_with_replacement(range(4), count))
    extra = _first_best(cards, [{card: (friends[card][0], t) for card, t in zip(wilds, chosen)} for chosen in terrain_sets])
    total, by_kind = _points(cards, extra)
    return {
        "points": total,
        "by_symbol": by_kind,
        "wild_as": {FRIEND_CARDS[card].id: [FRIENDS[f], ["PS", "BW", "BS", "GC"][t]] for card, (f, t) in extra.items()},
    }
