"""Confidence intervals for proportions and their differences (95 % unless told).

* :func:`wilson`: the Wilson score interval for one proportion.
* :func:`newcombe`: the difference of two independent proportions, Newcombe's
  hybrid score method (method 10 of Newcombe 1998, *Statistics in Medicine* 17:873).
* :func:`paired_newcombe`: the difference of two proportions measured on the
  same games (paired binary outcomes), Newcombe's method 10 for paired data
  (Newcombe 1998, *Statistics in Medicine* 17:2635): the two Wilson intervals
  combined with the correlation of the pairs, so that common random numbers
  narrow the interval as they should. Unlike the Wald interval it stays inside
  [-1, 1] and keeps its coverage for rare outcomes.
* :func:`mcnemar_exact`: the exact two-sided McNemar test of the discordant pairs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = [
    "Z95",
    "benjamini_hochberg",
    "mcnemar_exact",
    "mean_interval",
    "newcombe",
    "paired_newcombe",
    "wilson",
]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95 % interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float, float]:
    """(proportion, low, high) by the Wilson score interval; (0, 0, 1) for no trials.

    >>> [round(x, 4) for x in wilson(81, 263)]  # Newcombe 1998's example
    [0.308, 0.2553, 0.3662]
    """
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # At 0 (or all) successes the bound is exactly 0 (or 1): not the rounding error of centre - half.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return p, low, high


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """(p1 - p2, low, high) for two independent proportions (Newcombe's method 10).

    >>> [round(x, 4) for x in newcombe(56, 70, 48, 80)]  # Newcombe 1998, example (a)
    [0.2, 0.0524, 0.3339]
    """
    p1, l1, u1 = wilson(k1, n1, z)
    p2, l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    return d, d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)


def paired_newcombe(a: int, b: int, c: int, d: int, z: float = Z95) -> tuple[float, float, float]:
    """(p1 - p2, low, high) for paired binary outcomes (Newcombe's paired method 10).

    The pairs: ``a`` both succeed, ``b`` only the first, ``c`` only the
    second, ``d`` neither; p1 = (a+b)/n, p2 = (a+c)/n.

    >>> [round(x, 4) for x in paired_newcombe(14, 5, 0, 22)]  # the table of Altman et al. 2000, 6.2
    [0.122, 0.0115, 0.2265]
    """
    n = a + b + c + d
    if n == 0:
        return 0.0, -1.0, 1.0
    p1, l1, u1 = wilson(a + b, n, z)
    p2, l2, u2 = wilson(a + c, n, z)
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    # Newcombe's phi: a positive correlation is shrunk by n/2 (a continuity correction), a negative one kept.
    cross = a * d - b * c
    shrunk = cross - n / 2 if cross > n / 2 else cross if cross < 0 else 0.0
    phi = shrunk / math.sqrt(margins) if margins else 0.0
    diff = p1 - p2
    low = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    high = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return diff, max(-1.0, diff - low), min(1.0, diff + high)


def mcnemar_exact(b: int, c: int) -> float:
    """The exact two-sided p-value of McNemar's test: are ``b`` and ``c`` discordant pairs a fair split?

    >>> round(mcnemar_exact(12, 2), 4)
    0.0129
    """
    n = b + c
    if n == 0:
        return 1.0
    k = min(b, c)
    # log-space binomial tail: n can be a million games
    log_total = math.lgamma(n + 1) - n * math.log(2)
    tail = sum(math.exp(log_total - math.lgamma(i + 1) - math.lgamma(n - i + 1)) for i in range(k + 1))
    return min(1.0, 2 * tail)


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high) by the normal approximation (for differences of game lengths over many pairs)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """The Benjamini–Hochberg q-value of each p-value, in the order given (the least false discovery
    rate at which it is a finding): the card table's and the experiments' correction for many
    comparisons."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    q = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        q[i] = running
    return q
