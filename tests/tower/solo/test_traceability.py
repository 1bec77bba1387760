"""Every solo rule ID, PREP to OVER, is carried by code and named by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chaos_tower.rulebook import tower_rules

ROOT = Path(__file__).resolve().parents[3]
SOLO = [rule.id for rule in tower_rules() if rule.section not in ("VS2", "VS3")]


def _text(folder: str, skip: Path | None = None) -> str:
    return "\n".join(
        path.read_text(encoding="utf-8") for path in (ROOT / folder).rglob("*.py") if path != skip
    )


SRC = _text("src/chaos_tower")
TESTS = _text("tests", skip=Path(__file__).resolve())


def _whole(rule: str) -> re.Pattern[str]:
    """The ID as a whole word, so that TOC-NORMAL-09 is not found inside TOC-NORMAL-09A."""
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(rule)}(?![0-9A-Za-z])")


@pytest.mark.parametrize("rule", SOLO)
def test_rule_is_cited_in_code(rule: str) -> None:
    assert _whole(rule).search(SRC), f"no code cites {rule}"


@pytest.mark.parametrize("rule", SOLO)
def test_rule_is_named_by_a_test(rule: str) -> None:
    found = _whole(rule).search(TESTS) or _whole(rule.replace("-", "_")).search(TESTS)
    assert found, f"no test names {rule}"
