"""What a Crest Duel card says at a glance: its kind, its mark and its key numbers.

The pictures draw each deck card as a card: its name, a strip with its kind (the
mark a crest goes on, ``ring`` or ``spell``) and a line of key numbers, the
card's effects written short (``dmg DX+2``, ``heal 2``, ``paralysed 1``; a ring's lasting ``+2 DX``).

>>> import chaos_tower as ct
>>> cards = ct.load_cardset(game="crest")
>>> second = cards.crests[1]                  # the built-in set's second crest
>>> face = faces(cards)[second.id]
>>> face.name == second.name, face.kind, face.numbers
(True, 'fang', 'dmg DX+2')
"""

from __future__ import annotations

from attrs import frozen

from .cards import (
    Boost,
    BreakRing,
    CrestCard,
    CrestCardSet,
    CrestEffect,
    Cure,
    Damage,
    DiscardCards,
    Guard,
    Heal,
    Inflict,
    RingCard,
    Ward,
)

__all__ = ["CardFace", "faces", "numbers", "short"]


@frozen(kw_only=True)
class CardFace:
    """A deck card as the pictures draw it."""

    id: str
    name: str
    kind: str
    """The mark kind a crest goes on (``fang``), or ``ring`` or ``spell``."""
    kind_name: str
    """The kind as shown: the mark's name (``Fang``), ``Chaos ring`` or ``Spell``."""
    numbers: str


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else ""


def short(effect: CrestEffect) -> str:
    """One effect written short: ``dmg DX+2``, ``heal 2``, ``paralysed 1``, ``+2 DX`` (a ring's)."""
    if isinstance(effect, Damage):
        if effect.by == "none":
            return f"dmg {effect.plus}"
        return f"dmg {effect.by.upper()}{_signed(effect.plus)}"
    if isinstance(effect, Inflict):
        return f"{effect.status.value} {effect.turns}"
    if isinstance(effect, Heal):
        return f"heal {effect.amount}"
    if isinstance(effect, Cure):
        return f"cure {effect.status.value}" if effect.status else "cure all"
    if isinstance(effect, DiscardCards):
        return f"discard {effect.count}"
    if isinstance(effect, BreakRing):
        return "break ring"
    if isinstance(effect, Boost):
        return f"{_signed(effect.amount)} {effect.stat.upper()}"
    if isinstance(effect, Guard):
        return f"guard {effect.against.upper()} {effect.amount}"
    if isinstance(effect, Ward):
        return f"ward {effect.status.value}"
    raise TypeError(f"no short form for {effect!r}")


def numbers(effects: tuple[CrestEffect, ...]) -> str:
    """A card's effects written short, joined by `` · ``."""
    return " · ".join(short(effect) for effect in effects)


def faces(cards: CrestCardSet) -> dict[str, CardFace]:
    """Every deck card of ``cards`` by id, as the pictures draw it (public data only)."""
    marks = {m.id: m.name for m in cards.marks}
    out = {}
    for card in cards.deck_kinds():
        if isinstance(card, CrestCard):
            kind, kind_name = card.mark, marks.get(card.mark, card.mark)
        elif isinstance(card, RingCard):
            kind, kind_name = "ring", "Chaos ring"
        else:
            kind, kind_name = "spell", f"Spell ({card.target.value})"
        out[card.id] = CardFace(
            id=card.id, name=card.name, kind=kind, kind_name=kind_name, numbers=numbers(card.effects)
        )
    return out
