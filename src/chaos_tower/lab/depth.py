"""Skill depth: how much a stronger agent gains on the same games, with an interval.

``chaos-tower lab depth --strong S --weak W`` plays, for every game seed *i*
of the run (the same deals for both):

* the *baseline*: the weak agent in every seat;
* one game per seat *s* (seats swapped): the strong agent in seat *s*, the weak
  agent in the others with the baseline's random numbers (common random
  numbers), the strong agent with random numbers of its own.

The *gain* of seed *i* is the mean over the seats *s* of the strong agent's
points in seat *s* minus the weak agent's points in seat *s* of the baseline
(points: :func:`~.metrics.points`, a win 1, a draw shared; solo: 1 a win, or
``metric="floor"`` the floor reached). The skill depth is the mean gain over
the seeds, with the normal 95 % interval of that mean (solo wins: Newcombe's
paired interval). A set where skill does not matter shows a gain near 0; an
A/A run (the same agent as both) checks the method: its interval holds 0.
"""

from __future__ import annotations

import concurrent.futures as cf
from collections.abc import Sequence
from typing import Any

from attrs import evolve, frozen

from .experiment import pool
from .facts import tracker_for
from .failure import LabError
from .intervals import mean_interval, paired_newcombe
from .metrics import points
from .spec import CardSource, RunSpec, _derive, agent_seed

__all__ = ["Depth", "depth"]

METRICS = ("points", "floor")


@frozen
class Depth:
    """The strong agent's gain over the weak one: ``gain`` [``low``, ``high``] over ``seeds`` game seeds."""

    spec: RunSpec
    strong: str
    weak: str
    metric: str
    seeds: int
    strong_mean: float
    weak_mean: float
    gain: float
    low: float
    high: float
    per_seat: tuple[tuple[float, float, float], ...]
    """Per seat: the gain there, and its interval."""
    method: str

    def text(self) -> str:
        unit = "floors" if self.metric == "floor" else "points"
        scale = 1.0 if self.metric == "floor" else 100.0
        lines = [
            f"skill depth: {self.strong} (strong) against {self.weak} (weak), {self.spec.rules}, "
            f"{self.spec.players} player(s), {self.seeds} game seeds, seats swapped",
            f"{self.strong} {scale * self.strong_mean:.1f}, {self.weak} {scale * self.weak_mean:.1f} "
            f"{'floor' if self.metric == 'floor' else 'points per 100 games'} on the same seeds",
            f"gain: {scale * self.gain:+.2f} {unit} [{scale * self.low:+.2f}, {scale * self.high:+.2f}] "
            f"({self.method})"
            + (
                "; every seed gave the same gain, so the interval has no width: play more seeds"
                if self.high == self.low
                else ""
            ),
        ]
        if len(self.per_seat) > 1:
            lines += [
                f"  seat {s}: {scale * g:+.2f} [{scale * lo:+.2f}, {scale * hi:+.2f}]"
                for s, (g, lo, hi) in enumerate(self.per_seat)
            ]
        verdict = (
            "the stronger agent gains: skill matters"
            if self.low > 0
            else "the weaker agent does better"
            if self.high < 0
            else "no gain detected: the interval holds 0"
        )
        return "\n".join([*lines, verdict])

    def as_json(self) -> dict[str, Any]:
        return {
            "spec": self.spec.as_json(),
            "strong": self.strong,
            "weak": self.weak,
            "metric": self.metric,
            "seeds": self.seeds,
            "strong_mean": self.strong_mean,
            "weak_mean": self.weak_mean,
            "gain": self.gain,
            "low": self.low,
            "high": self.high,
            "per_seat": [list(row) for row in self.per_seat],
            "method": self.method,
        }


def _score(row: dict[str, Any], seat: int, metric: str) -> float:
    if metric == "floor":
        return float(row.get("floor") or 0)
    return points(list(row["results"]), list(row["winners"] or ()))[seat]


def _seed(job: tuple[dict[str, Any], str, str, CardSource, str, int, int]) -> list[tuple[float, ...]]:
    # Seeds start..stop: per seed, (weak's score in seat s of the baseline, strong's in seat s) per seat.
    from .worker import play_game

    spec_json, strong, weak, source, metric, start, stop = job
    spec = RunSpec.from_json(spec_json)
    cards = source.load()
    players = spec.players
    found: list[tuple[float, ...]] = []
    for index in range(start, stop):
        base = play_game(evolve(spec, agents=(weak,) * players), cards, index)
        pairs: list[float] = []
        for seat in range(players):
            agents = tuple(strong if s == seat else weak for s in range(players))
            seeds = tuple(
                _derive("strong", spec.seed, index, s) if s == seat else agent_seed(spec.seed, index, s)
                for s in range(players)
            )
            row = play_game(evolve(spec, agents=agents), cards, index, seeds)
            pairs += [_score(base, seat, metric), _score(row, seat, metric)]
        found.append(tuple(pairs))
    return found


def depth(
    spec: RunSpec,
    source: CardSource,
    strong: str,
    weak: str,
    *,
    games: int,
    metric: str = "points",
    workers: int = 0,
) -> Depth:
    """The skill depth of ``source`` under ``spec`` (its agents are ignored): ``strong`` against ``weak``.

    ``games`` game seeds, each played ``players + 1`` times; :class:`LabError` for a wrong input.
    """
    if metric not in METRICS:
        raise LabError(f"depth measures {' or '.join(METRICS)}, not {metric!r}")
    if metric == "floor" and tracker_for(spec.rules, source.load(), spec.players).floor is None:
        raise LabError(f"{spec.rules} keeps no floor (its facts tracker reads none: the solo Tower's does)")
    if games < 2:
        raise LabError("skill depth needs 2 game seeds or more")
    evolve(spec, agents=(strong,)).check()
    evolve(spec, agents=(weak,)).check()
    players = spec.players
    chunk = max(1, min(50, games // (4 * max(1, workers))))
    jobs = [
        (spec.as_json(), strong, weak, source, metric, start, min(start + chunk, games))
        for start in range(0, games, chunk)
    ]
    executor = pool(workers)
    rows: list[tuple[float, ...]] = []
    if executor is None:
        for job in jobs:
            rows += _seed(job)
    else:
        with executor:
            futures: Sequence[cf.Future[list[tuple[float, ...]]]] = [executor.submit(_seed, j) for j in jobs]
            for future in futures:
                rows += future.result()
    weak_scores = [sum(r[2 * s] for s in range(players)) / players for r in rows]
    strong_scores = [sum(r[2 * s + 1] for s in range(players)) / players for r in rows]
    gains = [b - a for a, b in zip(weak_scores, strong_scores, strict=True)]
    per_seat = tuple(mean_interval([r[2 * s + 1] - r[2 * s] for r in rows]) for s in range(players))
    if players == 1 and metric == "points":
        both = sum(1 for r in rows if r[0] and r[1])
        only_strong = sum(1 for r in rows if r[1] and not r[0])
        only_weak = sum(1 for r in rows if r[0] and not r[1])
        gain, low, high = paired_newcombe(
            both, only_strong, only_weak, len(rows) - both - only_strong - only_weak
        )
        method = "Newcombe's paired interval over the seeds"
    else:
        gain, low, high = mean_interval(gains)
        method = "normal interval of the mean gain per seed, seats swapped"
    return Depth(
        spec=spec,
        strong=strong,
        weak=weak,
        metric=metric,
        seeds=len(rows),
        strong_mean=sum(strong_scores) / len(rows),
        weak_mean=sum(weak_scores) / len(rows),
        gain=gain,
        low=low,
        high=high,
        per_seat=per_seat,
        method=method,
    )
