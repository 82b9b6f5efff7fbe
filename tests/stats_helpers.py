"""Sequential decisions on a win rate: play seeded games until the evidence is clear.

A strength test asks whether a bot's true win rate ``p`` (its expected share of the win per game,
over seeds) reaches a threshold ``t``. A fixed sample of ``n`` games and the rule "observed rate
≥ t" spends as many games on a bot that wins every game as on one that sits on the threshold.
:class:`SequentialWinRate` instead runs Wald's sequential probability ratio test of
``p ≤ p0 = t − margin`` against ``p ≥ p1 = t + margin`` after every game:

* after each game it adds the game's log-likelihood ratio
  ``x·ln(p1/p0) + (1 − x)·ln((1 − p1)/(1 − p0))`` (``x`` the hero's share of the win, 0, ½ or 1);
* it **passes** as soon as the sum reaches ``ln(1/alpha)``, and **fails** as soon as it drops to
  ``−ln(1/beta)``;
* after ``max_games`` without either, it decides as a fixed test does: pass iff the observed
  rate is at least ``t``.

Error rates. ``exp(sum)`` is a nonnegative supermartingale whenever the mean share per game is
at most ``p0`` (``a^x·b^(1−x)`` is convex in ``x``, so its mean is at most ``p·a + (1 − p)·b ≤ 1``),
so by Ville's inequality a bot whose true rate is ``≤ p0`` passes *early* with probability at
most ``alpha``, however many games are looked at and whatever the shares (ties included);
likewise a bot at ``≥ p1`` fails early with probability at most ``beta``. The whole procedure,
truncation included, is computed exactly for win/loss games by :meth:`pass_probability`, and
each strength test states in its docstring what it decides and at which error rates, next to
those of the fixed-size test it replaced (:func:`fixed_pass_probability`).

Games are numbered by seed and the decision reads them in seed order, so a verdict is
reproducible whatever the number of processes; :func:`decide_in_order` keeps a few games in
flight on a process pool and cancels the rest when the verdict is in.
"""

from __future__ import annotations

import math
from collections import deque
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Callable, Iterable


@dataclass(frozen=True)
class Verdict:
    """What a sequential test decided, after how many games, on which evidence."""

    passed: bool
    games: int
    wins: float
    reason: str

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else math.nan

    def __str__(self) -> str:
        word = "pass" if self.passed else "FAIL"
        return f"{word} after {self.games} games, observed {self.wins:g}/{self.games} = {self.rate:.1%} ({self.reason})"


