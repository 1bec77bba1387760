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
