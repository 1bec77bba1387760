"""What carries each rule: the code and tests citing it (found by :mod:`.citations`) and its events."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import chaos_tower as ct
from chaos_tower.agents import RandomAgent, play
from chaos_tower.crest.agents import CrestRandomAgent
from chaos_tower.tower.vs.agents import SimpleVsAgent, play_game

from .citations import (
    Scope,
    cited_ids,
    innermost,
    known_ids,
    line_of,
    named_ids,
    outermost,
    prefixes,
    python_files,
    scopes,
    subclauses,
)
from .common import ROOT, SRC, TESTS

MODULE = " (module)"
"""Marks a citation in a module's docstring or top-level comments, outside any definition."""

GAMES = 200
MAX_ACTIONS = 300
VS_GAMES = 40
"""VS games played for the events column: 2 to 5 players in turn, with and without the extra rule."""
CREST_GAMES = 40
"""Crest Duel games played for the events of the CRD rules: 2 to 6 players in turn."""

# Files whose rule IDs are sample data, not citations: the registry's loader (its
# doctest looks a rule up), the registry's tests (they also cite malformed IDs on
# purpose, to test the pattern) and the tests of this generator. The loader still
# counts for "cited IDs exist"; the registry's tests check their own.
NOT_IMPLEMENTING = frozenset({"src/chaos_tower/rulebook.py"})
NOT_TESTING = frozenset({"tests/test_rulebook.py", "tests/test_generated_docs.py"})


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


class Citations(NamedTuple):
    code: dict[str, set[str]]
    """rule ID -> dotted names of the functions, classes, constants or modules citing it."""
    tests: dict[str, set[tuple[str, str]]]
    """rule ID -> (file, test function) naming it."""
    static_events: dict[str, set[str]]
    """rule ID -> event kinds of the literal event calls in the source."""
    everywhere: dict[str, set[str]]
    """rule ID -> files (and ``events``) citing it, for checking that cited IDs exist."""


_LITERAL_KIND_METHODS = {"life": "life", "elements": "elements"}
"""``Change`` methods that emit one event of a fixed kind, with the rule as their second argument."""


