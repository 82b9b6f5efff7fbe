"""The Dreamscape's geometry (DC-R4, DC-R8): positions, rows, squares, fringe and beyond.

A position is one integer, ``(y + 2) * width + (x - x0)``, on a grid wide enough for the whole
staircase and its fringe; x grows eastward, y northward, one unit per square. Row k (1–10) covers
y = 3(k−1)…3k−1 and x = 3·offset_k…3·offset_k+8. ``kinds`` maps every position to its square code
(0–11), ``FRINGE`` or ``BEYOND``; it is rebuilt only when a row is laid or removed, and shared by
copies until then.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .components import BLACK

FRINGE, BEYOND = 12, 13
HEIGHT = 35  # y from −2 to 32: the start spaces (y = −1), ten rows (0–29) and a margin
TOP_Y = 29  # the north row of squares of row 10
NEEDS_ROW, WIN = -2, -3  # what a step north off the top row leads to (see ``peek``)
ROW_WIDTH = 9  # squares across a row: three tiles of three


class Geometry(NamedTuple):
    """Where the ten rows lie, from the staircase offsets."""

    offsets: tuple[int, ...]
    x0: int
    width: int

    @classmethod
    def of(cls, offsets: Sequence[int]) -> "Geometry":
        low, high = 3 * min(offsets), 3 * max(offsets) + 8
        return cls(tuple(offsets), low - 2, high - low + 5)

    def pos(self, x: int, y: int) -> int:
        return (y + 2) * self.width + (x - self.x0)

    def xy(self, pos: int) -> tuple[int, int]:
        return pos % self.width + self.x0, pos // self.width - 2

    def y(self, pos: int) -> int:
        return pos // self.width - 2

    def delta(self, facing: int) -> int:
        return (self.width, 1, -self.width, -1)[facing]

    def start_spaces(self) -> tuple[int, ...]:
        """The nine starting spaces just south of row 1 (DC-R3), west to east."""
        return tuple(self.pos(3 * self.offsets[0] + i, -1) for i in range(ROW_WIDTH))


def rotate(squares: Sequence[int], quarter_turns: int) -> tuple[int, ...]:
    """A tile's nine squares (north row first) turned clockwise."""
    grid = tuple(squares)
    for _ in range(quarter_turns % 4):
        grid = tuple(grid[(2 - c) * 3 + r] for r in range(3) for c in range(3))
    return grid


def build_kinds(geo: Geometry, rows: Sequence[tuple[int, tuple[tuple[int, ...], ...]]]) -> tuple[int, ...]:
    """Every position's kind for the rows on the board: ``(row number, its three tiles' squares)``."""
    kinds = [BEYOND] * (geo.width * HEIGHT)
    placed = []
    for row, tiles in rows:
        base_x, base_y = 3 * geo.offsets[row - 1], 3 * (row - 1)
        for j, squares in enumerate(tiles):
            for i, square in enumerate(squares):
                p = geo.pos(base_x + 3 * j + i % 3, base_y + 2 - i // 3)
                kinds[p] = square
                placed.append(p)
    # A position beyond the board beside a square (not on the grid's first or last line) is a fringe space.
    width = geo.width
    low, high = width, len(kinds) - width
    for p in placed:
        for q in (p + width, p - width, p + 1, p - 1):
            if kinds[q] == BEYOND and low <= q < high:
                kinds[q] = FRINGE
    return tuple(kinds)


def is_doldrum(kind: int) -> bool:
    """Black squares and fringe spaces are doldrum spaces (DC-R8)."""
    return kind == BLACK or kind == FRINGE


__all__ = ["BEYOND", "FRINGE", "Geometry", "HEIGHT", "NEEDS_ROW", "ROW_WIDTH", "TOP_Y", "WIN", "build_kinds", "is_doldrum", "rotate"]
