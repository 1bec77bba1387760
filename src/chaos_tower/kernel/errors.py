"""The exception hierarchy: one root, split by cause.

``ChaosTowerError`` is the root. A card set that cannot be read or is wrong
raises :class:`CardSetError`, which carries *every* problem found, each with
its file, line, column and JSON path, so that a person fixing a file sees the
whole list at once instead of one error per run.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from attrs import field, frozen

__all__ = [
    "MAX_MESSAGE_CHARS",
    "CardSetError",
    "ChaosTowerError",
    "IllegalActionError",
    "InitError",
    "MalformedActionError",
    "OptionError",
    "OutputError",
    "PictureFormatError",
    "Problem",
    "SaveError",
    "Severity",
    "UnknownGameError",
    "shorten",
]

Severity = Literal["error", "warning"]
"""An ``error`` stops a card set loading; a ``warning`` (a lint) is reported and the set loads."""

MAX_MESSAGE_CHARS = 400
"""No line of an error message or :class:`Problem` is longer: a long value in it is cut in the middle."""


def shorten(text: str, limit: int = MAX_MESSAGE_CHARS) -> str:
    """``text`` with each line over ``limit`` characters cut in the middle, saying how much was cut.

    Messages quote the values they are about, and a value can be a list of a
    million items (issue 11); its head and tail say enough.

    >>> shorten("[" + "0, " * 1000 + "0] is too long", limit=60)
    '[0, 0, 0, 0, 0, 0, 0, 0,  … (2982 characters cut) … too long'
    """
    if len(text) <= limit:
        return text
    return "\n".join(_shorten_line(line, limit) for line in text.split("\n"))


def _shorten_line(line: str, limit: int) -> str:
    if len(line) <= limit:
        return line
    room = max(limit - len(f" … ({len(line)} characters cut) … "), 2)
    tail = max(room // 4, 1)  # the end often says what is wrong: "... is too long"
    head = room - tail
    return f"{line[:head]} … ({len(line) - head - tail} characters cut) … {line[-tail:]}"


class ChaosTowerError(Exception):
    """Root of every exception this library raises on purpose; each line of its message is shortened."""

    def __init__(self, *args: object) -> None:
        super().__init__(*(shorten(arg) if isinstance(arg, str) else arg for arg in args))


@frozen(kw_only=True)
class Problem:
    """One thing wrong with a card-set file.

    ``line`` and ``column`` are 1-based, as editors show them; both are 0 when
    the problem is about the file as a whole (too large, unreadable) or about
    the set as a whole (a missing section across a directory). ``path`` is the
    JSON path inside the file, such as ``rooms[3].front.da.f``; ``$`` is the
    document itself.
    """

    file: str
    line: int
    column: int
    path: str = field(converter=shorten)
    message: str = field(converter=shorten)
    code: str
    """A stable, machine-readable kind: ``yaml-syntax``, ``duplicate-key``, ``schema``, …"""
    severity: Severity = "error"
    hint: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        kind = "warning: " if self.severity == "warning" else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{where}: {self.path}: {kind}{self.message}{hint}"

    @property
    def is_error(self) -> bool:
        """Whether this problem stops the set loading (a warning does not)."""
        return self.severity == "error"

    def as_json(self) -> dict[str, str | int | None]:
        """The problem as a plain mapping, for ``--format json`` and other tools."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "code": self.code,
            "message": self.message,
            "severity": self.severity,
            "hint": self.hint,
        }


class CardSetError(ChaosTowerError):
    """A card set could not be loaded; :attr:`problems` lists every reason found."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(
            sorted(problems, key=lambda p: (p.file, p.line, p.column, p.path, p.message))
        )
        if not self.problems:
            raise ValueError("CardSetError needs at least one problem")
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the card set"
        super().__init__(head + ":\n" + "\n".join(f"  {p}" for p in self.problems))


class UnknownGameError(ChaosTowerError, ValueError):
    """A game name that is none of the games a card set can be for (``tower``, ``crest``)."""


class IllegalActionError(ChaosTowerError):
    """A well-formed action that the rules forbid in this position; :attr:`rule` says which rule."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"[{rule}] {message}")


class InitError(ChaosTowerError, ValueError):
    """``chaos-tower init`` cannot write there: the target is a file or a directory that is not empty."""


class OutputError(ChaosTowerError, OSError):
    """A command's output file cannot be written there (no directory, no permission, a directory)."""


class MalformedActionError(ChaosTowerError, ValueError):
    """An action that is not well formed: unreadable text, a cell off the sheet, an unknown name."""


class SaveError(ChaosTowerError, ValueError):
    """A saved game that cannot be read: bad JSON, another card set, values out of place."""


class OptionError(ChaosTowerError, ValueError):
    """A game option that cannot be used: unknown to the mode, of the wrong type, or out of range."""


class PictureFormatError(ChaosTowerError, ValueError):
    """A picture in a format we do not write (by the file's extension), or at a scale out of range."""