@dataclass(frozen=True)
class SequentialWinRate:
    """Is the true win rate at least ``threshold``? Decided by an SPRT of ``threshold ± margin``.

    ``alpha`` bounds the chance to pass early when the true rate is at most ``threshold − margin``;
    ``beta`` the chance to fail early when it is at least ``threshold + margin``. At ``max_games``
    the observed rate is compared with ``threshold``.
    """

    threshold: float
    margin: float
    max_games: int
    alpha: float = 0.01
    beta: float = 0.01

    def __post_init__(self) -> None:
        if not 0 < self.p0 < self.threshold < self.p1 < 1:
            raise ValueError(f"need 0 < threshold − margin < threshold < threshold + margin < 1, got {self}")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.max_games >= 1):
            raise ValueError(f"bad error rates or sample cap: {self}")

    @property
    def p0(self) -> float:
        return self.threshold - self.margin

    @property
    def p1(self) -> float:
        return self.threshold + self.margin

    @property
    def upper(self) -> float:
        """The log-likelihood ratio at which the test passes."""
        return math.log(1 / self.alpha)

    @property
    def lower(self) -> float:
        """The log-likelihood ratio at which the test fails."""
        return -math.log(1 / self.beta)

    def llr(self, share: float) -> float:
        """One game's log-likelihood ratio of ``p1`` against ``p0``; ``share`` in [0, 1]."""
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"a game's share of the win is in [0, 1], not {share}")
        return share * math.log(self.p1 / self.p0) + (1 - share) * math.log((1 - self.p1) / (1 - self.p0))

    def decide(self, shares: Iterable[float]) -> Verdict | None:
        """The verdict on the games so far (in seed order), or ``None`` to play another game."""
        total = 0.0
        wins = 0.0
        games = 0
        for share in shares:
            games += 1
            wins += share
            total += self.llr(share)
            if total >= self.upper:
                return Verdict(True, games, wins, f"evidence for ≥ {self.p1:.0%} reached 1/α = {1 / self.alpha:.3g}")
            if total <= self.lower:
                return Verdict(False, games, wins, f"evidence for ≤ {self.p0:.0%} reached 1/β = {1 / self.beta:.3g}")
            if games >= self.max_games:
                passed = wins >= self.threshold * games - 1e-9
                return Verdict(passed, games, wins, f"cap of {self.max_games} games reached; rate against {self.threshold:.0%}")
        return None

    def pass_probability(self, p: float) -> tuple[float, float]:
        """Exactly, for games won with probability ``p`` and otherwise lost: (chance to pass, expected games)."""
        a, b = math.log(self.p1 / self.p0), math.log((1 - self.p1) / (1 - self.p0))
        undecided = {0: 1.0}  # wins so far -> chance to be still undecided with them
        passed = expected = 0.0
        for n in range(1, self.max_games + 1):
            following: dict[int, float] = {}
            for wins, mass in undecided.items():
                following[wins + 1] = following.get(wins + 1, 0.0) + mass * p
                following[wins] = following.get(wins, 0.0) + mass * (1 - p)
            undecided = {}
            for wins, mass in following.items():
                total = wins * a + (n - wins) * b
                if total >= self.upper or total <= self.lower or n == self.max_games:
                    expected += n * mass
                    if total >= self.upper or (total > self.lower and wins >= self.threshold * n - 1e-9):
                        passed += mass
                else:
                    undecided[wins] = mass
        return passed, expected

    def describe(self) -> str:
        """A sentence on the error rates, for a failed test's message."""
        at_p0 = self.pass_probability(self.p0)[0]
        at_p1 = 1 - self.pass_probability(self.p1)[0]
        return (f"passes with probability ≤ {at_p0:.1%} at a true rate ≤ {self.p0:.0%} and fails with probability "
                f"≤ {at_p1:.1%} at ≥ {self.p1:.0%} (at most {self.max_games} games)")


def fixed_pass_probability(games: int, threshold: float, p: float) -> float:
    """The chance that a fixed test of ``games`` win/loss games with rate ≥ ``threshold`` passes at true rate ``p``."""
    need = math.ceil(threshold * games - 1e-9)
    return sum(math.comb(games, k) * p**k * (1 - p) ** (games - k) for k in range(need, games + 1))


def decide_in_order(
    test: SequentialWinRate,
    play: Callable[[int], float],
    pool: Executor | None = None,
    ahead: int = 2,
) -> Verdict:
    """Play seeds 0, 1, 2, … with ``play(seed) -> share`` until ``test`` decides.

    On a ``pool``, ``ahead`` games are kept in flight and the rest are never started once the
    verdict is in; results are read in seed order, so the verdict does not depend on the pool.
    """
    shares: list[float] = []
    if pool is None:
        for seed in range(test.max_games):
            shares.append(play(seed))
            verdict = test.decide(shares)
            if verdict is not None:
                return verdict
        raise AssertionError("unreachable: the test decides at max_games")
    in_flight: deque[Future[float]] = deque()
    next_seed = 0
    try:
        while True:
            while len(in_flight) < max(1, ahead) and next_seed < test.max_games:
                in_flight.append(pool.submit(play, next_seed))
                next_seed += 1
            shares.append(in_flight.popleft().result())
            verdict = test.decide(shares)
            if verdict is not None:
                return verdict
    finally:
        for future in in_flight:
            future.cancel()

