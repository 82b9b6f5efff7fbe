"""A heuristic value of a Dreamwell position for the greedy bot and ISMCTS leaves.

A seat's estimate is its points in play, a tempo point per card played, and the promise of the
best four cards in hand (more would be discarded). A card's promise is what playing it now would
add to the seat's score (plus the tempo point), discounted by how many steps through the doors its
pawns still need to reach tiles showing its creatures and terrain (a step where a door must first
be turned counts double; an off-board pawn is one step from any edge tile). The value is a
logistic of the lead over the best opponent's public estimate.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from .components import FRIEND_CARDS, TERRAIN_ITEM
from .rules import EDGE_CELLS, HAND_LIMIT, NEIGHBOURS, OFF, WellState
from .scoring import score_seat

SCALE = 6.0
READY = 0.9  # a card that can be played now is worth nearly its points
HIDDEN_CARD = 0.8  # what an unseen card in an opponent's hand is assumed to promise
TEMPO = 1.0  # each card played brings the end (seven cards) nearer and feeds later symbols
FAR = 99


def _card_value(card: int, played: list[int], points: int) -> float:
    """What playing ``card`` now would add: its points with the seat's pile, plus the tempo of one card."""
    return score_seat(played + [card])["points"] - points + TEMPO


DOOR_REACH = tuple(tuple(sum(1 << NEIGHBOURS[cell][d] for d in range(8) if doors >> d & 1 and NEIGHBOURS[cell][d] != OFF)
                         for doors in range(256)) for cell in range(16))
"""``DOOR_REACH[cell][doors]``: the cells (a bit set) one step away through the doors of a tile on ``cell``."""
NEXT_TO = tuple(sum(1 << target for target in NEIGHBOURS[cell] if target != OFF) for cell in range(16))
"""``NEXT_TO[cell]``: every neighbouring cell (a bit set), door or not."""
EDGE = sum(1 << cell for cell in EDGE_CELLS)
ALL_CELLS = (1 << 16) - 1
CELLS_IN = tuple(tuple(cell for cell in range(8) if bits >> cell & 1) for bits in range(256))
"""``CELLS_IN[bits]``: the cells 0–7 of a bit set of them, in order (two lookups list a board's 16)."""
CELLS_IN_HIGH = tuple(tuple(cell + 8 for cell in cells) for cells in CELLS_IN)
"""``CELLS_IN_HIGH[bits >> 8]``: the cells 8–15 of a bit set."""


def distances(doors_by_cell: tuple[int, ...], start: int) -> tuple[int, ...]:
    """Estimated actions from ``start`` (or from off the board) to every cell.

    A step through a door that exists now costs 1; a step to a neighbour without such a door
    costs 2 (a rotation first), so that turning a tile the right way shows as progress.
    """
    dist = [FAR] * 16
    for cost, cells in _levels(doors_by_cell, start):
        for cell in cells:
            dist[cell] = cost
    return tuple(dist)


def _levels(doors_by_cell: tuple[int, ...], start: int) -> list[tuple[int, tuple[int, ...]]]:
    """The cells first reached at each cost, cheapest first: ``(cost, cells)`` (see :func:`distances`).

    Steps cost 1 or 2, so the cells are reached level by level (bit sets of cells per cost), as
    Dijkstra's algorithm would order them, and only the next two levels are ever pending.
    """
    levels = []
    level, after, later = (0, EDGE, 0) if start == OFF else (1 << start, 0, 0)
    seen = 0
    cost = 0
    while seen != ALL_CELLS:  # every cell is reached: a neighbour is at most 2 away, door or not
        fresh = level & ~seen
        if fresh:
            seen |= fresh
            cells = CELLS_IN[fresh & 0xFF] + CELLS_IN_HIGH[fresh >> 8]
            levels.append((cost, cells))
            for cell in cells:
                after |= DOOR_REACH[cell][doors_by_cell[cell]]
                later |= NEXT_TO[cell]
        level, after, later = after, later, 0
        cost += 1
    return levels


