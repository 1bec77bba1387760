"""The rule registry (``rules/tower.yaml``) lists every Tower rule ID once, in the manual's order.

The quotations are checked against the manual itself
(``shared/manual/chaos-tower.ja.txt``, beside the repository, or the file named by
``CHAOS_TOWER_MANUAL``): with all whitespace removed, each one must occur in the
manual, and they must occur in the order of the registry.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from chaos_tower.rulebook import RULE_ID_PATTERN, Rule, rule, tower_rules

REPO = Path(__file__).resolve().parents[1]
MANUAL = Path(__file__).parent / "data" / "manual" / "chaos-tower.ja.txt"  # a copy of shared/manual
_CITING = {".py", ".json", ".yaml", ".yml", ".md", ".rst", ".txt"}
_WHITESPACE = re.compile(r"\s+")  # str patterns: includes the full-width space U+3000


def _numbers(first: int, last: int, width: int = 2) -> list[str]:
    return [f"{n:0{width}d}" for n in range(first, last + 1)]


def _letters(count: int) -> list[str]:
    return [chr(ord("A") + n) for n in range(count)]


def _expected_ids() -> list[str]:
    """The ID scheme of shared/manual/README.md, section by section, in the manual's order."""
    five = _letters(5)
    sections: list[tuple[str, list[str]]] = [
        ("PREP", _numbers(1, 15)),
        ("START", _letters(16)),  # A..P
        ("PLAY", _letters(6)),  # A..F
        ("PROG1", _numbers(1, 3)),
        ("ITEM", ["01", *(f"01{x}" for x in five)]),
        ("PROG2", _numbers(1, 3)),
        ("PROG3", _numbers(1, 2)),
        ("PROG4", _numbers(1, 3)),
        ("CARRY", _numbers(1, 3)),
        ("NORMAL", [*_numbers(1, 9), *(f"09{x}" for x in five)]),
        ("RARE", [*_numbers(1, 8), *(f"08{x}" for x in five)]),
        ("STEP", [*_numbers(1, 11), *(f"11{x}" for x in five)]),
        ("ZAP", _numbers(1, 7)),
        ("OVER", ["01"]),
        ("VS2", ["01", *_numbers(20, 32, width=3)]),
        ("VS3", ["01", *_numbers(40, 52, width=3)]),
    ]
    return [f"TOC-{section}-{item}" for section, items in sections for item in items]


def _squeeze(text: str) -> str:
    return _WHITESPACE.sub("", text)


@pytest.fixture(scope="module")
def manual() -> str:
    """The Tower manual with every whitespace character removed."""
    path = Path(os.environ.get("CHAOS_TOWER_MANUAL", MANUAL))
    return _squeeze(path.read_text(encoding="utf-8"))


def test_ids_are_unique() -> None:
    ids = [r.id for r in tower_rules()]
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_ids_match_the_scheme_exactly_in_manual_order() -> None:
    """Every section and item of the scheme is present, in order, and nothing else."""
    ids = [r.id for r in tower_rules()]
    expected = _expected_ids()
    assert set(expected) - set(ids) == set(), "missing"
    assert set(ids) - set(expected) == set(), "not in the scheme"
    assert ids == expected


def test_every_id_matches_the_pattern_and_its_section() -> None:
    for r in tower_rules():
        match = RULE_ID_PATTERN.fullmatch(r.id)
        assert match is not None, r.id
        assert match["toc_section"] == r.section, r.id


def test_sections_are_contiguous() -> None:
    sections = [r.section for r in tower_rules()]
    order = list(dict.fromkeys(sections))
    assert sections == sorted(sections, key=order.index)
    assert order == [
        "PREP",
        "START",
        "PLAY",
        "PROG1",
        "ITEM",
        "PROG2",
        "PROG3",
        "PROG4",
        "CARRY",
        "NORMAL",
        "RARE",
        "STEP",
        "ZAP",
        "OVER",
        "VS2",
        "VS3",
    ]


@pytest.mark.parametrize("item", tower_rules(), ids=lambda r: r.id)
def test_quotation_is_verbatim(manual: str, item: Rule) -> None:
    quote = _squeeze(item.ja)
    assert quote, item.id
    assert quote in manual, f"{item.id}: {item.ja!r} is not in the manual"


