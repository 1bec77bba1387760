"""The word grammar the games' one-line positions share: ``<game> key=value key=value ...``.

The solo position (:mod:`chaos_tower.tower.solo.notation`) came first and keeps its own
reader; the VS and Crest positions (``tower-vs ...``, ``crest ...``) are read with
these helpers, so that every malformed text ends in one
:class:`~chaos_tower.kernel.errors.SaveError`, whatever is wrong with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from .errors import SaveError

__all__ = ["NotationError", "fields", "ints", "joined", "reading", "rows", "split_list", "unless_empty"]

T = TypeVar("T")


class NotationError(SaveError):
    """A one-line position that is not one (a :class:`SaveError`, as a bad save is)."""


def fields(text: object, game: str, keys: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, str]:
    """The ``key=value`` words after the game's name: each of ``keys`` once, of ``optional`` at most once."""
    if not isinstance(text, str):
        raise NotationError(f"a position is text, not {type(text).__name__}")
    words = text.split()
    if not words or words[0] != game:
        raise NotationError(f"a {game} position starts with the word {game!r}")
    found: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or key in found or key not in (*keys, *optional) or not value:
            raise NotationError(f"unexpected word {word!r} in a {game} position")
        found[key] = value
    missing = [k for k in keys if k not in found]
    if missing:
        raise NotationError(f"a {game} position needs the fields {', '.join(missing)}")
    return found


def joined(values: object, sep: str = ",") -> str:
    """Values written one after another, ``-`` for none."""
    text = sep.join(str(v) for v in values)  # type: ignore[attr-defined]
    return text or "-"


def split_list(text: str, read: Callable[[str], T], sep: str = ",") -> tuple[T, ...]:
    """The values of :func:`joined` read back (``-`` is none)."""
    if text == "-":
        return ()
    return tuple(read(part) for part in text.split(sep))


def rows(text: str, read: Callable[[str], T]) -> tuple[T, ...]:
    """Per-seat rows separated by ``/``."""
    return tuple(read(part) for part in text.split("/"))


def ints(text: str, sep: str = ".") -> tuple[int, ...]:
    """Decimal integers (``-`` for none)."""
    return split_list(text, _int, sep)


def unless_empty(text: str) -> str | None:
    """``-`` is nothing."""
    return None if text == "-" else text


def _int(text: str) -> int:
    if not text.lstrip("-").isdigit():
        raise ValueError(f"{text!r} is not an integer")
    return int(text)


@contextmanager
def reading(game: str) -> Iterator[None]:
    """Turn whatever a malformed value raises while it is read into :class:`NotationError`."""
    try:
        yield
    except SaveError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
        raise NotationError(f"a bad {game} position: {exc}") from None
