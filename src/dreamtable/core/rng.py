"""A small seeded random number generator whose whole state is one integer.

States own their RNG and copy it with every ``copy()``; ``random.Random`` carries 625 words
of state, which would dominate the cost of a copy in search. SplitMix64 is tiny, fast enough
for the handful of draws a card game makes, and reproducible across Python versions.
"""

from __future__ import annotations

from typing import MutableSequence, Protocol, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB  # SplitMix64's constants


class Rng:
    """SplitMix64: ``Rng(seed)`` always yields the same sequence for the same seed."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> "Rng":
        """An independent generator at the same point of the sequence."""
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def next_u64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        if n <= 0:
            raise ValueError(f"randrange needs a positive bound, got {n}")
        # Rejection sampling keeps the result exactly uniform. next_u64 is written out here (the same
        # steps): games draw at almost every move, and the call was a third of a draw's time.
        limit = _SPAN - _SPAN % n
        state = self.state
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return items[self.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates): ``j = self.randrange(i + 1)`` for each ``i`` from the top,
        written out (a new game shuffles its deck, and in random play setup is a game's biggest step)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def spawn(self) -> "Rng":
        """A new generator seeded from this one, for a sub-task that must not disturb it."""
        return Rng(self.next_u64())


class RandomSource(Protocol):
    """Anything with ``random()``: a :class:`Rng` or a ``random.Random``."""

    def random(self) -> float: ...


def shuffle_with(items: MutableSequence[T], rng: RandomSource) -> None:
    """Fisher–Yates with any source of ``random()`` (``determinize`` accepts either kind)."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def draw_with(items: list[T], count: int, rng: RandomSource) -> list[T]:
    """``count`` items drawn uniformly without replacement and removed from ``items`` (whose order
    changes): the last ``count`` steps of :func:`shuffle_with`, for a deal that needs only a few of
    many items (a search determinises thousands of times and most hidden piles are never dealt from)."""
    drawn = []
    for _ in range(count):
        j = int(rng.random() * len(items))
        items[j], items[-1] = items[-1], items[j]
        drawn.append(items.pop())
    return drawn


def reseeded(rng: RandomSource) -> Rng:
    """A fresh :class:`Rng` seeded from ``rng``, so a determinised state's future is new too."""
    return Rng(int(rng.random() * (1 << 53)))


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game seeded ``game_seed``: the same everywhere (the
    terminal, the server, simulations, goldens, the kit), so one seed means the same bots. Seats are
    fewer than 1,000, so no two seats of a game, nor of two games, share a seed."""
    return game_seed * 1000 + seat