def _literal(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _static_events(tree: ast.Module) -> Iterator[tuple[str, str]]:
    """``(rule, kind)`` of each event call whose rule and kind are literals."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        args = [_literal(a) for a in node.args[:2]]
        keywords = {k.arg: _literal(k.value) for k in node.keywords if k.arg}
        if name == "event" and len(args) == 2 and args[0] and args[1]:
            yield args[0], args[1]
        elif name == "Event" and keywords.get("rule") and keywords.get("kind"):
            yield keywords["rule"], keywords["kind"]  # type: ignore[misc]
        elif name == "Outcome" and keywords.get("rule"):
            yield keywords["rule"], "end"  # type: ignore[misc]
        elif name in _LITERAL_KIND_METHODS and len(args) == 2 and args[1] and _is_id(args[1]):
            yield args[1], _LITERAL_KIND_METHODS[name]


def _is_id(text: str) -> bool:
    return text.startswith(tuple(f"{prefix}-" for prefix in prefixes()))


def _scan_source(citations: Citations) -> None:
    for path in python_files(SRC):
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        module = _module_name(path)
        rel = _relative(path)
        defined = scopes(tree)
        line = line_of(text)
        for offset, rule_id in cited_ids(text):
            citations.everywhere[rule_id].add(rel)
            if rel in NOT_IMPLEMENTING:
                continue
            scope = innermost(defined, line(offset))
            citations.code[rule_id].add(f"{module}.{scope.qualname}" if scope else f"{module}{MODULE}")
        for rule_id, kind in _static_events(tree):
            citations.static_events[rule_id].add(kind)
            citations.everywhere[rule_id].add(rel)


def _is_test(scope: Scope, rel: str) -> bool:
    if scope.kind != "def" or not Path(rel).name.startswith("test_"):
        return False
    parts = scope.qualname.split(".")
    return parts[-1].startswith("test") and all(p.startswith("Test") for p in parts[:-1])


def _imported_helpers(
    path: Path, tree: ast.Module, helpers_of: dict[Path, dict[str, set[str]]]
) -> dict[str, set[str]]:
    """The rules cited by the helpers a file imports from another file of the tests
    (``from .board_helpers import illegal``, ``from strategies import yaml_text``), by the name
    they have here: a helper moved out to a shared module counts as it did in the same file."""
    found: dict[str, set[str]] = defaultdict(set)
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or node.module is None:
            continue
        base = TESTS if node.level == 0 else path.parents[node.level - 1]
        cited = helpers_of.get(base.joinpath(*node.module.split(".")).with_suffix(".py"), {})
        for alias in node.names:
            found[alias.asname or alias.name] |= cited.get(alias.name, set())
    return found


def _scan_tests(citations: Citations) -> None:
    files: list[tuple[Path, str, ast.Module, list[Scope]]] = []
    helpers_of: dict[Path, dict[str, set[str]]] = {}
    for path in python_files(TESTS):
        rel = _relative(path)
        text = path.read_text(encoding="utf-8")
        if rel in NOT_TESTING:
            continue
        tree = ast.parse(text)
        defined = scopes(tree)
        tests = [s for s in defined if _is_test(s, rel)]
        helpers = {s.qualname: s for s in defined if "." not in s.qualname and not _is_test(s, rel)}
        line = line_of(text)
        by_helper: dict[str, set[str]] = defaultdict(set)
        for offset, rule_id in cited_ids(text):
            citations.everywhere[rule_id].add(rel)
            at = line(offset)
            owner = next((t for t in tests if t.start <= at <= t.end), None)
            if owner is not None:
                citations.tests[rule_id].add((rel, owner.qualname))
                continue
            top = outermost([s for s in defined if "." not in s.qualname], at)
            if top is not None and top.qualname in helpers:
                by_helper[top.qualname].add(rule_id)
        helpers_of[path] = by_helper
        files.append((path, rel, tree, tests))
    # A second pass: the helpers of every file are known before the tests that import them.
    for path, rel, tree, tests in files:
        by_helper = defaultdict(set, helpers_of[path])
        for name, rule_ids in _imported_helpers(path, tree, helpers_of).items():
            by_helper[name] |= rule_ids
        for test in tests:
            for rule_id in named_ids(test.qualname.rsplit(".", 1)[-1]):
                citations.tests[rule_id].add((rel, test.qualname))
                citations.everywhere[rule_id].add(rel)
            # Rules cited by module-level data or helpers the test uses (a parametrize
            # list, a table of expected values, a fixture of the same file or of a helper
            # module it imports).
            used = {n.id for n in ast.walk(test.node) if isinstance(n, ast.Name)}
            if isinstance(test.node, ast.FunctionDef | ast.AsyncFunctionDef):
                used |= {a.arg for a in test.node.args.args}
            for name in sorted(used & set(by_helper)):
                for rule_id in by_helper[name]:
                    citations.tests[rule_id].add((rel, test.qualname))


def _play_events(games: int) -> dict[str, set[str]]:
    """``rule -> event kinds`` seen in ``games`` random solo games (seeds 0..games-1), VS and Crest games."""
    found: dict[str, set[str]] = defaultdict(set)
    cards = ct.load_cardset()
    for seed in range(games):
        start = ct.new_game(cards, seed=seed, max_actions=MAX_ACTIONS)
        states = [start, *(state for _action, state in play(start, RandomAgent(seed)))]
        for state in states:
            for event in state.events:
                found[event.rule].add(event.kind)
    for seed in range(VS_GAMES if games else 0):
        players = 2 + seed % 4
        vs_start = ct.new_game(cards, mode="vs", players=players, seed=seed, extra_rule=seed % 8 >= 4)
        agents = [SimpleVsAgent(seed * 10 + p) for p in range(players)]
        for vs_state in [vs_start, *(state for _action, state in play_game(vs_start, agents))]:
            for event in vs_state.events:
                found[event.rule].add(event.kind)
    crest = ct.load_cardset(game="crest")
    for seed in range(CREST_GAMES if games else 0):
        crest_state = ct.new_game(crest, players=2 + seed % 5, seed=seed, max_actions=400)
        for event in crest_state.events:
            found[event.rule].add(event.kind)
        agent = CrestRandomAgent(seed)
        while not ct.is_terminal(crest_state):
            crest_state = ct.apply(crest_state, agent.choose_in(crest_state))  # a referee's script
            for event in crest_state.events:
                found[event.rule].add(event.kind)
    return found


class Traceability(NamedTuple):
    citations: Citations
    played: dict[str, set[str]]

    def through(self, rule_id: str, found: dict[str, Any]) -> list[str]:
        """The sub-clauses that stand for a clause with no citation of its own: all of them must be cited.

        A clause such as ``TOC-NORMAL-09`` ("the five normal items are as follows") only
        introduces its items; the code and tests cite the items.
        """
        items = subclauses(rule_id)
        if found.get(rule_id) or not items or not all(found.get(i) for i in items):
            return []
        return items

    def has_code(self, rule_id: str) -> bool:
        return bool(self.citations.code.get(rule_id) or self.through(rule_id, self.citations.code))

    def has_tests(self, rule_id: str) -> bool:
        return bool(self.citations.tests.get(rule_id) or self.through(rule_id, self.citations.tests))

    def events(self, rule_id: str) -> dict[str, list[str]]:
        """Event kind -> where it was found (``source``, ``play``)."""
        kinds: dict[str, list[str]] = {}
        for kind in sorted(
            self.citations.static_events.get(rule_id, set()) | self.played.get(rule_id, set())
        ):
            kinds[kind] = [
                where
                for where, found in (("source", self.citations.static_events), ("play", self.played))
                if kind in found.get(rule_id, set())
            ]
        return kinds

    def unknown(self) -> dict[str, list[str]]:
        """Rule IDs cited in src or tests, or emitted by the engine, that the registry lacks."""
        known = known_ids()
        cited = {k: set(v) for k, v in self.citations.everywhere.items()}
        for rule_id in self.played:
            cited.setdefault(rule_id, set()).add("events of the random games")
        return {k: sorted(v) for k, v in sorted(cited.items()) if k not in known}


def trace(games: int = GAMES) -> Traceability:
    """Scan the source and the tests, and play ``games`` random games."""
    citations = Citations(defaultdict(set), defaultdict(set), defaultdict(set), defaultdict(set))
    _scan_source(citations)
    _scan_tests(citations)
    return Traceability(citations, _play_events(games))
