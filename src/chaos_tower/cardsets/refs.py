"""References checked on the raw joined document, when the set cannot be typed.

A set with a schema error (or a file that cannot be parsed) never reaches the
typed checks of :mod:`chaos_tower.tower.checks`, yet a misspelt id elsewhere in it is
still worth reporting in the same run, so that fixing a set takes one round,
not three. This pass looks only at strings in the places that hold ids, so it
works on data that is wrong in other ways; its messages are the typed checks'
own. It runs only when those checks do not, so nothing is reported twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .header import Issue
from .safeload import JsonPath
from .suggest import did_you_mean

__all__ = ["crest_reference_issues", "tower_reference_issues"]

_TOWER_ITEMS = ("normal_items", "rare_items", "items")
_TOWER_CARDS = ("rooms", "monsters", "steps", *_TOWER_ITEMS)
_CREST_CARDS = ("monsters", "crests", "rings", "spells")


def _entries(data: dict[str, Any], section: str) -> Iterator[dict[str, Any]]:
    value = data.get(section)
    if isinstance(value, list):
        yield from (entry for entry in value if isinstance(entry, dict))
    elif isinstance(value, dict):  # the single sections: rebright
        yield value


class _Refs:
    def __init__(self, data: dict[str, Any], unread: bool, required: frozenset[str]) -> None:
        self.data = data
        self.unread = unread
        self.required = required
        self.issues: list[Issue] = []

    def pool(self, sections: tuple[str, ...], key: str = "id") -> set[str]:
        """The ids (or names) of some sections; empty, so unchecked, when one of them is absent
        and an unread file may hold it, or it is required (its absence is the schema's error,
        and every reference into it would only repeat that)."""
        if any(s not in self.data and (self.unread or s in self.required) for s in sections):
            return set()
        return {e[key] for s in sections for e in _entries(self.data, s) if isinstance(e.get(key), str)}

    def need(self, path: JsonPath, value: str, known: set[str], what: str) -> None:
        # An empty pool means the sections are missing or unread: nothing to compare with.
        if known and value not in known:
            hint = did_you_mean(value, known)
            self.issues.append(
                Issue(path=path, code="unknown-reference", message=f"{what} {value!r}", hint=hint)
            )


def _walk(value: Any, path: JsonPath) -> Iterator[tuple[JsonPath, dict[str, Any]]]:
    if isinstance(value, dict):
        yield path, value
        for key, inner in value.items():
            yield from _walk(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _walk(inner, (*path, index))


def _listed(mapping: dict[str, Any], key: str, path: JsonPath) -> Iterator[tuple[JsonPath, str]]:
    value = mapping.get(key)
    if isinstance(value, str):
        yield (*path, key), value
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str):
                yield (*path, key, index), item


def _tower(data: dict[str, Any], refs: _Refs) -> None:
    items = refs.pool(_TOWER_ITEMS)
    steps = refs.pool(("steps",))
    names = refs.pool((*_TOWER_CARDS, "rebright"), "name")
    for section in _TOWER_CARDS:
        for path, mapping in _walk(data.get(section), (section,)):
            icon = mapping.get("icon")
            if isinstance(icon, dict):
                for where, item in _listed(icon, "item", (*path, "icon")):
                    refs.need(where, item, items, "no item has the id")
            recipe = mapping.get("recipe")
            if isinstance(recipe, dict):
                for where, item in _listed(recipe, "consume", (*path, "recipe")):
                    refs.need(where, item, items, "no item has the id")
            if mapping.get("test") == "holds":
                for where, item in _listed(mapping, "items", path):
                    refs.need(where, item, items, "no item has the id")
            if mapping.get("test") == "steps_used":
                for where, step in _listed(mapping, "steps", path):
                    refs.need(where, step, steps, "no step has the id")
            scope = mapping.get("scope")
            if isinstance(scope, dict) and isinstance(scope.get("name"), str):
                refs.need((*path, "scope", "name"), scope["name"], names, "no card is named")
    _reconstructed(data, refs.pool((*_TOWER_CARDS, "rebright")), refs)


def _crest(data: dict[str, Any], refs: _Refs) -> None:
    kinds = refs.pool(("marks",))
    for section, key in (("monsters", "marks"), ("crests", "mark")):
        cards = data.get(section)
        for index, card in enumerate(cards if isinstance(cards, list) else ()):
            if isinstance(card, dict):
                for where, kind in _listed(card, key, (section, index)):
                    refs.need(where, kind, kinds, "no mark kind")
    _reconstructed(data, refs.pool(_CREST_CARDS), refs)


def _reconstructed(data: dict[str, Any], cards: set[str], refs: _Refs) -> None:
    header = data.get("header")
    entries = header.get("reconstructed") if isinstance(header, dict) else None
    for index, entry in enumerate(entries if isinstance(entries, list) else ()):
        if isinstance(entry, dict):
            for where, card in _listed(entry, "card", ("header", "reconstructed", index)):
                refs.need(where, card, cards, "no card has the id")


def _issues(
    walk: Any, data: dict[str, Any], *, unread: bool = False, required: frozenset[str] = frozenset()
) -> list[Issue]:
    """Every id a raw joined document refers to that none of its cards has.

    ``unread``: a file of the set could not be read, so a section absent from
    ``data`` may be in it; references to such a section are not checked, nor
    to an absent section named in ``required`` (the schema's required sections).
    """
    refs = _Refs(data, unread, required)
    walk(data, refs)
    return refs.issues


def tower_reference_issues(
    data: dict[str, Any], *, unread: bool = False, required: frozenset[str] = frozenset()
) -> list[Issue]:
    """The Tower set's misspelt ids (its spec's ``raw_references``; see :func:`_issues`)."""
    return _issues(_tower, data, unread=unread, required=required)


def crest_reference_issues(
    data: dict[str, Any], *, unread: bool = False, required: frozenset[str] = frozenset()
) -> list[Issue]:
    """The Crest Duel set's misspelt ids (its spec's ``raw_references``; see :func:`_issues`)."""
    return _issues(_crest, data, unread=unread, required=required)
