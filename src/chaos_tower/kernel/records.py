"""A fast :func:`attrs.evolve` for the game states, which are rebuilt on every action.

:func:`attrs.evolve` looks the class's fields up on every call; a state
changes on every action, so that lookup is a large part of a step. An
*updater* is the same function written out once for one class, field by field.

>>> from attrs import frozen
>>> @frozen(kw_only=True)
... class Point:
...     x: int
...     y: int
>>> update = updater(Point)
>>> update(Point(x=1, y=2), {"y": 5})
Point(x=1, y=5)
>>> update(Point(x=1, y=2), {"z": 5})
Traceback (most recent call last):
TypeError: Point has no field z
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs
from attrs import AttrsInstance

__all__ = ["copier", "updater"]

T = TypeVar("T", bound=AttrsInstance)


def updater(cls: type[T]) -> Callable[[T, Mapping[str, Any]], T]:
    """``update(instance, changes)``: a new ``cls`` with ``changes`` (field name → value) applied.

    Only fields set by ``__init__`` can be changed; any other name is a
    :class:`TypeError`, as with :func:`attrs.evolve`.
    """
    names = tuple(field.name for field in attrs.fields(cls) if field.init)
    if any(name.startswith("_") for name in names):
        raise TypeError(f"{cls.__name__} has a private init field; attrs renames those")
    arguments = ", ".join(f"{n}=c[{n!r}] if {n!r} in c else s.{n}" for n in names)
    namespace: dict[str, Any] = {"cls": cls, "known": frozenset(names)}
    source = (
        "def update(s, c):\n"
        "    if not c.keys() <= known:\n"
        "        unknown = ', '.join(sorted(set(c) - known))\n"
        "        raise TypeError(f'{cls.__name__} has no field {unknown}')\n"
        f"    return cls({arguments})\n"
    )
    exec(source, namespace)
    update: Callable[[T, Mapping[str, Any]], T] = namespace["update"]
    return update


def copier(source: type[AttrsInstance], cls: type[T]) -> Callable[[Any], T]:
    """``copy(instance)``: a new ``cls`` with every init field of ``source`` read from ``instance``.

    :func:`updater` with no changes, without asking for each field whether it is changed: a
    state's working copy is made on every action.
    """
    names = tuple(field.name for field in attrs.fields(source) if field.init)
    if any(name.startswith("_") for name in names):
        raise TypeError(f"{source.__name__} has a private init field; attrs renames those")
    arguments = ", ".join(f"{n}=s.{n}" for n in names)
    namespace: dict[str, Any] = {"cls": cls}
    exec(f"def copy(s):\n    return cls({arguments})\n", namespace)
    copy: Callable[[Any], T] = namespace["copy"]
    return copy
