"""The committed journal of issue 24 item 2 (``bench/journals/item2-solo.jsonl``) still holds.

The journal keeps each solo seed's game as ``bench_strength.py --items 2 --log`` played it, so the
1,000-seed run resumes across sessions. It is only worth resuming while the agents choose as they
did when it was written: replaying a few of its games here fails as soon as a change to an agent or
the engine makes them play otherwise (then the journal is to be deleted, not resumed).
"""

from __future__ import annotations

import json
from pathlib import Path

from toolmodule import load_bench

JOURNAL = Path(__file__).resolve().parents[2] / "bench" / "journals" / "item2-solo.jsonl"


def _entries() -> dict[tuple[str, int], list[object]]:
    entries = {}
    for line in JOURNAL.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        entries[(entry["task"][0], entry["task"][1])] = entry["result"]
    return entries


def test_the_journal_replays_the_same_games() -> None:
    """Five heuristic seeds and the rollout agent's shortest game give the journal's results again
    (won or not, and the number of decisions)."""
    bench = load_bench("bench_strength")
    entries = _entries()
    for seed in range(5):
        won, decisions, _ = bench.solo_game("heuristic", seed)
        assert [won, decisions] == entries[("heuristic", seed)][:2]
    searched = {seed: r for (spec, seed), r in entries.items() if spec == bench.SOLO_AGENT}
    assert len(searched) >= 50
    seed = min(searched, key=lambda s: searched[s][1])  # type: ignore[arg-type,return-value]
    won, decisions, _ = bench.solo_game(bench.SOLO_AGENT, seed)
    assert [won, decisions] == searched[seed][:2]
