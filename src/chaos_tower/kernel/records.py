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

__all__ = ["copier", "maker", "updater"]

T = TypeVar("T", bound=AttrsInstance)


class _Slotted:
    __slots__ = ("x",)


_MEMBER = type(_Slotted.__dict__["x"])
"""The type of a slot's descriptor (``member_descriptor``)."""


def _direct(cls: type[AttrsInstance]) -> tuple[tuple[str, ...], dict[str, Any]] | None:
    """The fields of ``cls`` and the namespace to fill an instance slot by slot, or ``None`` when
    its ``__init__`` does more than store the arguments (a validator, a converter, a post-init
    hook, a cached hash, a default that reads the instance), so it must be called."""
    fields = attrs.fields(cls)
    slots = "__slots__" in cls.__dict__
    if not slots or hasattr(cls, "__attrs_post_init__") or getattr(cls, "__attrs_pre_init__", None):
        return None
    if any(f.validator is not None or f.converter is not None for f in fields):
        return None
    known = {f.name for f in fields} | {"__weakref__"}
    if any(slot not in known for c in cls.__mro__ for slot in c.__dict__.get("__slots__", ())):
        return None  # a slot that is not a field (attrs' cached hash): its __init__ knows it
    namespace: dict[str, Any] = {"new": object.__new__}
    for f in fields:
        slot: Any = next((c.__dict__[f.name] for c in cls.__mro__ if f.name in c.__dict__), None)
        if type(slot) is not _MEMBER:
            return None  # not a plain slot (a field inherited oddly, a property): use __init__
        namespace[f"set_{f.name}"] = slot.__set__
        if not f.init:
            default = f.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                if default.takes_self:
                    return None
                namespace[f"make_{f.name}"] = default.factory
            else:
                namespace[f"value_{f.name}"] = default
    return tuple(f.name for f in fields), namespace


def _fill(cls: type[AttrsInstance], names: tuple[str, ...], read: Callable[[str], str]) -> str:
    """The body that makes an instance of ``cls`` with each init field's value given by ``read``."""
    init = {f.name for f in attrs.fields(cls) if f.init}
    lines = ["    o = new(cls)\n"]
    for n in names:
        if n in init:
            lines.append(f"    set_{n}(o, {read(n)})\n")
        elif attrs.fields_dict(cls)[n].default is not attrs.NOTHING and isinstance(
            attrs.fields_dict(cls)[n].default, attrs.Factory  # type: ignore[arg-type]
        ):
            lines.append(f"    set_{n}(o, make_{n}())\n")
        else:
            lines.append(f"    set_{n}(o, value_{n})\n")
    lines.append("    return o\n")
    return "".join(lines)


def updater(cls: type[T]) -> Callable[[T, Mapping[str, Any]], T]:
    """``update(instance, changes)``: a new ``cls`` with ``changes`` (field name → value) applied.

    Only fields set by ``__init__`` can be changed; any other name is a
    :class:`TypeError`, as with :func:`attrs.evolve`. The new instance is filled slot by slot
    (the same class, the same values as its ``__init__`` would store: issue 27, two to three
    times faster than a call with every field as a keyword), unless its ``__init__`` does more
    than store them (:func:`_direct`).
    """
    names = tuple(field.name for field in attrs.fields(cls) if field.init)
    if any(name.startswith("_") for name in names):
        raise TypeError(f"{cls.__name__} has a private init field; attrs renames those")
    namespace: dict[str, Any] = {"cls": cls, "known": frozenset(names)}
    check = (
        "def update(s, c):\n"
        "    if not c.keys() <= known:\n"
        "        unknown = ', '.join(sorted(set(c) - known))\n"
        "        raise TypeError(f'{cls.__name__} has no field {unknown}')\n"
    )
    direct = _direct(cls)
    if direct is None:
        arguments = ", ".join(f"{n}=c[{n!r}] if {n!r} in c else s.{n}" for n in names)
        source = check + f"    return cls({arguments})\n"
    else:
        namespace |= direct[1]
        source = check + _fill(cls, direct[0], lambda n: f"c[{n!r}] if {n!r} in c else s.{n}")
    exec(source, namespace)
    update: Callable[[T, Mapping[str, Any]], T] = namespace["update"]
    return update


def copier(source: type[AttrsInstance], cls: type[T]) -> Callable[[Any], T]:
    """``copy(instance)``: a new ``cls`` with every init field of ``source`` read from ``instance``.

    :func:`updater` with no changes, without asking for each field whether it is changed: a
    state's working copy is made on every action. ``cls`` is ``source`` or a subclass adding
    no field (a working copy); it is filled slot by slot as :func:`updater` fills.
    """
    names = tuple(field.name for field in attrs.fields(source) if field.init)
    if any(name.startswith("_") for name in names):
        raise TypeError(f"{source.__name__} has a private init field; attrs renames those")
    namespace: dict[str, Any] = {"cls": cls}
    direct = _direct(source)
    if direct is None or attrs.fields(cls) != attrs.fields(source):
        arguments = ", ".join(f"{n}=s.{n}" for n in names)
        exec(f"def copy(s):\n    return cls({arguments})\n", namespace)
    else:
        namespace |= direct[1]
        exec("def copy(s):\n" + _fill(source, direct[0], lambda n: f"s.{n}"), namespace)
    copy: Callable[[Any], T] = namespace["copy"]
    return copy


def maker(cls: type[T]) -> Callable[..., T]:
    """``make(**fields)``: a new ``cls``, as ``cls(**fields)`` makes it, filled slot by slot.

    For a state built once per action from its working copy (issue 27): the same class, the
    same keywords and defaults, the same values, without ``__init__``'s per-field
    ``__setattr__`` calls. ``cls`` itself when its ``__init__`` does more than store
    (:func:`_direct`).
    """
    direct = _direct(cls)
    if direct is None:
        return cls
    namespace: dict[str, Any] = {"cls": cls, **direct[1]}
    parameters = []
    late = []  # fields whose default is a factory: made afresh per call, as attrs does
    for f in attrs.fields(cls):
        if not f.init:
            continue
        if f.name.startswith("_"):
            raise TypeError(f"{cls.__name__} has a private init field; attrs renames those")
        if f.default is attrs.NOTHING:
            parameters.append(f.name)
        elif isinstance(f.default, attrs.Factory):  # type: ignore[arg-type]
            if f.default.takes_self:
                return cls
            namespace[f"default_{f.name}"] = f.default.factory
            namespace["unset"] = _UNSET
            parameters.append(f"{f.name}=unset")
            late.append(f"    if {f.name} is unset:\n        {f.name} = default_{f.name}()\n")
        else:
            namespace[f"default_{f.name}"] = f.default
            parameters.append(f"{f.name}=default_{f.name}")
    source = f"def make(*, {', '.join(parameters)}):\n" + "".join(late) + _fill(cls, direct[0], lambda n: n)
    exec(source, namespace)
    make: Callable[..., T] = namespace["make"]
    return make


_UNSET = object()
