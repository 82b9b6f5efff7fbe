"""A linear model of who wins, fitted to game results, that scores a search's leaves.

Each seat's *estimate* is a weighted sum of features of its position (its score so far, cards in
hand, …, listed by the game); its value is the logistic of its estimate minus the best opponent's,
so the values of two seats mirror each other (v and 1 − v). The weights are a conditional logit
of who wins on every seat's features (with two players, a logistic regression of the result on the
difference of the two seats' features), fitted by :mod:`dreamtable.workbench.leaf_fit` from seeded
self-play of one table size and committed beside the features, with the command that fitted them.

A game that has one returns :meth:`LinearLeafModel.values` from ``Game.leaf_values``; its
``evaluate`` (the greedy and easy bots) stays the hand-set heuristic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence


@dataclass(frozen=True)
class LinearLeafModel:
    """``features(state)`` gives one list of ``len(names)`` numbers per seat; ``weights`` one weight each."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    features: Callable[[Any], list[list[float]]]

    def __post_init__(self) -> None:
        if len(self.names) != len(self.weights):
            raise ValueError(f"{len(self.names)} features but {len(self.weights)} weights")

    def estimates(self, state: Any) -> list[float]:
        """Each seat's weighted sum of its features."""
        weights = self.weights
        return [sum(weight * value for weight, value in zip(weights, row)) for row in self.features(state)]

    def values(self, state: Any) -> list[float]:
        """Every seat's value in [0, 1]: the result once the game is over (a shared win splits 1),
        else the logistic of its estimate's lead over the best opponent's."""
        players = state.players
        outcome = state.outcome
        if outcome is not None:
            return [1.0 / len(outcome.winners) if seat in outcome.winners else 0.0 for seat in range(players)]
        return lead_values(self.estimates(state))


def lead_values(estimates: Sequence[float]) -> list[float]:
    """The logistic of each estimate minus the best of the others (capped so ``exp`` cannot overflow)."""
    values = []
    for seat, own in enumerate(estimates):
        rival = max(estimate for other, estimate in enumerate(estimates) if other != seat)
        lead = max(-60.0, min(60.0, own - rival))
        values.append(1.0 / (1.0 + math.exp(-lead)))
    return values
