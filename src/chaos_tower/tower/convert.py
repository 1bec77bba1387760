"""The Tower's records in the shared card-set converter (:mod:`chaos_tower.cardsets.converter`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cattrs import Converter
from cattrs.strategies import configure_tagged_union

from .cards import PLAIN, Da
from .vocabulary import CONDITION_TYPES, EFFECT_TYPES, Condition, Effect

__all__ = ["tag", "tower_hooks"]

_WALL = "wall"


def _structure_da(value: Any, _: Any) -> Da:
    # A side is written "wall", "-" or a signed integer (`TOC-START-L`); the
    # schema has already checked the type, so this only maps "wall" to None.
    if value == _WALL:
        return None
    if value == PLAIN:
        return PLAIN
    if isinstance(value, float) and value.is_integer():
        return int(value)  # JSON Schema counts 1.0 as an integer, so the converter does too
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a side is 'wall', '-' or an integer, not {value!r}")
    return value


def _unstructure_da(value: Da) -> int | str:
    return _WALL if value is None else value


def tag(attribute: str) -> Callable[[type], str]:
    """Tag generator: each vocabulary class names its own tag in a class variable."""
    return lambda cls: str(getattr(cls, attribute))


def tower_hooks(conv: Converter) -> None:
    """Sides, and the effect and condition vocabularies tagged by ``op`` and ``test``."""
    conv.register_structure_hook(Da, _structure_da)
    conv.register_unstructure_hook(Da, _unstructure_da)
    configure_tagged_union(Condition, conv, tag_generator=tag("TEST"), tag_name="test")
    # An optional condition (`when`) is its own union type to cattrs; route it
    # through the tagged hook instead of cattrs' shape-guessing default.
    conv.register_structure_hook(
        Condition | None,
        lambda value, _: None if value is None else conv.structure(value, Condition),  # type: ignore[arg-type]
    )
    conv.register_unstructure_hook(
        Condition | None,
        lambda value: None if value is None else conv.unstructure(value, Condition),
    )
    configure_tagged_union(Effect, conv, tag_generator=tag("OP"), tag_name="op")
    # Every tagged class must be reachable through its union; this catches a
    # record added to the vocabulary but not to its union.
    assert set(Condition.__args__) == set(CONDITION_TYPES)
    assert set(Effect.__args__) == set(EFFECT_TYPES)
