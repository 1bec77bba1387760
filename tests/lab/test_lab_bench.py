"""The lab's benchmark script keeps working (a tiny run of each side)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def bench_lab() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCH))
    try:
        import bench_lab

        yield bench_lab
    finally:
        sys.path.remove(str(BENCH))


def test_every_side_of_the_lab_benchmark_plays(bench_lab: ModuleType) -> None:
    """The bare loop, the lab in process and with one worker: positive rates for the same 30 games."""
    for rate, cpu_rate in (
        bench_lab.bare(30),
        bench_lab.with_lab(30, workers=0),
        bench_lab.with_lab(30, workers=1),
    ):
        assert rate > 0 and cpu_rate > 0


def test_the_benchmark_prints_each_figure_beside_its_target_and_the_load(
    bench_lab: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25: the overhead against its 10 % and the million games against its 10 minutes, each with a
    verdict, and the load average before and after (a figure from a busy machine says so)."""
    monkeypatch.setattr(sys, "argv", ["bench_lab.py", "--games", "20", "--rounds", "1", "--no-dask"])
    bench_lab.main()
    out = capsys.readouterr().out
    assert out.startswith("load before: ") and "\nload after: " in out
    overhead = next(line for line in out.splitlines() if line.startswith("bare loop and lab alternating"))
    assert "target <= 10 %: " in overhead and overhead.endswith(("met", "NOT met"))
    million = next(line for line in out.splitlines() if line.startswith("1,000,000 games at the steady"))
    assert "target <= 10 min: " in million


def test_a_chunk_taken_apart_as_the_benchmark_times_it_is_the_chunk() -> None:
    """``chunk_player`` then ``rows_parquet`` (the two parts ``bench_lab.interleaved`` times apart)
    give the very rows and file of ``play_chunk``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from chaos_tower import lab
    from chaos_tower.lab.spec import CardSource
    from chaos_tower.lab.worker import chunk_player, play_chunk, rows_parquet

    spec = lab.RunSpec(games=30, seed=5).as_json()
    job = {"spec": spec, "cards": CardSource(game="tower"), "start": 3, "stop": 23}
    games, actions, data = play_chunk(job)
    play = chunk_player(job)
    rows = play(range(3, 13)) + play(range(13, 23))
    assert games == len(rows) == 20 and actions > 20
    assert pq.read_table(pa.BufferReader(rows_parquet(rows))).equals(pq.read_table(pa.BufferReader(data)))
