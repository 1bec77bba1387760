"""The generated Crest Duel pages: ``rules/crest.md`` (every ``CRD-`` rule) and ``cards/crest.md`` (the set).

The rule entries are traced by the same scanner as the Tower's (:mod:`.trace`): the
code citing each rule, the tests naming or citing it, and the kinds of events
emitted with it (literal event calls in the source, and ``CREST_GAMES`` seeded
random games).
"""

from __future__ import annotations

import chaos_tower as ct
from chaos_tower.crest import cards as cc
from chaos_tower.kernel.options import rule_options
from chaos_tower.rulebook import Rule, registries

from .common import GENERATED, code, esc, page, plain, rule_ref, source_ref, table, test_ref
from .glossary import terms_line
from .trace import CREST_GAMES, MODULE, Traceability


def ref(rule_id: str) -> str:
    """A link to a CRD rule's entry."""
    return rule_ref(rule_id)


def linked(text: str) -> str:
    """Plain text with CRD rule IDs as links."""
    return plain(text, ("CRD",))


def _registry() -> tuple[tuple[Rule, ...], dict[str, tuple[str, str]]]:
    crest = registries()[1]
    return crest.rules, {s.code: (s.title, s.ja) for s in crest.sections}


def _sites(trace_: Traceability, rule_id: str) -> list[str]:
    """The functions, classes, constants and modules citing a rule, as links."""
    return [
        source_ref(name.removesuffix(MODULE)) + (MODULE if name.endswith(MODULE) else "")
        for name in sorted(trace_.citations.code.get(rule_id, ()))
    ]


def _tests(trace_: Traceability, rule_id: str) -> list[str]:
    return [
        f"{code(file)}: {test_ref(file, name)}"
        for file, name in sorted(trace_.citations.tests.get(rule_id, ()))
    ]


def _entry(rule: Rule, trace_: Traceability) -> str:
    lines = [f"({rule.id.lower()})=", f"### {rule.id}: {esc(rule.title)}", "", f"> {esc(rule.ja)}", ""]
    lines += [linked(rule.en), ""]
    lines += terms_line(rule)
    if rule.reading:
        lines += [f"**Our reading:** {linked(rule.reading)}", ""]
    lines += rule_options(rule.id, ct.option_specs())
    cited = _sites(trace_, rule.id)
    lines += ["**Implemented in:** " + (", ".join(cited) or "nothing yet."), ""]
    named = _tests(trace_, rule.id)
    lines += ["**Tested by:**", "", *(f"- {t}" for t in named)] if named else ["**Tested by:** nothing yet."]
    kinds = sorted(trace_.events(rule.id))
    lines += ["", "**Events:** " + (", ".join(code(k) for k in kinds) or "none recorded.")]
    return "\n".join(lines)


def rules_page(trace_: Traceability) -> str:
    rules, sections = _registry()
    parts = [
        GENERATED.format(source="src/chaos_tower/rules/crest.yaml, src/ and tests/"),
        "(rules-crest)=",
        "# Crest Duel rules (紋章使い, CRD)",
        "Every paragraph of the Crest Duel rules summary (`shared/manual/crest-duel.ja.txt`) has a stable "
        "ID, `CRD-<SECTION>-<LETTER>`, one letter per paragraph in order, each repeated paragraph of the "
        "scrape read once; the paragraph that opens 2.(2) before ① is counted as `CRD-WIELD-A` (see the "
        "top of `src/chaos_tower/rules/crest.yaml`). Each entry quotes the paragraph, gives our English "
        "and, where the summary is open, the reading decided; then the code citing it, the tests naming "
        "it and the kinds of events emitted with it "
        f"(from the source and {CREST_GAMES} seeded random games).",
    ]
    rows = []
    for section, (en, ja) in sections.items():
        members = [r for r in rules if r.section == section]
        covered = sum(1 for r in members if _sites(trace_, r.id) and _tests(trace_, r.id))
        rows.append([esc(en), esc(ja), code(section), str(len(members)), f"{covered}/{len(members)}"])
    parts.append(table(["section", "summary", "code", "rules", "with code and tests"], rows))
    for section, (en, ja) in sections.items():
        parts.append(f"## {esc(en)} ({esc(ja)}, {section})")
        parts.extend(_entry(r, trace_) for r in rules if r.section == section)
    return page(parts)


