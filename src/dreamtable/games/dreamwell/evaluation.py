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


@lru_cache(maxsize=32_768)
def distances(doors_by_cell: tuple[int, ...], start: int) -> tuple[int, ...]:
    """Estimated actions from ``start`` (or from off the board) to every cell.

    A step through a door that exists now costs 1; a step to a neighbour without such a door
    costs 2 (a rotation first), so that turning a tile the right way shows as progress.
    Steps cost 1 or 2, so the cells are reached level by level (bit sets of cells per cost), as
    Dijkstra's algorithm would order them.
    """
    dist = [FAR] * 16
    levels = [0, EDGE] if start == OFF else [1 << start]
    seen = 0
    cost = 0
    while cost < len(levels):
        fresh = levels[cost] & ~seen
        if fresh:
            seen |= fresh
            one = two = 0
            while fresh:
                low = fresh & -fresh
                cell = low.bit_length() - 1
                fresh ^= low
                dist[cell] = cost
                one |= DOOR_REACH[cell][doors_by_cell[cell]]
                two |= NEXT_TO[cell]
            while len(levels) < cost + 3:
                levels.append(0)
            levels[cost + 1] |= one
            levels[cost + 2] |= two
        cost += 1
    return tuple(dist)


@lru_cache(maxsize=65_536)
def nearest(doors: tuple[int, ...], shows: tuple[int, ...], start: int) -> dict[int, int]:
    """For a pawn on ``start``: the fewest steps to a cell showing each creature, terrain or both.

    Keys are item bit sets, as in ``WellState.items_at``; a missing key means no cell shows it.
    The board changes seldom during a search, so the answers are cached (callers must not change them).
    """
    reach = distances(doors, start)
    masks = _masks(shows)
    near: dict[int, int] = {}
    for cell in sorted(range(16), key=reach.__getitem__, reverse=True):  # the nearest cell showing a mask writes last
        steps = reach[cell]
        if steps < FAR:
            items, creature, terrain = masks[cell]
            near[items] = near[creature] = near[terrain] = steps
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
    one, two = (1 << creature for creature in friend.creatures)
    best = FAR
    for first, second in ((near[0], near[1]), (near[1], near[0])):
        best = min(
            best,
            first.get(one | terrain, FAR) + second.get(two, FAR),
            first.get(one, FAR) + second.get(two | terrain, FAR),
        )
    return best


_MEMO_CARDS: list[tuple[Any, ...]] = [FRIEND_CARDS]  # the card table the memos below were filled from


def _memos_for_these_cards() -> None:
    """Forget the per-card memos when the card table is another (the rule tests add fixture cards)."""
    if _MEMO_CARDS[0] is not FRIEND_CARDS:
        _pair_steps.cache_clear()
        _values_after.cache_clear()
        _MEMO_CARDS[0] = FRIEND_CARDS


@lru_cache(maxsize=65_536)
def _pair_steps(doors: tuple[int, ...], shows: tuple[int, ...], first: int, second: int) -> dict[int, int]:
    """Card → :func:`steps_to_play` for pawns on ``first`` and ``second`` of this board, filled as cards
    are asked for (search evaluates the same pawns and hands on one board thousands of times)."""
    return {}


@lru_cache(maxsize=16_384)
def _values_after(played: tuple[int, ...]) -> dict[int, float]:
    """Card → :func:`_card_value` on this pile, filled as cards are asked for."""
    return {}


def estimate(state: WellState, seat: int, shows: tuple[int, ...], doors: tuple[int, ...], points: int | None = None) -> float:
    """Points in play plus the discounted promise of the best four cards in hand.

    LOCATED helps the next card only, so at most one card counts as ready thanks to it; the others
    are judged without it (otherwise holding every card "ready" looks better than playing one).
    ``points``: the seat's points in play, when the caller has them.
    """
    played = state.played[seat]
    if points is None:
        points = score_seat(played)["points"]
    first, second = state.pawns[seat]
    steps_of = _pair_steps(doors, shows, first, second)
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
            steps = steps_of[card] = steps_to_play(card, [nearest(doors, shows, first), nearest(doors, shows, second)])
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
        return [1.0 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(players)]
    _memos_for_these_cards()
    shows, doors = state.board()
    points = [score_seat(played)["points"] for played in state.played]
    public = [points[seat] + TEMPO * len(state.played[seat]) + HIDDEN_CARD * min(len(state.hands[seat]), HAND_LIMIT)
              for seat in range(players)]  # public_estimate of every seat
    values = []
    for seat in range(players):
        rival = max(public[:seat] + public[seat + 1:])
        lead = estimate(state, seat, shows, doors, points[seat]) - rival
        values.append(1.0 / (1.0 + math.exp(-lead / SCALE)))
    return values
