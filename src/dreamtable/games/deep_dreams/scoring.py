"""Deep Dreams scoring (DD-R18 to DD-R23): Sleep Path, Dream Groups, black pairs, awards.

A row is a list of positions, each a stack of card numbers (bottom first); only the top card
counts, and a covered position (a stack of two or more) is never part of a Sleep Path (DD-R10).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from .cards import COLOURS, DECK, JOINTS

Row = Sequence[tuple[int, ...]]


def _path_lines(card: int) -> tuple[tuple[int, int], ...]:
    """Card ``card``'s Bruno lines for :func:`sleep_path`: (left level, right level), a level of 3 where
    the line has no arrow at that end (a slot that no path continues from or into)."""
    return tuple((line.left if line.left_end else 3, line.right if line.right_end else 3)
                 for line in DECK[card].lines if line.bruno)


PATH_LINES = tuple(_path_lines(card) for card in range(len(DECK)))
WEIGHTS = tuple(card.weight for card in DECK)
COLOURS_BY_LEVEL = tuple(tuple(card.colours[level] for card in DECK) for level in range(3))
BLACK_PAIRS = tuple(tuple(joint.black_pairs for joint in joints) for joints in JOINTS)
"""Scoring reads these per card (and per pair) instead of each card's fields: the score is worked out at
the end of every game and by the evaluation at every leaf of a search."""


def sleep_path(row: Row) -> int:
    """The weight of the best Sleep Path (DD-R18): Bruno lines joined level to level by arrows."""
    best = 0
    ending = [0, 0, 0, 0]  # per right level, the best path ending there with an arrow (0: none; slot 3 unused)
    for stack in row:
        if len(stack) > 1:  # covered by Dream Moon: the path is cut here
            ending = [0, 0, 0, 0]
            continue
        card = stack[0]
        weight = WEIGHTS[card]
        current = [0, 0, 0, 0]
        for left, right in PATH_LINES[card]:
            value = weight + ending[left]  # a path continues only into an arrow on the left, level to level
            if value > best:
                best = value
            if value > current[right]:
                current[right] = value
        current[3] = 0
        ending = current
    return best


def dream_groups(row: Row) -> list[int]:
    """Per colour (``COLOURS`` order), the largest group of 2+ adjacent positions on one level (DD-R19)."""
    values = [0, 0, 0, 0]
    tops = [stack[-1] for stack in row]
    weights = WEIGHTS
    for colours in COLOURS_BY_LEVEL:
        run_colour, run_positions, run_weight = -1, 0, 0
        for card in tops:
            colour = colours[card]
            if colour == run_colour:
                run_positions += 1
                run_weight += weights[card]
                if run_weight > values[colour]:  # a run of two or more positions
                    values[colour] = run_weight
            else:
                run_colour, run_positions, run_weight = colour, 1, weights[card]
    return values


def black_pairs(row: Row) -> int:
    """Joints of the row where two black arrows meet, one point each (DD-R22)."""
    pairs = 0
    for i in range(len(row) - 1):
        pairs += BLACK_PAIRS[row[i][-1]][row[i + 1][-1]]
    return pairs


def award(values: Sequence[int], first: int, second: int) -> list[float]:
    """First and second place points with the rulebook's splits (DD-R20, DD-R21).

    A tie for first splits first + second and leaves no second place; a tie for second splits
    second; a split that is not a whole number goes to nobody; a value of 0 does not rank.
    """
    points = [0.0] * len(values)
    ranked = sorted({value for value in values if value > 0}, reverse=True)
    if not ranked:
        return points
    leaders = [seat for seat, value in enumerate(values) if value == ranked[0]]
    if len(leaders) > 1:
        pot, share_holders = first + second, leaders
    else:
        points[leaders[0]] = float(first)
        if len(ranked) < 2:
            return points
        pot, share_holders = second, [seat for seat, value in enumerate(values) if value == ranked[1]]
    if pot % len(share_holders) == 0:
        for seat in share_holders:
            points[seat] = float(pot // len(share_holders))
    return points


@lru_cache(maxsize=65_536)
def row_parts(row: tuple[tuple[int, ...], ...]) -> tuple[int, tuple[int, ...], int]:
    """A row's Sleep Path, group value per colour and black pairs (cached: search revisits rows)."""
    return sleep_path(row), tuple(dream_groups(row)), black_pairs(row)


def totals_and_parts(rows: Sequence[Row]) -> tuple[list[float], list[float], list[list[float]], list[tuple[int, tuple[int, ...], int]]]:
    """Totals, path points, group points per colour and the raw parts of every row."""
    players = len(rows)
    parts = [row_parts(tuple(row)) for row in rows]
    path_points = award([part[0] for part in parts], 5, 3)
    group_points = [[0.0] * 4 for _ in range(players)]
    for colour in range(4):
        column = [part[1][colour] for part in parts]
        points = [float(v) for v in column] if players == 2 else award(column, 4, 2)
        for seat in range(players):
            group_points[seat][colour] = points[seat]
    totals = [path_points[s] + sum(group_points[s]) + parts[s][2] for s in range(players)]
    return totals, path_points, group_points, parts


def totals(rows: Sequence[Row]) -> list[float]:
    """Every seat's total if the game ended now (DD-R20 to DD-R22)."""
    return totals_and_parts(rows)[0]


def score(rows: Sequence[Row]) -> tuple[list[float], list[dict[str, Any]]]:
    """Every seat's total and its parts: path, groups per colour, black pairs (DD-R20 to DD-R22)."""
    sums, path_points, group_points, parts = totals_and_parts(rows)
    details = [
        {
            "sleep_path": parts[s][0],
            "path_points": path_points[s],
            "groups": {COLOURS[c]: parts[s][1][c] for c in range(4)},
            "group_points": {COLOURS[c]: group_points[s][c] for c in range(4)},
            "black_pairs": parts[s][2],
            "total": sums[s],
        }
        for s in range(len(rows))
    ]
    return sums, details
