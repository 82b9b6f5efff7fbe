"""The 54 Deep Dreams cards (our own deck, design note §3), loaded from ``data/deck.json`` and checked.

A card has three Dream Levels (top, middle, bottom), each a colour; on each edge one **port** per
level, which is empty, a white arrow, a black arrow or an action icon; one or two Sleep lines, each
joining a left port to a right port, with Bruno on at least one; optionally X2 and the
player's-choice symbol (DD-R2). Cards are numbered 0–53 in the rules (``DD01`` is 0).

:data:`JOINTS` precomputes, for every ordered pair of cards, what happens when the first card's
right edge meets the second card's left edge: the levels that connect, the black pairs, and the
icons that fire (DD-R6 to DD-R8).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, NamedTuple

from ...core.errors import ComponentDataError

COLOURS = ("green", "blue", "yellow", "pink")
LEVELS = ("top", "middle", "bottom")
ENDS = ("none", "white", "black")
ICONS = ("dream_moon", "predictions", "deep_sleep", "steal", "eliminate_left", "eliminate_right")
DREAM_MOON, PREDICTIONS, DEEP_SLEEP, STEAL, ELIMINATE_LEFT, ELIMINATE_RIGHT = range(6)
ICON_NAMES = ("Dream Moon", "Predictions", "Deep Sleep", "Steal", "Eliminate left", "Eliminate right")

# Port values on an edge.
EMPTY, WHITE, BLACK = 0, 1, 2
ICON_PORT = 3  # ICON_PORT + icon number
LEFT, RIGHT = 0, 1


class Line(NamedTuple):
    """A Sleep line from a left port to a right port (levels 0–2); ends are ``ENDS`` indexes."""

    left: int
    right: int
    left_end: int
    right_end: int
    bruno: bool


class Card(NamedTuple):
    """One Dream card, with its derived ports per edge (``ports[LEFT][level]``)."""

    id: str
    colours: tuple[int, int, int]
    lines: tuple[Line, ...]
    icon: tuple[int, int, int] | None  # (icon, edge, level)
    x2: bool
    player_choice: bool
    ports: tuple[tuple[int, int, int], tuple[int, int, int]]

    @property
    def weight(self) -> int:
        """What the card counts for in paths and groups: 2 with X2, else 1."""
        return 2 if self.x2 else 1


class DeckDataError(ComponentDataError):
    """A malformed card file; the message names the card and the field."""


def _pick(card_id: str, field: str, value: Any, allowed: tuple[str, ...]) -> int:
    if value not in allowed:
        raise DeckDataError(f"card {card_id}: field {field!r} is {value!r}, expected one of {', '.join(allowed)}")
    return allowed.index(value)


def card_from_data(data: dict[str, Any]) -> Card:
    """One card record of the data file, checked field by field."""
    card_id = data.get("id")
    if not isinstance(card_id, str) or not card_id:
        raise DeckDataError(f"a card has no 'id': {data!r}")
    levels = data.get("levels")
    if not isinstance(levels, dict):
        raise DeckDataError(f"card {card_id}: field 'levels' must map top/middle/bottom to colours")
    colours = tuple(_pick(card_id, f"levels.{level}", levels.get(level), COLOURS) for level in LEVELS)
    if len(set(colours)) == 1:
        raise DeckDataError(f"card {card_id}: field 'levels' shows a single colour; every card shows at least two")
    raw_lines = data.get("lines")
    if not isinstance(raw_lines, list) or not 1 <= len(raw_lines) <= 2:
        raise DeckDataError(f"card {card_id}: field 'lines' must hold 1 or 2 Sleep lines")
    lines: list[Line] = []
    ports = [[EMPTY] * 3, [EMPTY] * 3]
    for index, raw in enumerate(raw_lines):
        where = f"lines[{index}]"
        line = Line(
            _pick(card_id, f"{where}.left", raw.get("left"), LEVELS),
            _pick(card_id, f"{where}.right", raw.get("right"), LEVELS),
            _pick(card_id, f"{where}.leftEnd", raw.get("leftEnd"), ENDS),
            _pick(card_id, f"{where}.rightEnd", raw.get("rightEnd"), ENDS),
            raw.get("bruno") is True,
        )
        if line.left_end == EMPTY and line.right_end == EMPTY:
            raise DeckDataError(f"card {card_id}: field {where} is closed at both ends")
        for edge, level, end in ((LEFT, line.left, line.left_end), (RIGHT, line.right, line.right_end)):
            if any((edge == LEFT and other.left == level) or (edge == RIGHT and other.right == level) for other in lines):
                raise DeckDataError(f"card {card_id}: field {where} shares a port with another line")
            ports[edge][level] = end
        lines.append(line)
    if not any(line.bruno for line in lines):
        raise DeckDataError(f"card {card_id}: field 'lines' has no Bruno; every card shows him on a line")
    icon = None
    raw_icon = data.get("icon")
    if raw_icon is not None:
        kind = _pick(card_id, "icon.type", raw_icon.get("type"), ICONS)
        edge = _pick(card_id, "icon.edge", raw_icon.get("edge"), ("left", "right"))
        level = _pick(card_id, "icon.level", raw_icon.get("level"), LEVELS)
        used = {line.left for line in lines} if edge == LEFT else {line.right for line in lines}
        if level in used:
            raise DeckDataError(f"card {card_id}: field 'icon.level' is a port a Sleep line already uses")
        ports[edge][level] = ICON_PORT + kind
        icon = (kind, edge, level)
    for flag in ("x2", "playerChoice"):
        if not isinstance(data.get(flag), bool):
            raise DeckDataError(f"card {card_id}: field {flag!r} must be true or false")
    return Card(
        card_id,
        (colours[0], colours[1], colours[2]),
        tuple(lines),
        icon,
        data["x2"],
        data["playerChoice"],
        ((ports[0][0], ports[0][1], ports[0][2]), (ports[1][0], ports[1][1], ports[1][2])),
    )


def load_deck(data: dict[str, Any] | None = None) -> tuple[Card, ...]:
    """The deck from ``data`` or the shipped ``data/deck.json``, validated."""
    if data is None:
        data = json.loads(resources.files(__package__).joinpath("data/deck.json").read_text(encoding="utf-8"))
    raw_cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(raw_cards, list) or not raw_cards:
        raise DeckDataError("the deck file needs a non-empty 'cards' list")
    cards = tuple(card_from_data(raw) for raw in raw_cards)
    ids = [card.id for card in cards]
    if len(set(ids)) != len(ids):
        raise DeckDataError("two cards share an id")
    return cards


class Joint(NamedTuple):
    """What happens where card ``a``'s right edge meets card ``b``'s left edge."""

    levels: int  # how many levels connect (arrow against arrow, DD-R6)
    black_pairs: int  # levels where both arrows are black (DD-R22)
    icon_of_left: int  # the icon on a's right edge that faces an arrow of b, or -1 (DD-R8)
    icon_of_right: int  # the icon on b's left edge that faces an arrow of a, or -1


def _joint(a: Card, b: Card) -> Joint:
    levels = black = 0
    icon_of_left = icon_of_right = -1
    for level in range(3):
        port_a, port_b = a.ports[RIGHT][level], b.ports[LEFT][level]
        arrow_a, arrow_b = port_a in (WHITE, BLACK), port_b in (WHITE, BLACK)
        if arrow_a and arrow_b:
            levels += 1
            black += port_a == BLACK and port_b == BLACK
        if port_a >= ICON_PORT and arrow_b:
            icon_of_left = port_a - ICON_PORT
        if port_b >= ICON_PORT and arrow_a:
            icon_of_right = port_b - ICON_PORT
    return Joint(levels, black, icon_of_left, icon_of_right)


DECK: tuple[Card, ...] = load_deck()
CARD_INDEX = {card.id: index for index, card in enumerate(DECK)}
JOINTS: tuple[tuple[Joint, ...], ...] = tuple(tuple(_joint(a, b) for b in DECK) for a in DECK)
"""``JOINTS[a][b]``: card a on the left, card b on the right."""
