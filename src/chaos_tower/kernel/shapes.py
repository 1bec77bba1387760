"""Small checks of untrusted values, shared by each game's one action-shape check (``malformed``).

An action may come from anywhere: a record built with junk in a field (attrs
records check nothing), one made by ``object.__new__`` with no fields at all,
an action of another game. Each game's ``malformed`` looks at every field with
these helpers before anything else touches the action, so that junk gets a
:class:`~chaos_tower.kernel.errors.MalformedActionError` instead of whatever a dict
lookup or an index would have raised.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MISSING", "field", "is_index", "is_int", "show"]

MISSING: Any = object()
"""What :func:`field` answers for a field that was never set."""


def field(record: object, name: str) -> Any:
    """The record's field, or :data:`MISSING` when the record was made without it."""
    return getattr(record, name, MISSING)


def is_int(value: object, low: int, high: int) -> bool:
    """``value`` is an ``int`` (not a bool, not an ``int`` subclass) within ``low..high``."""
    return type(value) is int and low <= value <= high


def is_index(value: object, size: int) -> bool:
    """``value`` is an ``int`` (not a bool) within ``0..size-1``."""
    return type(value) is int and 0 <= value < size


def show(value: object) -> str:
    """A short, always printable form of an untrusted value, for an error message.

    ``repr`` itself may fail (an int of thousands of digits, a record whose
    fields were never set) or be huge.
    """
    if value is MISSING:
        return "nothing"
    if type(value) is int and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # any failure of a junk value's repr means: name its type
        return f"a {type(value).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."
