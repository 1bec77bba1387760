"""The glossary (``docs/rules/glossary.md``): every game term in Japanese and English.

The terms are data, ``tools/docs/glossary.yaml``. Each :class:`Term` names the words
that show it in a rule's quotation or English (``find``); a rule entry lists the
glossary terms it uses, as ``{term}`` links.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from ruamel.yaml import YAML

from chaos_tower.rulebook import Rule

from .common import GENERATED, esc, page, rule_ref


class Term(NamedTuple):
    term: str
    ja: str
    game: str  # "Tower" or "Crest"
    meaning: str
    find: tuple[str, ...]
    """Regular expressions: a rule whose ``ja`` or ``en`` matches one uses the term."""
    rules: tuple[str, ...] = ()
    """The rules that define it."""


def _terms() -> tuple[Term, ...]:
    data = YAML(typ="safe", pure=True).load(
        Path(__file__).with_name("glossary.yaml").read_text(encoding="utf-8")
    )
    return tuple(
        Term(
            term=str(e["term"]),
            ja=str(e["ja"]),
            game=str(e["game"]),
            meaning=str(e["meaning"]),
            find=tuple(str(f) for f in e["find"]),
            rules=tuple(str(r) for r in e["rules"]),
        )
        for e in data
    )


TERMS = _terms()
"""The terms, from ``tools/docs/glossary.yaml``."""

_COMPILED = [(t, [re.compile(f) for f in t.find]) for t in TERMS]


def terms_of(rule: Rule) -> list[str]:
    """The glossary terms a rule uses, in glossary order."""
    text = f"{rule.ja} {rule.en}"
    game = "Crest" if rule.id.startswith("CRD-") else "Tower"
    return [t.term for t, patterns in _COMPILED if t.game == game and any(p.search(text) for p in patterns)]


def terms_line(rule: Rule) -> list[str]:
    """The ``**Terms:**`` line of a rule entry, with a blank line after it (none if no term is used)."""
    used = terms_of(rule)
    return ["**Terms:** " + ", ".join(f"{{term}}`{t}`" for t in used), ""] if used else []


def glossary_page() -> str:
    parts = [
        GENERATED.format(source="tools/docs/glossary.py"),
        "(glossary)=",
        "# Glossary",
        "The words of the two games, as the manuals write them (Japanese, or the manual's own English) "
        "and as these pages use them. Each rule entry lists the terms it uses; each term names the "
        "rules that define it.",
    ]
    for game, title in (("Tower", "Tower of CHAOS (CHAOSの塔)"), ("Crest", "Crest Duel (紋章使い)")):
        lines = [f"## {title}", "", "```{glossary}"]
        for t in (t for t in TERMS if t.game == game):
            lines.append(t.term)
            lines.append(
                f"  *{esc(t.ja)}*: {esc(t.meaning)} Defined in "
                + ", ".join(rule_ref(r) for r in t.rules)
                + "."
            )
            lines.append("")
        lines[-1] = "```"
        parts.append("\n".join(lines))
    return page(parts)
