"""A heuristic value of a Deep Dreams position for the greedy bot and ISMCTS leaves.

The current score of every row (as if the game ended now, DD-R20 to DD-R22) plus a little for
what is still to come: each card in hand is a future play, and a longer row is closer to the end.
The value compares a seat's estimate with the best opponent's and squashes it into (0, 1).
"""

from __future__ import annotations

import math

from .rules import DreamState
from .scoring import score

HAND_WORTH = 0.3
"""Points a card in hand is worth before it is played."""
SCALE = 4.0
"""A lead of this many points is worth about 73% (logistic of 1)."""


def evaluate(state: DreamState, seat: int) -> float:
    """1 for a win (shared among winners), 0 for a loss, else a logistic of the estimated lead."""
    outcome = state.outcome
    if outcome is not None:
        return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    totals, _ = score(state.rows)
    estimate = [totals[s] + HAND_WORTH * state.hands[s].bit_count() for s in range(state.players)]
    best_other = max(estimate[s] for s in range(state.players) if s != seat)
    return 1.0 / (1.0 + math.exp(-(estimate[seat] - best_other) / SCALE))