def test_quotations_follow_the_manuals_order(manual: str) -> None:
    """Each quotation occurs after the start of the one before it (repeated wording included)."""
    position = -1
    for item in tower_rules():
        found = manual.find(_squeeze(item.ja), position + 1)
        assert found != -1, f"{item.id} is not found after the previous rule's quotation"
        position = found


def test_texts_are_filled_in() -> None:
    for r in tower_rules():
        assert r.en.strip(), r.id
        assert r.title.strip(), r.id
        assert r.reading is None or r.reading.strip(), r.id


def test_rule_ids_cited_in_the_registry_exist() -> None:
    known = {r.id for r in tower_rules()}
    for r in tower_rules():
        for text in (r.en, r.reading or ""):
            for match in RULE_ID_PATTERN.finditer(text):
                assert match[0] in known, f"{r.id} cites unknown {match[0]}"


def test_rule_ids_cited_in_the_project_exist() -> None:
    """Code, schemas, card data and docs cite only registered IDs (not this file: it cites bad ones)."""
    known = {r.id for r in tower_rules()}
    unknown: dict[str, set[str]] = {}
    for folder in ("src", "schemas", "carddata", "docs", "tests"):
        for path in (REPO / folder).rglob("*"):
            if path.suffix not in _CITING or not path.is_file() or path == Path(__file__).resolve():
                continue
            for match in RULE_ID_PATTERN.finditer(path.read_text(encoding="utf-8", errors="replace")):
                if match["toc_section"] is not None and match[0] not in known:
                    unknown.setdefault(match[0], set()).add(str(path.relative_to(REPO)))
    assert unknown == {}


def test_lookup() -> None:
    assert rule("TOC-PREP-03").title == "The chaos deck"
    assert rule("TOC-VS2-020").section == "VS2"
    assert rule("TOC-STEP-11E").title == "Seqlrith"
    with pytest.raises(KeyError):
        rule("TOC-PREP-16")
    with pytest.raises(KeyError):
        rule("TOC-VS2-20")


def test_rules_are_loaded_once() -> None:
    assert tower_rules() is tower_rules()


def test_rules_are_frozen() -> None:
    from attrs.exceptions import FrozenInstanceError

    with pytest.raises(FrozenInstanceError):
        rule("TOC-OVER-01").en = "changed"  # type: ignore[misc]


@pytest.mark.parametrize(
    "text",
    [
        "TOC-PREP-01",
        "TOC-START-A",
        "TOC-ITEM-01A",
        "TOC-VS2-020",
        "TOC-VS3-01",
        "TOC-PROG4-03",
        "CRD-WIELD-A",
        "CRD-PLAYERS-C",
    ],
)
def test_pattern_accepts(text: str) -> None:
    assert RULE_ID_PATTERN.fullmatch(text)


@pytest.mark.parametrize(
    "text",
    [
        "TOC-PREP-1",
        "TOC-PREP",
        "TOC-prep-01",
        "TOC-START-AB1",
        "CRD-WIELD-01",
        "XTOC-PREP-01",
        "TOC-PREP-0123",
    ],
)
def test_pattern_rejects(text: str) -> None:
    assert not RULE_ID_PATTERN.fullmatch(text)
    assert all(match[0] != text for match in RULE_ID_PATTERN.finditer(text))


def test_pattern_finds_ids_in_prose() -> None:
    text = "see `TOC-STEP-11A` and (TOC-VS2-027), not TOC-PREP-1 or XTOC-PREP-02; CRD-BEAST-B."
    assert [m[0] for m in RULE_ID_PATTERN.finditer(text)] == ["TOC-STEP-11A", "TOC-VS2-027", "CRD-BEAST-B"]


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ({"sections": [{"code": "PREP", "title": "Preparation"}]}, "id_pattern"),
        ({"id_pattern": {"prefix": "TOC", "section": "[A-Z]+"}}, "id_pattern"),
        ({"id_pattern": {"prefix": "TOC", "section": "[A-Z]+", "item": "[0-9]{2}"}}, "sections"),
        (
            {"id_pattern": {"prefix": "TOC", "section": "[A-Z]+", "item": "[0-9]{2}"}, "sections": ["PREP"]},
            "not a mapping",
        ),
    ],
)
def test_a_registry_header_without_its_id_pattern_or_sections_is_refused(
    header: dict[str, object], message: str
) -> None:
    """The registry's header (the ID pattern and section titles the docs' scanner reads) is checked."""
    from chaos_tower.rulebook import _header

    with pytest.raises(ValueError, match=message):
        _header(header, "tower.yaml")
