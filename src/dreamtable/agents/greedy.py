"""The greedy bot: tries every legal action one ply ahead and keeps the best by the game's evaluation.

Looking ahead on the real state would show it the next card of the deck, so it looks ahead on a
few determinisations (worlds consistent with what its seat knows) and averages them.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..core.contract import A, State
from .base import nothing_to_choose, one_ply_values, value_for


class GreedyAgent:
    """One-ply search over ``worlds`` determinisations, using the game's evaluation (or ``judge``:
    a value in [0, 1] of a state for a seat, as :func:`~.base.value_for` gives; tuning tries others)."""

    name = "greedy"

    def __init__(self, seed: int = 0, worlds: int = 4, judge: Callable[[State[Any], int], float] = value_for) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.judge = judge

    def choose(self, state: State[A], seat: int) -> A:
        """The legal action with the best average value after it; ties broken at random."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if not legal:
            raise nothing_to_choose(state, seat)
        totals = [0.0] * len(legal)
        for _ in range(self.worlds):
            world = state.determinize(seat, self.rng)
            for index, value in enumerate(one_ply_values(world, seat, legal, self.judge)):
                totals[index] += value
        best = max(totals)
        return self.rng.choice([action for action, total in zip(legal, totals) if total >= best - 1e-9])
