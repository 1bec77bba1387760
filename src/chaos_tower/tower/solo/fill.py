"""Making a solo State and its Events fast: a filler per class, written once (issue 27).

Apart from :mod:`.change` so that the draft itself can be compiled (``chaos_tower.buildinfo``):
these fillers are generated source (``exec``) that store each slot through its descriptor,
which only Python runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from ...kernel.memo import Memo
from ...kernel.records import maker
from .state import Event, State

__all__ = ["DRAFTED", "make_event", "make_state"]

DRAFTED: tuple[str, ...] = (
    "actions",
    "carry",
    "combat_bonus",
    "counters",
    "deck",
    "elements",
    "events",
    "floor",
    "item_on_entry",
    "level",
    "life",
    "lost",
    "original",
    "player",
    "rearranging",
    "rebright",
    "rebright_pending",
    "result",
    "rng",
    "slots",
    "step_area",
    "step_returns",
    "used_steps",
)
"""The parts of a :class:`~.change.Change` (a draft): a State's field of the same name is read
from the draft, the others from the draft's ``original``."""


def _filler(cls: type, parameters: str, values: dict[str, str], prelude: str = "") -> Callable[..., Any]:
    """A function ``make(parameters)`` that fills a new ``cls`` slot by slot, field ``f`` from the
    expression ``values[f]`` (an attrs ``__init__`` sets each field through ``__setattr__``, and a
    call with 27 keywords parses each one: this is about twice as fast; issue 27). ``cls`` must be
    a slotted attrs class whose ``__init__`` only stores its arguments (no validator, converter
    or hook): :func:`~chaos_tower.kernel.records.maker` checks that, and is used to refuse others."""
    if maker(cls) is cls:
        raise TypeError(f"{cls.__name__} cannot be filled slot by slot")
    lines = [f"def make({parameters}):\n", "    o = new(cls)\n"]
    if prelude:
        lines.append(f"    {prelude}\n")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "Memo": Memo}
    for f in attrs.fields(cls):
        slot = cls.__dict__[f.name]
        namespace[f"set_{f.name}"] = slot.__set__
        lines.append(f"    set_{f.name}(o, {values[f.name]})\n")
    lines.append("    return o\n")
    exec("".join(lines), namespace)
    make: Callable[..., Any] = namespace["make"]
    return make


def _state_values() -> dict[str, str]:
    # Each State field from the draft (what an action changes), the original (what it cannot),
    # the events given, or a fresh memo.
    values = {}
    for f in attrs.fields(State):
        if f.name == "events":
            values[f.name] = "e"
        elif f.name == "_memo":
            values[f.name] = "Memo()"
        elif f.name in DRAFTED:
            values[f.name] = f"c.{f.name}"
        else:
            values[f.name] = f"s.{f.name}"
    return values


make_state: Callable[[Any, tuple[Event, ...]], State] = _filler(
    State, "c, e", _state_values(), "s = c.original"
)
make_event: Callable[[str, str, str, int | None, str | None], Event] = _filler(
    Event,
    "rule, kind, text, amount, card",
    {"rule": "rule", "kind": "kind", "text": "text", "amount": "amount", "card": "card"},
)
