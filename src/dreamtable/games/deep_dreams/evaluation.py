"""A heuristic value of a Deep Dreams position for the greedy bot and ISMCTS leaves.

Each seat's estimate is its score if the game ended now (DD-R20 to DD-R22) plus what is still
to come: half a point per card in hand that can be played at the right end now, less for one
that cannot, and half a point per position in the row (a longer row ends the game sooner and
has more to score with). A seat's value is a logistic of its lead over the best opponent.
The weights were chosen by playing greedy against random (docs/performance.md).
"""

from __future__ import annotations

import math

from .cards import JOINTS
from .rules import DreamState, cards_of
from .scoring import totals

PLAYABLE_CARD = 0.5
"""A card in hand that connects at the right end of the row now."""
OTHER_CARD = 0.3
"""A card in hand that does not (it may later, or with Dream Moon)."""
ROW_POSITION = 0.5
"""Each position of the row."""
SCALE = 4.0
"""A lead of this many points is worth about 73% (logistic of 1)."""


def hand_counts(state: DreamState, seat: int) -> tuple[int, int]:
    """The seat's cards in hand that connect at the right end of its row now, and the others."""
    row = state.rows[seat]
    hand = cards_of(state.hands[seat])
    if row:
        joints = JOINTS[row[-1][-1]]
        playable = sum(1 for card in hand if joints[card].levels)
    else:
        playable = len(hand)
    return playable, len(hand) - playable


def estimate(state: DreamState, seat: int, total: float) -> float:
    """The seat's score so far plus the worth of its hand and of its row's length."""
    playable, other = hand_counts(state, seat)
    return total + PLAYABLE_CARD * playable + OTHER_CARD * other + ROW_POSITION * len(state.rows[seat])


def evaluate_all(state: DreamState) -> list[float]:
    """Every seat's value: 1 for a win (shared), 0 for a loss, else a logistic of the estimated lead."""
    players = state.players
    outcome = state.outcome
    if outcome is not None:
        return [1.0 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(players)]
    so_far = totals(state.rows)
    estimates = [estimate(state, seat, so_far[seat]) for seat in range(players)]
    values = []
    for seat in range(players):
        best_other = max(estimates[other] for other in range(players) if other != seat)
        values.append(1.0 / (1.0 + math.exp(-(estimates[seat] - best_other) / SCALE)))
    return values


def evaluate(state: DreamState, seat: int) -> float:
    """One seat's value (see :func:`evaluate_all`)."""
    return evaluate_all(state)[seat]
