"""Special files (FIFOs, devices, links to them, unreadable directories) as card sets and replays (issue 11).

Each case runs in a forked child, with its memory capped and a time limit, so
that a regression (reading ``/dev/zero`` without end, waiting on a FIFO for a
writer) fails the test instead of hanging the run or exhausting the machine.
Running as root, where mode 000 stops nothing, the permission cases drop to
the ``nobody`` user in the child, so the refusal is real, not simulated.
"""

from __future__ import annotations

import errno
import os
import pickle
import resource
import select
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chaos_tower import check_cardset
from chaos_tower.app import replay
from chaos_tower.app.cli import main

MINIMAL = Path(__file__).parents[1] / "data" / "good" / "minimal.yaml"
NOBODY = 65534
# Forks, FIFOs, /dev/zero and /proc: Linux only (where the project's CI runs).
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="needs Linux (fork, mkfifo, /proc)")


def in_child(call: Callable[[], Any], *, timeout: float = 30.0, user: int | None = None) -> Any:
    """``call()`` in a forked child with at most 512 MiB more memory; its result, or a failed test."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(reader)
        try:
            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            with open("/proc/self/statm") as statm:
                used = int(statm.read().split()[0]) * resource.getpagesize()
            resource.setrlimit(resource.RLIMIT_AS, (used + (512 << 20), hard))
            if user is not None:
                os.setgroups([])
                os.setgid(user)
                os.setuid(user)
            result: Any = ("ok", call())
        except BaseException as exc:  # reported to the parent, which fails the test
            result = ("raised", f"{type(exc).__name__}: {exc}")
        with os.fdopen(writer, "wb") as out:
            out.write(pickle.dumps(result))
        os._exit(0)
    os.close(writer)
    deadline = time.monotonic() + timeout
    chunks = []
    with os.fdopen(reader, "rb") as inp:
        while True:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([inp], [], [], max(left, 0))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                pytest.fail(f"no answer within {timeout} s: the call hangs")
            chunk = inp.read1(65536)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    status, value = pickle.loads(b"".join(chunks))
    assert status == "ok", value
    return value


def codes(path: Path | str) -> list[tuple[str, str, int]]:
    """``check_cardset(path)``'s problems as (file, code, line); the set must be refused."""
    cards, problems = check_cardset(path)
    assert cards is None
    return [(p.file, p.code, p.line) for p in problems]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "cards.yaml"
    os.mkfifo(path)
    return path


def test_a_fifo_card_file_is_refused_at_once(fifo: Path) -> None:
    assert in_child(lambda: codes(fifo)) == [(str(fifo), "not-a-file", 0)]


def test_a_fifo_in_a_card_directory_is_refused_by_name(fifo: Path) -> None:
    (fifo.parent / "set.yaml").write_text(MINIMAL.read_text(encoding="utf-8"), encoding="utf-8")
    assert in_child(lambda: codes(fifo.parent)) == [(str(fifo), "not-a-file", 0)]


def test_a_fifo_replay_is_refused_at_once(fifo: Path) -> None:
    def load() -> str:
        with pytest.raises(replay.ReplayFormatError) as caught:
            replay.load(fifo)
        return str(caught.value)

    message = in_child(load)
    assert str(fifo) in message and "FIFO" in message


def test_dev_zero_is_refused_unread() -> None:
    assert in_child(lambda: codes("/dev/zero")) == [("/dev/zero", "not-a-file", 0)]


def test_a_yaml_link_to_dev_zero_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "x.yaml"
    link.symlink_to("/dev/zero")
    assert in_child(lambda: codes(link)) == [(str(link), "not-a-file", 0)]
    # In a directory too: named as a card file, it is refused, not skipped.
    (tmp_path / "set.yaml").write_text(MINIMAL.read_text(encoding="utf-8"), encoding="utf-8")
    assert in_child(lambda: codes(tmp_path)) == [(str(link), "not-a-file", 0)]


def test_a_dev_zero_replay_is_refused_unread() -> None:
    def load() -> str:
        with pytest.raises(replay.ReplayFormatError) as caught:
            replay.load("/dev/zero")
        return str(caught.value)

    assert "character device" in in_child(load)


def test_the_cli_refuses_special_files(fifo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def run() -> tuple[int, int, int]:
        validate_zero = main(["validate", "/dev/zero"])
        validate_fifo = main(["validate", str(fifo)])
        replay_fifo = main(["replay", str(fifo)])
        return validate_zero, validate_fifo, replay_fifo

    assert in_child(run) == (1, 1, 1)


def test_read_limited_never_reads_past_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A file that grows after fstat (st_size is stale): at most limit + 1 bytes are read.
    from chaos_tower.cardsets.safefile import FileRefusal, read_limited

    path = tmp_path / "grows.yaml"
    path.write_bytes(b"a: 1\n")
    reads: list[int] = []
    real_read = os.read

    def endless(fd: int, size: int) -> bytes:
        reads.append(size)
        real_read(fd, size)
        return b"x" * size

    monkeypatch.setattr(os, "read", endless)
    with pytest.raises(FileRefusal) as caught:
        read_limited(path, 100_000)
    assert caught.value.code == "file-too-large"
    assert sum(reads) == 100_001


# -- permissions ---------------------------------------------------------------------------
def _as_user(tmp_path: Path) -> int | None:
    """The user to run permission cases as: ``nobody`` when we are root (mode 000 binds only others)."""
    if os.geteuid() != 0:
        return None
    tmp_path.chmod(0o755)
    for parent in tmp_path.parents:
        if parent.stat().st_mode & 0o001 == 0:
            parent.chmod(parent.stat().st_mode | 0o001)  # let nobody pass through to tmp_path
    return NOBODY


def test_an_unreadable_directory_is_a_problem_not_a_traceback(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "set.yaml").write_text("header: {}\n", encoding="utf-8")
    locked.chmod(0o000)
    try:
        found = in_child(lambda: codes(locked), user=_as_user(tmp_path))
    finally:
        locked.chmod(0o755)
    assert found == [(str(locked), "unreadable", 0)]


def test_a_file_in_a_directory_that_cannot_be_entered(tmp_path: Path) -> None:
    closed = tmp_path / "closed"
    closed.mkdir()
    inside = closed / "set.yaml"
    inside.write_text("header: {}\n", encoding="utf-8")
    closed.chmod(0o600)  # readable, not enterable (no x)
    try:
        found = in_child(lambda: codes(inside), user=_as_user(tmp_path))
        replay_message = in_child(lambda: _replay_error(inside), user=_as_user(tmp_path))
    finally:
        closed.chmod(0o755)
    assert found == [(str(inside), "unreadable", 0)]
    assert "Permission denied" in replay_message


def _replay_error(path: Path) -> str:
    try:
        replay.load(path)
    except replay.ReplayFormatError as exc:
        return str(exc)
    return "no error"


@pytest.mark.parametrize("where", ["stat", "scandir", "open", "read"])
def test_every_os_error_is_a_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """Whichever system call fails, the answer is a located problem, never an OSError."""
    (tmp_path / "set.yaml").write_text(MINIMAL.read_text(encoding="utf-8"), encoding="utf-8")

    def refuse(*_: Any, **__: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, where, refuse)
    cards, problems = check_cardset(tmp_path)
    assert cards is None
    what = "it" if where in ("stat", "scandir") else "the file"
    assert [(p.code, p.message) for p in problems] == [
        ("unreadable", f"cannot read {what}: Permission denied")
    ]
