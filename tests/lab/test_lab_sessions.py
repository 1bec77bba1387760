"""A run's sessions: stopped by a signal, killed, resumed over damaged chunks, run twice at once (issue 22).

Real processes where the item is about processes: ``chaos-tower lab run`` is
started as a subprocess, its descendants (pool workers, the fork server, the
resource tracker) are listed with psutil, and each must be gone after the run.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from chaos_tower import lab
from chaos_tower.app.cli import main
from chaos_tower.lab.results import read_games, read_record
from chaos_tower.lab.runner import run

REPO = Path(__file__).resolve().parents[2]


def _start(out: Path, games: str = "400000", *more: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [sys.executable, "-m", "chaos_tower", "lab", "run", "--out", str(out), "-n", games]
    command += ["--workers", "2", "--quiet", *more]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _wait_for_a_chunk(proc: subprocess.Popen[str], out: Path, within: float = 60) -> float:
    began = time.monotonic()
    while not list((out / "games").glob("part-*.parquet")):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() - began < within, "no chunk was written"
        time.sleep(0.05)
    return time.monotonic() - began


def _descendants(proc: subprocess.Popen[str]) -> list[psutil.Process]:
    found = psutil.Process(proc.pid).children(recursive=True)
    assert len(found) >= 3, found  # two workers and the fork server at least
    return found


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize(("sent", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_the_run_leaving_no_process_and_the_record_says_so(
    tmp_path: Path, sent: signal.Signals, code: int
) -> None:
    """Item 8: SIGTERM or SIGINT: no worker, fork server or resource tracker left; run.json: interrupted."""
    out = tmp_path / "run"
    proc = _start(out, "400000", "--chunk", "200")
    try:
        _wait_for_a_chunk(proc, out)
        children = _descendants(proc)
        proc.send_signal(sent)
        _, err = proc.communicate(timeout=60)
        _, alive = psutil.wait_procs(children, timeout=10)
    finally:
        _stop(proc)
    assert proc.returncode == code, err
    assert not alive, alive
    session = read_record(out)["sessions"][-1]
    assert session["status"] == "interrupted" and session["signal"] == sent.name
    assert read_record(out)["games_done"] == read_games(out).num_rows > 0


def test_after_sigkill_of_the_run_its_workers_end_within_seconds(tmp_path: Path) -> None:
    """Item 8: the run cannot shut its pool down; each worker's watchdog sees it gone and exits."""
    out = tmp_path / "run"
    proc = _start(out, "400000", "--chunk", "200")
    try:
        _wait_for_a_chunk(proc, out)
        children = _descendants(proc)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        _, alive = psutil.wait_procs(children, timeout=10)
    finally:
        _stop(proc)
        for child in psutil.Process().children(recursive=True):  # nothing of this test outlives it
            if child.pid in {c.pid for c in children}:
                child.kill()
    assert not alive, alive


def test_a_huge_game_count_starts_at_once_and_ctrl_c_ends_it(tmp_path: Path) -> None:
    """Item 10: ``-n 100000000000`` plays its first chunk in seconds, not after listing 10^8 chunks."""
    out = tmp_path / "huge"
    proc = _start(out, "100000000000")
    try:
        waited = _wait_for_a_chunk(proc, out, within=30)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        _stop(proc)
    assert waited < 30
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "interrupted" in err
    assert read_record(out)["sessions"][-1]["status"] == "interrupted"


def test_a_second_session_on_the_same_directory_is_refused(tmp_path: Path) -> None:
    """Item 12: while one ``lab run`` writes to a directory, another is refused (a lock), writing nothing."""
    out = tmp_path / "run"
    proc = _start(out, "400000", "--chunk", "200")
    try:
        _wait_for_a_chunk(proc, out)
        sessions = len(read_record(out)["sessions"])
        second = _start(out, "400000", "--chunk", "200")
        try:
            _, err = second.communicate(timeout=30)
        finally:
            _stop(second)
        assert second.returncode == 1, err
        assert "another `lab run` is writing to it" in err
        assert len(read_record(out)["sessions"]) == sessions
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)
    finally:
        _stop(proc)
    assert proc.returncode == 130
    # The lock went with the first session: the same run now resumes.
    spec = lab.RunSpec(games=400000)
    assert run(spec, out, workers=0, progress=_interrupt_at_once).interrupted
    assert [s["status"] for s in read_record(out)["sessions"]] == ["interrupted", "interrupted"]


def _interrupt_at_once(done: int, total: int) -> None:
    raise KeyboardInterrupt


def test_a_truncated_or_empty_chunk_is_played_again_on_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 6: a damaged chunk file is no finished chunk: the resume says so and plays it again."""
    spec = lab.RunSpec(games=40, seed=4)
    run(spec, tmp_path / "whole", workers=0, chunk=10)
    out = tmp_path / "damaged"
    run(spec, out, workers=0, chunk=10)
    games = out / "games"
    first = games / "part-000001.parquet"
    first.write_bytes(first.read_bytes()[: first.stat().st_size // 2])
    (games / "part-000002.parquet").write_bytes(b"")
    args = ["lab", "run", "--out", str(out), "-n", "40", "--seed", "4", "--workers", "0", "--quiet"]
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "part-000001.parquet" in err and "part-000002.parquet" in err
    assert "40/40 games (20 played now" in err
    assert read_games(out).equals(read_games(tmp_path / "whole"))
    assert read_record(out)["sessions"][-1]["replayed_damaged"] == [
        "part-000001.parquet",
        "part-000002.parquet",
    ]
