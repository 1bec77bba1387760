"""The generated reference pages (``docs/rules``, ``docs/schema``, ``docs/cards``) are up to date.

``tools/gen_docs.py`` writes them from the rule registry, the code, the tests, the
schemas and the built-in card set, and they are committed. If a test here fails
after you changed any of those, run ``python tools/gen_docs.py`` and commit the result.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path
from types import ModuleType

import pytest

from chaos_tower.rulebook import tower_rules
from toolmodule import load_tool

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
VS = {"VS2", "VS3"}


def _load_generator() -> ModuleType:
    return load_tool("gen_docs")


@pytest.fixture(scope="module")
def gen() -> ModuleType:
    return _load_generator()


@pytest.fixture(scope="module")
def generated(gen: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh run of the generator, into a temporary folder."""
    out = tmp_path_factory.mktemp("docs")
    assert gen.main(["--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def trace(gen: ModuleType) -> object:
    return gen.trace()


def _files(folder: Path, owned: tuple[str, ...]) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for name in owned
        if (folder / name).is_dir()
        for p in sorted((folder / name).rglob("*"))
        if p.is_file() and p.suffix in (".md", ".svg")
    }


def test_committed_pages_are_what_the_generator_writes(gen: ModuleType, generated: Path) -> None:
    fresh = _files(generated, gen.OUTPUTS)
    committed = _files(DOCS, gen.OUTPUTS)
    assert fresh, "the generator wrote nothing"
    hint = "the docs are stale: run `python tools/gen_docs.py` and commit docs/rules, docs/schema, docs/cards"
    assert sorted(set(fresh) - set(committed)) == [], f"missing from docs/ ({hint})"
    assert sorted(set(committed) - set(fresh)) == [], f"no longer generated ({hint})"
    stale = sorted(name for name in fresh if fresh[name] != committed[name])
    if stale:
        first = stale[0]
        diff = difflib.unified_diff(
            committed[first].decode().splitlines(),
            fresh[first].decode().splitlines(),
            f"docs/{first}",
            "generated",
            lineterm="",
        )
        pytest.fail(f"{len(stale)} stale page(s): {stale[:10]} ({hint})\n" + "\n".join(list(diff)[:40]))


def test_running_again_changes_nothing(gen: ModuleType, generated: Path) -> None:
    changed, removed = gen.write(gen.generate(), generated)
    assert (changed, removed) == ([], [])


def test_every_rule_has_an_entry_on_its_sections_page() -> None:
    missing = []
    for rule in tower_rules():
        path = DOCS / "rules" / f"{rule.section.lower()}.md"
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        if f"({rule.id.lower()})=\n## {rule.id}: " not in text:
            missing.append(rule.id)
    assert missing == []


def _coverage_rows() -> dict[str, list[str]]:
    text = (DOCS / "rules" / "coverage.md").read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split(" | ")]
            rows[cells[0]] = cells[1:]
    return rows


def test_the_coverage_table_says_the_solo_game_is_fully_covered() -> None:
    """Every solo rule (PREP to OVER) is carried by code and named by a test: the coverage table says 100%."""
    rows = _coverage_rows()
    solo = [key for key in rows if key.startswith("**solo")]
    assert len(solo) == 1, "no solo row in docs/rules/coverage.md"
    total, with_code, with_tests, _events = rows[solo[0]]
    assert int(total) == sum(1 for r in tower_rules() if r.section not in VS)
    assert with_code == f"{total} (100%)"
    assert with_tests == f"{total} (100%)"


def test_every_rule_is_implemented_the_vs_modes_included() -> None:
    rows = _coverage_rows()
    pending = [key for key, cells in rows.items() if cells[-1] == "not yet implemented"]
    assert pending == []
    vs = [key for key in rows if key.startswith("**VS")]
    assert len(vs) == 1, "no VS row in docs/rules/coverage.md"
    total, with_code, with_tests, _events = rows[vs[0]]
    assert int(total) == sum(1 for r in tower_rules() if r.section in VS)
    assert with_code == f"{total} (100%)" and with_tests == f"{total} (100%)"
    for section in sorted(VS):
        page = (DOCS / "rules" / f"{section.lower()}.md").read_text(encoding="utf-8")
        assert "not yet implemented" not in page


def test_every_cited_rule_id_is_in_the_registry(trace: object) -> None:
    """IDs cited in src and tests (as IDs, or in test names with underscores) and emitted by the engine."""
    assert trace.unknown() == {}  # type: ignore[attr-defined]
    assert "## Unknown IDs\n\nNone:" in (DOCS / "rules" / "coverage.md").read_text(encoding="utf-8")


