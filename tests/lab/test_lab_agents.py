"""The lab plays the whole agent ladder of the library, with parameters, and each mode's options."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chaos_tower import lab
from chaos_tower.app.cli import main
from chaos_tower.lab.agents import parse_agent
from chaos_tower.lab.results import read_games, read_record
from chaos_tower.lab.runner import run


def test_every_agent_of_the_library_plays_every_game_in_a_run(tmp_path: Path) -> None:
    """heuristic and mcts (with a small budget) come from chaos_tower.agents: no lab table to extend."""
    games = [("tower", "solo", 1), ("tower", "vs", 2), ("crest", "duel", 2)]
    for index, (game, mode, players) in enumerate(games):
        agents = ("heuristic", "mcts:simulations=3") if players == 2 else ("mcts:simulations=3",)
        spec = lab.RunSpec(game=game, mode=mode, players=players, agents=agents, games=2, max_actions=60)
        run(spec, tmp_path / str(index), workers=0)
        rows = read_games(tmp_path / str(index))
        assert rows.num_rows == 2
        assert read_record(tmp_path / str(index))["spec"]["agents"] == list(spec.agents)


def test_agent_parameters_are_read_and_wrong_ones_refused_before_any_game(tmp_path: Path) -> None:
    assert parse_agent("mcts:simulations=50,exploration=1.5") == (
        "mcts",
        (("simulations", 50), ("exploration", 1.5)),
    )
    assert parse_agent("random") == ("random", ())
    with pytest.raises(lab.LabError, match="no parameter depth"):
        lab.RunSpec(agents=("mcts:depth=3",)).check()
    with pytest.raises(lab.LabError, match="KEY=VALUE"):
        lab.RunSpec(agents=("mcts:simulations",)).check()
    with pytest.raises(lab.LabError, match="no agent 'nobody'"):
        lab.RunSpec(agents=("nobody",)).check()
    assert not (tmp_path / "x").exists()


def test_TOC_VS2_027_a_reading_is_a_run_option_and_runs_compare_across_readings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TOC-VS2-027: who adjusts after a draw, set per run; two readings compare on the same seeds."""
    base = ["lab", "run", "--mode", "vs", "--players", "2", "--agent", "simple", "-n", "30", "--workers", "0"]
    assert main([*base, "--out", str(tmp_path / "drawer"), "--quiet"]) == 0
    assert main([*base, "--out", str(tmp_path / "all"), "--quiet", "--option", "adjust_after_draw=all"]) == 0
    record = read_record(tmp_path / "all")
    assert record["spec"]["readings"] == [["adjust_after_draw", "all"]]
    drawer, every = read_games(tmp_path / "drawer"), read_games(tmp_path / "all")
    assert drawer.column("seed").to_pylist() == every.column("seed").to_pylist()
    assert drawer.column("length").to_pylist() != every.column("length").to_pylist()  # the rule matters
    capsys.readouterr()
    assert main(["lab", "compare", str(tmp_path / "drawer"), str(tmp_path / "all")]) == 0
    assert "30" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("adjust_after_draw=sometimes", "adjust_after_draw"),
        ("own_attribute_bluff=3", "own_attribute_bluff"),
        ("players=3", "no option 'players'"),
        ("colour=red", "no option 'colour'"),
        ("nothing", "NAME=VALUE"),
    ],
)
def test_bad_run_options_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, message: str
) -> None:
    args = ["lab", "run", "--mode", "vs", "--players", "2", "-n", "2", "--out", str(tmp_path / "r")]
    assert main([*args, "--option", option]) == 1
    assert message in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


def test_a_spec_with_readings_survives_its_record() -> None:
    spec = lab.RunSpec(mode="vs", players=2, readings=(("declare_when", "any_time"),)).check()
    assert lab.RunSpec.from_json(json.loads(json.dumps(spec.as_json()))) == spec


@pytest.mark.parametrize(
    ("agent", "named"),
    [
        ("mcts:seconds=nan", "seconds"),
        ("mcts:simulations=true", "simulations"),
        ("mcts:simulations=lots", "simulations"),
        ("mcts:simulations=inf", "simulations"),
        ("mcts:depth=2", "depth"),
        ("mcts:simulations=2,simulations=3", "simulations is given twice"),
        ("mcts:simulations=2,seconds=0.1", "one budget"),
        ("heuristic:top=1.5", "top"),
    ],
)
def test_agent_parameters_are_checked_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: str, named: str
) -> None:
    """Issue 22 item 13: refused with the parameter's name; nothing is written."""
    assert (
        main(["lab", "run", "--out", str(tmp_path / "r"), "-n", "2", "--workers", "0", "--agent", agent]) == 1
    )
    assert named in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("flag", [["--workers", "-1"], ["--games", "-3"], ["--chunk", "0"], ["-n", "1e9"]])
def test_a_negative_count_is_a_usage_error(tmp_path: Path, flag: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["lab", "run", "--out", str(tmp_path / "r"), *flag])
    assert stop.value.code == 2
    assert not (tmp_path / "r").exists()


def test_a_lab_agent_takes_a_thinking_time(tmp_path: Path) -> None:
    """Issue 24 item 7: ``lab run --agent mcts:seconds=0.1``."""
    out = tmp_path / "timed"
    assert (
        main(
            [
                "lab",
                "run",
                "--out",
                str(out),
                "-n",
                "1",
                "--workers",
                "0",
                "--quiet",
                "--game",
                "crest",
                "--max-actions",
                "6",
                "--agent",
                "mcts:seconds=0.1",
            ]
        )
        == 0
    )
    assert read_games(out).num_rows == 1
