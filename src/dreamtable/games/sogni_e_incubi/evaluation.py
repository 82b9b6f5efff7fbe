"""A heuristic value of a Sogni e Incubi position, for the greedy bot and ISMCTS leaves.

Most games end on the count of dream slots (SI-R14, SI-R15), and a slot that is not yet a dream
is worth something when the hand holds a card that can make it one. A seat's progress is its
dream slots plus half a point for each other slot its hand can fill; the value compares that
with the best opponent's and squashes the difference into (0, 1).

It reads the seat's own hand, so on a real state call it only for a seat whose hand the caller
may see; the bots call it on determinised states, where every hand is a sampled one.
"""

from __future__ import annotations

import math

from .cards import CS, REM, is_nightmare
from .rules import SogniState

FILLABLE_WORTH = 0.5
"""A slot the hand can turn into a dream is worth half a dream slot (measured against random play)."""


def progress(state: SogniState, seat: int) -> float:
    """Dream slots, plus part of a point per other slot the hand can fill."""
    hand = state.hands[seat]
    dream_top = state._dream_top
    dreams = fillable = 0
    for index, stack in enumerate(state.rows[seat]):
        top = stack[-1]
        if dream_top[top]:
            dreams += 1
        elif hand[index] or hand[REM] or (hand[CS] and is_nightmare(top)):
            fillable += 1
    return dreams + FILLABLE_WORTH * fillable


def evaluate(state: SogniState, seat: int) -> float:
    """1 for a win (shared among winners), 0 for a loss, else a logistic of the progress lead."""
    outcome = state.outcome
    if outcome is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    mine = progress(state, seat)
    best_other = max(progress(state, other) for other in range(state.players) if other != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best_other)))
