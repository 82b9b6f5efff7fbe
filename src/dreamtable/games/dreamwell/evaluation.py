"""A heuristic value of a Dreamwell position for the greedy bot and ISMCTS leaves.

Each seat's estimate is its points in play plus the promise of the best four cards in hand (more
would be discarded). A card's promise is its printed value, discounted by how many steps through
the doors its pawns still need to reach tiles showing its creatures and terrain (a step where a
door must first be turned counts double; an off-board pawn is one step from any edge tile). The value is a logistic of the lead
over the best opponent.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache

from .components import FRIEND_CARDS, TERRAIN_ITEM
from .rules import EDGE_CELLS, HAND_LIMIT, NEIGHBOURS, OFF, WellState
from .scoring import score_seat

SCALE = 3.0
READY = 0.9  # a card that can be played now is worth nearly its points
FAR = 99


def _card_value(card: int) -> float:
    kind, *values = FRIEND_CARDS[card].score
    return float(values[0]) if kind in ("heart", "wild", "plus_per_terrain", "per_friend", "per_set") else 1.0


@lru_cache(maxsize=32_768)
def distances(doors_by_cell: tuple[int, ...], start: int) -> tuple[int, ...]:
    """Estimated actions from ``start`` (or from off the board) to every cell.

    A step through a door that exists now costs 1; a step to a neighbour without such a door
    costs 2 (a rotation first), so that turning a tile the right way shows as progress.
    """
    dist = [FAR] * 16
    heap: list[tuple[int, int]] = []
    if start == OFF:
        for cell in EDGE_CELLS:
            dist[cell] = 1
            heap.append((1, cell))
    else:
        dist[start] = 0
        heap.append((0, start))
    heapq.heapify(heap)
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > dist[cell]:
            continue
        doors = doors_by_cell[cell]
        for direction in range(8):
            target = NEIGHBOURS[cell][direction]
            if target == OFF:
                continue
            step = cost + (1 if doors >> direction & 1 else 2)
            if step < dist[target]:
                dist[target] = step
                heapq.heappush(heap, (step, target))
    return tuple(dist)


def steps_to_play(card: int, located: int, reach: list[tuple[int, ...]], shows: list[int]) -> int:
    """The fewest door steps after which the seat's pawns would meet the card's requirements."""
    friend = FRIEND_CARDS[card]
    terrain = 1 << (TERRAIN_ITEM + friend.terrain)
    needs_terrain = not located & terrain
    wanted = [1 << c for c in friend.creatures if not located >> c & 1] + [0, 0]
    best = FAR
    for first, second in ((0, 1), (1, 0)):
        for terrain_on_first in ((True, False) if needs_terrain else (False,)):
            first_mask = wanted[0] | (terrain if needs_terrain and terrain_on_first else 0)
            second_mask = wanted[1] | (terrain if needs_terrain and not terrain_on_first else 0)
            cost = 0
            for pawn, mask in ((first, first_mask), (second, second_mask)):
                if mask:
                    cost += min((reach[pawn][cell] for cell in range(16) if shows[cell] & mask == mask), default=FAR)
            best = min(best, cost)
    return best


def estimate(state: WellState, seat: int, shows: list[int], doors: tuple[int, ...]) -> float:
    """Points in play plus the discounted promise of the best four cards in hand.

    LOCATED helps the next card only, so at most one card counts as ready thanks to it; the others
    are judged without it (otherwise holding every card "ready" looks better than playing one).
    """
    points = float(score_seat(state.played[seat])["points"])
    reach = [distances(doors, cell) for cell in state.pawns[seat]]
    located = state.located[seat]
    promises = []
    best_located_bonus = 0.0
    for card in state.hands[seat]:
        value = _card_value(card)
        if state.can_play(seat, card, located=0):
            promises.append(READY * value)
            continue
        steps = steps_to_play(card, 0, reach, shows)
        promise = 0.6 / (1 + steps) * value if steps < FAR else 0.02 * value
        if located and state.can_play(seat, card):
            best_located_bonus = max(best_located_bonus, READY * value - promise)
        promises.append(promise)
    return points + sum(sorted(promises, reverse=True)[:HAND_LIMIT]) + best_located_bonus


def evaluate_all(state: WellState) -> list[float]:
    """1 for a win (shared), 0 for a loss, else a logistic of the estimated lead."""
    players = state.players
    outcome = state.outcome
    if outcome is not None:
        return [1.0 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(players)]
    shows = [state.items_at(cell) for cell in range(16)]
    doors = tuple(state.doors(cell) for cell in range(16))
    estimates = [estimate(state, seat, shows, doors) for seat in range(players)]
    return [1.0 / (1.0 + math.exp(-(estimates[s] - max(estimates[o] for o in range(players) if o != s)) / SCALE))
            for s in range(players)]
