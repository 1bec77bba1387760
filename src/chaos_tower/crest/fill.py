"""Making a Crest Duel state fast: a new state filled slot by slot (issue 27).

Apart from :mod:`.change` so that the working copy can be compiled (``chaos_tower.buildinfo``):
the filler is generated source (``exec``) with a ``__class__`` assignment, which only Python runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from .state import CrestState, StateMemo

__all__ = ["make_state"]


class _Filling(CrestState):
    """A :class:`CrestState` while :func:`_make` fills it: the same slots, with plain stores.

    A frozen attrs class stores each field through ``object.__setattr__`` bound per instance
    (its own ``__setattr__`` refuses): about 2.5 µs for a state's 30 fields, a tenth of a Crest
    step. A subclass that adds no slot and sets ``__setattr__`` and ``__delattr__`` back to
    :class:`object`'s stores them as any slotted class does (about 0.1 µs); once filled, the
    instance becomes a plain :class:`CrestState` (``__class__`` assignment: the same layout).
    """

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def _maker() -> Callable[..., CrestState]:
    """``make(game, seed, ...)``: a new state from every init field, in field order, positional
    (issue 27); the same object as ``CrestState(**fields)`` makes (tests/crest/test_change_freeze.py)."""
    fields = attrs.fields(CrestState)
    names = [f.name for f in fields if f.init]
    late = [f.name for f in fields if not f.init]
    assert late == ["_memo"], late  # the one field made afresh per state, as its factory does
    source = (
        f"def make({', '.join(names)}):\n"
        "    o = new(Filling)\n"
        + "".join(f"    o.{name} = {name}\n" for name in names)
        + "    o._memo = Memo()\n"
        "    o.__class__ = State\n"
        "    return o\n"
    )
    namespace: dict[str, Any] = {
        "new": object.__new__,
        "Filling": _Filling,
        "State": CrestState,
        "Memo": StateMemo,
    }
    exec(source, namespace)
    make: Callable[..., CrestState] = namespace["make"]
    return make


make_state = _maker()
