"""The lab runs every registered game from the registry alone (issue 25 item 8): the toy game of
tests/toygame, which chaos_tower never names, is played, reported on and compared by `chaos-tower lab`
with no code outside tests/toygame (its spec gives no facts tracker, so its rows keep no card facts)."""

from __future__ import annotations

import ast
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from chaos_tower import registry
from chaos_tower.app.cli import main
from chaos_tower.lab.results import read_games, read_record
from toygame.spec import SPEC

LAB = Path(__file__).resolve().parents[2] / "src" / "chaos_tower" / "lab"


@pytest.fixture
def toy() -> Iterator[None]:
    registry.register_game(SPEC)
    try:
        yield
    finally:
        registry.unregister_game("toy")


def test_lab_run_report_and_compare_play_the_toy_game(
    toy: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`lab run --game toy` (its one mode, its fewest players, its built-in set), `lab report` (text and
    HTML, the set's name in the title) and `lab compare` of the run with itself."""
    out = tmp_path / "toy"
    args = ["lab", "run", "--game", "toy", "--out", str(out), "-n", "40", "--workers", "0", "--quiet"]
    assert main(args) == 0
    record = read_record(out)
    assert record["spec"]["game"] == "toy" and record["spec"]["mode"] == "duel"
    assert record["spec"]["players"] == 2 and record["cards"]["names"]["five"] == "Five"
    games = read_games(out).to_pydict()
    assert len(games["game"]) == 40 and {len(r) for r in games["results"]} == {2}
    assert set(games["cause"]) <= {"all-played", "max-actions"}
    assert all(json.loads(o)["players"] == 2 for o in games["options"])
    capsys.readouterr()
    page = tmp_path / "toy.html"
    assert main(["lab", "report", str(out), "--html", str(page)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("High Card [") and "toy duel, 2 player(s)" in text
    assert "seat 0 (random) won" in text and "<h1>High Card [" in page.read_text(encoding="utf-8")
    assert main(["lab", "compare", str(out), str(out)]) == 0
    assert "40 paired games" in capsys.readouterr().out


def test_lab_run_names_the_registered_games_for_an_unknown_one(
    toy: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lab", "run", "--game", "chess", "--out", str(tmp_path / "x"), "-n", "1", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "not 'chess'" in err and "toy" in err and "tower" in err


def test_the_lab_names_no_game() -> None:
    """No game's or mode's name as a string in the lab's code (docstrings and comments aside): each
    game-specific part (facts, stand-ins, options, agents) comes from the registry."""
    names = {g.name for g in registry.games()} | {m.name for g in registry.games() for m in g.modes}
    names |= {m.rules.name for g in registry.games() for m in g.modes}
    found = []
    for path in sorted(LAB.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and id(node) not in docstrings and text in names:
                found.append(f"{path.name}: {node.value!r}")
    assert sorted(found) == sorted(KNOWN), found


KNOWN = [
    # The lab's own agent table: "simple", the VS one-step agent under its old lab name, until the
    # registry's per-mode agent table (issue 24 item 6, another helper's) carries a mode's own agents.
    "agents.py: 'tower-vs'",
    # A word of a message ("for solo games only"), not a mode looked up.
    "experiment.py: 'solo'",
    # The defaults of a spec built in Python with no game named (RunSpec(), CardSource.read(None)):
    # the first built-in game; the command lines default to the first registered game instead.
    "spec.py: 'tower'",
    "spec.py: 'tower'",
    "spec.py: 'solo'",
]
