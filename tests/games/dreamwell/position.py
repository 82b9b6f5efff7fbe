"""Board A and Board B of the design note (§4) and the fixture cards X1–X4, for rule tests."""

from __future__ import annotations

from typing import Any

import dreamtable
from dreamtable.games.dreamwell import components
from dreamtable.games.dreamwell.components import CARD_INDEX, TILE_INDEX, Friend, item_code
from dreamtable.games.dreamwell.rules import WellState

GAME = dreamtable.load("dreamwell")

# Board A: cell name -> (tile, quarter turns), and the doors the note gives after rotation.
BOARD_A = {
    "a4": ("T04", 0, "NE,SE,SW,NW"), "b4": ("T06", 0, "NE,SW"), "c4": ("T01", 2, "S,NW"), "d4": ("T08", 0, "N,E,S"),
    "a3": ("T07", 0, "N,SE"), "b3": ("T12", 0, "NE,SW"), "c3": ("T03", 0, "N,E,SW"), "d3": ("T13", 0, "N,E"),
    "a2": ("T15", 0, "NE,E,W"), "b2": ("T09", 2, "NE,S,NW"), "c2": ("T05", 3, "N,W"), "d2": ("T10", 0, "N,S"),
    "a1": ("T02", 0, "N,E,S,W"), "b1": ("T11", 0, "N,E,S"), "c1": ("T14", 0, "NE,NW"), "d1": ("T16", 0, "N,S"),
}
BOARD_B_BLACK = ("a4", "b4", "d4", "b3", "d3", "b1", "c1", "d1")


def cell(name: str) -> int:
    return "abcd".index(name[0]) + 4 * (int(name[1]) - 1)


def fixture(card_id: str, creatures: str, terrain: str, points: int, ability: tuple[str, Any]) -> Friend:
    c1, c2 = (item_code(c) for c in creatures.split("+"))
    kind, target = ability
    return Friend(card_id, False, 0, (c1, c2), item_code(terrain) - 8, ("heart", points), (kind, item_code(target) if target else None))


FIXTURES = {
    "X1": fixture("X1", "LIL+GAM", "GC", 2, ("draw_action", None)),
    "X2": fixture("X2", "NOV+SKU", "BW", 1, ("move_to", "BS")),
    "X3": fixture("X3", "LIL+SKU", "BS", 1, ("move_to", "COS")),
    "X4": fixture("X4", "GAM+SKU", "GC", 1, ("draw_action", None)),
}


def with_fixtures(monkeypatch) -> dict[str, int]:
    """Add X1–X4 to the card table for a test; returns their card numbers."""
    cards = list(components.FRIEND_CARDS)
    numbers = {}
    for name, card in FIXTURES.items():
        numbers[name] = len(cards)
        cards.append(card)
    table = tuple(cards)
    for module in ("components", "rules", "scoring", "evaluation", "notation", "render"):
        target = __import__(f"dreamtable.games.dreamwell.{module}", fromlist=["FRIEND_CARDS"])
        if hasattr(target, "FRIEND_CARDS"):
            monkeypatch.setattr(target, "FRIEND_CARDS", table)
    for name, number in numbers.items():
        monkeypatch.setitem(CARD_INDEX, name, number)
    from dreamtable.games.dreamwell import notation, rules

    monkeypatch.setattr(rules, "PLAY_MOVES", tuple(notation.WellMove(notation.PLAY, c) for c in range(len(table))))
    monkeypatch.setattr(rules, "TAKE_MOVES", tuple(notation.WellMove(notation.TAKE, c) for c in range(len(table))))
    return numbers


def board_a(players: int = 2, advanced: bool = False, pawns: dict[int, tuple[str | None, str | None]] | None = None,
            hands: dict[int, list[int]] | None = None, turn: int = 0, **options: Any) -> WellState:
    """Board A (or B with ``advanced``), pawns where given, hands as card numbers."""
    state = GAME.new(players=players, seed=0, mode="advanced" if advanced else "basic", **options)
    assert isinstance(state, WellState)
    for name, (tile, turns, _doors) in BOARD_A.items():
        state.tiles[cell(name)] = TILE_INDEX[tile]
        state.rotation[cell(name)] = turns
        state.face[cell(name)] = 1 if advanced and name in BOARD_B_BLACK else 0
    state.pawns = [[-1, -1] for _ in range(players)]
    for seat, (first, second) in (pawns or {}).items():
        state.pawns[seat] = [cell(first) if first else -1, cell(second) if second else -1]
    for seat, cards in (hands or {}).items():
        state.hands[seat] = list(cards)
    state.turn = turn
    state._legal = None
    return state