def effect_text(effect: object) -> str:
    """An effect of the closed vocabulary in words."""
    match effect:
        case cc.Damage(by=by, plus=plus):
            if by == "none":
                return f"{plus} damage"
            return f"damage {by.upper()}" + (f" {plus:+d}" if plus else "")
        case cc.Inflict(status=status, turns=turns):
            return f"{status.value} for {turns} turn{'s' if turns != 1 else ''}"
        case cc.Heal(amount=amount):
            return f"heal {amount}"
        case cc.Cure(status=status):
            return "cure " + (status.value if status else "every status")
        case cc.DiscardCards(count=count):
            return f"the target discards {count} at random"
        case cc.BreakRing():
            return "break the target's ring"
        case cc.Boost(stat=stat, amount=amount):
            return f"{stat.upper()} +{amount}"
        case cc.Guard(against=against, amount=amount):
            return f"damage by {against.upper()} taken −{amount}"
        case cc.Ward(status=status):
            return f"no {status.value}"
    return str(effect)


def _effects(effects: tuple[object, ...]) -> str:
    return "; ".join(effect_text(e) for e in effects)


def cards_page() -> str:
    cards = ct.load_cardset(game="crest")
    header = cards.header
    marks = {m.id: f"{m.name} {m.ja}" for m in cards.marks}
    parts = [
        GENERATED.format(source="carddata/crest/"),
        "(cards-crest)=",
        "# The built-in Crest Duel set",
        f"{esc(header.name)}, version {code(header.version)}, language {code(header.language)}"
        + (" (a complete set)." if header.complete else "."),
        esc(header.description),
        f"The rules summary prints no card, so all {len(header.reconstructed)} cards are reconstructed "
        "(listed in the set's header); the design is explained in the {doc}`Crest Duel guide "
        "<../guides/crest>` and at the top of each file of `carddata/crest/`. "
        f"Deck: {cards.deck_size} cards ({ref('CRD-START-B')}).",
        f"## Kinds of mark ({ref('CRD-WIELD-D')})",
        table(["id", "name"], [[code(m.id), esc(f"{m.name} {m.ja}")] for m in cards.marks]),
        f"## Monsters ({ref('CRD-START-A')})",
        table(
            ["id", "name", "HP", "DX", "MDX", "RG", "marks"],
            [
                [
                    code(m.id),
                    esc(f"{m.name} {m.ja}"),
                    str(m.hp),
                    str(m.dx),
                    str(m.mdx),
                    str(m.rg),
                    ", ".join(f"m{i} {k}" for i, k in enumerate(m.marks)),
                ]
                for m in cards.monsters
            ],
        ),
        f"## Crests ({sum(c.count for c in cards.crests)} cards)",
        table(
            ["id", "name", "mark", "count", "effects"],
            [
                [
                    code(c.id),
                    esc(f"{c.name} {c.ja}"),
                    esc(marks[c.mark]),
                    str(c.count),
                    esc(_effects(c.effects)),
                ]
                for c in cards.crests
            ],
        ),
        f"## Chaos rings ({sum(c.count for c in cards.rings)} cards, {ref('CRD-WIELD-E')})",
        table(
            ["id", "name", "count", "while worn"],
            [
                [code(c.id), esc(f"{c.name} {c.ja}"), str(c.count), esc(_effects(c.effects))]
                for c in cards.rings
            ],
        ),
        f"## Spells ({sum(c.count for c in cards.spells)} cards, {ref('CRD-WIELD-F')})",
        table(
            ["id", "name", "target", "count", "effects"],
            [
                [code(c.id), esc(f"{c.name} {c.ja}"), c.target.value, str(c.count), esc(_effects(c.effects))]
                for c in cards.spells
            ],
        ),
    ]
    return page(parts)


def crest_pages(trace_: Traceability) -> dict[str, str]:
    """The generated Crest Duel pages: path relative to the docs folder -> text."""
    return {"rules/crest.md": rules_page(trace_), "cards/crest.md": cards_page()}