def test_the_scan_finds_code_tests_and_events(trace: object) -> None:
    citations = trace.citations  # type: ignore[attr-defined]
    assert "chaos_tower.tower.solo.progress.apply_flip" in citations.code["TOC-PROG1-03"]
    assert any(name.startswith("test_TOC_PROG1_03_") for _file, name in citations.tests["TOC-PROG1-03"])
    assert trace.events("TOC-PROG1-03")["flip"] == ["source", "play"]  # type: ignore[attr-defined]
    assert trace.events("TOC-OVER-01")["end"] == ["source", "play"]  # type: ignore[attr-defined]


def test_ids_in_test_names_and_ranges(gen: ModuleType) -> None:
    assert gen.named_ids("test_TOC_PREP_11_12_15_reset") == ["TOC-PREP-11", "TOC-PREP-12", "TOC-PREP-15"]
    assert gen.named_ids("test_TOC_PREP_03_to_06_box") == [f"TOC-PREP-0{n}" for n in range(3, 7)]
    assert gen.named_ids("test_TOC_NORMAL_09B_potion_gives_life_3_clamped_at_8") == ["TOC-NORMAL-09B"]
    assert gen.named_ids("test_TOC_START_C_a_room") == ["TOC-START-C"]
    assert [i for _, i in gen.cited_ids("(`TOC-ZAP-04`..`06`)")] == ["TOC-ZAP-04", "TOC-ZAP-05", "TOC-ZAP-06"]
    assert [i for _, i in gen.cited_ids("`TOC-ITEM-01A`..`C`")] == [
        "TOC-ITEM-01A",
        "TOC-ITEM-01B",
        "TOC-ITEM-01C",
    ]
    assert gen.subclauses("TOC-RARE-08") == [f"TOC-RARE-08{x}" for x in "ABCDE"]


def test_the_scanner_reads_both_games_ids_and_ranges(gen: ModuleType) -> None:
    """One scanner for every game: Crest Duel's IDs (CRD-START-A..F) are found, ranges and names too."""
    assert [i for _, i in gen.cited_ids("``CRD-START-A..`F` ``")] == [f"CRD-START-{x}" for x in "ABCDEF"]
    assert gen.named_ids("test_CRD_WIELD_B_to_D_spells") == ["CRD-WIELD-B", "CRD-WIELD-C", "CRD-WIELD-D"]
    assert [i for _s, _e, i in gen.find_ids("TOC-PREP-01, CRD-BEAST-B", ("CRD",))] == ["CRD-BEAST-B"]
    assert [i for _s, _e, i in gen.find_ids("XTOC-PREP-01 TOC-PREP-1 CRD-WIELD-01")] == []


def test_the_scanner_takes_its_patterns_from_the_registries(
    gen: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game added to the registries is scanned with no edit to the scanner (its id_pattern is read)."""
    from chaos_tower.rulebook import Registry, Rule, Section, registries

    citations = sys.modules["docs.citations"]
    caches = (citations.patterns, citations.all_rules, citations.known_ids, citations._section_ids)
    toy = Registry(
        file="toy.yaml",
        prefix="TOY",
        section="[A-Z]+",
        item="[0-9]{2}",
        sections=(Section(code="DEAL", title="Deal", ja="配る"),),
        rules=tuple(
            Rule(id=f"TOY-DEAL-0{n}", section="DEAL", title="deal", ja="配る", en="Deal.") for n in (1, 2, 3)
        ),
    )
    monkeypatch.setattr(citations, "registries", lambda: (*registries(), toy))
    for cached in caches:
        cached.cache_clear()
    try:
        assert [i for _, i in citations.cited_ids("`TOY-DEAL-01`..`03`")] == [
            f"TOY-DEAL-0{n}" for n in (1, 2, 3)
        ]
        assert citations.named_ids("test_TOY_DEAL_02_03_deal") == ["TOY-DEAL-02", "TOY-DEAL-03"]
    finally:
        monkeypatch.undo()
        for cached in caches:
            cached.cache_clear()
    assert list(citations.cited_ids("TOY-DEAL-01")) == []


def test_the_registries_hold_their_id_patterns_and_section_titles() -> None:
    from chaos_tower.rulebook import registries

    for registry in registries():
        assert registry.sections and all(s.title for s in registry.sections)
        assert [s.code for s in registry.sections] == list(dict.fromkeys(r.section for r in registry.rules))
        assert all(registry.id_pattern.fullmatch(r.id) for r in registry.rules)
