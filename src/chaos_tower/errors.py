"""The exception hierarchy: one root, split by cause.

``ChaosTowerError`` is the root. A card set that cannot be read or is wrong
raises :class:`CardSetError`, which carries *every* problem found, each with
its file, line, column and JSON path, so that a person fixing a file sees the
whole list at once instead of one error per run.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

__all__ = [
    "CardSetError",
    "ChaosTowerError",
    "IllegalActionError",
    "MalformedActionError",
    "PictureFormatError",
    "Problem",
    "SaveError",
]


class ChaosTowerError(Exception):
    """Root of every exception this library raises on purpose."""


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
    path: str
    message: str
    code: str
    """A stable, machine-readable kind: ``yaml-syntax``, ``duplicate-key``, ``schema``, …"""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.path}: {self.message}"

    def as_json(self) -> dict[str, str | int]:
        """The problem as a plain mapping, for ``--format json`` and other tools."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "code": self.code,
            "message": self.message,
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


class IllegalActionError(ChaosTowerError):
    """A well-formed action that the rules forbid in this position; :attr:`rule` says which rule."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"[{rule}] {message}")


class MalformedActionError(ChaosTowerError, ValueError):
    """An action that is not well formed: unreadable text, a cell off the sheet, an unknown name."""


class SaveError(ChaosTowerError, ValueError):
    """A saved game that cannot be read: bad JSON, another card set, values out of place."""


class PictureFormatError(ChaosTowerError, ValueError):
    """A picture in a format we do not write (by the file's extension), or at a scale out of range."""
