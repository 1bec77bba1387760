"""Crest Duel's one interpreter of its closed effect vocabulary (:data:`~.cards.CrestEffect`).

What a crest's use or a spell's cast does (:func:`resolve`), used by the beast
phase (a stack's crests, base first, `CRD-BEAST-A`) and the wielder phase (a
spell, at once, `CRD-WIELD-F`): effects that reach an enemy (damage, inflict,
discard, break_ring) act on each target; the others act on the acting monster.
And what a worn ring's effects do while worn (`CRD-WIELD-E`): :func:`stat`,
:func:`guard`, :func:`warded`. Statuses and their wards follow `CRD-BEAST-B`'s
reading. Each is one ``match`` over the whole vocabulary ending in
:func:`typing.assert_never`, so a term without its handler fails ``mypy --strict``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from .cards import (
    STATUSES,
    TARGETED,
    Attack,
    Boost,
    BreakRing,
    Cure,
    Damage,
    DiscardCards,
    Guard,
    Heal,
    Inflict,
    RingCard,
    Stat,
    Status,
    Ward,
)
from .cards import CrestEffect as Effect
from .change import Work
from .state import NO_RING

__all__ = ["guard", "needs_target", "resolve", "stat", "warded"]


def needs_target(effects: Sequence[Effect]) -> bool:
    """Some effect reaches an enemy, so the action names one."""
    return any(isinstance(e, TARGETED) for e in effects)


def resolve(work: Work, actor: int, effects: Sequence[Effect], targets: Sequence[int], rule: str) -> None:
    """Apply ``effects`` in order for ``actor`` against ``targets``, with events citing ``rule``."""
    for effect in effects:
        match effect:
            case Damage() | Inflict() | DiscardCards() | BreakRing():
                for target in targets:
                    _reach(work, actor, effect, target, rule)
            case Heal() | Cure():
                _own(work, actor, effect, rule)
            case Boost() | Guard() | Ward():
                pass  # worn only (read by stat, guard, warded); the card checks keep them on rings
            case _:
                assert_never(effect)


Reaching = Damage | Inflict | DiscardCards | BreakRing
"""The terms that act on each target (:data:`~.cards.TARGETED`)."""


def _reach(work: Work, actor: int, effect: Reaching, target: int, rule: str) -> None:
    match effect:
        case Damage():
            by = effect.by
            base = 0 if by == "none" else stat(work, actor, by)
            lowered = 0 if by == "none" else guard(work, target, by)
            amount = max(0, base + effect.plus - lowered)
            work.hp[target] -= amount
            shown = "" if by == "none" else f" by {by.upper()}"
            work.event(rule, "damage", f"{work.name(target)} takes {amount} damage{shown}", amount)
        case Inflict():
            index = STATUSES.index(effect.status)
            if warded(work, target, effect.status):
                work.event(rule, "ward", f"{work.name(target)}'s ring wards off {effect.status.value}")
                return
            # `CRD-BEAST-B` (reading): the longer of the two durations holds.
            row = work.status_row(target)
            row[index] = max(row[index], effect.turns)
            work.event(
                "CRD-BEAST-B",
                "status",
                f"{work.name(target)} is {effect.status.value} for {row[index]} turn(s)",
                effect.turns,
            )
        case DiscardCards():
            lost = []
            for _ in range(min(effect.count, len(work.hands[target]))):
                hand = work.hand(target)
                instance = hand.pop(work.below(len(hand)))
                work.discard.append(instance)
                lost.append(instance)
            work.showed(target, lost)
            work.event(rule, "discard", f"seat {target} discards {len(lost)} card(s) at random", len(lost))
        case BreakRing():
            ring = work.rings[target]
            if ring != NO_RING:
                work.rings[target] = NO_RING
                work.discard.append(ring)
                work.event(rule, "ring", f"{work.name(target)}'s {work.card_name(ring)} is broken")
        case _:
            assert_never(effect)


def _own(work: Work, actor: int, effect: Heal | Cure, rule: str) -> None:
    match effect:
        case Heal():
            before = work.hp[actor]
            work.hp[actor] = max(before, min(work.max_hp(actor), before + effect.amount))
            work.event(
                rule, "heal", f"{work.name(actor)} heals {work.hp[actor] - before}", work.hp[actor] - before
            )
        case Cure():
            for index, status in enumerate(STATUSES):
                if (effect.status is None or effect.status is status) and work.statuses[actor][index]:
                    work.status_row(actor)[index] = 0
                    work.event("CRD-BEAST-B", "cure", f"{work.name(actor)} is no longer {status.value}")
        case _:
            assert_never(effect)


# -- a worn ring's effects (`CRD-WIELD-E`) -------------------------------------------


def _worn(work: Work, seat: int) -> tuple[Effect, ...]:
    ring = work.ring_of(seat)
    if ring == NO_RING:
        return ()
    card = work.game.card(ring)
    assert isinstance(card, RingCard)
    return card.effects


def _worn_part(effect: Effect) -> Boost | Guard | Ward | None:
    """The effect if it acts while worn; the acting terms do nothing while worn."""
    match effect:
        case Boost() | Guard() | Ward():
            return effect
        case Damage() | Inflict() | Heal() | Cure() | DiscardCards() | BreakRing():
            return None  # they act when a crest is used or a spell cast (resolve)
        case _:
            assert_never(effect)


def stat(work: Work, seat: int, which: Stat) -> int:
    """A monster's DX, MDX or RG including its worn ring's boosts."""
    monster = work.game.monster(work.state.monsters[seat])
    match which:
        case "dx":
            base = monster.dx
        case "mdx":
            base = monster.mdx
        case "rg":
            base = monster.rg
        case _:
            assert_never(which)
    for effect in _worn(work, seat):
        part = _worn_part(effect)
        if isinstance(part, Boost) and part.stat == which:
            base += part.amount
    return base


def guard(work: Work, seat: int, against: Attack) -> int:
    """How much the worn ring lowers damage by DX or MDX."""
    total = 0
    for effect in _worn(work, seat):
        part = _worn_part(effect)
        if isinstance(part, Guard) and part.against == against:
            total += part.amount
    return total


def warded(work: Work, seat: int, status: Status) -> bool:
    """The worn ring keeps this status off."""
    parts = map(_worn_part, _worn(work, seat))
    return any(isinstance(part, Ward) and part.status is status for part in parts)
