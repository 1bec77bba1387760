"""Values derived from a card set, kept on the card set itself so that they live exactly as long.

A module-level cache keyed by a card set (or by its ``id``) holds it forever:
300 card sets made and dropped once kept about 17 MB. A :class:`Memo` is a
field of the object it belongs to (``cards._memo``, ``game._memo``), so a
compiled table that points back at its card set only forms a cycle with it,
which the garbage collector frees with the card set.

>>> memo = Memo()
>>> remember(memo, "answer", lambda: 42), remember(memo, "answer", lambda: 0)
(42, 42)
>>> import copy; copy.deepcopy(memo)
{}
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

__all__ = ["COUNT_LIMIT", "Memo", "counted_key", "remember"]

T = TypeVar("T")


class Memo(dict[Hashable, Any]):
    """A cache that belongs to one object; a copy or a pickle of that object starts empty.

    What it holds is derived (compiled tables, closures, action spaces), often
    not picklable and never part of the object's value.
    """

    # No instance dict or weak reference slot: a memo is in every retained state (24 bytes
    # each, a fortieth of a solo state; issue 27's retained-state figure).
    __slots__ = ()

    def __reduce__(self) -> tuple[type[Memo], tuple[()]]:
        return (Memo, ())


def remember(memo: Memo, key: Hashable, build: Callable[[], T]) -> T:
    """``memo[key]``, made by ``build()`` the first time."""
    try:
        value: T = memo[key]
    except KeyError:
        value = memo[key] = build()
    return value


COUNT_LIMIT = 1 << 16
"""What :func:`counted_key` allows a count to reach (not included)."""


def counted_key(key: int, *counts: int) -> int:
    """``key`` with ``counts`` appended, each in a field of its own, so that a packed key reads
    back one way only.

    A key packed digit by digit (a hand's kinds, a monster's marks) is one-to-one only if the
    number of digits can be read back: read from the low end, the counts come first and say how
    many digits lie above them. :class:`ValueError` for a count outside ``0 .. COUNT_LIMIT - 1``
    (a key that could meet another's).

    >>> counted_key(5, 2) == counted_key(5 * 3 + 0, 1)  # one digit more, and said so
    False
    """
    for count in counts:
        if not 0 <= count < COUNT_LIMIT:
            raise ValueError(f"a packed key's count is 0..{COUNT_LIMIT - 1}, not {count}")
        key = key * COUNT_LIMIT + count
    return key
