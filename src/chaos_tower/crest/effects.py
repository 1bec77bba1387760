"""The closed effect vocabulary at work: what a crest's use or a spell's cast does.

Used by the beast phase (a stack's crests, base first, `CRD-BEAST-A`) and the
wielder phase (a spell, at once, `CRD-WIELD-F`). Effects that reach an enemy
(damage, inflict, discard, break_ring) act on each target; the others act on
the acting monster. Statuses and their wards follow `CRD-BEAST-B`'s reading.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import (
    STATUSES,
    TARGETED,
    BreakRing,
    Cure,
    Damage,
    DiscardCards,
    Heal,
    Inflict,
)
from .cards import CrestEffect as Effect
from .state import NO_RING
from .work import Work

__all__ = ["needs_target", "resolve"]


def needs_target(effects: Sequence[Effect]) -> bool:
    """Some effect reaches an enemy, so the action names one."""
    return any(isinstance(e, TARGETED) for e in effects)


def resolve(work: Work, actor: int, effects: Sequence[Effect], targets: Sequence[int], rule: str) -> None:
    """Apply ``effects`` in order for ``actor`` against ``targets``, with events citing ``rule``."""
    for effect in effects:
        if isinstance(effect, TARGETED):
            for target in targets:
                _reach(work, actor, effect, target, rule)
        else:
            _own(work, actor, effect, rule)


def _reach(work: Work, actor: int, effect: Effect, target: int, rule: str) -> None:
    if isinstance(effect, Damage):
        base = 0 if effect.by == "none" else work.stat(actor, effect.by)
        guard = 0 if effect.by == "none" else work.guard(target, effect.by)
        amount = max(0, base + effect.plus - guard)
        work.hp[target] -= amount
        by = "" if effect.by == "none" else f" by {effect.by.upper()}"
        work.event(rule, "damage", f"{work.name(target)} takes {amount} damage{by}", amount)
    elif isinstance(effect, Inflict):
        index = STATUSES.index(effect.status)
        if work.warded(target, effect.status):
            work.event(rule, "ward", f"{work.name(target)}'s ring wards off {effect.status.value}")
            return
        # `CRD-BEAST-B` (reading): the longer of the two durations holds.
        work.statuses[target][index] = max(work.statuses[target][index], effect.turns)
        work.event(
            "CRD-BEAST-B",
            "status",
            f"{work.name(target)} is {effect.status.value} for {work.statuses[target][index]} turn(s)",
            effect.turns,
        )
    elif isinstance(effect, DiscardCards):
        lost = []
        for _ in range(min(effect.count, len(work.hands[target]))):
            instance = work.hands[target].pop(work.below(len(work.hands[target])))
            work.discard.append(instance)
            lost.append(instance)
        work.event(rule, "discard", f"seat {target} discards {len(lost)} card(s) at random", len(lost))
    elif isinstance(effect, BreakRing):
        ring = work.rings[target]
        if ring != NO_RING:
            work.rings[target] = NO_RING
            work.discard.append(ring)
            work.event(rule, "ring", f"{work.name(target)}'s {work.card_name(ring)} is broken")


def _own(work: Work, actor: int, effect: Effect, rule: str) -> None:
    if isinstance(effect, Heal):
        before = work.hp[actor]
        work.hp[actor] = max(before, min(work.max_hp(actor), before + effect.amount))
        work.event(
            rule, "heal", f"{work.name(actor)} heals {work.hp[actor] - before}", work.hp[actor] - before
        )
    elif isinstance(effect, Cure):
        for index, status in enumerate(STATUSES):
            if (effect.status is None or effect.status is status) and work.statuses[actor][index]:
                work.statuses[actor][index] = 0
                work.event("CRD-BEAST-B", "cure", f"{work.name(actor)} is no longer {status.value}")
