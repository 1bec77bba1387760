"""The files the commands write: checked before the work starts, and written with a clear error.

``play --record``, ``replay --html``, ``render --out`` and ``lab report --html`` call
:func:`check_writable` on their output before they play, replay, draw or read
anything, so a path that cannot be written is a message and a non-zero exit at
once, never a game played and then lost (issue 22). :func:`write_output` writes
the file at the end; a failure then (a disk full, a directory gone) is an
:class:`~chaos_tower.kernel.errors.OutputError` too, for the command to report.

>>> check_writable("/no-such-dir/game.json")
Traceback (most recent call last):
chaos_tower.kernel.errors.OutputError: cannot write /no-such-dir/game.json: there is no directory /no-such-dir
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..kernel.errors import OutputError

__all__ = ["check_writable", "write_output"]


def check_writable(path: str | Path) -> None:
    """Raise :class:`OutputError` unless ``path`` can be written; changes nothing on disk.

    An existing file is opened for appending and closed (its content and times untouched); for a
    new one, a probe file is made in its directory and removed at once.
    """
    target = Path(path)
    if not str(path):
        raise OutputError("cannot write to an empty file name")
    try:
        if target.is_dir():
            raise OutputError(f"cannot write {path}: it is a directory")
        if target.exists():
            with target.open("ab"):
                pass
            return
        folder = Path(os.path.realpath(target)).parent
        if not folder.is_dir():
            raise OutputError(f"cannot write {path}: there is no directory {folder}")
        handle, probe = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.")
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        if isinstance(exc, OutputError):
            raise
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None


def write_output(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path``; :class:`OutputError` if it cannot be written."""
    try:
        if isinstance(data, bytes):
            Path(path).write_bytes(data)
        else:
            Path(path).write_text(data, encoding="utf-8")
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
