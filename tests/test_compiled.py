"""The optional compiled build (``tools/compile.py``, ``chaos_tower.buildinfo``) plays the same games.

Issue 27 allows a compiled build only beside the pure-Python one, both run by CI, and asks a fast
path to be tested against the reference on at least 100,000 random positions per mode. The
compiled build is the same source compiled by mypyc, so the reference is the same checkout run
from its ``.py`` files (:mod:`purepython`): per registered mode, a digest of 100,000 random
actions (25,000 for the player counts between the fewest and the most) of legal lists, saves,
events, outcomes and every tenth position's world (``bench/bench_worker.trace``) must be the
same in both; and the agents, whose search compiles too, choose the same actions. Those tests
are marked ``compiled`` (left out by default, like ``slow``); CI builds the compiled tree and
runs them with the rules' own suites (.ci/run). The tests without the mark hold in either build.
"""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from chaos_tower.buildinfo import COMPILABLE, compiled
from chaos_tower.integrations import MODES
from purepython import run_pure
from toolmodule import BENCH, load_bench, load_tool

_TRACE = f"""
import sys
sys.path.insert(0, {str(BENCH)!r})
import bench_worker
for mode in sys.argv[2:]:
    print(mode, bench_worker.trace(mode, int(sys.argv[1])))
"""
"""Prints each mode's digest of the given number of random actions."""

_CHOICES = f"""
import sys
sys.path.insert(0, {str(BENCH)!r})
import bench_worker
from chaos_tower.agents import decide, make_agent
for mode in sys.argv[1:]:
    states = bench_worker.positions(mode)
    agents = (("heuristic", {{}}), ("mcts", {{"simulations": 60}}), ("rollout", {{"simulations": 24}}))
    for name, params in agents:
        chosen = [decide(make_agent(name, 0, seed, **params), s) for seed, s in enumerate(states)]
        print(mode, name, repr(chosen))
"""
"""Prints each agent's choices in a few positions of each mode (the benchmark's search positions)."""

POSITIONS = 100_000
"""Random positions per mode in the compiled build's comparison (issue 27: at least 100,000), for
the five modes the benchmark and the differential tests measure (one per game and the fewest and
most players of each)."""

BETWEEN = 25_000
"""Random positions for the player counts between those (VS 3 and 4, Crest 3 to 5 and the teams):
the same code as their neighbours with another number of seats, at a quarter of the cost, so
that CI stays well under 30 minutes."""

MEASURED: tuple[str, ...] = load_bench("bench_search").MODES
"""The five modes the benchmarks measure, from their own list."""


def _digests(actions: int, modes: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """Each mode's digest in this process (the installed build) and in a pure-Python process."""
    here = {mode: load_bench("bench_worker").trace(mode, actions) for mode in modes}
    pure = dict(line.split() for line in run_pure(_TRACE, str(actions), *modes).splitlines())
    return here, pure


def test_the_pure_runner_imports_every_compilable_module_from_its_source() -> None:
    """The reference of the comparison is really pure Python, whichever build is installed."""
    out = run_pure(
        "import importlib\n"
        "from chaos_tower.buildinfo import COMPILABLE, compiled\n"
        "print(len(compiled()))\n"
        "for name in COMPILABLE:\n"
        "    print(importlib.import_module(name).__file__)\n"
    )
    count, *files = out.splitlines()
    assert count == "0"
    assert len(files) == len(COMPILABLE)
    assert all(f.endswith(".py") for f in files)


def test_TOC_PLAY_D_CRD_WIELD_B_both_builds_play_the_same_short_games() -> None:
    """TOC-PLAY-D, CRD-WIELD-B: a few hundred random actions per game, alike in this build and pure
    Python (the same in a pure checkout; a first comparison in a compiled one)."""
    here, pure = _digests(300, ["chaos_tower_solo", "chaos_tower_vs2", "crest_duel_2", "crest_duel_6_teams"])
    assert here == pure


def test_compile_tool_lists_what_buildinfo_reports() -> None:
    """``tools/compile.py --status`` counts the extension files that make ``compiled()``."""
    tool = load_tool("compile")
    found = compiled()
    assert set(found) <= set(COMPILABLE)
    assert tuple(tool.compilable()) == COMPILABLE
    # One file per compiled module, and mypyc's one shared library beside them.
    assert len(tool.built()) == (len(found) + 1 if found else 0)
    for name in found:
        assert not str(importlib.import_module(name).__file__).endswith(".py")


def test_the_modes_compared_at_full_length_are_registered_modes() -> None:
    """A renamed mode would fall back to the shorter comparison silently: each named one exists."""
    names = [m.name for m in MODES]
    assert len(MEASURED) == 5
    assert set(MEASURED) <= set(names)
    assert len(names) > len(MEASURED)


@pytest.mark.compiled
def test_the_compiled_build_is_installed() -> None:
    """The compiled tests run on the compiled build: every module of COMPILABLE is an extension."""
    assert compiled() == COMPILABLE


@pytest.mark.compiled
def test_the_agents_choose_alike_in_both_builds() -> None:
    """The heuristic, MCTS (prior, heuristic playouts) and rollout agents, whose search and solo
    players compile (agents.tree, tower.solo.agents), choose the same actions in eight positions
    of each measured mode compiled and in pure Python, from the same seeds."""
    assert compiled() == COMPILABLE
    modes = ["chaos_tower_solo", "chaos_tower_vs2", "crest_duel_2"]
    pure = run_pure(_CHOICES, *modes).splitlines()
    here = subprocess.run(
        [sys.executable, "-c", _CHOICES, *modes], capture_output=True, text=True, timeout=900, check=True
    )
    assert len(pure) == 9
    assert here.stdout.splitlines() == pure


@pytest.mark.compiled
@pytest.mark.parametrize("mode", [m.name for m in MODES])
def test_TOC_PLAY_D_CRD_WIELD_B_the_compiled_build_plays_as_pure_python(mode: str) -> None:
    """TOC-PLAY-D, CRD-WIELD-B: 100,000 random positions of the mode (25,000 for the player counts
    between) give the same legal lists, saves, events, outcomes and worlds compiled and in pure
    Python (issue 27)."""
    assert compiled() == COMPILABLE
    here, pure = _digests(POSITIONS if mode in MEASURED else BETWEEN, [mode])
    assert here == pure
