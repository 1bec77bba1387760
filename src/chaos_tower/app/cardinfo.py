"""``info CARD`` at the terminal, in every game: a card's full record, its text and its rule IDs.

The card is found in the game's card set by its id or its name, in any case, or by a part of
either that names one card only. Everything shown is printed on the card itself (a card set is
public: every player knows the cards played with), so it hides nothing. Its rule IDs are those
the card's kind of record cites (a Crest ring: `CRD-WIELD-E`; a normal item: `TOC-NORMAL-01` …)
and those whose text names the card (the Tower's Sack Of Fly: `TOC-NORMAL-09D`).

>>> import chaos_tower as ct
>>> lines = card_info(ct.load_cardset(game="crest"), "RING OF MIGHT")
>>> lines[0], lines[-1]
('Ring of Might (ring-of-might), a RingCard', 'rules: CRD-WIELD-E')
"""

from __future__ import annotations

import enum
import inspect
from collections.abc import Iterable
from typing import Any

import attrs

from .. import registry
from ..rulebook import RULE_ID_PATTERN, registries

__all__ = ["card_info"]


def _cards(cards: Any) -> list[Any]:
    every = getattr(cards, "all_cards", None)
    return list(every()) if callable(every) else []


def _find(cards: Any, query: str) -> tuple[Any | None, list[Any]]:
    """The card ``query`` names, else ``None`` and the cards it might mean."""
    wanted = " ".join(query.split()).casefold()
    records = _cards(cards)
    exact = [c for c in records if wanted in (str(c.id).casefold(), str(getattr(c, "name", "")).casefold())]
    if exact:
        return exact[0], []
    partial = [c for c in records if wanted in f"{c.id} {getattr(c, 'name', '')}".casefold()]
    return (partial[0], []) if len(partial) == 1 else (None, partial)


def _plain(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if attrs.has(type(value)):
        fields = ", ".join(
            f"{f.name} {_plain(getattr(value, f.name))}" for f in attrs.fields(type(value))
        )
        op = getattr(type(value), "OP", None) or type(value).__name__
        return f"{op}({fields})" if fields else str(op)
    if isinstance(value, tuple | list):
        return ", ".join(_plain(v) for v in value) or "-"
    return str(value)


def _types(value: Any) -> Iterable[type]:
    """The record types in ``value``: its own and those of its fields, nested."""
    if attrs.has(type(value)):
        yield type(value)
        for field in attrs.fields(type(value)):
            yield from _types(getattr(value, field.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _types(item)


def _rules(cards: Any, card: Any) -> list[str]:
    cited = {m.group(0) for t in _types(card) for m in RULE_ID_PATTERN.finditer(inspect.getdoc(t) or "")}
    spec = registry.game_of_cards(type(cards))
    name = str(getattr(card, "name", "")).casefold()
    for book in registries():
        for rule in book.rules:
            if spec is not None and not spec.matches_rule(rule.id):
                continue
            text = f"{rule.en} {rule.reading or ''}".casefold()
            if name and name in text:
                cited.add(rule.id)
    if spec is not None:
        cited = {r for r in cited if spec.matches_rule(r)}
    return sorted(cited)


def card_info(cards: Any, query: str) -> list[str]:
    """The lines ``info QUERY`` prints: the card's name, id and kind, each field, its rule IDs; or why
    no card is meant (none, or several: their ids)."""
    if not query.strip():
        return ["info needs a card: info CARD (its id or its name, e.g. from your view)"]
    card, maybe = _find(cards, query)
    if card is None:
        if maybe:
            return [f"{query!r} could be: {', '.join(str(c.id) for c in maybe[:12])}; say which"]
        return [f"no card {query!r} in this card set"]
    lines = [f"{getattr(card, 'name', card.id)} ({card.id}), a {type(card).__name__}"]
    for field in attrs.fields(type(card)):
        if field.name in ("id", "name"):
            continue
        value = getattr(card, field.name)
        if value in ("", (), None):
            continue
        lines.append(f"  {field.name}: {_plain(value)}")
    rules = _rules(cards, card)
    lines.append(f"rules: {', '.join(rules) or '-'}")
    return lines
