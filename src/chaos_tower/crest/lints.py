"""Lints for a Crest Duel card set: legal, but most likely a mistake (warnings, not errors).

* ``unfitted-mark``: a mark kind that monsters carry but no crest fits, so
  those marks can never hold a crest (`CRD-WIELD-C`);
* ``harmless``: no card can ever deal damage, so no monster can die and the
  duel never ends (`CRD-DEATH-A`).

A crest whose mark no monster carries is already an error of :mod:`.checks`.
"""

from __future__ import annotations

from ..cardsets.header import Issue
from .cards import Boost, CrestCard, CrestCardSet, Damage, SpellCard

__all__ = ["crest_lints"]


def crest_lints(cards: CrestCardSet) -> list[Issue]:
    """Every lint warning for a Crest Duel card set."""
    issues: list[Issue] = []
    fitted = {crest.mark for crest in cards.crests}
    for index, mark in enumerate(cards.marks):
        carriers = [m.id for m in cards.monsters if mark.id in m.marks]
        if carriers and mark.id not in fitted:
            issues.append(
                Issue(
                    path=("marks", index, "id"),
                    code="unfitted-mark",
                    message=f"no crest fits the mark kind {mark.id!r}, so the {mark.id} marks of "
                    f"{', '.join(carriers)} can never hold one (CRD-WIELD-C)",
                    severity="warning",
                )
            )
    # Damage is the acting monster's DX or MDX plus ``plus`` (ring boosts aside): the best case.
    best = {
        "none": 0,
        "dx": max((m.dx for m in cards.monsters), default=0),
        "mdx": max((m.mdx for m in cards.monsters), default=0),
    }
    boosts = sum(max(e.amount, 0) for ring in cards.rings for e in ring.effects if isinstance(e, Boost))
    active: list[CrestCard | SpellCard] = [*cards.crests, *cards.spells]
    harmful = any(
        isinstance(effect, Damage)
        and best[effect.by] + effect.plus + (boosts if effect.by != "none" else 0) > 0
        for card in active
        for effect in card.effects
    )
    if not harmful:
        issues.append(
            Issue(
                path=("crests",),
                code="harmless",
                message="no crest or spell can deal damage to any monster, so none can die and "
                "the duel never ends (CRD-DEATH-A)",
                severity="warning",
            )
        )
    return issues
