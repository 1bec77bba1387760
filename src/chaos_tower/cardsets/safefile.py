"""Reading a user's file: a regular file only, never more than a limit, every failure a typed refusal.

Every path that reads a file a user names (card files, replays) reads it
with :func:`read_limited`, so that none of them can hang or run out of memory:

* only a regular file is read, after following links: a FIFO, a device
  (``/dev/zero``), a socket or a directory is refused. The kind is checked
  before opening (so a device is never even opened) and again, with ``fstat``,
  on the opened descriptor (so a file swapped in between is caught too);
* the file is opened with ``O_NONBLOCK``, so that opening a FIFO cannot wait
  for a writer;
* at most ``max_bytes + 1`` bytes are read, whatever ``st_size`` says (it is 0
  for a device and can change while reading);
* every ``OSError`` (a permission refused, a directory that cannot be entered,
  a read error) becomes a :class:`FileRefusal` saying what happened.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["FileRefusal", "read_limited"]

_CHUNK = 1 << 16
_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once instead of waiting for a writer
    | getattr(os, "O_NOCTTY", 0)  # a terminal device never becomes our controlling terminal
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)  # Windows: no newline translation
)
_KINDS = {
    stat.S_IFDIR: "a directory",
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


class FileRefusal(Exception):
    """A file that is not read: ``code`` is a stable kind, ``reason`` says why in words."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def _regular(mode: int) -> None:
    if not stat.S_ISREG(mode):
        kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
        raise FileRefusal("not-a-file", f"{kind}, not a regular file; only regular files are read")


def _too_large(size: str, max_bytes: int) -> FileRefusal:
    return FileRefusal("file-too-large", f"the file has {size} bytes; the limit is {max_bytes}")


def read_limited(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file at ``path``, or :class:`FileRefusal` (see the module's documentation)."""
    try:
        _regular(os.stat(path).st_mode)
        descriptor = os.open(path, _FLAGS)
        try:
            status = os.fstat(descriptor)
            _regular(status.st_mode)
            if status.st_size > max_bytes:
                raise _too_large(str(status.st_size), max_bytes)
            chunks: list[bytes] = []
            left = max_bytes + 1
            while left > 0:
                chunk = os.read(descriptor, min(left, _CHUNK))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
        finally:
            os.close(descriptor)
    except FileNotFoundError:
        raise FileRefusal("not-found", "no such file or directory") from None
    except OSError as exc:
        raise FileRefusal("unreadable", f"cannot read the file: {exc.strerror or exc}") from None
    data = b"".join(chunks)
    if len(data) > max_bytes:
        raise _too_large(f"more than {max_bytes}", max_bytes)
    return data
