"""The Tower's rule pages (``docs/rules/<section>.md``), their index and the coverage table."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import chaos_tower as ct
from chaos_tower.kernel.options import rule_options
from chaos_tower.rulebook import Rule, registries

from .common import (
    GENERATED,
    code,
    esc,
    page,
    percent,
    plain,
    rule_label,
    rule_ref,
    source_ref,
    table,
    test_ref,
    toctree,
)
from .glossary import terms_line
from .trace import GAMES, MAX_ACTIONS, MODULE, VS_GAMES, Traceability

VS_SECTIONS = frozenset({"VS2", "VS3"})
"""The VS modes (``chaos_tower.tower.vs``): counted in a row of their own in the coverage table."""


def _rules() -> tuple[Rule, ...]:
    return registries()[0].rules


def _section_order() -> list[str]:
    return [s.code for s in registries()[0].sections]


def _titles() -> dict[str, tuple[str, str]]:
    """Section code -> (English title, the manual's heading), from the registry."""
    return {s.code: (s.title, s.ja) for s in registries()[0].sections}


def _section_file(section: str) -> str:
    return section.lower()


def _section_title(section: str) -> str:
    en, ja = _titles().get(section, (section, ""))
    return f"{en} ({ja}, {section})" if ja and ja != en else f"{en} ({section})"


def _status(rule: Rule, trace_: Traceability) -> str:
    if trace_.citations.code.get(rule.id):
        return "implemented"
    if trace_.has_code(rule.id):
        return "implemented through its items"
    return "not yet implemented"


def _site(name: str) -> str:
    return source_ref(name.removesuffix(MODULE)) + (MODULE if name.endswith(MODULE) else "")


def _through(items: list[str]) -> str:
    return f"{rule_ref(items[0])} – {rule_ref(items[-1])}" if len(items) > 1 else rule_ref(items[0])


def _tests_list(tests: set[tuple[str, str]]) -> str:
    by_file: dict[str, list[str]] = defaultdict(list)
    for file, name in sorted(tests):
        by_file[file].append(name)
    return "\n".join(
        f"- {code(file)}: " + ", ".join(test_ref(file, n) for n in names) for file, names in by_file.items()
    )


def _rule_entry(rule: Rule, trace_: Traceability) -> str:
    citations = trace_.citations
    lines = [f"({rule_label(rule.id)})=", f"## {rule.id}: {esc(rule.title)}", ""]
    if not trace_.has_code(rule.id):
        lines += ["**Status: not yet implemented**.", ""]
    lines += [f"> {esc(rule.ja)}", "", plain(rule.en), ""]
    lines += terms_line(rule)
    if rule.reading:
        lines += [f"**Our reading:** {plain(rule.reading)}", ""]
    lines += rule_options(rule.id, ct.option_specs())
    code_sites = sorted(citations.code.get(rule.id, set()))
    via = trace_.through(rule.id, citations.code)
    if code_sites:
        lines.append("**Implemented in:** " + ", ".join(_site(c) for c in code_sites))
    elif via:
        lines.append(f"**Implemented in:** no citation of its own; through its items, {_through(via)}.")
    else:
        lines.append("**Implemented in:** nothing yet.")
    lines.append("")
    tests = citations.tests.get(rule.id, set())
    via = trace_.through(rule.id, citations.tests)
    if tests:
        lines += ["**Tested by:**", "", _tests_list(tests), ""]
    elif via:
        lines += [f"**Tested by:** no test of its own; through its items, {_through(via)}.", ""]
    else:
        lines += ["**Tested by:** nothing yet.", ""]
    events = trace_.events(rule.id)
    if events:
        shown = [f"{code(kind)} ({', '.join(where)})" for kind, where in events.items()]
        lines.append("**Events:** " + ", ".join(shown))
    else:
        lines.append("**Events:** none recorded.")
    return "\n".join(lines)


def rules_pages(trace_: Traceability) -> dict[str, str]:
    rules = _rules()
    sections = _section_order()
    pages: dict[str, str] = {}
    header = GENERATED.format(source="src/chaos_tower/rules/tower.yaml, src/ and tests/")
    index_rows = []
    for section in sections:
        members = [r for r in rules if r.section == section]
        en, ja = _titles().get(section, (section, ""))
        index_rows.append(
            [
                f"{{doc}}`{esc(en)} <{_section_file(section)}>`",
                esc(ja),
                code(section),
                str(len(members)),
                f"{rule_ref(members[0].id)} – {rule_ref(members[-1].id)}",
            ]
        )
        body = [
            header,
            f"(rules-{_section_file(section)})=",
            f"# {esc(_section_title(section))}",
            (
                "The rules of this section are the VS modes, played by "
                "{doc}`chaos_tower.tower.vs <../api/vs>` (see the {doc}`VS guide <../guides/vs>`); "
                "the solo engine does not use them."
                if section in VS_SECTIONS
                else ""
            ),
            "Each entry quotes the manual's clause, gives our English rendering and, where the manual "
            "is open, the reading the project decided on; then where the code carries the rule, the "
            "tests that name it, and the kinds of events the engine emits with it "
            f"(*source*: a literal event call in the code; *play*: seen in {GAMES} random solo games, "
            f"or in {VS_GAMES} VS games for the VS sections).",
            *(_rule_entry(r, trace_) for r in members),
        ]
        pages[f"{_section_file(section)}.md"] = page(body)
    pages["index.md"] = page(
        [
            header,
            "(rules-index)=",
            "# The rules",
            "Every clause of the manual of Tower of CHAOS (CHAOSの塔) has a stable ID, "
            f"{code('TOC-<SECTION>-<ITEM>')}, listed in the rule registry "
            f"{code('src/chaos_tower/rules/tower.yaml')} ({code('chaos_tower.rulebook.tower_rules()')}). "
            "Code, tests and the engine's events cite these IDs; the pages below follow each one to them. "
            "The {doc}`coverage table <coverage>` counts them.",
            table(["section", "manual", "code", "rules", "IDs"], index_rows),
            "The second game's rules, Crest Duel (紋章使い, `CRD-…`), are on {doc}`their own page <crest>`; "
            "each mode's options are in {doc}`one table per mode <options>`.",
            toctree(["coverage", "options", *(_section_file(s) for s in sections), "crest"]),
        ]
    )
    pages["coverage.md"] = coverage_page(trace_)
    return pages


def coverage_page(trace_: Traceability) -> str:
    rules = _rules()
    citations = trace_.citations

    def counts(members: list[Rule]) -> list[str]:
        total = len(members)
        with_code = sum(1 for r in members if trace_.has_code(r.id))
        with_tests = sum(1 for r in members if trace_.has_tests(r.id))
        with_events = sum(1 for r in members if trace_.events(r.id))
        return [
            str(total),
            f"{with_code} ({percent(with_code, total)})",
            f"{with_tests} ({percent(with_tests, total)})",
            f"{with_events} ({percent(with_events, total)})",
        ]

    rows = []
    for section in _section_order():
        members = [r for r in rules if r.section == section]
        rows.append([f"{{ref}}`{section} <rules-{_section_file(section)}>`", *counts(members)])
    solo = [r for r in rules if r.section not in VS_SECTIONS]
    vs = [r for r in rules if r.section in VS_SECTIONS]
    solo_sections = [s for s in _section_order() if s not in VS_SECTIONS]
    span = f"{solo_sections[0]}–{solo_sections[-1]}" if solo_sections else "none"
    rows.append([f"**solo ({span})**", *counts(solo)])
    rows.append(["**VS (" + ", ".join(sorted(VS_SECTIONS)) + ")**", *counts(vs)])
    rows.append(["**all**", *counts(list(rules))])

    def count(found: dict[str, Any], rule_id: str) -> str:
        via = trace_.through(rule_id, found)
        return f"0 (through {_through(via)})" if via else str(len(found.get(rule_id, ())))

    per_rule = []
    for r in rules:
        events = trace_.events(r.id)
        per_rule.append(
            [
                rule_ref(r.id),
                esc(r.title),
                count(citations.code, r.id),
                count(citations.tests, r.id),
                ", ".join(code(k) for k in events) or "–",
                _status(r, trace_),
            ]
        )
    unknown = trace_.unknown()
    unknown_text = (
        table(["ID", "cited in"], [[code(k), ", ".join(code(w) for w in v)] for k, v in unknown.items()])
        if unknown
        else "None: every rule ID cited in the source, the tests and the events of the random games "
        "is in the registry."
    )
    return page(
        [
            GENERATED.format(source="src/chaos_tower/rules/tower.yaml, src/ and tests/"),
            "(rules-coverage)=",
            "# Rule coverage",
            "For each section of the manual: how many rules are cited by the code (a function, class, "
            "constant or module docstring in `src/chaos_tower`), named by a test (a test function in "
            "`tests` citing the ID, naming it as `TOC_X_Y` in its name, or using data that cites it), and "
            "seen in an event of the engine (a literal event call in the source, or one of "
            f"{GAMES} random games of at most {MAX_ACTIONS} actions). A clause that only introduces its "
            "lettered items (such as the list of the five normal items) and is not cited itself counts "
            "as covered when every one of its items is. The solo game (every section but the VS modes) "
            "must be covered 100% by code and by tests, and so must the VS modes (their events come from "
            f"{VS_GAMES} games of 2 to 5 simple VS agents).",
            "## By section",
            table(["section", "rules", "with code", "with tests", "with events"], rows),
            "## By rule",
            table(["rule", "title", "code sites", "tests", "events", "status"], per_rule),
            "## Unknown IDs",
            unknown_text,
        ]
    )
