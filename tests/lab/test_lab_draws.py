"""Issue 25's misleading figures: draws, per-seat compare, 0/N bounds, one credit per death, titles."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.kernel.events import Event
from chaos_tower.lab.facts import tracker_for
from chaos_tower.lab.intervals import wilson
from chaos_tower.lab.report import compare_text, pct, summary_text
from chaos_tower.lab.results import to_table
from chaos_tower.lab.stats import compare, summarize

from .test_lab_stats import SOLO, _row

VS = {**SOLO, "mode": "vs", "players": 2, "games": 100}


def _vs_rows(first_wins: int, second_wins: int, draws: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for outcome, results, count in (
        ("won", ["won", "lost"], first_wins),
        ("won", ["lost", "won"], second_wins),
        ("draw", ["draw", "draw"], draws),
    ):
        for _ in range(count):
            rows.append(_row(len(rows), outcome=outcome, results=results, first=0))
    return rows


def test_the_first_seat_is_judged_on_the_decided_games_and_draws_are_shown() -> None:
    """34 % draws and an even split of the rest is no first-seat disadvantage (it read -17 points)."""
    summary = summarize(to_table(_vs_rows(33, 33, 34)), VS)
    first = summary["first_seat"]
    assert (first["successes"], first["trials"]) == (33, 66)
    assert first["advantage"] == 0.0 and first["advantage_low"] < 0 < first["advantage_high"]
    assert (summary["undecided"]["successes"], summary["undecided"]["trials"]) == (34, 100)
    assert [(s["successes"], s["trials"]) for s in summary["seats"]] == [(33, 66), (33, 66)]
    record = {"spec": VS, "cards": {"sha256": "0" * 64, "name": "a set"}}
    text = summary_text(summary, record)
    assert "no seat won (drawn or ended by the limit): 34.0%" in text
    assert (
        "first seat won 50.0%" in text and "of the decided games" in text and "advantage +0.0 points" in text
    )


def test_compare_shows_each_seats_effect() -> None:
    """Some seat wins every game in both runs (no change in "won"), but seat 0 loses 20 points in B."""
    a = to_table(_vs_rows(60, 40, 0))
    b = to_table(_vs_rows(40, 60, 0))
    result = compare(a, VS, b, VS)
    assert result["difference"] == 0.0
    seat0, seat1 = result["seats"]
    assert seat0["difference"] == pytest.approx(-0.2) and seat0["high"] < 0 and seat0["p_value"] < 0.05
    assert seat1["difference"] == pytest.approx(0.2) and seat1["low"] > 0
    text = compare_text(result, "A", "B")
    assert "seat 0 won: A 60.0%" in text and "B - A -20.0 points" in text
    assert "seat 1 won: A 40.0%" in text and "B - A +20.0 points" in text


def test_an_interval_of_no_success_prints_its_true_upper_bound() -> None:
    """0/50,000: the upper bound is 0.0077 %, not "0.0 %"; 50,000/50,000: the lower one 99.9923 %."""
    _, low, high = wilson(0, 50_000)
    assert pct(low) == "0.0%" and pct(high) == "0.0077%"
    assert pct(wilson(50_000, 50_000)[1]) == "99.9923%"
    assert pct(0.25) == "25.0%" and pct(1.0) == "100.0%"


def test_CRD_DEATH_A_a_combined_blow_is_one_death_not_one_per_card() -> None:
    """CRD-DEATH-A: the death is credited once, to the cards of the blow together."""
    crest = ct.load_cardset(game="crest")
    tracker = tracker_for("crest", crest)
    tracker.observe(
        [
            Event(
                rule="CRD-USE",
                kind="use",
                text="seat 1 (Gorgath the Maw) uses m2 (fang-crest + flame-crest) at seat 0",
            ),
            Event(
                rule="CRD-DEATH-A",
                kind="death",
                text="seat 0 (Azhrem the Hollow) dies; seat 0 leaves the game",
            ),
        ]
    )
    tracker.observe(
        [
            Event(
                rule="CRD-USE",
                kind="use",
                text="seat 1 (Gorgath the Maw) uses m0 (fang-crest + fang-crest) at seat 2",
            ),
            Event(
                rule="CRD-DEATH-A",
                kind="death",
                text="seat 2 (Ixalith the Burning) dies; seat 2 leaves the game",
            ),
        ]
    )
    assert tracker.row()["killers"] == ["fang-crest + flame-crest", "fang-crest"]
    spec = {**SOLO, "game": "crest", "mode": "duel", "players": 3}
    row = _row(0, outcome="won", results=["lost", "won", "lost"], first=1, killers=tracker.row()["killers"])
    deaths = summarize(to_table([row]), spec)["deaths"]
    assert sum(deaths.values()) == 2 and deaths == {"fang-crest + flame-crest": 1, "fang-crest": 1}


def test_the_title_names_the_set_agents_options_and_games() -> None:
    spec = {
        **VS,
        "agents": ["simple", "random"],
        "readings": [["adjust_after_draw", "all"]],
        "extra_rule": True,
    }
    record = {"spec": spec, "cards": {"sha256": "ab" * 32, "name": "My set", "path": "x.yaml"}}
    first = summary_text(summarize(to_table(_vs_rows(1, 1, 1)), spec), record).splitlines()[0]
    assert first == (
        "My set [abababababab]: tower vs, 2 player(s), agents simple, random, max_actions=9, extra_rule, "
        "adjust_after_draw=all, seed 0: 3 games"
    )
