"""Golden games: whole recorded games, in every mode, must play out exactly as they did.

Each file under ``tests/data/golden/`` is a replay (``schemas/replay.schema.json``)
written by ``tools/make_goldens.py`` from its one table of games: the card set,
the options and seed, every action as text, and per step the hash of the save
and the events (``[rule ID] text``), then the outcome, with notes in ``about``
(the case, its agents, what it shows). The tests below check that each file is
a replay that ``chaos-tower replay --verify`` accepts, that replaying it gives
back every hash, every event and the outcome, and that the generator still
writes it byte for byte: a change of behaviour fails, naming the first step
that differs. When the rules change on purpose, regenerate with
``python tools/make_goldens.py`` and read the diff.
"""

from __future__ import annotations

import difflib
import itertools
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.app.cli import main
from toolmodule import load_tool

REPO = Path(__file__).resolve().parents[1]
GOLDEN = REPO / "tests" / "data" / "golden"
FILES = sorted(GOLDEN.rglob("*.json"))
IDS = [p.relative_to(GOLDEN).with_suffix("").as_posix() for p in FILES]
REGENERATE = "if the change is meant, regenerate with: python tools/make_goldens.py"


def generator() -> ModuleType:
    """tools/make_goldens.py, imported from its path (tools/ is not a package)."""
    return load_tool("make_goldens")


def cards_of(recorded: replay.Replay) -> Any:
    return ct.load_cardset(game="crest" if recorded.game == "crest" else "tower")


@cache
def played(path: Path) -> tuple[replay.Replay, tuple[replay.Step, ...]]:
    """The file read as a replay, and every step of it replayed (checking hashes, events, outcome)."""
    recorded = replay.load(path)
    return recorded, tuple(replay.steps(recorded, cards_of(recorded)))


def test_the_folder_holds_exactly_the_generators_games() -> None:
    """Every file is one of the table's games and every game of the table has its file: none stale."""
    table = {g.path for g in generator().GAMES}
    assert {p.relative_to(GOLDEN).as_posix() for p in FILES} == table, REGENERATE
    assert [p for p in GOLDEN.rglob("*") if p.is_file() and p.suffix != ".json"] == []


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_golden_file_follows_the_replay_schema(path: Path) -> None:
    schema = json.loads((REPO / "schemas" / "replay.schema.json").read_text(encoding="utf-8"))
    data = json.loads(path.read_text(encoding="utf-8"))
    found = Draft202012Validator(schema).iter_errors(data)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in found]
    assert errors == []
    # what the golden tests rely on is there: hashes, events and the outcome of a finished game
    assert {"hashes", "events", "outcome", "about"} <= set(data)
    assert data["about"]["case"] == path.stem and data["about"]["made_by"] == "tools/make_goldens.py"


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_golden_replay_reproduces_every_step_and_the_outcome(path: Path) -> None:
    recorded, steps = played(path)
    assert recorded.actions, "a golden game has at least one action"
    assert recorded.hashes is not None and recorded.events is not None and recorded.outcome is not None
    assert [replay.state_hash(s.state) for s in steps[1:]] == list(recorded.hashes)
    assert [tuple(str(e) for e in s.state.events) for s in steps[1:]] == list(recorded.events)
    final = steps[-1].state
    result = ct.outcome(final)
    assert result is not None and ct.is_terminal(final) and ct.legal_actions(final) == ()
    assert dict(recorded.outcome) == {"cause": result.cause, "rule": result.rule, **dict(recorded.outcome)}
    assert (result.cause, result.rule) == (dict(recorded.outcome)["cause"], dict(recorded.outcome)["rule"])
    # every event names its rule
    assert all(e.startswith("[") and "] " in e for step in recorded.events for e in step)


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_golden_file_verifies_with_the_replay_command(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recorded, _ = played(path)
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: valid replay of {recorded.game}, {len(recorded.actions)} actions, "
                          "every state hash matches; ")


def test_golden_files_verify_through_the_installed_command_line() -> None:
    """The real CLI, in a subprocess, on one golden game of each card game."""
    names = ("greedy-won.json", "vs/3p-mixed.json", "crest/duel-4-teams-greedy.json")
    chosen = [GOLDEN / name for name in names]
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    for path in chosen:
        run = subprocess.run(
            [sys.executable, "-m", "chaos_tower", "replay", str(path), "--verify"],
            capture_output=True, text=True, encoding="utf-8", timeout=120, check=False, env=env,
        )
        assert run.returncode == 0, run.stderr
        assert "every state hash matches" in run.stdout
    lines = run.stdout.splitlines()  # the Crest game: the cause, then one line per seat
    assert lines[0].endswith("; ended by last-standing (CRD-DEATH-C)")
    assert lines[1:] == ["  player 0: won", "  player 1: lost", "  player 2: won", "  player 3: lost"]


