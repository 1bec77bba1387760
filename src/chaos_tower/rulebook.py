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
from pathlib import Path
from typing import Any

from attrs import frozen
from ruamel.yaml import YAML

from . import registry as games

__all__ = [
    "RULE_ID_PATTERN",
    "Registry",
    "Rule",
    "Section",
    "crest_rules",
    "registries",
    "rule",
    "tower_rules",
]

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


@frozen(kw_only=True)
class Section:
    """A section of a manual: its code (``PREP``), English title and the manual's heading."""

    code: str
    title: str
    ja: str


@frozen(kw_only=True)
class Registry:
    """One game's rule registry: its ID pattern, its sections in order, and its rules.

    ``prefix``, ``section`` and ``item`` are the parts of the game's IDs as regular
    expressions (``TOC``, ``[A-Z]+[0-9]?``, ``[0-9]{2,3}[A-Z]?|[A-Z]``): the docs'
    citation scanner builds its patterns from them, so a new game's IDs are found
    with no edit to the scanner.
    """

    file: str
    prefix: str
    section: str
    item: str
    sections: tuple[Section, ...]
    rules: tuple[Rule, ...]

    @property
    def id_pattern(self) -> re.Pattern[str]:
        """A whole ID of this game, with groups ``section`` and ``item``."""
        return re.compile(rf"{self.prefix}-(?P<section>{self.section})-(?P<item>{self.item})")


def _required(entry: dict[Any, Any], key: str, index: int, file: str = "tower.yaml") -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{file} entry {index}: {key!r} must be a non-empty string")
    return value.strip()


def _parse(entry: object, index: int, file: str = "tower.yaml", game: str | None = "toc") -> Rule:
    if not isinstance(entry, dict):
        raise ValueError(f"{file} entry {index} is not a mapping")
    unknown = set(entry) - _KEYS
    if unknown:
        raise ValueError(f"{file} entry {index}: unknown keys {sorted(map(str, unknown))}")
    rule_id = _required(entry, "id", index, file)
    section = _required(entry, "section", index, file)
    # A built-in game's IDs follow the manuals' scheme (RULE_ID_PATTERN); another game's are checked
    # against its own file's id_pattern (_load_registry).
    match = RULE_ID_PATTERN.fullmatch(rule_id) if game is not None else None
    if game is not None and (match is None or match[f"{game}_section"] != section):
        raise ValueError(
            f"{file} entry {index}: {rule_id!r} is not a {str(game).upper()} id of section {section!r}"
        )
    return Rule(
        id=rule_id,
        section=section,
        title=_required(entry, "title", index, file),
        ja=_required(entry, "ja", index, file),
        en=_required(entry, "en", index, file),
        reading=_required(entry, "reading", index, file) if entry.get("reading") is not None else None,
    )


def _header(data: dict[Any, Any], file: str) -> tuple[dict[str, str], tuple[Section, ...]]:
    pattern = data.get("id_pattern")
    if not isinstance(pattern, dict) or not all(
        isinstance(pattern.get(k), str) and pattern[k] for k in ("prefix", "section", "item")
    ):
        raise ValueError(f"{file}: id_pattern must map prefix, section and item to patterns")
    sections = data.get("sections")
    if not isinstance(sections, list) or not sections:
        raise ValueError(f"{file}: sections must be a non-empty list")
    parsed = []
    for index, entry in enumerate(sections):
        if not isinstance(entry, dict):
            raise ValueError(f"{file} section {index} is not a mapping")
        code, title = _required(entry, "code", index, file), _required(entry, "title", index, file)
        parsed.append(Section(code=code, title=title, ja=str(entry.get("ja", ""))))
    return {k: str(pattern[k]) for k in ("prefix", "section", "item")}, tuple(parsed)


def _load_registry(file: str, game: str | None) -> Registry:
    # A built-in game's registry ships under rules/; another game's spec gives a path of its own.
    source = Path(file) if Path(file).is_absolute() else files("chaos_tower") / "rules" / file
    data = YAML(typ="safe", pure=True).load(source.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("rules"), list):
        raise ValueError(f"{file} must hold id_pattern, sections and a list of rules")
    pattern, sections = _header(data, file)
    rules = tuple(_parse(entry, index, file, game) for index, entry in enumerate(data["rules"]))
    registry = Registry(file=file, sections=sections, rules=rules, **pattern)
    codes = {s.code for s in sections}
    seen: set[str] = set()
    for item in rules:
        if item.id in seen:
            raise ValueError(f"{file}: rule {item.id} appears twice")
        if registry.id_pattern.fullmatch(item.id) is None or item.section not in codes:
            raise ValueError(f"{file}: rule {item.id} does not follow the file's id_pattern and sections")
        seen.add(item.id)
    return registry


_SCHEME = {"tower.yaml": "toc", "crest.yaml": "crd"}
"""The built-in registries, whose IDs follow the manuals' scheme (shared/manual/README.md)."""


def registries() -> tuple[Registry, ...]:
    """Every registered game's rule registry, in the registry's order: the Tower's, Crest Duel's, …"""
    return _registries(tuple(spec.rules_file for spec in games.games()))


@cache
def _registries(rule_files: tuple[str, ...]) -> tuple[Registry, ...]:
    return tuple(_load_registry(file, _SCHEME.get(file)) for file in rule_files)


@cache
def tower_rules() -> tuple[Rule, ...]:
    """Every Tower of CHAOS rule, in the manual's order."""
    return registries()[0].rules


@cache
def crest_rules() -> tuple[Rule, ...]:
    """Every Crest Duel (紋章使い) rule, ``CRD-…``, in the rules summary's order."""
    return registries()[1].rules


def _by_id() -> dict[str, Rule]:
    return _ids(registries())


@cache
def _ids(found: tuple[Registry, ...]) -> dict[str, Rule]:
    return {item.id: item for registry in found for item in registry.rules}


def rule(rule_id: str) -> Rule:
    """The rule with this ID; :class:`KeyError` if there is none."""
    try:
        return _by_id()[rule_id]
    except KeyError:
        raise KeyError(f"unknown rule id {rule_id!r}") from None
