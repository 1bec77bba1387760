"""The lab's statistics against known values (issue 15)."""

from __future__ import annotations

import random

import pytest

from chaos_tower.lab.intervals import mcnemar_exact, mean_interval, newcombe, paired_newcombe, wilson
from chaos_tower.lab.results import to_table
from chaos_tower.lab.spec import LabError
from chaos_tower.lab.stats import compare, quantiles, summarize


def test_wilson_matches_published_values() -> None:
    """Newcombe 1998 (Stat Med 17:857), examples 81/263, 15/148, 0/20."""
    assert [round(x, 4) for x in wilson(81, 263)] == [0.308, 0.2553, 0.3662]
    assert [round(x, 4) for x in wilson(15, 148)[1:]] == [0.0624, 0.1605]
    assert [round(x, 4) for x in wilson(0, 20)[1:]] == [0.0, 0.1611]
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def test_newcombe_difference_matches_published_and_statsmodels_values() -> None:
    """56/70 - 48/80: 0.0524 to 0.3339 (Newcombe 1998, method 10; statsmodels' 'newcomb' agrees)."""
    d, low, high = newcombe(56, 70, 48, 80)
    assert round(d, 4) == 0.2 and round(low, 4) == 0.0524 and round(high, 4) == 0.3339


def test_mcnemar_exact_is_the_binomial_tail() -> None:
    """12 against 2 discordant pairs: 2 * (1 + 14 + 91) / 2**14."""
    assert mcnemar_exact(12, 2) == pytest.approx(2 * 106 / 2**14)
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 5) == 1.0


def test_the_paired_interval_keeps_its_coverage_on_correlated_games() -> None:
    """Simulated common-random-number pairs (p1 = 0.30, p2 = 0.25, strongly correlated): ~95 % coverage.

    It must also be much narrower than the independent interval there: pairing is the point.
    """
    rng = random.Random(1)
    truth, covered, narrower, trials = 0.05, 0, 0, 1000
    for _ in range(trials):
        counts = [0, 0, 0, 0]
        for _ in range(200):
            u = rng.random()
            a, b = u < 0.30, u < 0.25  # the same draw decides both: a strong positive correlation
            if rng.random() < 0.2:
                b = rng.random() < 0.25
            counts[(not a) * 2 + (not b)] += 1
        both, only1, only2, neither = counts
        _, low, high = paired_newcombe(both, only1, only2, neither)
        covered += low <= truth <= high
        _, ilow, ihigh = newcombe(both + only1, 200, both + only2, 200)
        narrower += (high - low) < 0.8 * (ihigh - ilow)
    assert 0.93 <= covered / trials <= 0.975
    assert narrower / trials > 0.95


def test_the_paired_interval_stays_in_range_and_is_zero_width_free() -> None:
    """Extreme tables: all pairs agree, or all differ; the bounds stay within [-1, 1]."""
    d, low, high = paired_newcombe(0, 0, 0, 50)
    assert d == 0 and low < 0 < high
    d, low, high = paired_newcombe(0, 50, 0, 0)
    assert d == 1 and -1 <= low < 1 and high == 1
    assert paired_newcombe(14, 5, 0, 22)[1] > 0


def test_quantiles_and_mean_interval() -> None:
    """Plain order statistics; the mean's normal interval."""
    assert quantiles([5, 1, 3, 2, 4]) == {
        "min": 1,
        "q1": 2.0,
        "median": 3.0,
        "q3": 4.0,
        "max": 5,
        "mean": 3.0,
    }
    mean, low, _ = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low == pytest.approx(2.5 - 1.959964 * (5 / 3 / 4) ** 0.5, rel=1e-5)


def _row(
    game: int, *, outcome: str, results: list[str], first: int | None = None, **facts: object
) -> dict[str, object]:
    row: dict[str, object] = {
        "game": game,
        "seed": game,
        "agents": ["random"],
        "options": "{}",
        "outcome": outcome,
        "cause": facts.pop("cause", "life-zero"),
        "length": facts.pop("length", 10),
        "results": results,
        "returns": [1.0 if r == "won" else -1.0 for r in results],
        "winners": [s for s, r in enumerate(results) if r == "won"],
        "first": first,
        "floor": facts.pop("floor", None),
        "monsters": facts.pop("monsters", None),
    }
    for fact in ("drawn", "placed", "fought", "defeated", "held", "used", "killers", "seat_cards"):
        row[fact] = facts.pop(fact, [])
    return row


