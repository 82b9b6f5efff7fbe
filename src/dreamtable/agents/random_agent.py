"""The random bot: a uniformly random legal action, reproducible from its seed."""

from __future__ import annotations

import random

from ..core.contract import A, State
from .base import nothing_to_choose


class RandomAgent:
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State[A], seat: int) -> A:
        """A random legal action of ``seat``: ``self.rng.choice(legal)``'s draw, written out.

        Random play (benchmarks, rollouts) calls this at every move, and ``random.choice`` costs two
        Python calls more (``choice`` and ``_randbelow``); this is the same draw: the fewest random
        bits that cover the list's length, drawn again until they name an index in it, so a seed
        picks the same moves as before.
        """
        legal = state.legal_actions(seat)
        count = len(legal)
        if not count:
            raise nothing_to_choose(state, seat)
        getrandbits, bits = self.rng.getrandbits, count.bit_length()
        index = getrandbits(bits)
        while index >= count:
            index = getrandbits(bits)
        return legal[index]
