"""The CRD rule registry: verbatim quotations in the manual's order, and every ID traced."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from chaos_tower.rulebook import Rule, crest_rules, rule
from toolmodule import load_tool

ROOT = Path(__file__).resolve().parents[2]
MANUAL = ROOT / "tests" / "data" / "manual" / "crest-duel.ja.txt"  # a copy of shared/manual
SECTIONS = {"ABOUT": 1, "START": 6, "WIELD": 7, "BEAST": 4, "DEATH": 3, "PLAYERS": 3}


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _manual() -> str:
    return _squeeze(MANUAL.read_text(encoding="utf-8"))


def test_sections_and_letters_follow_the_readme_scheme() -> None:
    rules = crest_rules()
    counts = {section: sum(1 for r in rules if r.section == section) for section in SECTIONS}
    assert counts == SECTIONS
    for section in SECTIONS:
        letters = [r.id.rsplit("-", 1)[1] for r in rules if r.section == section]
        assert letters == [chr(ord("A") + i) for i in range(len(letters))]
    assert rule("CRD-BEAST-B").section == "BEAST"
    assert all(r.en.strip() and r.title.strip() for r in rules)


@pytest.mark.parametrize("item", crest_rules(), ids=lambda r: r.id)
def test_quotation_is_verbatim_and_in_order(item: Rule) -> None:
    manual = _manual()
    if not manual:
        pytest.fail(f"the manual is missing at {MANUAL}")
    assert _squeeze(item.ja) in manual, item.id
    rules = list(crest_rules())
    index = rules.index(item)
    if index:
        assert manual.find(_squeeze(item.ja)) > manual.find(_squeeze(rules[index - 1].ja))


def _scanner() -> ModuleType:
    """The docs generator's citation scanner (``tools/docs/citations.py``): one scanner for all."""
    return load_tool("gen_docs")


GEN = _scanner()
TRACE = GEN.trace(games=0)  # citations only: no games are needed to find the code and the tests


@pytest.mark.parametrize("rule_id", [r.id for r in crest_rules()])
def test_rule_is_cited_in_code(rule_id: str) -> None:
    assert TRACE.citations.code.get(rule_id), f"no code cites {rule_id}"


@pytest.mark.parametrize("rule_id", [r.id for r in crest_rules()])
def test_rule_is_named_by_a_test(rule_id: str) -> None:
    names = [name for _file, name in TRACE.citations.tests.get(rule_id, ())]
    assert any(rule_id.replace("-", "_") in name for name in names), f"no test names {rule_id}"


def test_crd_ids_cited_anywhere_exist() -> None:
    known = {r.id for r in crest_rules()}
    for folder in ("src", "schemas", "carddata", "docs", "tests", "tools"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".md", ".yaml", ".json") or not path.is_file():
                continue
            if path == Path(__file__).resolve() or "test_rulebook" in path.name:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for _start, _end, rule_id in GEN.find_ids(text, ("CRD",)):
                assert rule_id in known, f"{path}: unknown {rule_id}"
