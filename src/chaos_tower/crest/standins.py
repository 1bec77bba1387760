"""Neutral stand-ins for Crest Duel cards: what the lab's card experiments play instead of a card.

The schema gives every deck card at least one effect of at least 1, so a card
cannot be made to do nothing; the deck's size and make-up matter too (the mark
kinds of the crests, CRD-WIELD-D). A card's stand-in is therefore the plainest
card of its kind, with the card's id, name and count kept:

* a crest: the effects of the most numerous crest of the same mark;
* a spell: the effects of the most numerous spell with the same target;
* a ring: the effects of the most numerous ring;
* a monster (a stat card, CRD-START-A): the average HP, DX, MDX and RG of the
  set's monsters, its marks kept.

So the experiment measures what the card adds over a plain card in its place.
The plainest card itself has no stand-in (it is the baseline of its kind).
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["crest_standins"]


def _count(card: dict[str, Any]) -> int:
    count = card.get("count", 1)
    return count if isinstance(count, int) else 1


def _plainest(cards: list[Any], same: str | None, card: dict[str, Any]) -> dict[str, Any] | None:
    kin = [c for c in cards if isinstance(c, dict) and (same is None or c.get(same) == card.get(same))]
    if not kin:
        return None
    best = max(kin, key=_count)  # the first of the most numerous, in file order
    return None if best.get("id") == card.get("id") else best


def _monster(card: dict[str, Any], monsters: list[Any]) -> list[tuple[str, dict[str, Any]]]:
    stats = ("hp", "dx", "mdx", "rg")
    rows = [m for m in monsters if isinstance(m, dict) and all(isinstance(m.get(s), int) for s in stats)]
    if not rows:
        return []
    average = copy.deepcopy(card)
    for stat in stats:
        average[stat] = max(1 if stat == "hp" else 0, round(sum(m[stat] for m in rows) / len(rows)))
    return [] if average == card else [("average stats", average)]


def crest_standins(
    section: str, card: dict[str, Any], data: dict[str, Any]
) -> list[tuple[str, dict[str, Any]]] | None:
    """(label, card data) of each stand-in the lab plays for ``card`` of ``section``.

    ``data`` is the whole set's data. ``[]``: the card has no stand-in (it is the plainest of its kind);
    ``None``: ``section`` holds no cards.
    """
    cards = data.get(section)
    if not isinstance(cards, list) or section not in ("monsters", "crests", "spells", "rings"):
        return None  # not a section of cards (the marks, ...)
    if section == "monsters":
        return _monster(card, cards)
    same = {"crests": "mark", "spells": "target", "rings": None}[section]
    plain = _plainest(cards, same, card)
    if plain is None:
        return []
    stand = copy.deepcopy(card)
    stand["effects"] = copy.deepcopy(plain["effects"])
    if "text" in stand:
        stand["text"] = f"(as {plain.get('name', plain.get('id'))}) {plain.get('text', '')}".strip()
    return [(f"as {plain.get('id')}", stand)]