@pytest.mark.parametrize("golden", generator().GAMES, ids=lambda g: g.path.removesuffix(".json"))
def test_golden_file_is_what_the_generator_writes(golden: Any) -> None:
    path = GOLDEN / golden.path
    text = generator().golden_text(golden)
    old = path.read_text(encoding="utf-8")
    if text != old:
        where = generator().first_difference(old, text)
        diff = "".join(list(difflib.unified_diff(
            old.splitlines(True), text.splitlines(True), str(path), "tools/make_goldens.py", n=2))[:40])
        pytest.fail(f"{golden.path}: {where}. {REGENERATE}\n{diff}")


def test_a_drifted_golden_names_its_first_differing_step() -> None:
    """The failure message of the test above: the first step whose action, events or hash differ."""
    path = GOLDEN / "greedy-climb.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hashes"][6] = "0" * 64
    data["events"][6] = ["something else"]
    where = generator().first_difference(json.dumps(data), path.read_text(encoding="utf-8"))
    assert where.startswith("step 7 differs: recorded ")
    assert "something else" in where
    assert generator().first_difference("{}", "{}").startswith("the file is not a replay")


def _modes() -> set[tuple[str, int, bool]]:
    found = set()
    for path in FILES:
        recorded, _ = played(path)
        opts = recorded.options.as_dict()
        found.add((recorded.game, opts.get("players") or 1, bool(opts.get("teams"))))
    return found


def test_goldens_cover_every_mode() -> None:
    """Solo, VS with 2 to 5 players, Crest Duel with 2 to 6 (with and without teams at 4 and 6)."""
    wanted = {("tower-solo", 1, False)}
    wanted |= {("tower-vs", n, False) for n in range(2, 6)}
    wanted |= {("crest", n, False) for n in range(2, 7)} | {("crest", 4, True), ("crest", 6, True)}
    assert _modes() >= wanted, f"no golden game of {wanted - _modes()}"


def test_TOC_VS2_027_both_readings_of_who_adjusts_have_golden_games() -> None:
    """TOC-VS2-027 / TOC-VS3-047: the default (the drawer adjusts) and the option adjust_after_draw="all";
    and games with and without the extra rule (TOC-VS2-032 / TOC-VS3-052)."""
    vs = [played(p)[0].options.as_dict() for p in FILES if played(p)[0].game == "tower-vs"]
    assert {o["adjust_after_draw"] for o in vs} == {"drawer", "all"}
    assert {o["extra_rule"] for o in vs} == {True, False}


def _shows(path: Path) -> set[str]:
    """What a golden game shows, found by replaying its file (not read from its notes)."""
    _, steps = played(path)
    actions = tuple(ct.parse_action(b.state, a.action or "") for b, a in itertools.pairwise(steps))
    game = generator().Game(tuple(s.state for s in steps), actions)
    found: set[str] = generator().shows(game)
    return found


def test_goldens_cover_the_causes_of_ending() -> None:
    """Together the games end by every cause each game has (TOC-OVER-01; TOC-STEP-11E: Rebright
    brought down; TOC-VS2-031 / TOC-VS3-051: the VS endings; CRD-DEATH-C: last standing, or cut short), and
    the solo games fall into ZAP and leave it by a step, reach floor 3, and set an item in a slot
    and use it. The solo ending ``no-action`` is left out: no agent game reaches it (none of the
    random and careful games of seeds 0-299 did)."""
    wanted = {
        "tower-solo": {"life-zero", "left-floor", "max-actions", "rebright-fell",
                       "zap-round-trip", "floor-3", "slot-item", "rebright"},
        "tower-vs": {"deck-out", "counters-zero", "named", "last-in", "max-actions"},
        "crest": {"last-standing", "max-actions"},
    }
    found: dict[str, set[str]] = {game: set() for game in wanted}
    for path in FILES:
        recorded, _ = played(path)
        shows = _shows(path)
        assert set(dict(recorded.about)["shows"]) <= shows, f"{path.name} no longer shows what it says"
        found[recorded.game] |= shows
    for game, causes in wanted.items():
        assert causes <= found[game], f"no {game} golden game shows {causes - found[game]}"
