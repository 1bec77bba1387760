"""Bradley–Terry ratings with intervals, on the Elo scale: who is stronger, and by how much.

Each game between two players ``a`` and ``b`` gives ``a`` a score of 1 (won),
1/2 (drawn, or ended at the action cap) or 0 (lost). The Bradley–Terry model
says ``a`` scores against ``b`` with probability
``1 / (1 + exp(-(r_a - r_b)))``; :func:`fit` finds the ratings ``r`` of
greatest likelihood (a draw counting as half a win and half a loss), by
Newton's method, with the ``anchor`` player at 0. Its intervals are 95 % Wald
intervals from the inverse of the observed Fisher information, so the
difference of two ratings has its own interval (their covariance included):
:meth:`Ratings.difference`.

One drawn game is added to every pair that met (half a win each way): without
it a player that won every game has an infinite rating; with it the ratings
stay finite and move a little toward each other (a weak prior of equality).
Ratings are shown on the Elo scale (``400 / ln 10`` points per unit of ``r``:
200 points means a score of about 76 %).

>>> games = [("strong", "weak", 1.0)] * 30 + [("strong", "weak", 0.0)] * 10
>>> ratings = fit(games, anchor="weak")
>>> round(ratings["strong"].elo), ratings["weak"].elo
(185, 0.0)
>>> low, high = ratings.difference("strong", "weak")[1:]
>>> low > 0 < high
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from attrs import frozen

from .intervals import Z95

__all__ = ["ELO", "Rating", "Ratings", "fit"]

ELO = 400.0 / math.log(10.0)
"""Elo points per unit of the Bradley–Terry rating."""

_ROUNDS = 100
_TOLERANCE = 1e-10


@frozen
class Rating:
    """One player's rating on the Elo scale, with its 95 % interval and the games behind it."""

    name: str
    elo: float
    low: float
    high: float
    games: int
    score: float
    """Points scored in those games (a draw 1/2), the added drawn games left out."""


@frozen
class Ratings:
    """The fitted ratings, by name, with their covariance (Elo points squared)."""

    ratings: tuple[Rating, ...]
    covariance: tuple[tuple[float, ...], ...]

    def __getitem__(self, name: str) -> Rating:
        for rating in self.ratings:
            if rating.name == name:
                return rating
        raise KeyError(name)

    def difference(self, a: str, b: str) -> tuple[float, float, float]:
        """``a``'s rating minus ``b``'s, with its 95 % interval (Elo points)."""
        names = [r.name for r in self.ratings]
        i, j = names.index(a), names.index(b)
        cov = self.covariance
        spread = math.sqrt(max(0.0, cov[i][i] + cov[j][j] - 2 * cov[i][j]))
        gap = self.ratings[i].elo - self.ratings[j].elo
        return gap, gap - Z95 * spread, gap + Z95 * spread


def fit(games: Iterable[tuple[str, str, float]], anchor: str) -> Ratings:
    """The Bradley–Terry ratings of ``(a, b, a's score)`` games, ``anchor`` at 0 Elo.

    Every player must be linked to ``anchor`` through games played; a score is
    0, 1/2 or 1 (any value in [0, 1] is taken as that share of a win).
    """
    met: dict[tuple[str, str], list[float]] = {}  # (a, b) with a < b: [games, a's points]
    played: dict[str, list[float]] = {}
    for a, b, score in games:
        if a == b:
            raise ValueError(f"{a!r} cannot play itself")
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is between 0 and 1, not {score!r}")
        key, points = ((a, b), score) if a < b else ((b, a), 1.0 - score)
        tally = met.setdefault(key, [0.0, 0.0])
        tally[0] += 1
        tally[1] += points
        for name, got in ((a, score), (b, 1.0 - score)):
            record = played.setdefault(name, [0, 0.0])
            record[0] += 1
            record[1] += got
    if anchor not in played:
        raise ValueError(f"the anchor {anchor!r} played no game")
    names = sorted(played, key=lambda n: (n != anchor, n))
    _check_linked(names, met)
    index = {name: k for k, name in enumerate(names)}
    pairs = [(index[a], index[b], n + 1.0, s + 0.5) for (a, b), (n, s) in met.items()]  # + one draw
    r = [0.0] * len(names)
    for _ in range(_ROUNDS):
        grad, info = _gradient_and_information(r, pairs)
        step = _solve([row[1:] for row in info[1:]], grad[1:])  # the anchor's rating stays 0
        for k, d in enumerate(step, start=1):
            r[k] += d
        if max((abs(d) for d in step), default=0.0) < _TOLERANCE:
            break
    _, info = _gradient_and_information(r, pairs)
    inverse = _inverse([row[1:] for row in info[1:]])
    size = len(names)
    cov = [[0.0] * size for _ in range(size)]
    for i in range(1, size):
        for j in range(1, size):
            cov[i][j] = inverse[i - 1][j - 1] * ELO * ELO
    ratings = tuple(
        Rating(
            name=name,
            elo=r[k] * ELO,
            low=r[k] * ELO - Z95 * math.sqrt(cov[k][k]),
            high=r[k] * ELO + Z95 * math.sqrt(cov[k][k]),
            games=int(played[name][0]),
            score=played[name][1],
        )
        for k, name in enumerate(names)
    )
    return Ratings(ratings, tuple(tuple(row) for row in cov))


def _check_linked(names: list[str], met: Mapping[tuple[str, str], list[float]]) -> None:
    reached, frontier = {names[0]}, [names[0]]
    while frontier:
        here = frontier.pop()
        for a, b in met:
            for x, y in ((a, b), (b, a)):
                if x == here and y not in reached:
                    reached.add(y)
                    frontier.append(y)
    missing = sorted(set(names) - reached)
    if missing:
        raise ValueError(f"no games link {', '.join(missing)} to {names[0]!r}: their ratings are not defined")


def _gradient_and_information(
    r: list[float], pairs: list[tuple[int, int, float, float]]
) -> tuple[list[float], list[list[float]]]:
    size = len(r)
    grad = [0.0] * size
    info = [[0.0] * size for _ in range(size)]
    for i, j, n, s in pairs:
        p = 1.0 / (1.0 + math.exp(-(r[i] - r[j])))
        g = s - n * p
        w = n * p * (1.0 - p)
        grad[i] += g
        grad[j] -= g
        info[i][i] += w
        info[j][j] += w
        info[i][j] -= w
        info[j][i] -= w
    return grad, info


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` by Gaussian elimination with partial pivoting (small, positive definite)."""
    size = len(vector)
    a = [[*row, v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda k: abs(a[k][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-300:
            raise ValueError("the games do not determine the ratings")
        for k in range(size):
            if k != col:
                factor = a[k][col] / a[col][col]
                for m in range(col, size + 1):
                    a[k][m] -= factor * a[col][m]
    return [a[k][size] / a[k][k] for k in range(size)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    size = len(matrix)
    columns = [_solve(matrix, [1.0 if k == j else 0.0 for k in range(size)]) for j in range(size)]
    return [[columns[j][i] for j in range(size)] for i in range(size)]
