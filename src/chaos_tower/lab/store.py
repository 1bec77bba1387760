"""A results directory's safety: one session at a time (a lock), and which chunk files are whole.

* :func:`session_lock` holds an exclusive lock (``flock``) on the directory's
  ``.lock`` file for as long as a session writes to it; a second ``lab run``
  on the same directory is refused at once, naming the session that holds it.
  The operating system drops the lock when its process ends, however it ends,
  so a killed run never leaves the directory locked.
* :func:`scan_chunks` says which chunk files are whole: each one's Parquet
  footer is read (not its rows) and must hold the rows of this chunk with the
  rows' schema. A truncated, empty or foreign file is *damaged*: it is played
  again, never counted as done.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from .failure import LabError
from .results import SCHEMA

__all__ = ["LOCK", "chunk_rows", "scan_chunks", "session_lock"]

LOCK = ".lock"
"""The lock file's name in a results directory."""

_PART = re.compile(r"^part-(\d+)\.parquet$")


@contextmanager
def session_lock(folder: Path) -> Iterator[None]:
    """Hold the directory's lock; :class:`LabError` at once if another session holds it."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: no lock to take (documented)
        yield
        return
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK
    handle = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(handle, 64, 0).decode("ascii", "replace").strip() or "?"
            raise LabError(
                f"{folder}: another `lab run` is writing to it (process {holder}); "
                "wait for it to end, or choose another directory"
            ) from None
        os.ftruncate(handle, 0)
        os.pwrite(handle, f"{os.getpid()}\n".encode(), 0)
        yield
    finally:
        os.close(handle)  # closing the descriptor drops the lock


def chunk_rows(index: int, size: int, total: int) -> int:
    """The games of chunk ``index`` of a run of ``total`` games in chunks of ``size``."""
    return max(0, min(size, total - index * size))


def scan_chunks(games_dir: Path, size: int, total: int) -> tuple[set[int], list[Path]]:
    """The chunks whose files are whole, and the damaged files (truncated, empty, wrong rows).

    :class:`LabError` for a chunk file no chunk of this run has (it would be read as games).
    """
    whole: set[int] = set()
    damaged: list[Path] = []
    if not games_dir.is_dir():
        return whole, damaged
    chunks = -(-total // size) if total else 0
    with os.scandir(games_dir) as entries:
        names = sorted(entry.name for entry in entries)
    for name in names:
        match = _PART.match(name)
        if match is None:
            continue
        index = int(match.group(1))
        path = games_dir / name
        if index >= chunks:
            raise LabError(f"{path}: no chunk of this run ({chunks} chunks); move it away")
        try:
            meta = pq.read_metadata(path)
            ok = meta.num_rows == chunk_rows(index, size, total) and meta.schema.to_arrow_schema().equals(
                SCHEMA, check_metadata=False
            )
        except (OSError, pa.ArrowException):
            ok = False
        if ok:
            whole.add(index)
        else:
            damaged.append(path)
    return whole, damaged
