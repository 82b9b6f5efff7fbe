"""A heuristic value of a Dreamwell position for the greedy bot and ISMCTS leaves.

Each seat's estimate is its points in play plus, for each of the best four cards in hand (more
would be discarded), a share of the card's printed value that grows with how many of its two
creatures and terrain are already under the pawns. The value is a logistic of the lead over the
best opponent. It has no sense of distance on the board yet, which is why greedy can wander.
"""

from __future__ import annotations

import math

from .components import FRIEND_CARDS, TERRAIN_ITEM
from .rules import HAND_LIMIT, WellState
from .scoring import score_seat

SCALE = 3.0
READY = 0.9  # a card whose requirements are met is worth nearly its points
PER_ITEM = 0.2  # each requirement already under a pawn


def _card_value(card: int) -> float:
    kind, *values = FRIEND_CARDS[card].score
    return float(values[0]) if kind in ("heart", "wild", "plus_per_terrain", "per_friend", "per_set") else 1.0


def estimate(state: WellState, seat: int) -> float:
    """Points in play plus the promise of the best four cards in hand (the rest would be discarded)."""
    points = float(score_seat(state.played[seat])["points"])
    under = state.items_at(state.pawns[seat][0]) | state.items_at(state.pawns[seat][1]) | state.located[seat]
    promises = []
    for card in state.hands[seat]:
        friend = FRIEND_CARDS[card]
        if state.can_play(seat, card):
            promises.append(READY * _card_value(card))
            continue
        met = sum(1 for c in friend.creatures if under >> c & 1) + (under >> (TERRAIN_ITEM + friend.terrain) & 1)
        promises.append(PER_ITEM * met * _card_value(card))
    return points + sum(sorted(promises, reverse=True)[:HAND_LIMIT])


def evaluate_all(state: WellState) -> list[float]:
    """1 for a win (shared), 0 for a loss, else a logistic of the estimated lead."""
    players = state.players
    outcome = state.outcome
    if outcome is not None:
        return [1.0 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(players)]
    estimates = [estimate(state, seat) for seat in range(players)]
    return [1.0 / (1.0 + math.exp(-(estimates[s] - max(estimates[o] for o in range(players) if o != s)) / SCALE))
            for s in range(players)]
