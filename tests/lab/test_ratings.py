"""Bradley–Terry ratings (chaos_tower.lab.ratings): planted strengths come back inside their intervals."""

from __future__ import annotations

import math
import random

import pytest

from chaos_tower.lab.ratings import ELO, fit


def _games(
    true: dict[str, float], per_pair: int, seed: int, draws: float = 0.0
) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    names = sorted(true)
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            p = 1.0 / (1.0 + math.exp(-(true[a] - true[b]) / ELO))
            for _ in range(per_pair):
                u = rng.random()
                out.append((a, b, 0.5 if u < draws else 1.0 if rng.random() < p else 0.0))
    return out


def test_planted_strengths_come_back_within_their_intervals() -> None:
    # 40 leagues of 3 players, 300 games a pair: the 95 % intervals hold the planted ratings about
    # 95 % of the time (a wrong spread or a biased fit would fall far below)
    true = {"random": 0.0, "middle": 200.0, "strong": 400.0}
    covered = trials = 0
    for seed in range(40):
        ratings = fit(_games(true, 300, seed=seed), anchor="random")
        assert ratings["random"].elo == 0.0
        for name in ("middle", "strong"):
            trials += 1
            covered += ratings[name].low < true[name] < ratings[name].high
    assert covered / trials >= 0.85, (covered, trials)
    ratings = fit(_games(true, 1500, seed=1), anchor="random")
    assert ratings["strong"].high - ratings["strong"].low < 60  # 3,000 games: a narrow interval
    _, low, _high = ratings.difference("strong", "middle")
    assert low > 0  # the rung above is shown stronger


def test_equal_players_are_not_told_apart() -> None:
    games = [("a", "b", 1.0), ("a", "b", 0.0)] * 50 + [("a", "b", 0.5)] * 20
    ratings = fit(games, anchor="a")
    gap, low, high = ratings.difference("b", "a")
    assert gap == pytest.approx(0.0, abs=1e-9) and low < 0 < high


def test_draws_count_half_and_narrow_nothing_falsely() -> None:
    # draws only: no difference; the same wins with many draws mixed in: a smaller gap
    level = fit([("a", "b", 0.5)] * 100, anchor="a")
    assert level["b"].elo == pytest.approx(0.0, abs=1e-9)
    decided = fit([("a", "b", 1.0)] * 60 + [("a", "b", 0.0)] * 40, anchor="b")
    diluted = fit([("a", "b", 1.0)] * 60 + [("a", "b", 0.0)] * 40 + [("a", "b", 0.5)] * 100, anchor="b")
    assert 0 < diluted["a"].elo < decided["a"].elo


def test_a_clean_sweep_has_a_finite_rating() -> None:
    ratings = fit([("strong", "weak", 1.0)] * 20, anchor="weak")
    strong = ratings["strong"]
    assert math.isfinite(strong.elo) and strong.elo > 400 and strong.low > 0
    assert (strong.games, strong.score) == (20, 20.0)


def test_the_difference_uses_the_covariance() -> None:
    # b and c each met only a: their difference is less certain than either rating against a
    games = [("b", "a", 1.0)] * 30 + [("b", "a", 0.0)] * 20 + [("c", "a", 1.0)] * 25 + [("c", "a", 0.0)] * 25
    ratings = fit(games, anchor="a")
    _, low, high = ratings.difference("b", "c")
    b = ratings["b"]
    assert high - low > b.high - b.low


@pytest.mark.parametrize(
    ("games", "anchor", "message"),
    [
        ([("a", "b", 1.0), ("c", "d", 1.0)], "a", "no games link"),
        ([("a", "b", 1.0)], "z", "anchor"),
        ([("a", "b", 2.0)], "a", "between 0 and 1"),
        ([("a", "a", 1.0)], "a", "itself"),
    ],
)
def test_games_that_define_no_rating_are_refused(
    games: list[tuple[str, str, float]], anchor: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        fit(games, anchor=anchor)
