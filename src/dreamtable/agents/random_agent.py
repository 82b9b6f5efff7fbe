"""The random bot: a uniformly random legal action, reproducible from its seed."""

from __future__ import annotations

import random

from ..core.contract import A, State


class RandomAgent:
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State[A], seat: int) -> A:
        """A random legal action of ``seat``."""
        return self.rng.choice(state.legal_actions(seat))
