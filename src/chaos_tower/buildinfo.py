"""Which build of the rules is running: pure Python (the default) or the optional compiled one.

``python tools/compile.py`` compiles the modules of :data:`COMPILABLE` with mypyc into
extension modules beside their sources (issue 27: "a compiled build ... as an optional extra,
with the pure-Python path still the default"). Python imports an extension module before a
source file of the same name, so a checkout with them runs compiled; ``python tools/compile.py
--clean`` removes them. The two builds are one set of rules, from one source:
``tests/test_compiled.py`` checks that both play the same games (legal lists, saves, events,
outcomes and worlds) in every registered mode.

>>> set(compiled()) <= set(COMPILABLE)
True
"""

from __future__ import annotations

import importlib.machinery
import importlib.util

__all__ = ["COMPILABLE", "compiled", "describe"]

COMPILABLE: tuple[str, ...] = (
    # The search (MCTS) and the solo game's agents it leans on.
    "chaos_tower.agents.tree",
    "chaos_tower.tower.solo.agents.deadend",
    "chaos_tower.tower.solo.agents.greedy",
    "chaos_tower.tower.solo.agents.heuristic",
    "chaos_tower.tower.solo.agents.kit",
    # Crest Duel: listing and resolving the actions, the deal and the worlds, and the leaf value.
    "chaos_tower.crest.agents",
    "chaos_tower.crest.beast",
    "chaos_tower.crest.change",
    "chaos_tower.crest.death",
    "chaos_tower.crest.determinize",
    "chaos_tower.crest.effects",
    "chaos_tower.crest.engine",
    "chaos_tower.crest.knowledge",
    "chaos_tower.crest.players",
    "chaos_tower.crest.reach",
    "chaos_tower.crest.start",
    "chaos_tower.crest.wield",
    # The shared step and the shuffles.
    "chaos_tower.kernel.rng",
    "chaos_tower.kernel.transition",
    # Tower of CHAOS, solo.
    "chaos_tower.tower.solo.board",
    "chaos_tower.tower.solo.change",
    "chaos_tower.tower.solo.determinize",
    "chaos_tower.tower.solo.effects",
    "chaos_tower.tower.solo.engine",
    "chaos_tower.tower.solo.items",
    "chaos_tower.tower.solo.movegen",
    "chaos_tower.tower.solo.moves",
    "chaos_tower.tower.solo.over",
    "chaos_tower.tower.solo.placement",
    "chaos_tower.tower.solo.prep",
    "chaos_tower.tower.solo.progress",
    "chaos_tower.tower.solo.reset",
    "chaos_tower.tower.solo.steps",
    # Tower of CHAOS, VS.
    "chaos_tower.tower.vs.declare",
    "chaos_tower.tower.vs.determinize",
    "chaos_tower.tower.vs.end",
    "chaos_tower.tower.vs.knowledge",
    "chaos_tower.tower.vs.listing",
    "chaos_tower.tower.vs.rules",
    "chaos_tower.tower.vs.start",
    "chaos_tower.tower.vs.turn",
)
"""The modules the compiled build compiles: the rules' hot paths, the solo and Crest working
copies among them, the search's inner loop (``agents.tree``, not the agent class, whose
constructor answers a user's wrong value with its own error) and the solo players it leans on.
Each is plain typed code (no ``__slots__``, ``__getattr__`` or ``exec`` tricks, which mypyc
refuses); the modules that hold such tricks (the frozen states and their fillers,
``crest/fill.py`` and ``tower/solo/fill.py``, the records, VS's draft) stay Python in both
builds. A compiled function checks its arguments' declared types on entry: called directly with
a value of another type (``HeuristicAgent(top=1.5)``), it raises :class:`TypeError` where pure
Python reaches the function's own check (``HeuristicParameterError``); through
``chaos_tower.agents.make_agent`` or the command line both builds refuse it alike."""


def compiled() -> tuple[str, ...]:
    """The modules of :data:`COMPILABLE` that this installation imports as compiled extension
    modules (by the file each would be imported from); ``()`` for the pure-Python build."""
    found = []
    for name in COMPILABLE:
        spec = importlib.util.find_spec(name)
        if spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader):
            found.append(name)
    return tuple(found)


def describe() -> str:
    """One line for a benchmark's output: ``pure Python`` or ``compiled (mypyc): N of M modules``."""
    found = compiled()
    return f"compiled (mypyc): {len(found)} of {len(COMPILABLE)} modules" if found else "pure Python"