SOLO = {
    "game": "tower",
    "mode": "solo",
    "players": 1,
    "teams": False,
    "extra_rule": False,
    "max_actions": 9,
    "agents": ["random"],
    "seed": 0,
    "games": 4,
}


def test_summary_of_known_solo_rows() -> None:
    """Win rate, causes, floors, deaths by card (TOC-OVER-01) and a card's with-vs-without difference."""
    rows = [
        _row(
            0, outcome="won", results=["won"], cause="rebright-fell", floor=5, held=["normal.potion-of-life"]
        ),
        _row(1, outcome="lost", results=["lost"], floor=2, killers=["monster.wraith"]),
        _row(
            2,
            outcome="lost",
            results=["lost"],
            floor=2,
            killers=["monster.wraith"],
            held=["normal.potion-of-life"],
        ),
        _row(
            3, outcome="won", results=["won"], cause="rebright-fell", floor=5, held=["normal.potion-of-life"]
        ),
    ]
    s = summarize(to_table(rows), SOLO)
    assert s["won"]["successes"] == 2 and s["won"]["trials"] == 4
    assert s["causes"] == {"rebright-fell": 2, "life-zero": 2}
    assert s["floor"] == {2: 2, 5: 2}
    assert s["deaths"] == {"monster.wraith": 2}
    potion = next(c for c in s["cards"] if c["card"] == "normal.potion-of-life")
    assert potion["games"] == 3 and potion["with"]["successes"] == 2 and potion["without"]["trials"] == 1
    assert potion["difference"] == pytest.approx(2 / 3)
    assert (potion["low"], potion["high"]) == pytest.approx(newcombe(2, 3, 0, 1)[1:])


def test_first_seat_advantage_and_monster_win_rates() -> None:
    """Crest Duel (CRD-START-E decides the first seat): the first seat's wins against its fair share."""
    spec = {**SOLO, "game": "crest", "mode": "duel", "players": 2}
    rows = [
        _row(
            0,
            outcome="won",
            results=["won", "lost"],
            first=0,
            monsters=["gorgath", "ixalith"],
            seat_cards=["0:fireball"],
        ),
        _row(1, outcome="won", results=["lost", "won"], first=1, monsters=["ixalith", "gorgath"]),
        _row(2, outcome="won", results=["won", "lost"], first=0, monsters=["gorgath", "ixalith"]),
        _row(
            3,
            outcome="won",
            results=["won", "lost"],
            first=1,
            monsters=["ixalith", "gorgath"],
            seat_cards=["1:fireball"],
        ),
    ]
    s = summarize(to_table(rows), spec)
    first = s["first_seat"]
    assert first["successes"] == 3 and first["trials"] == 4 and first["fair"] == 0.5
    assert first["advantage"] == pytest.approx(0.25)
    assert first["advantage_low"] == pytest.approx(wilson(3, 4)[1] - 0.5)
    assert s["monsters"]["gorgath"]["successes"] == 3 and s["monsters"]["gorgath"]["trials"] == 4
    assert s["monsters"]["ixalith"]["successes"] == 1
    assert [seat["successes"] for seat in s["seats"]] == [3, 1]
    # over seats: the seat that cast fireball won once in two, the six other seats won three times
    fireball = next(c for c in s["cards"] if c["card"] == "fireball")
    assert (fireball["with"]["successes"], fireball["with"]["trials"]) == (1, 2)
    assert (fireball["without"]["successes"], fireball["without"]["trials"]) == (3, 6)


def test_compare_pairs_games_by_number() -> None:
    """B - A on the common games, with the paired interval; runs differing in more than cards refused."""
    a = to_table([_row(i, outcome="won" if i < 2 else "lost", results=["x"]) for i in range(6)])
    b = to_table([_row(i, outcome="won" if i < 4 else "lost", results=["x"], length=12) for i in range(5)])
    result = compare(a, SOLO, b, SOLO)
    assert result["pairs"] == 5
    assert result["table"] == {"both": 2, "only_a": 0, "only_b": 2, "neither": 1}
    assert result["difference"] == pytest.approx(0.4)
    assert (result["low"], result["high"]) == pytest.approx(paired_newcombe(2, 2, 0, 1)[1:])
    assert result["length_difference"]["mean"] == 2.0
    with pytest.raises(LabError, match="seed"):
        compare(a, SOLO, b, {**SOLO, "seed": 1})
    # Issue 24 item 11: two agents on the same seeds are paired, no longer refused.
    assert compare(a, SOLO, b, {**SOLO, "agents": ["greedy"]})["pairs"] == 5
