"""The CRD rule registry: verbatim quotations in the manual's order, and every ID traced."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chaos_tower.rulebook import RULE_ID_PATTERN, Rule, crest_rules, rule

ROOT = Path(__file__).resolve().parents[2]
MANUAL = Path("/work/shared/manual/crest-duel.ja.txt")
SECTIONS = {"ABOUT": 1, "START": 6, "WIELD": 7, "BEAST": 4, "DEATH": 3, "PLAYERS": 3}


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _manual() -> str:
    if MANUAL.exists():
        return _squeeze(MANUAL.read_text(encoding="utf-8"))
    return ""


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


def _text(folder: str, skip: Path | None = None) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / folder).rglob("*.py") if p != skip)


SRC = _text("src/chaos_tower")
TESTS = _text("tests", skip=Path(__file__).resolve())


def _whole(rule_id: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(rule_id)}(?![0-9A-Za-z])")


@pytest.mark.parametrize("rule_id", [r.id for r in crest_rules()])
def test_rule_is_cited_in_code(rule_id: str) -> None:
    assert _whole(rule_id).search(SRC), f"no code cites {rule_id}"


@pytest.mark.parametrize("rule_id", [r.id for r in crest_rules()])
def test_rule_is_named_by_a_test(rule_id: str) -> None:
    names = re.findall(r"def (test_\w+)", TESTS)
    assert any(rule_id.replace("-", "_") in name for name in names), f"no test names {rule_id}"


def test_crd_ids_cited_anywhere_exist() -> None:
    known = {r.id for r in crest_rules()}
    for folder in ("src", "schemas", "carddata", "docs", "tests", "tools"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".md", ".yaml", ".json") or not path.is_file():
                continue
            if path == Path(__file__).resolve() or "test_rulebook" in path.name:
                continue
            for match in RULE_ID_PATTERN.finditer(path.read_text(encoding="utf-8", errors="replace")):
                if match["crd_section"] is not None:
                    assert match[0] in known, f"{path}: unknown {match[0]}"