def nearest(doors: tuple[int, ...], shows: tuple[int, ...], start: int) -> dict[int, int]:
    """For a pawn on ``start``: the fewest steps to a cell showing each creature, terrain or both.

    Keys are item bit sets, as in ``WellState.items_at``; a missing key means no cell shows it.
    """
    masks = _masks(shows)
    near: dict[int, int] = {}
    for cost, cells in reversed(_levels(doors, start)):  # the nearest cell showing a mask writes last
        for cell in cells:
            items, creature, terrain = masks[cell]
            near[items] = near[creature] = near[terrain] = cost
    near[0] = 0
    return near


@lru_cache(maxsize=4096)
def _masks(shows: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """Per cell, the masks :func:`nearest` files it under: its creature and terrain, the creature, the terrain."""
    creatures = (1 << TERRAIN_ITEM) - 1
    return tuple((items, items & creatures, items & ~creatures) for items in shows)


def steps_to_play(card: int, near: list[dict[int, int]]) -> int:
    """The fewest door steps after which the seat's two pawns would meet the card's requirements.

    Each pawn must reach one creature; the terrain may be under either of them.
    """
    friend = FRIEND_CARDS[card]
    terrain = 1 << (TERRAIN_ITEM + friend.terrain)
    one_creature, two_creature = friend.creatures
    one, two = 1 << one_creature, 1 << two_creature
    first, second = near
    return min(
        FAR,
        first.get(one | terrain, FAR) + second.get(two, FAR),
        first.get(one, FAR) + second.get(two | terrain, FAR),
        second.get(one | terrain, FAR) + first.get(two, FAR),
        second.get(one, FAR) + first.get(two | terrain, FAR),
    )


class _Board:
    """What the evaluation works out once per board (its doors and the items it shows), for every
    state that shows it: the nearest items from each start, and per pawn pair the steps to each card.

    Search evaluates states of one board many times (most moves turn a tile, and the same turns
    recur in other worlds: about one leaf in four shows a board not seen before), so one lookup of
    the board replaces a lookup per pawn and card, each keyed by both 16-cell tuples.
    """

    __slots__ = ("doors", "shows", "near", "steps")

    def __init__(self, doors: tuple[int, ...], shows: tuple[int, ...]) -> None:
        self.doors = doors
        self.shows = shows
        self.near: dict[int, dict[int, int]] = {}  # start -> nearest(doors, shows, start)
        self.steps: dict[tuple[int, int], dict[int, int]] = {}  # (first, second) -> card -> steps_to_play

    def nearest(self, start: int) -> dict[int, int]:
        """:func:`nearest` on this board, worked out once per start (callers must not change it)."""
        near = self.near.get(start)
        if near is None:
            near = self.near[start] = nearest(self.doors, self.shows, start)
        return near


@lru_cache(maxsize=4096)
def _board_of(doors: tuple[int, ...], shows: tuple[int, ...]) -> _Board:
    """The one :class:`_Board` of these doors and shown items."""
    return _Board(doors, shows)


_MEMO_CARDS: list[tuple[Any, ...]] = [FRIEND_CARDS]  # the card table the memos below were filled from


def _memos_for_these_cards() -> None:
    """Forget the per-card memos when the card table is another (the rule tests add fixture cards)."""
    if _MEMO_CARDS[0] is not FRIEND_CARDS:
        _board_of.cache_clear()
        _values_after.cache_clear()
        _MEMO_CARDS[0] = FRIEND_CARDS


@lru_cache(maxsize=16_384)
def _values_after(played: tuple[int, ...]) -> dict[int, float]:
    """Card → :func:`_card_value` on this pile, filled as cards are asked for."""
    return {}


def estimate(state: WellState, seat: int, board: _Board, points: int | None = None) -> float:
    """Points in play plus the discounted promise of the best four cards in hand.

    LOCATED helps the next card only, so at most one card counts as ready thanks to it; the others
    are judged without it (otherwise holding every card "ready" looks better than playing one).
    ``board``: the state's :class:`_Board`; ``points``: the seat's points in play, when the caller has them.
    """
    played = state.played[seat]
    if points is None:
        points = score_seat(played)["points"]
    first, second = state.pawns[seat]
    steps_of = board.steps.get((first, second))
    if steps_of is None:
        steps_of = board.steps[first, second] = {}
    near = None  # each pawn's nearest items, looked up once and only if a card's steps are new
    values_of = _values_after(tuple(played))
    located = state.located[seat]
    promises = []
    best_located_bonus = 0.0
    for card in state.hands[seat]:
        value = values_of.get(card)
        if value is None:
            value = values_of[card] = _card_value(card, played, points)
        steps = steps_of.get(card)
        if steps is None:
            if near is None:
                near = [board.nearest(first), board.nearest(second)]
            steps = steps_of[card] = steps_to_play(card, near)
        if steps == 0:  # playable now, without help from LOCATED
            promises.append(READY * value)
            continue
        promise = 0.6 / (1 + steps) * value if steps < FAR else 0.02 * value
        if located and state.can_play(seat, card):
            best_located_bonus = max(best_located_bonus, READY * value - promise)
        promises.append(promise)
    return points + TEMPO * len(played) + sum(sorted(promises, reverse=True)[:HAND_LIMIT]) + best_located_bonus


def public_estimate(state: WellState, seat: int) -> float:
    """What every seat can see of ``seat``'s prospects: points and cards in play, and a hand size.

    Searching bots judge their lead against this rather than against the opponents' sampled hands,
    which differ from one determinisation to the next and would drown small differences in noise.
    """
    played = state.played[seat]
    return score_seat(played)["points"] + TEMPO * len(played) + HIDDEN_CARD * min(len(state.hands[seat]), HAND_LIMIT)


def evaluate_all(state: WellState) -> list[float]:
    """1 for a win (shared), 0 for a loss, else a logistic of the seat's lead over the best opponent.

    The lead is the seat's own estimate (its hand is known to it) minus the opponents' public
    estimates.
    """
    players = state.players
    outcome = state.outcome
    if outcome is not None:
        return [_share(outcome.winners, seat) for seat in range(players)]
    board = _board_now(state)
    points = [score_seat(played)["points"] for played in state.played]
    public = [points[seat] + TEMPO * len(state.played[seat]) + HIDDEN_CARD * min(len(state.hands[seat]), HAND_LIMIT)
              for seat in range(players)]  # public_estimate of every seat
    return [_value(estimate(state, seat, board, points[seat]) - max(public[:seat] + public[seat + 1:]))
            for seat in range(players)]


def evaluate(state: WellState, seat: int) -> float:
    """``evaluate_all(state)[seat]``, working out only ``seat``'s own estimate: the others enter
    through their public estimates, so a one-ply look (greedy, a playout) does half the work."""
    outcome = state.outcome
    if outcome is not None:
        return _share(outcome.winners, seat)
    rival = max(public_estimate(state, other) for other in range(state.players) if other != seat)
    return _value(estimate(state, seat, _board_now(state)) - rival)


def _share(winners: tuple[int, ...], seat: int) -> float:
    """A finished game's value: 1 for a win, split among those who share it; 0 for a loss."""
    return 1.0 / len(winners) if seat in winners else 0.0


def _board_now(state: WellState) -> _Board:
    """The memo of the board as it is now (see :func:`_board_of`), for the cards of this game."""
    _memos_for_these_cards()
    shows, doors = state.board()
    return _board_of(doors, shows)


def _value(lead: float) -> float:
    """The logistic of a lead over the best opponent."""
    return 1.0 / (1.0 + math.exp(-lead / SCALE))
