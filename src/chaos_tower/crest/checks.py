"""What the JSON Schema cannot say about a Crest Duel card set.

Unique ids, mark kinds that resolve, effects that fit their card (worn effects
only on rings, `CRD-WIELD-E`; a ``self`` spell reaches no enemy, `CRD-WIELD-F`),
crests that some monster can carry, and the counts of a complete set: 92 deck
cards (`CRD-START-B`) and a monster for each of six seats (`CRD-PLAYERS-A`).
"""

from __future__ import annotations

from ..cardsets.header import Issue, name_issues
from ..cardsets.safeload import JsonPath, format_path
from ..cardsets.suggest import did_you_mean
from .cards import TARGETED, WORN, CrestCard, CrestCardSet, SpellCard, SpellTarget

__all__ = ["FULL_DECK", "MIN_MONSTERS", "crest_issues"]

FULL_DECK = 92
"""The deck of the boxed game (`CRD-START-B`)."""
MIN_MONSTERS = 6
"""One monster per seat for the largest game (`CRD-PLAYERS-A`)."""


def crest_issues(cards: CrestCardSet) -> list[Issue]:
    """Every semantic problem of a structured crest card set, with its path in the joined document."""
    issues: list[Issue] = []

    def add(path: JsonPath, code: str, message: str, hint: str | None = None) -> None:
        issues.append(Issue(path=path, code=code, message=message, hint=hint))

    kinds: dict[str, JsonPath] = {}
    for index, mark in enumerate(cards.marks):
        if mark.id in kinds:
            add(("marks", index, "id"), "duplicate-id", f"the mark kind {mark.id!r} is already defined")
        kinds.setdefault(mark.id, ("marks", index, "id"))
    seen: dict[str, JsonPath] = {}
    sections: list[tuple[str, tuple[object, ...]]] = [
        ("monsters", cards.monsters),
        ("crests", cards.crests),
        ("rings", cards.rings),
        ("spells", cards.spells),
    ]
    for section, records in sections:
        for index, record in enumerate(records):
            card_id: str = record.id  # type: ignore[attr-defined]
            if card_id in seen:
                first = format_path(seen[card_id][:-1])
                add((section, index, "id"), "duplicate-id", f"the id {card_id!r} is already used by {first}")
            else:
                seen[card_id] = (section, index, "id")
    issues += name_issues(
        ((section, index, "name"), record.name)  # type: ignore[attr-defined]
        for section, records in sections
        for index, record in enumerate(records)
    )
    carried: set[str] = set()
    for index, monster in enumerate(cards.monsters):
        for position, kind in enumerate(monster.marks):
            carried.add(kind)
            if kind not in kinds:
                hint = did_you_mean(kind, kinds)
                where = ("monsters", index, "marks", position)
                add(where, "unknown-reference", f"no mark kind {kind!r}", hint)
    for index, crest in enumerate(cards.crests):
        if crest.mark not in kinds:
            hint = did_you_mean(crest.mark, kinds)
            add(("crests", index, "mark"), "unknown-reference", f"no mark kind {crest.mark!r}", hint)
        elif crest.mark not in carried:
            add(
                ("crests", index, "mark"),
                "unplayable",
                f"no monster has a {crest.mark!r} mark for this crest",
            )
    active: list[tuple[str, tuple[CrestCard | SpellCard, ...]]] = [
        ("crests", cards.crests),
        ("spells", cards.spells),
    ]
    for section, deck in active:
        for index, card in enumerate(deck):
            for position, effect in enumerate(card.effects):
                if isinstance(effect, WORN):
                    add(
                        (section, index, "effects", position, "op"),
                        "effect-misplaced",
                        f"{effect.OP!r} holds while a ring is worn; only rings have it",
                    )
    for index, ring in enumerate(cards.rings):
        for position, effect in enumerate(ring.effects):
            if not isinstance(effect, WORN):
                add(
                    ("rings", index, "effects", position, "op"),
                    "effect-misplaced",
                    f"a ring's effects hold while worn (boost, guard, ward), not {effect.OP!r}",
                )
    for index, spell in enumerate(cards.spells):
        reaching = [e for e in spell.effects if isinstance(e, TARGETED)]
        if spell.target is SpellTarget.SELF and reaching:
            add(
                ("spells", index, "target"),
                "effect-misplaced",
                "a 'self' spell reaches no enemy, but it has damage, inflict, discard or break_ring",
            )
        if spell.target is not SpellTarget.SELF and not reaching:
            add(
                ("spells", index, "target"),
                "effect-misplaced",
                f"a spell aimed at {spell.target.value!r} needs an effect that reaches an enemy",
            )
    known = set(seen)
    for index, entry in enumerate(cards.header.reconstructed):
        if entry.card not in known:
            add(
                ("header", "reconstructed", index, "card"),
                "unknown-reference",
                f"no card has the id {entry.card!r}",
                did_you_mean(entry.card, known),
            )
    if cards.header.complete:
        if cards.deck_size != FULL_DECK:
            add(
                ("header", "complete"),
                "wrong-count",
                f"a complete set has {FULL_DECK} deck cards; this one has {cards.deck_size}",
                "set `complete: false` in the header for a partial or extended set",
            )
        if len(cards.monsters) < MIN_MONSTERS:
            add(
                ("monsters",),
                "wrong-count",
                f"a complete set has at least {MIN_MONSTERS} monsters; this one has {len(cards.monsters)}",
                "set `complete: false` in the header for a partial set",
            )
    if len(cards.monsters) < 2:
        add(("monsters",), "wrong-count", "a duel needs at least 2 monsters")
    return issues
