"""The server's load benchmark keeps working (a tiny run; its figures are the docs' business)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.mark.slow
def test_the_load_benchmark_runs_with_no_desync_and_no_error(capsys: pytest.CaptureFixture[str]) -> None:
    """Two tables of four clients: every action's latency is measured, no desync, no error."""
    sys.path.insert(0, str(BENCH))
    try:
        import bench_server

        code = bench_server.main(["--tables", "2", "--quick", "--json"])
    finally:
        sys.path.remove(str(BENCH))
    figures = json.loads(capsys.readouterr().out)
    assert code == 0 and figures["desyncs"] == 0 and figures["errors"] == 0
    assert figures["clients"] == 8 and figures["actions"] > 0 and figures["p99_ms"] > 0
