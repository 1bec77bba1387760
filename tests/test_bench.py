"""The benchmark scripts keep working (a tiny run of each side; the figures are the docs' business)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from chaos_tower.buildinfo import describe

BENCH = Path(__file__).resolve().parents[1] / "bench"


@pytest.fixture(scope="module")
def bench_modes():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(BENCH))
    try:
        import bench_modes

        yield bench_modes
    finally:
        sys.path.remove(str(BENCH))


def test_every_side_plays(bench_modes) -> None:  # type: ignore[no-untyped-def]
    runners = [bench_modes.mode_runner(mode, 1) for mode in bench_modes.MODES]
    runners += [bench_modes.openspiel_runner(mode.name, 1) for mode in bench_modes.MODES]
    runners.append(bench_modes.tictactoe_runner(1))  # (python-chess is not a test dependency)
    for run in runners:
        steps, games = run(0.05)
        assert steps > 0 and games >= 0


def test_retained_memory_is_measured(bench_modes) -> None:  # type: ignore[no-untyped-def]
    used, kept = bench_modes.retained_memory(300)
    assert kept == 300
    assert 0 < used < 5  # 300 states; the target is 50 MB for 10,000


def test_every_figure_of_issue_13_is_measured(bench_modes) -> None:  # type: ignore[no-untyped-def]
    """The loading, pickle and memory figures run (their values are the docs' business)."""
    import chaos_tower as ct

    figures = bench_modes.figures
    sizes = figures.pickled_sizes()
    assert len(sizes) == 3 and all(0 < kb < 64 for _, kb, _ in sizes)
    assert all(ratio > 0 for _, ratio, _ in figures.loading(repeats=1))
    crest = ct.load_cardset(game="crest")
    per = figures.retained_per_state(crest, {"players": 2}, 200, lambda s: ct.legal_actions(s)[0])
    assert 0 < per < 64 * 1024


def test_search_against_a_frozen_commit() -> None:
    """bench_search.py runs a commit's frozen copy (HEAD's) beside the checkout and compares them."""
    sys.path.insert(0, str(BENCH))
    try:
        import bench_search
    finally:
        sys.path.remove(str(BENCH))
    lines = bench_search.report("HEAD", 0.2, 1, ("chaos_tower_solo",))
    assert len(lines) == 3
    # First which build each side runs (this checkout's: as chaos_tower.buildinfo says).
    assert lines[0] == f"this checkout's build: {describe()}; HEAD's: pure Python"
    assert "MCTS simulations/s, chaos_tower_solo" in lines[1] and "same choices: " in lines[1]
    assert lines[2].startswith("random playouts, chaos_tower_solo")
