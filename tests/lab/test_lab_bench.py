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
