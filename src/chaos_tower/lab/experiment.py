"""Controlled experiments: the same games, seed for seed, under a baseline set and its variants.

An *arm* is a card set (and the master seed its games derive from). Every arm
plays games ``0 .. n-1`` of the same :class:`~.spec.RunSpec`, so game ``i`` of
each arm starts from the same seed and its agents draw the same random numbers
(common random numbers): what differs between two arms' game ``i`` is what the
card change caused. A *metric* reads one number from a game; :func:`paired`
compares two arms game by game with a paired interval and a p-value, and
:func:`bh` corrects many comparisons at once (Benjamini–Hochberg).
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import multiprocessing
from collections.abc import Callable, Sequence
from typing import Any

from attrs import frozen

from .failure import LabError
from .intervals import benjamini_hochberg, mcnemar_exact, mean_interval, paired_newcombe
from .spec import CardSource, RunSpec

__all__ = ["METRICS", "Arm", "Comparison", "Metric", "bh", "metric", "paired", "play_arms", "pool"]

Outcome = tuple[float, ...]
"""What one game gives every metric: (won, draw, floor, length, points of seat 0, 1, ...)."""


@frozen
class Metric:
    """A number read from each game; ``binary`` metrics are 0 or 1 (a rate), others are averaged."""

    name: str
    binary: bool
    read: Callable[[Outcome], float]
    doc: str
    solo: bool | None = None
    """``True``: solo only; ``False``: multiplayer only; ``None``: every mode."""


def _points(seat: int) -> Metric:
    return Metric(
        f"points:{seat}",
        False,
        lambda o: o[4 + seat],
        f"seat {seat}'s points: 1 a win, ½ a draw or cap, 0 a loss",
        solo=False,
    )


METRICS: dict[str, Metric] = {
    m.name: m
    for m in (
        Metric(
            "win",
            True,
            lambda o: o[0],
            "solo: the player won; multiplayer: some seat won (the game was decided)",
        ),
        Metric("draw", True, lambda o: o[1], "no seat won: a draw, or the action cap", solo=False),
        Metric("floor", False, lambda o: o[2], "the highest floor the player reached", solo=True),
        Metric("length", False, lambda o: o[3], "the game's length in actions"),
    )
}


def metric(name: str, solo: bool) -> Metric:
    """The metric called ``name`` (``points:N`` for seat N); :class:`LabError` if the mode has none."""
    found = (
        _points(int(name.partition(":")[2])) if name.startswith("points:") and name[7:].isdigit() else None
    )
    found = found or METRICS.get(name)
    if found is None:
        raise LabError(f"no metric {name!r}; the metrics are {', '.join([*METRICS, 'points:N'])}")
    if found.solo is not None and found.solo != solo:
        kind = "one-player" if found.solo else "multiplayer"
        raise LabError(f"the metric {name!r} is for {kind} games only")
    return found


@frozen
class Arm:
    """One card set of an experiment, and the master seed of its games."""

    label: str
    source: CardSource
    seed: int


def _outcome(row: dict[str, Any]) -> Outcome:
    results = list(row["results"])
    won = any(r == "won" for r in results)
    points = [1.0 if r == "won" else 0.5 if r in ("draw", "ended") else 0.0 for r in results]
    floor = row.get("floor")
    return (float(won), float(not won), float(floor or 0), float(row["length"]), *points)


def _play(job: tuple[dict[str, Any], CardSource, int, int, int]) -> list[Outcome]:
    from .worker import play_game

    spec_json, source, seed, start, stop = job
    spec = RunSpec.from_json({**spec_json, "seed": seed})
    cards = source.load()
    return [_outcome(play_game(spec, cards, index)) for index in range(start, stop)]


def pool(workers: int) -> cf.ProcessPoolExecutor | None:
    """A process pool for :func:`play_arms` (``None`` for ``workers <= 0``: play in this process).

    Use it in a ``with`` block; Ctrl-C is the parent's to handle (the workers ignore it).
    """
    if workers <= 0:
        return None
    from .worker import ignore_sigint

    return cf.ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn"), initializer=ignore_sigint
    )


def play_arms(
    spec: RunSpec, arms: Sequence[Arm], games: int, executor: cf.Executor | None = None, chunk: int = 0
) -> list[list[Outcome]]:
    """Each arm's outcomes of games ``0 .. games-1``, in order (no ``executor``: in this process)."""
    spec.check()
    if games < 1:
        raise LabError("an experiment needs 1 game or more per arm")
    workers = getattr(executor, "_max_workers", 1) if executor is not None else 1
    chunk = chunk or max(1, min(200, games // (4 * workers)))
    base = spec.as_json()
    jobs = [
        (k, (base, arm.source, arm.seed, start, min(start + chunk, games)))
        for k, arm in enumerate(arms)
        for start in range(0, games, chunk)
    ]
    found: list[list[list[Outcome]]] = [[] for _ in arms]
    if executor is None:
        for k, job in jobs:
            found[k].append(_play(job))
    else:
        futures = [(k, executor.submit(_play, job)) for k, job in jobs]
        try:
            for k, future in futures:
                found[k].append(future.result())
        except BaseException:
            for _, future in futures:
                future.cancel()
            raise
    return [[o for part in parts for o in part] for parts in found]


@frozen
class Comparison:
    """Baseline minus arm, paired game by game: ``effect`` and its 95 % interval, the p-value."""

    n: int
    baseline: float
    arm: float
    effect: float
    low: float
    high: float
    p: float


def _normal_p(mean: float, low: float, high: float) -> float:
    half = (high - low) / 2
    if half <= 0:
        return 1.0 if mean == 0 else 0.0
    z = abs(mean) / (half / 1.959963984540054)
    return math.erfc(z / math.sqrt(2))


def paired(base: Sequence[Outcome], arm: Sequence[Outcome], measure: Metric) -> Comparison:
    """Compare two arms' games pair by pair on ``measure`` (baseline minus arm)."""
    if len(base) != len(arm) or not base:
        raise LabError("a paired comparison needs the same games, and at least one, in both arms")
    xs = [measure.read(o) for o in base]
    ys = [measure.read(o) for o in arm]
    n = len(xs)
    if measure.binary:
        a = sum(1 for x, y in zip(xs, ys, strict=True) if x and y)
        b = sum(1 for x, y in zip(xs, ys, strict=True) if x and not y)
        c = sum(1 for x, y in zip(xs, ys, strict=True) if y and not x)
        effect, low, high = paired_newcombe(a, b, c, n - a - b - c)
        p = mcnemar_exact(b, c)
    else:
        effect, low, high = mean_interval([x - y for x, y in zip(xs, ys, strict=True)])
        p = _normal_p(effect, low, high)
    return Comparison(n=n, baseline=sum(xs) / n, arm=sum(ys) / n, effect=effect, low=low, high=high, p=p)


def bh(pvalues: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (q-values), in the order given
    (:func:`~chaos_tower.lab.intervals.benjamini_hochberg`).

    >>> [round(q, 3) for q in bh([0.01, 0.04, 0.03, 0.5])]
    [0.04, 0.053, 0.053, 0.5]
    """
    return benjamini_hochberg(pvalues)
