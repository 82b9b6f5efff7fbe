"""Small statistics for balance reports: 95% intervals for rates, means and their differences.

Rates use the Wilson score interval (good near 0% and 100% and for small samples); means and
differences use the normal approximation, which is what batches of hundreds of games allow.
"""

from __future__ import annotations

import math
import statistics
from typing import Sequence

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson interval of a rate (``successes`` may be fractional, e.g. shared wins)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # Rounding can put a bound a hair past the rate itself at 0% or 100%; the interval holds the rate.
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its 95% interval."""
    if not values:
        return (math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def rate_difference(successes_a: float, n_a: int, successes_b: float, n_b: int, z: float = Z95) -> tuple[float, float, float]:
    """B's rate minus A's, with a 95% interval (normal approximation)."""
    p_a, p_b = successes_a / n_a, successes_b / n_b
    half = z * math.sqrt(p_a * (1 - p_a) / n_a + p_b * (1 - p_b) / n_b)
    return (p_b - p_a, p_b - p_a - half, p_b - p_a + half)


def mean_difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """B's mean minus A's, with a 95% interval (Welch, normal approximation)."""
    mean_a, mean_b = statistics.fmean(a), statistics.fmean(b)
    var_a = statistics.variance(a) if len(a) > 1 else 0.0
    var_b = statistics.variance(b) if len(b) > 1 else 0.0
    half = z * math.sqrt(var_a / len(a) + var_b / len(b))
    return (mean_b - mean_a, mean_b - mean_a - half, mean_b - mean_a + half)


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0–1) by linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
