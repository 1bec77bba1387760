"""The registry of rule IDs: Tower of CHAOS (``rules/tower.yaml``) and Crest Duel (``rules/crest.yaml``).

Every clause of the manuals has a stable ID (``TOC-<SECTION>-<ITEM>`` or
``CRD-<SECTION>-<LETTER>``, see ``shared/manual/README.md``) that code, tests,
docs and runtime events cite. Each record holds a verbatim quotation of the clause, an English rendering and,
where the manual is open, the reading the project decided on.

>>> from chaos_tower.rulebook import rule
>>> rule("TOC-PREP-15").section
'PREP'
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from typing import Any

from attrs import frozen
from ruamel.yaml import YAML

__all__ = ["RULE_ID_PATTERN", "Rule", "crest_rules", "rule", "tower_rules"]

RULE_ID_PATTERN: re.Pattern[str] = re.compile(
    r"(?<![A-Za-z0-9])"
    r"(?:TOC-(?P<toc_section>[A-Z]+[0-9]?)-(?P<toc_item>[0-9]{2,3}[A-Z]?|[A-Z])"
    r"|CRD-(?P<crd_section>[A-Z]+)-(?P<crd_item>[A-Z]{1,2}))"
    r"(?![A-Za-z0-9])"
)
"""A rule ID: ``TOC-<SECTION>-<ITEM>`` (item ``01``, ``01A``, ``020`` or a letter) or ``CRD-<SECTION>-<A…>``.

Use ``fullmatch`` to check a whole string, ``finditer`` to find the IDs cited in a text."""

_KEYS = frozenset({"id", "section", "title", "ja", "en", "reading"})


@frozen(kw_only=True)
class Rule:
    """One clause of the manual: its ID, a verbatim quotation, our English, and any decided reading."""

    id: str
    section: str
    title: str
    ja: str
    en: str
    reading: str | None = None


def _required(entry: dict[Any, Any], key: str, index: int, file: str = "tower.yaml") -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{file} entry {index}: {key!r} must be a non-empty string")
    return value.strip()


def _parse(entry: object, index: int, file: str = "tower.yaml", game: str = "toc") -> Rule:
    if not isinstance(entry, dict):
        raise ValueError(f"{file} entry {index} is not a mapping")
    unknown = set(entry) - _KEYS
    if unknown:
        raise ValueError(f"{file} entry {index}: unknown keys {sorted(map(str, unknown))}")
    rule_id = _required(entry, "id", index, file)
    section = _required(entry, "section", index, file)
    match = RULE_ID_PATTERN.fullmatch(rule_id)
    if match is None or match[f"{game}_section"] != section:
        raise ValueError(
            f"{file} entry {index}: {rule_id!r} is not a {game.upper()} id of section {section!r}"
        )
    return Rule(
        id=rule_id,
        section=section,
        title=_required(entry, "title", index, file),
        ja=_required(entry, "ja", index, file),
        en=_required(entry, "en", index, file),
        reading=_required(entry, "reading", index, file) if entry.get("reading") is not None else None,
    )


def _load(file: str, game: str) -> tuple[Rule, ...]:
    source = files("chaos_tower") / "rules" / file
    data = YAML(typ="safe", pure=True).load(source.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise ValueError(f"{file} must hold a list of rules")
    rules = tuple(_parse(entry, index, file, game) for index, entry in enumerate(data))
    seen: set[str] = set()
    for item in rules:
        if item.id in seen:
            raise ValueError(f"{file}: rule {item.id} appears twice")
        seen.add(item.id)
    return rules


@cache
def tower_rules() -> tuple[Rule, ...]:
    """Every Tower of CHAOS rule, in the manual's order."""
    return _load("tower.yaml", "toc")


@cache
def crest_rules() -> tuple[Rule, ...]:
    """Every Crest Duel (紋章使い) rule, ``CRD-…``, in the rules summary's order."""
    return _load("crest.yaml", "crd")


@cache
def _by_id() -> dict[str, Rule]:
    return {item.id: item for item in (*tower_rules(), *crest_rules())}


def rule(rule_id: str) -> Rule:
    """The rule with this ID; :class:`KeyError` if there is none."""
    try:
        return _by_id()[rule_id]
    except KeyError:
        raise KeyError(f"unknown rule id {rule_id!r}") from None
