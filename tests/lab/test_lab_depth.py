"""Skill depth (issue 25 item 2): a stronger agent's gain over a weaker one, seats swapped, same seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chaos_tower.app.cli import main
from chaos_tower.lab.depth import depth
from chaos_tower.lab.failure import LabError
from chaos_tower.lab.spec import CardSource, RunSpec

VS = RunSpec(mode="vs", players=2, max_actions=600)


def test_heuristic_against_random_gains_with_an_interval_above_zero() -> None:
    found = depth(VS, CardSource(game="tower"), "heuristic", "random", games=30)
    assert found.seeds == 30 and len(found.per_seat) == 2
    assert found.low > 0, found.text()  # skill matters in VS: the heuristic beats random
    assert found.strong_mean > found.weak_mean
    assert found.gain == pytest.approx(found.strong_mean - found.weak_mean)
    assert "skill matters" in found.text()


def test_an_a_a_run_holds_zero() -> None:
    """The same agent as strong and weak: with its own random numbers the strong side is no better.
    Over five master seeds the 95 % intervals hold 0 (at least four of five), and the gains centre on 0."""
    tower = CardSource(game="tower")
    runs = [
        depth(RunSpec(mode="vs", players=2, seed=seed), tower, "random", "random", games=40)
        for seed in range(5)
    ]
    # the strong side draws its own random numbers: its games differ (no zero-width interval by design)
    assert all(r.high - r.low > 0.05 for r in runs)
    holding = [r.low <= 0 <= r.high for r in runs]
    assert sum(holding) >= 4, [r.text() for r in runs]
    assert abs(sum(r.gain for r in runs) / len(runs)) < 0.08


def test_solo_depth_on_the_floor_and_on_wins() -> None:
    solo = RunSpec(max_actions=600)
    floors = depth(solo, CardSource(game="tower"), "heuristic", "random", games=20, metric="floor")
    assert floors.low > 0 and floors.per_seat[0][0] == pytest.approx(floors.gain)
    wins = depth(solo, CardSource(game="tower"), "random", "random", games=20)
    assert wins.low <= 0 <= wins.high and "Newcombe" in wins.method
    with pytest.raises(LabError, match="floor"):
        depth(VS, CardSource(game="tower"), "heuristic", "random", games=5, metric="floor")
    with pytest.raises(LabError, match="no agent"):
        depth(VS, CardSource(game="tower"), "nobody", "random", games=5)


def test_lab_depth_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "depth.json"
    argv = ["lab", "depth", "--strong", "greedy", "--weak", "random", "--game", "crest", "-n", "6"]
    assert main([*argv, "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "skill depth: greedy (strong) against random (weak), crest" in text and "gain:" in text
    data = json.loads(out.read_text())
    assert data["seeds"] == 6 and data["low"] <= data["gain"] <= data["high"]
    assert main(["lab", "depth", "--strong", "greedy", "--weak", "random", "-n", "1"]) == 1
    assert "2 game seeds" in capsys.readouterr().err


def test_depth_is_the_same_in_worker_processes() -> None:
    """Every game's seeds derive from the master seed and the game's number: two workers give the
    same figures as this process."""
    here = depth(VS, CardSource(game="tower"), "heuristic", "random", games=8)
    spread = depth(VS, CardSource(game="tower"), "heuristic", "random", games=8, workers=2)
    assert spread.as_json() == here.as_json()
