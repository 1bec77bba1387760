"""``bench/bench_strength.py`` (issue 24 items 1-4): its measure of item 1 on a tiny sample."""

from __future__ import annotations

import pytest

from toolmodule import load_bench


def test_item1_swaps_seats_on_each_seed_and_scores_the_searchers_side() -> None:
    """Two games a seed, seats swapped: the same agent on both sides scores exactly 1/2 a pair
    (a deterministic game's seat wins both times), and the interval lies in 0..1."""
    bench = load_bench("bench_strength")
    same = bench.item1("crest2", 4, "heuristic", "heuristic", 1)
    assert same["games"] == 4
    assert same["score"] == 0.5 and same["low"] == same["high"] == 0.5
    searched = bench.item1("vs2", 2, "mcts:simulations=3", "heuristic", 1)
    assert 0.0 <= searched["low"] <= searched["score"] <= searched["high"] <= 1.0
    assert searched["searcher_decisions"] > 0


def test_an_odd_sample_or_a_wrong_agent_is_refused() -> None:
    """--games must be even (each seed twice); a wrong agent is refused before any game."""
    bench = load_bench("bench_strength")
    with pytest.raises(SystemExit):
        bench.main(["--games", "3"])
    with pytest.raises(ValueError, match="width"):
        bench.main(["--agent", "mcts:width=-1"])


def test_item2_plays_the_same_seeds_in_any_number_of_processes() -> None:
    """Item 2's --jobs: a seed's game does not depend on the process that plays it."""
    bench = load_bench("bench_strength")
    assert bench.solo_wins("heuristic", 3, 2)[:2] == bench.solo_wins("heuristic", 3, 1)[:2]
    assert bench.solo_game("rollout:simulations=2", 1)[:2] == bench.solo_game("rollout:simulations=2", 1)[:2]


def test_item2_ratio_interval_brackets_the_ratio() -> None:
    """Katz's interval of a ratio of win rates contains the ratio and is wider with fewer wins."""
    bench = load_bench("bench_strength")
    low, high = bench.ratio_interval(120, 60, 1000)
    assert low < 2.0 < high
    few_low, few_high = bench.ratio_interval(12, 6, 100)
    assert few_low < low and few_high > high
    assert bench.ratio_interval(0, 6, 100) == (0.0, 0.0)


def test_item1_journal_resumes_a_cut_run(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """--log: each game is added as it ends; a rerun reads those games instead of playing them
    again (a planted result shows it was read), and a torn last line is played again."""
    bench = load_bench("bench_strength")
    log = tmp_path / "games.jsonl"
    first = bench.item1("crest2", 4, "heuristic", "random", 1, log=log)
    lines = log.read_text().splitlines()
    assert len(lines) == 4
    again = bench.item1("crest2", 4, "heuristic", "random", 1, log=log)
    assert again == first and len(log.read_text().splitlines()) == 4  # nothing played again
    # Plant a win in the first game's entry and tear the last line: the rerun reads the plant and
    # plays the torn game again.
    planted = bench.json.loads(lines[0])
    planted["result"][0] = 1.0 if planted["result"][0] < 1.0 else 0.0
    log.write_text("\n".join([bench.json.dumps(planted), *lines[1:3], lines[3][:10]]) + "\n")
    resumed = bench.item1("crest2", 4, "heuristic", "random", 1, log=log)
    assert resumed["score"] != first["score"]
    assert len(log.read_text().splitlines()) == 5  # the torn game, played and added again


def test_item2_journal_holds_each_seed_once(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Item 2's --log: each seed's game is added once; a rerun with more seeds plays only the new."""
    bench = load_bench("bench_strength")
    log = tmp_path / "solo.jsonl"
    two = bench.solo_wins("heuristic", 2, 1, log)
    assert len(log.read_text().splitlines()) == 2
    three = bench.solo_wins("heuristic", 3, 1, log)
    assert len(log.read_text().splitlines()) == 3
    assert three[:2] == (bench.solo_wins("heuristic", 3, 1)[0], 3) and two[1] == 2
