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


def test_lab_metrics_and_depth_play_the_toy_game(
    toy: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`lab metrics` of a toy run: the seats' figures from the outcomes, the first seat the one to act
    first (the toy's tracker is the base, which reads no "who begins"), and the figures the base keeps
    nothing for (turns, the race between seats, bluffs) left out or said not defined; `lab depth
    --game toy` plays its seeds."""
    out = tmp_path / "toy"
    assert (
        main(["lab", "run", "--game", "toy", "--out", str(out), "-n", "40", "--workers", "0", "--quiet"]) == 0
    )
    games = read_games(out).to_pydict()
    assert set(games["first"]) == {0} and set(games["turns"]) == {None} and set(games["bluffs"]) == {None}
    capsys.readouterr()
    assert main(["lab", "metrics", str(out), "--json", str(tmp_path / "m.json")]) == 0
    text = capsys.readouterr().out
    assert "toy duel, 2 player(s)" in text and "seat 1 won, of the decided games" in text
    assert "first-player advantage, decided games" in text
    assert "lead changes, decisiveness" in text and "not defined (no race score kept" in text
    found = {row["key"]: row for row in json.loads((tmp_path / "m.json").read_text())["rows"]}
    assert found["games"]["value"] == 40 and found["first_decided"]["of"] == found["won"]["count"]
    assert "length_turns" not in found and "bluffs" not in found and "named_win" not in found
    assert found["lead_changes"]["kind"] == "none"
    args = ["lab", "depth", "--game", "toy", "--strong", "random", "--weak", "random", "-n", "6"]
    assert main(args) == 0
    assert "skill depth: random (strong) against random (weak), toy, 2 player(s), 6 game seeds" in (
        capsys.readouterr().out
    )


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


KNOWN: list[str] = []
"""None left: RunSpec and CardSource.read default to the registry's default game and its first mode,
and the metric's message says "one-player" (tests/test_architecture.py scans the whole package too)."""
