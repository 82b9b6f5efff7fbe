"""A heuristic value of a Dreamwell position for the greedy bot and ISMCTS leaves.

A seat's estimate is its points in play, a tempo point per card played, and the promise of the
best four cards in hand (more would be discarded). A card's promise is what playing it now would
add to the seat's score (plus the tempo point), discounted by how many steps through the doors its
pawns still need to reach tiles showing its creatures and terrain (a step where a door must first
be turned counts double; an off-board pawn is one step from any edge tile). The value is a
logistic of the lead over the best opponent's public estimate.

Those constants are a :class:`Weights`. ``HAND_SET`` are the ones greedy, easy and medium judge by;
the search scores its leaves with ``SEARCH`` (see ``Dreamwell.leaf_values``), tuned by CMA-ES so
that a greedy bot judging by them beats the hand-set greedy (``benchmarks/tune_dreamwell.py``,
docs/bots.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from operator import mul
from typing import Any

from .components import FRIEND_CARDS, TERRAIN_ITEM
from .rules import EDGE_CELLS, HAND_LIMIT, NEIGHBOURS, OFF, WellState
from .scoring import score_seat

SCALE = 6.0
READY = 0.9  # a card that can be played now is worth nearly its points
HIDDEN_CARD = 0.8  # what an unseen card in an opponent's hand is assumed to promise
TEMPO = 1.0  # each card played brings the end (seven cards) nearer and feeds later symbols
FAR = 99


@dataclass(frozen=True)
class Weights:
    """The evaluation's constants. A card ``steps`` away promises ``near / (1 + steps) ** decay`` of
    its value (``far`` of it when its pawns cannot get there), a card playable now ``ready``; the
    best four promises count by ``ranks`` (best first), since two pawns serve one card at a time."""

    ready: float = READY
    near: float = 0.6
    decay: float = 1.0
    far: float = 0.02
    tempo: float = TEMPO
    hidden_card: float = HIDDEN_CARD
    ranks: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)
    located: float = 1.0  # how much of the card LOCATED makes playable counts
    discount: tuple[float, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.ranks) != HAND_LIMIT:
            raise ValueError(f"ranks weigh the best {HAND_LIMIT} promises, not {len(self.ranks)}")
        # near / (1 + steps) ** decay per steps below FAR, once (the same floats as worked out per card)
        object.__setattr__(self, "discount", tuple(self.near / (1 + steps) ** self.decay for steps in range(FAR)))


HAND_SET = Weights()
"""The hand-set weights: greedy's, easy's and medium's judgement."""

SEARCH = Weights(ready=0.646, near=0.26, decay=0.583, far=0.018, tempo=0.887, hidden_card=0.841,
                 ranks=(1.0, 0.803, 0.787, 0.448), located=0.566)
"""The search's leaves' weights: CMA-ES's mean after 15 generations, to three digits
(``python benchmarks/tune_dreamwell.py``: greedy on these beats hand-set greedy; docs/bots.md).
Compared with HAND_SET, a card counts less the further its pawns are and the lower it ranks in
the hand: the two pawns serve one card at a time."""


def _card_points(card: int, played: list[int], points: int) -> int:
    """What playing ``card`` now would add to the seat's points, with its pile."""
    return score_seat(played + [card])["points"] - points


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
def _values_after(played: tuple[int, ...]) -> dict[int, int]:
    """Card → :func:`_card_points` on this pile, filled as cards are asked for."""
    return {}


def estimate(state: WellState, seat: int, board: _Board, points: int | None = None, weights: Weights = HAND_SET) -> float:
    """Points in play plus the discounted promise of the best four cards in hand.

    LOCATED helps the next card only, so at most one card counts as ready thanks to it; the others
    are judged without it (otherwise holding every card "ready" looks better than playing one).
    ``board``: the state's :class:`_Board`; ``points``: the seat's points in play, when the caller has them.
    A card's value is what it adds to the points plus the tempo of one card more.
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
    ready, tempo, discount = weights.ready, weights.tempo, weights.discount
    for card in state.hands[seat]:
        gain = values_of.get(card)
        if gain is None:
            gain = values_of[card] = _card_points(card, played, points)
        value = gain + tempo
        steps = steps_of.get(card)
        if steps is None:
            if near is None:
                near = [board.nearest(first), board.nearest(second)]
            steps = steps_of[card] = steps_to_play(card, near)
        if steps == 0:  # playable now, without help from LOCATED
            promises.append(ready * value)
            continue
        promise = discount[steps] * value if steps < FAR else weights.far * value
        if located and state.can_play(seat, card):
            best_located_bonus = max(best_located_bonus, ready * value - promise)
        promises.append(promise)
    promises.sort(reverse=True)  # the best four count (HAND_LIMIT: more would be discarded), each by its rank
    counted: float = sum(map(mul, weights.ranks, promises))
    return points + tempo * len(played) + counted + weights.located * best_located_bonus


def public_estimate(state: WellState, seat: int, weights: Weights = HAND_SET) -> float:
    """What every seat can see of ``seat``'s prospects: points and cards in play, and a hand size.

    Searching bots judge their lead against this rather than against the opponents' sampled hands,
    which differ from one determinisation to the next and would drown small differences in noise.
    """
    played = state.played[seat]
    return score_seat(played)["points"] + weights.tempo * len(played) + weights.hidden_card * min(len(state.hands[seat]), HAND_LIMIT)


def evaluate_all(state: WellState, weights: Weights = HAND_SET) -> list[float]:
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
    tempo, hidden_card = weights.tempo, weights.hidden_card
    public = [points[seat] + tempo * len(state.played[seat]) + hidden_card * min(len(state.hands[seat]), HAND_LIMIT)
              for seat in range(players)]  # public_estimate of every seat
    return [_value(estimate(state, seat, board, points[seat], weights) - max(public[:seat] + public[seat + 1:]))
            for seat in range(players)]


def evaluate(state: WellState, seat: int, weights: Weights = HAND_SET) -> float:
    """``evaluate_all(state)[seat]``, working out only ``seat``'s own estimate: the others enter
    through their public estimates, so a one-ply look (greedy, a playout) does half the work."""
    outcome = state.outcome
    if outcome is not None:
        return _share(outcome.winners, seat)
    rival = max(public_estimate(state, other, weights) for other in range(state.players) if other != seat)
    return _value(estimate(state, seat, _board_now(state), None, weights) - rival)


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
