"""Crest Duel's records in the shared card-set converter (:mod:`chaos_tower.cardsets.converter`)."""

from __future__ import annotations

from collections.abc import Callable

from cattrs import Converter
from cattrs.strategies import configure_tagged_union

from .cards import CREST_EFFECT_TYPES, CrestEffect

__all__ = ["crest_hooks"]


def _tag(attribute: str) -> Callable[[type], str]:
    """Tag generator: each vocabulary class names its own tag in a class variable."""
    return lambda cls: str(getattr(cls, attribute))


def crest_hooks(conv: Converter) -> None:
    """Crest Duel's closed effect vocabulary, tagged by ``op`` like the Tower's."""
    configure_tagged_union(CrestEffect, conv, tag_generator=_tag("OP"), tag_name="op")
    # Every tagged class must be reachable through its union.
    assert set(CrestEffect.__args__) == set(CREST_EFFECT_TYPES)
