"""A heuristic value of a Sogni e Incubi position, for the greedy bot and ISMCTS leaves.

Winning needs six dream slots *and* an empty hand (SI-R12), so a seat's progress is its dream
slots less a small charge per card still in hand. The value compares that progress with the best
opponent's and squashes the difference into (0, 1). It reads only public facts (rows and hand
sizes), so it is safe to call on any state.
"""

from __future__ import annotations

import math

from .rules import SogniState

HAND_CHARGE = 0.2
"""Progress lost per card in hand: one dream slot is worth about five cards held."""


def progress(state: SogniState, seat: int) -> float:
    """Dream slots less a charge for the cards still to be played."""
    return state.dream_slots(seat) - HAND_CHARGE * state.hand_sizes[seat]


def evaluate(state: SogniState, seat: int) -> float:
    """1 for a win (shared among winners), 0 for a loss, else a logistic of the progress lead."""
    outcome = state.outcome
    if outcome is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    mine = progress(state, seat)
    best_other = max(progress(state, other) for other in range(state.players) if other != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best_other)))
