"""What a designer reads from a run's rows: win rates with intervals, causes, distributions, cards.

Every proportion carries a Wilson 95 % interval; differences carry Newcombe's
hybrid score interval, paired (:func:`compare`) when the two runs played the
same seeds. "With vs without" a card is a correlation, not a cause: a card a
player lives long enough to place is seen more in long games.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pyarrow as pa

from .cardtable import card_table
from .intervals import mcnemar_exact, mean_interval, paired_newcombe, wilson
from .spec import LabError

__all__ = ["compare", "quantiles", "summarize"]


def _rate(successes: int, trials: int) -> dict[str, float | int]:
    p, low, high = wilson(successes, trials)
    return {"successes": successes, "trials": trials, "rate": p, "low": low, "high": high}


def quantiles(values: list[int]) -> dict[str, float]:
    """min, quartiles, max and mean of ``values`` (all 0 for none)."""
    if not values:
        return {"min": 0, "q1": 0, "median": 0, "q3": 0, "max": 0, "mean": 0.0}
    ordered = sorted(values)
    n = len(ordered)

    def at(q: float) -> float:
        return float(ordered[min(n - 1, int(q * (n - 1) + 0.5))])

    return {
        "min": ordered[0],
        "q1": at(0.25),
        "median": at(0.5),
        "q3": at(0.75),
        "max": ordered[-1],
        "mean": sum(ordered) / n,
    }


def summarize(table: pa.Table, spec: dict[str, Any]) -> dict[str, Any]:
    """The statistics of a run's rows (``spec``: the run record's spec)."""
    rows = table.to_pydict()
    n = table.num_rows
    players = int(spec["players"])
    outcome = rows["outcome"]
    summary: dict[str, Any] = {"games": n, "players": players}
    won = [o == "won" for o in outcome]
    summary["won"] = _rate(sum(won), n)
    summary["outcomes"] = dict(Counter(outcome).most_common())
    summary["causes"] = dict(Counter(rows["cause"]).most_common())
    summary["length"] = quantiles(rows["length"])
    summary["length_values"] = rows["length"]
    floors = [f for f in rows["floor"] if f is not None]
    summary["floor"] = dict(sorted(Counter(floors).items())) if floors else {}
    if players > 1:
        # Draws explicitly (issue 25): a seat's win rate is over the games someone won, beside the
        # share of games no one won (drawn, or ended by the action limit); never a share of all games
        # set against a fair share that assumes every game is decided.
        decided = [bool(w) for w in rows["winners"]]
        summary["decided"] = _rate(sum(decided), n)
        summary["undecided"] = _rate(n - sum(decided), n)
        summary["seats"] = [
            _rate(
                sum(1 for r, d in zip(rows["results"], decided, strict=True) if d and r[s] == "won"),
                sum(decided),
            )
            for s in range(players)
        ]
        summary["first_seat"] = _first_seat(rows, spec)
    if any(rows["monsters"]):  # a game whose seats each play a monster (Crest Duel's stat cards)
        summary["monsters"] = _by_monster(rows)
    # One credit per death: a card, or the cards of one combined blow ("a + b"), never one per card.
    summary["deaths"] = dict(Counter(card for cards in rows["killers"] for card in cards).most_common())
    summary["cards"] = card_table(rows, won)  # by card ID, stratified by length (lab.cardtable)
    return summary


def _first_seat(rows: dict[str, list[Any]], spec: dict[str, Any]) -> dict[str, Any]:
    # The fair share of the first seat: one team of two (CRD-PLAYERS-C), or one player of k.
    fair = 0.5 if spec.get("teams") else 1 / int(spec["players"])
    games = [  # the decided games (someone won) whose first seat is known: draws are not losses
        (first, winners)
        for first, winners in zip(rows["first"], rows["winners"], strict=True)
        if first is not None and winners
    ]
    wins = sum(1 for first, winners in games if first in winners)
    rate = _rate(wins, len(games))
    return {
        **rate,
        "fair": fair,
        "advantage": float(rate["rate"]) - fair,
        "advantage_low": float(rate["low"]) - fair,
        "advantage_high": float(rate["high"]) - fair,
    }


def _by_monster(rows: dict[str, list[Any]]) -> dict[str, dict[str, float | int]]:
    seats: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for monsters, results in zip(rows["monsters"], rows["results"], strict=True):
        for monster, result in zip(monsters or (), results, strict=False):
            seats[monster] += 1
            wins[monster] += result == "won"
    return {m: _rate(wins[m], seats[m]) for m in sorted(seats, key=lambda m: -wins[m] / seats[m])}


def compare(a: pa.Table, spec_a: dict[str, Any], b: pa.Table, spec_b: dict[str, Any]) -> dict[str, Any]:
    """Two runs on the same seeds (common random numbers): B's win rate minus A's, paired.

    The runs must have the same game, options and master seed (the mode's
    readings may differ: two readings of a rule compared on the same seeds; so may the
    agents: two agents compared on the same seeds, in swapped seats, issue 24); their
    games are paired by number (the same game seed and agent seeds) and only
    the games both played count. A game counts as won when some seat won it.
    The interval is Newcombe's method 10 for paired proportions; McNemar's
    exact test gives the p-value of "no change"; the game lengths' mean
    difference has a normal interval over the pairs.
    """
    same = ("game", "mode", "players", "teams", "extra_rule", "max_actions", "seed")
    differ = [k for k in same if spec_a.get(k) != spec_b.get(k)]
    if differ:
        raise LabError(f"the runs are not paired: they differ in {', '.join(differ)}")
    columns = ("game", "outcome", "length", "results")
    rows_a = {
        g: (o, length, r) for g, o, length, r in zip(*(a.column(c).to_pylist() for c in columns), strict=True)
    }
    rows_b = {
        g: (o, length, r) for g, o, length, r in zip(*(b.column(c).to_pylist() for c in columns), strict=True)
    }
    common = sorted(set(rows_a) & set(rows_b))
    if not common:
        raise LabError("the runs have no game in common")
    table = Counter((rows_a[g][0] == "won", rows_b[g][0] == "won") for g in common)
    both, only_a, only_b, neither = (
        table[True, True],
        table[True, False],
        table[False, True],
        table[False, False],
    )
    # B - A: the first proportion of the paired interval is B's.
    diff, low, high = paired_newcombe(both, only_b, only_a, neither)
    lengths = mean_interval([float(rows_b[g][1] - rows_a[g][1]) for g in common])
    players = int(spec_a["players"])
    seats = (
        [
            _paired(common, lambda g, s=s: rows_a[g][2][s] == "won", lambda g, s=s: rows_b[g][2][s] == "won")
            for s in range(players)
        ]
        if players > 1
        else []
    )
    return {
        "pairs": len(common),
        "a": _rate(both + only_a, len(common)),
        "b": _rate(both + only_b, len(common)),
        "table": {"both": both, "only_a": only_a, "only_b": only_b, "neither": neither},
        "difference": diff,
        "low": low,
        "high": high,
        "method": "Newcombe's method 10 for paired proportions (score intervals), seeds in common",
        "p_value": mcnemar_exact(only_a, only_b),
        "length_difference": {"mean": lengths[0], "low": lengths[1], "high": lengths[2]},
        "seats": seats,
        "seat_agents": [_seat_agents(spec_a), _seat_agents(spec_b)],
        "agents": _agents(common, rows_a, rows_b, spec_a, spec_b),
    }


def _seat_agents(spec: dict[str, Any]) -> list[str]:
    agents = list(spec["agents"])
    return agents * int(spec["players"]) if len(agents) == 1 else agents


def _agents(
    common: list[int],
    rows_a: dict[int, Any],
    rows_b: dict[int, Any],
    spec_a: dict[str, Any],
    spec_b: dict[str, Any],
) -> dict[str, Any] | None:
    """Two agents on the same seeds with their seats swapped (issue 24): B seats them as A does, in
    another order. Each seed gives a pair of games; an agent's points on it are its mean points over
    the seats it held in the two games (:func:`~.metrics.points`, a draw shared). The difference of
    the two agents' points is averaged over the seeds, with a normal interval of that mean."""
    from .metrics import points

    seats_a, seats_b = _seat_agents(spec_a), _seat_agents(spec_b)
    names = sorted(set(seats_a))
    if seats_a == seats_b or sorted(seats_a) != sorted(seats_b) or len(names) != 2 or len(seats_a) < 2:
        return None
    first, second = names
    diffs: list[float] = []
    means = {first: 0.0, second: 0.0}
    for g in common:
        got = {first: [], second: []}  # type: dict[str, list[float]]
        for seats, row in ((seats_a, rows_a[g]), (seats_b, rows_b[g])):
            results = list(row[2])
            share = points(results, [s for s, r in enumerate(results) if r == "won"])
            for seat, name in enumerate(seats):
                got[name].append(share[seat])
        mine = {name: sum(v) / len(v) for name, v in got.items()}
        means[first] += mine[first] / len(common)
        means[second] += mine[second] / len(common)
        diffs.append(mine[first] - mine[second])
    mean, low, high = mean_interval(diffs)
    return {
        "first": first,
        "second": second,
        "points": means,
        "difference": mean,
        "low": low,
        "high": high,
        "method": "mean over the seeds of each agent's points over its seats in both runs; normal interval",
    }


def _paired(common: list[int], in_a: Any, in_b: Any) -> dict[str, Any]:
    """B minus A for one seat's wins on the games both runs played (paired interval, McNemar's p)."""
    table = Counter((bool(in_a(g)), bool(in_b(g))) for g in common)
    both, only_a, only_b, neither = (
        table[True, True],
        table[True, False],
        table[False, True],
        table[False, False],
    )
    diff, low, high = paired_newcombe(both, only_b, only_a, neither)
    return {
        "a": _rate(both + only_a, len(common)),
        "b": _rate(both + only_b, len(common)),
        "difference": diff,
        "low": low,
        "high": high,
        "p_value": mcnemar_exact(only_a, only_b),
    }
