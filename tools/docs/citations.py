"""The one rule-ID scanner: which rules a text, a test name or a Python file cites.

Its patterns are built from the rule registries (``id_pattern`` at the top of
``src/chaos_tower/rules/tower.yaml`` and ``crest.yaml``, read by
:func:`chaos_tower.rulebook.registries`), so a game added there is scanned with no
edit here. ``tests/test_generated_docs.py`` and ``tests/crest/test_registry.py`` use
this module, not scanners of their own.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import NamedTuple

from chaos_tower.rulebook import Registry, Rule, registries

_EDGE = r"(?<![A-Za-z0-9])"
_END = r"(?![A-Za-z0-9])"


class Patterns(NamedTuple):
    registry: Registry
    single: re.Pattern[str]
    """One ID, whole: ``TOC-PREP-01``."""
    cited: re.Pattern[str]
    """An ID, optionally followed by a range end: `TOC-ZAP-04`..`06`, TOC-ITEM-01A..01C, CRD-START-A..F."""
    named: re.Pattern[str]
    """A rule named in a test function's name: test_TOC_PREP_03_..., TOC_PREP_11_12_15, TOC_PREP_03_to_06."""
    more: re.Pattern[str]
    """One further item of a name: ``_12``, ``_to_06``."""


@cache
def patterns() -> tuple[Patterns, ...]:
    """The scanner's patterns, one set per registered game."""
    found = []
    for registry in registries():
        prefix, section, item = registry.prefix, f"(?:{registry.section})", f"(?:{registry.item})"
        body = rf"(?P<section>{section})-(?P<item>{item}){_END}"
        found.append(
            Patterns(
                registry=registry,
                single=re.compile(rf"{_EDGE}{prefix}-{body}"),
                cited=re.compile(rf"{_EDGE}{prefix}-{body}(?:`{{0,2}}\.\.`{{0,2}}(?P<end>{item}){_END})?"),
                named=re.compile(
                    rf"{_EDGE}{prefix}_(?P<section>{section})_(?P<item>{item}){_END}"
                    rf"(?P<more>(?:_(?:to_)?{item}{_END})*)"
                ),
                more=re.compile(rf"_(to_)?({item}){_END}"),
            )
        )
    return tuple(found)


@cache
def all_rules() -> tuple[Rule, ...]:
    return tuple(r for p in patterns() for r in p.registry.rules)


@cache
def known_ids() -> frozenset[str]:
    return frozenset(r.id for r in all_rules())


@cache
def _section_ids(prefix: str, section: str) -> tuple[str, ...]:
    start = f"{prefix}-{section}-"
    return tuple(r.id for r in all_rules() if r.id.startswith(start) and r.section == section)


def _expand(prefix: str, section: str, first: str, last: str | None) -> list[str]:
    """The IDs from ``first`` to ``last`` of a section, in registry order (only ``first`` if no range)."""
    start = f"{prefix}-{section}-{first}"
    if last is None:
        return [start]
    if len(last) < len(first):  # `TOC-ITEM-01A`..`C`
        last = first[: len(first) - len(last)] + last
    ids = _section_ids(prefix, section)
    end = f"{prefix}-{section}-{last}"
    if start in ids and end in ids and ids.index(start) <= ids.index(end):
        return list(ids[ids.index(start) : ids.index(end) + 1])
    return [start, end]


def find_ids(text: str, prefixes: tuple[str, ...] | None = None) -> Iterator[tuple[int, int, str]]:
    """``(start, end, id)`` of each whole rule ID in a text (no ranges), of the games with these prefixes."""
    found = [
        (match.start(), match.end(), match[0])
        for p in patterns()
        if prefixes is None or p.registry.prefix in prefixes
        for match in p.single.finditer(text)
    ]
    yield from sorted(found)


def cited_ids(text: str) -> Iterator[tuple[int, str]]:
    """Each rule ID cited in a text, with its offset; ranges (``TOC-ZAP-04``..``06``) are expanded."""
    found = []
    for p in patterns():
        for match in p.cited.finditer(text):
            for rule_id in _expand(p.registry.prefix, match["section"], match["item"], match["end"]):
                found.append((match.start(), rule_id))
    yield from sorted(found, key=lambda pair: pair[0])


def named_ids(name: str) -> list[str]:
    """The rule IDs named in a test function's name (``test_TOC_PREP_03_to_06`` names 03, 04, 05, 06)."""
    known = known_ids()
    found: list[str] = []
    for p in patterns():
        prefix = p.registry.prefix
        for match in p.named.finditer(name):
            section, item = match["section"], match["item"]
            found.append(f"{prefix}-{section}-{item}")
            previous = item
            for to, part in p.more.findall(match["more"]):
                ids = _expand(prefix, section, previous, part) if to else [f"{prefix}-{section}-{part}"]
                # A trailing number that is not a rule of the section is a number, not an ID.
                found.extend(i for i in ids if i in known)
                previous = part
    return list(dict.fromkeys(found))


def subclauses(rule_id: str) -> list[str]:
    """The lettered items of a clause that introduces them (``TOC-NORMAL-09`` -> ``09A``..``09E``)."""
    return [r.id for r in all_rules() if re.fullmatch(re.escape(rule_id) + "[A-Z]", r.id)]


# ---------------------------------------------------------------------------- Python files


class Scope(NamedTuple):
    start: int
    end: int
    qualname: str
    kind: str  # "def", "class" or "assign"
    node: ast.AST


def scopes(tree: ast.Module) -> list[Scope]:
    """Every function, class and module-level assignment, with its lines (decorators included)."""
    found: list[Scope] = []

    def visit(body: list[ast.stmt], prefix: str, top: bool) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                qualname = prefix + node.name
                kind = "class" if isinstance(node, ast.ClassDef) else "def"
                found.append(Scope(start, node.end_lineno or start, qualname, kind, node))
                visit(node.body, qualname + ".", False)
            elif top and isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                if names:
                    found.append(Scope(node.lineno, node.end_lineno or node.lineno, names[0], "assign", node))

    visit(tree.body, "", True)
    return found


def innermost(found: list[Scope], line: int) -> Scope | None:
    inside = [s for s in found if s.start <= line <= s.end]
    return min(inside, key=lambda s: (s.end - s.start, -s.start)) if inside else None


def outermost(found: list[Scope], line: int) -> Scope | None:
    inside = [s for s in found if s.start <= line <= s.end]
    return max(inside, key=lambda s: (s.end - s.start, -s.start)) if inside else None


def line_of(text: str) -> Callable[[int], int]:
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

    def line(offset: int) -> int:
        low, high = 0, len(starts)
        while low + 1 < high:
            middle = (low + high) // 2
            if starts[middle] <= offset:
                low = middle
            else:
                high = middle
        return low + 1

    return line


def python_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if p.is_file())


def prefixes() -> tuple[str, ...]:
    return tuple(p.registry.prefix for p in patterns())
