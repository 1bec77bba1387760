"""Every VS rule ID, TOC-VS2-* and TOC-VS3-*, is carried by code and named by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chaos_tower.rulebook import tower_rules

ROOT = Path(__file__).resolve().parents[3]
VS = [rule.id for rule in tower_rules() if rule.section in ("VS2", "VS3")]


def _text(folder: str, skip: Path | None = None) -> str:
    return "\n".join(
        path.read_text(encoding="utf-8") for path in (ROOT / folder).rglob("*.py") if path != skip
    )


SRC = _text("src/chaos_tower/tower/vs")
TEST_NAMES = "\n".join(re.findall(r"def (test_\w+)", _text("tests/tower/vs", skip=Path(__file__).resolve())))


def _whole(rule: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(rule)}(?![0-9A-Za-z])")


def test_there_are_28_vs_rules() -> None:
    assert len(VS) == 28  # 01 and 020-032; 01 and 040-052


@pytest.mark.parametrize("rule", VS)
def test_rule_is_cited_in_the_vs_code(rule: str) -> None:
    assert _whole(rule).search(SRC), f"no code of chaos_tower.tower.vs cites {rule}"


@pytest.mark.parametrize("rule", VS)
def test_rule_is_named_by_a_test_function(rule: str) -> None:
    assert _whole(rule.replace("-", "_")).search(TEST_NAMES), f"no test function's name holds {rule}"
