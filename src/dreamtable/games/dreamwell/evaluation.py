"""A heuristic value of a Dreamwell position for the greedy bot and ISMCTS leaves.

A seat's estimate is its points in play, a tempo point per card played, and the promise of the
best four cards in hand (more would be discarded). A card's promise is what playing it now would
add to the seat's score (plus the tempo point), discounted by how many steps through the doors its
pawns still need to reach tiles showing its creatures and terrain (a step where a door must first
be turned counts double; an off-board pawn is one step from any edge tile). The value is a
logistic of the lead over the best opponent's public estimate.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache

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


@lru_cache(maxsize=65_536)
def nearest(doors: tuple[int, ...], shows: tuple[int, ...], start: int) -> dict[int, int]:
    """For a pawn on ``start``: the fewest steps to a cell showing each creature, terrain or both.

    Keys are item bit sets, as in ``WellState.items_at``; a missing key means no cell shows it.
    The board changes seldom during a search, so the answers are cached (callers must not change them).
    """
    reach = distances(doors, start)
    near: dict[int, int] = {0: 0}
    for cell, items in enumerate(shows):
        steps = reach[cell]
        creature = items & ((1 << TERRAIN_ITEM) - 1)
        for mask in (items, creature, items ^ creature):
            if steps < near.get(mask, FAR):
                near[mask] = steps
    return near


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


def estimate(state: WellState, seat: int, shows: tuple[int, ...], doors: tuple[int, ...]) -> float:
    """Points in play plus the discounted promise of the best four cards in hand.

    LOCATED helps the next card only, so at most one card counts as ready thanks to it; the others
    are judged without it (otherwise holding every card "ready" looks better than playing one).
    """
    played = state.played[seat]
    points = score_seat(played)["points"]
    near = [nearest(doors, shows, cell) for cell in state.pawns[seat]]
    located = state.located[seat]
    promises = []
    best_located_bonus = 0.0
    for card in state.hands[seat]:
        value = _card_value(card, played, points)
        steps = steps_to_play(card, near)
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
    shows = tuple(state.items_at(cell) for cell in range(16))
    doors = tuple(state.doors(cell) for cell in range(16))
    public = [public_estimate(state, seat) for seat in range(players)]
    values = []
    for seat in range(players):
        lead = estimate(state, seat, shows, doors) - max(public[o] for o in range(players) if o != seat)
        values.append(1.0 / (1.0 + math.exp(-lead / SCALE)))
    return values
