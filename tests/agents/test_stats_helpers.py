"""The sequential win-rate test of tests/stats_helpers.py: its decisions, its exact error rates, its pool runner."""

from __future__ import annotations

import itertools
import math
from concurrent.futures import ThreadPoolExecutor

import pytest

from ..stats_helpers import SequentialWinRate, decide_in_order, fixed_pass_probability

TEST = SequentialWinRate(0.80, 0.10, max_games=60, alpha=0.02, beta=0.01)
SHORT = SequentialWinRate(0.80, 0.10, max_games=12, alpha=0.02, beta=0.01)  # small enough to enumerate


def test_a_bot_that_wins_every_game_passes_as_soon_as_the_ratio_reaches_one_over_alpha():
    step = math.log(0.9 / 0.7)
    need = math.ceil(math.log(1 / 0.02) / step)
    assert TEST.decide([1.0] * (need - 1)) is None
    verdict = TEST.decide([1.0] * need)
    assert verdict is not None and verdict.passed and verdict.games == need and "1/α" in verdict.reason


def test_a_bot_that_loses_fails_early_and_one_on_the_line_is_judged_at_the_cap():
    need = math.ceil(math.log(1 / 0.01) / math.log(0.3 / 0.1))
    assert TEST.decide([0.0] * (need - 1)) is None
    verdict = TEST.decide([0.0] * need)
    assert verdict is not None and not verdict.passed and verdict.games == need and "1/β" in verdict.reason
    on_the_line = [1.0, 1.0, 1.0, 1.0, 0.0] * 3  # 80%: neither bound is reached in 12 games
    verdict = SHORT.decide(on_the_line)
    assert verdict is not None and verdict.games == 12 and "cap" in verdict.reason
    assert verdict.passed == (verdict.wins >= 0.8 * 12)


def test_shares_of_a_shared_win_count_and_out_of_range_shares_are_refused():
    assert TEST.llr(0.5) == pytest.approx((TEST.llr(1.0) + TEST.llr(0.0)) / 2)
    with pytest.raises(ValueError, match="share"):
        TEST.decide([1.5])
    with pytest.raises(ValueError):
        SequentialWinRate(0.95, 0.10, max_games=10)


@pytest.mark.parametrize("p", [0.3, 0.7, 0.8, 0.9, 0.97])
def test_the_exact_error_rates_are_those_of_every_sequence_of_wins_and_losses(p):
    """``pass_probability`` against brute force over all 2^12 sequences of results."""
    passed = games = 0.0
    for results in itertools.product((1.0, 0.0), repeat=SHORT.max_games):
        verdict = SHORT.decide(results)
        assert verdict is not None
        chance = math.prod(p if won else 1 - p for won in results[:verdict.games])
        # every continuation after the verdict has the same prefix: count each prefix once
        if all(won == 1.0 for won in results[verdict.games:]):
            passed += chance * verdict.passed
            games += chance * verdict.games
    assert SHORT.pass_probability(p) == pytest.approx((passed, games))


def test_early_decisions_keep_their_error_bounds_however_long_the_test_runs():
    """Ville's inequality: the chance ever to pass at ``p0`` is at most α, to fail at ``p1`` at most β."""
    long = SequentialWinRate(0.80, 0.10, max_games=600, alpha=0.02, beta=0.01)
    passes_at_p0, _ = long.pass_probability(0.70)
    fails_at_p1 = 1 - long.pass_probability(0.90)[0]
    assert passes_at_p0 <= 0.02 and fails_at_p1 <= 0.01


def test_a_fixed_test_passes_on_the_observed_rate():
    assert fixed_pass_probability(10, 0.8, 1.0) == pytest.approx(1.0)
    assert fixed_pass_probability(10, 0.8, 0.8) == pytest.approx(sum(math.comb(10, k) * 0.8**k * 0.2 ** (10 - k) for k in (8, 9, 10)))


def test_decide_in_order_reads_results_in_seed_order_and_stops_starting_games():
    results = [1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0] * 5
    test = SequentialWinRate(0.80, 0.10, max_games=60, alpha=0.02, beta=0.01)
    started: list[int] = []

    def play(seed: int) -> float:
        started.append(seed)
        return results[seed]

    alone = decide_in_order(test, play)
    assert alone == test.decide(results[: alone.games]) and len(started) == alone.games
    started.clear()
    with ThreadPoolExecutor(3) as pool:
        pooled = decide_in_order(test, play, pool, ahead=3)
    assert pooled == alone
    assert len(started) <= alone.games + 3 and alone.games < 60
