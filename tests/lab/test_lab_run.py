"""The lab's runs: rows per game, the same whatever the workers, resumable, with a run record (issue 15)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from chaos_tower import lab
from chaos_tower.app.cli import main
from chaos_tower.lab.results import SCHEMA, read_games, read_record
from chaos_tower.lab.runner import run

REPO = Path(__file__).resolve().parents[2]


def test_the_same_rows_with_one_or_two_workers(tmp_path: Path) -> None:
    """Seeds derive from the master seed and the game's number: the workers and chunks change nothing."""
    spec = lab.RunSpec(games=120, seed=5)
    run(spec, tmp_path / "one", workers=0, chunk=7)
    run(spec, tmp_path / "two", workers=2, chunk=25)
    one, two = read_games(tmp_path / "one"), read_games(tmp_path / "two")
    assert one.num_rows == 120
    assert one.equals(two)
    assert one.column("game").to_pylist() == list(range(120))
    assert len(set(one.column("seed").to_pylist())) == 120


def test_resume_after_an_interruption_gives_the_rows_of_an_uninterrupted_run(tmp_path: Path) -> None:
    """A KeyboardInterrupt keeps the chunks played; the same call plays only the missing ones."""
    spec = lab.RunSpec(games=60, seed=2, mode="vs", players=3, agents=("simple",))
    calls = []

    def stop_after_two(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 3:  # the initial call, then one per finished chunk
            raise KeyboardInterrupt

    first = run(spec, tmp_path / "cut", workers=0, chunk=10, progress=stop_after_two)
    assert first.interrupted and first.games == 20
    assert read_record(tmp_path / "cut")["status"] == "incomplete"
    assert read_games(tmp_path / "cut").num_rows == 20
    second = run(spec, tmp_path / "cut", workers=0)
    assert not second.interrupted and second.played == 40 and second.games == 60
    run(spec, tmp_path / "whole", workers=0, chunk=10)
    assert read_games(tmp_path / "cut").equals(read_games(tmp_path / "whole"))
    record = read_record(tmp_path / "cut")
    assert record["status"] == "complete"
    assert [s["status"] for s in record["sessions"]] == ["interrupted", "complete"]


def test_ctrl_c_stops_the_command_cleanly_and_keeps_what_was_played(tmp_path: Path) -> None:
    """SIGINT to ``chaos-tower lab run``: exit 130, whole chunks kept, the record says so."""
    out = tmp_path / "run"
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [sys.executable, "-m", "chaos_tower", "lab", "run", "--out", str(out), "-n", "400000"]
    command += ["--workers", "2", "--chunk", "200", "--quiet"]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not list((out / "games").glob("part-*.parquet")) and time.monotonic() < deadline:
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert "interrupted" in err and "resume" in err
    kept = read_games(out)
    record = read_record(out)
    assert 0 < kept.num_rows < 400000
    assert record["games_done"] == kept.num_rows
    assert record["sessions"][-1]["status"] == "interrupted"
    assert not list((out / "games").glob("*.partial"))
    assert kept.column("game").to_pylist() == sorted(kept.column("game").to_pylist())


def test_rows_carry_the_listed_fields_and_card_facts_for_every_game() -> None:
    """Solo (TOC-OVER-01 causes), VS (TOC-VS3-045 first seat) and Crest (CRD-DEATH-A killing cards)."""
    from chaos_tower.lab.worker import play_game

    cards = lab.CardSource.read(None, "tower").load()
    crest = lab.CardSource.read(None, "crest").load()
    solo = [play_game(lab.RunSpec(agents=("greedy",)), cards, i) for i in range(8)]
    assert set(SCHEMA.names) == set(solo[0])
    assert {r["cause"] for r in solo} <= {
        "rebright-fell",
        "life-zero",
        "left-floor",
        "no-action",
        "max-actions",
    }
    assert all(r["floor"] >= 1 and r["placed"] and r["drawn"] for r in solo)
    assert any(r["fought"] for r in solo)
    dead = [r for r in solo if r["cause"] == "life-zero"]
    assert dead and all(len(r["killers"]) == 1 for r in dead)
    ids = {c.id for c in cards.all_cards()}
    for r in solo:
        for fact in ("drawn", "placed", "fought", "defeated", "held", "used", "killers"):
            assert set(r[fact]) <= ids, (fact, r[fact])
    vs = play_game(lab.RunSpec(mode="vs", players=3, agents=("simple",)), cards, 0)
    assert vs["first"] in (0, 1, 2) and vs["drawn"] and set(vs["drawn"]) <= ids
    assert len(vs["results"]) == len(vs["returns"]) == 3
    duel = play_game(lab.RunSpec(game="crest", mode="duel", players=2, agents=("greedy",)), crest, 0)
    crest_ids = {c.id for c in crest.all_cards()}
    assert set(duel["monsters"]) <= {m.id for m in crest.monsters} and len(duel["monsters"]) == 2
    assert duel["used"] and set(duel["used"]) <= crest_ids and set(duel["placed"]) <= crest_ids
    assert duel["killers"] and {c for blow in duel["killers"] for c in blow.split(" + ")} <= crest_ids
    assert duel["winners"] and duel["first"] in (0, 1)
    assert {entry.partition(":")[0] for entry in duel["seat_cards"]} == {"0", "1"}
    assert {entry.partition(":")[2] for entry in duel["seat_cards"]} <= crest_ids
    assert {entry.partition(":")[2] for entry in vs["seat_cards"]} <= ids and vs["seat_cards"]


def test_the_run_record_names_the_set_mode_agents_versions_and_command(tmp_path: Path) -> None:
    """run.json: card-set hash, mode, options, agents, versions, command."""
    spec = lab.RunSpec(games=10, seed=1)
    run(spec, tmp_path / "r", workers=0, command=["chaos-tower", "lab", "run"])
    record = json.loads((tmp_path / "r" / "run.json").read_text())
    assert record["spec"] == spec.as_json()
    assert len(record["cards"]["sha256"]) == 64
    assert record["versions"]["chaos_tower"] and record["versions"]["pyarrow"]
    assert record["sessions"][0]["command"] == ["chaos-tower", "lab", "run"]
    assert record["status"] == "complete" and record["games_done"] == 10


def test_a_changed_card_set_is_its_own_run_with_its_own_hash(tmp_path: Path) -> None:
    """A designer copies the built-in set, changes a card: another hash; the old directory refuses it."""
    copy = tmp_path / "tower"
    shutil.copytree(REPO / "carddata" / "tower", copy)
    rooms = next(p for p in copy.iterdir() if "room" in p.name)
    text = rooms.read_text(encoding="utf-8")
    rooms.write_text(text.replace("Root Cellar", "Deep Cellar", 1), encoding="utf-8")
    base, changed = lab.CardSource.read(None, "tower"), lab.CardSource.read(copy, "tower")
    assert base.sha256 != changed.sha256
    spec = lab.RunSpec(games=6)
    run(spec, tmp_path / "base", cards=base, workers=0)
    with pytest.raises(lab.LabError, match="another run"):
        run(spec, tmp_path / "base", cards=changed, workers=0)
    with pytest.raises(lab.LabError, match="another run"):
        run(lab.RunSpec(games=7), tmp_path / "base", workers=0)
    run(spec, tmp_path / "changed", cards=changed, workers=2)
    assert read_games(tmp_path / "changed").num_rows == 6


def test_bad_specs_and_paths_are_refused_before_any_game(tmp_path: Path) -> None:
    """Typed errors, nothing written."""
    for bad in (
        lab.RunSpec(game="chess"),
        lab.RunSpec(mode="vs", players=9),
        lab.RunSpec(agents=("simple",)),
        lab.RunSpec(mode="vs", players=3, agents=("simple", "random")),
        lab.RunSpec(games=-1),
        lab.RunSpec(teams=True),
    ):
        with pytest.raises(lab.LabError):
            run(bad, tmp_path / "x", workers=0)
    assert not (tmp_path / "x").exists()
    import chaos_tower as ct

    with pytest.raises(ct.CardSetError, match="no such"):  # validate's own message (issue 22 item 11)
        lab.CardSource.read(tmp_path / "missing")
    (tmp_path / "bad.yaml").write_text("header: {game: tower}\n", encoding="utf-8")

    with pytest.raises(ct.CardSetError):
        run(lab.RunSpec(games=1), tmp_path / "y", cards=lab.CardSource.read(tmp_path / "bad.yaml"), workers=0)
    assert not (tmp_path / "y").exists()
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(lab.LabError, match="not a lab results"):
        run(lab.RunSpec(games=1), tmp_path / "other", workers=0)


def test_the_agent_table_is_extended_by_one_registration() -> None:
    """Another agent (say MCTS) is one line; unknown names are refused with the ones that exist."""
    from chaos_tower.agents import RandomAgent

    lab.register_agent("lab-test-agent", "tower-solo", RandomAgent)
    try:
        assert lab.RunSpec(agents=("lab-test-agent",)).check()
        with pytest.raises(lab.LabError, match="greedy"):
            lab.make_agent("nobody", "tower-solo", 0)
        with pytest.raises(lab.LabError):
            lab.register_agent("x", "chess", RandomAgent)
    finally:
        del lab.AGENTS["lab-test-agent"]


def test_the_commands_run_report_and_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """chaos-tower lab run / report --html / compare, on the same seeds."""
    a, b = tmp_path / "a", tmp_path / "b"
    assert (
        main(
            [
                "lab",
                "run",
                "--out",
                str(a),
                "-n",
                "30",
                "--agent",
                "greedy",
                "--workers",
                "0",
                "--max-actions",
                "200",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "tower solo" in out and ": 30 games" in out and "won:" in out and "ended by:" in out
    argv = ["lab", "run", "--out", str(b), "-n", "30", "--agent", "random", "--workers", "0", "--quiet"]
    assert main([*argv, "--max-actions", "200"]) == 0
    capsys.readouterr()
    # Two agents on the same seeds are paired (issue 24 item 11): B's agent minus A's.
    assert main(["lab", "compare", str(a), str(b)]) == 0
    assert "30 paired games" in capsys.readouterr().out
    d = tmp_path / "d"
    argv = ["lab", "run", "--out", str(d), "-n", "5", "--seed", "1", "--max-actions", "200", "--quiet"]
    assert main([*argv, "--agent", "random", "--workers", "0"]) == 0
    capsys.readouterr()
    assert main(["lab", "compare", str(b), str(d)]) == 1
    assert "not paired: they differ in seed" in capsys.readouterr().err
    c = tmp_path / "c"
    assert (
        main(
            [
                "lab",
                "run",
                "--out",
                str(c),
                "-n",
                "20",
                "--agent",
                "greedy",
                "--workers",
                "0",
                "--max-actions",
                "200",
                "--quiet",
            ]
        )
        == 0
    )
    assert main(["lab", "report", str(a), "--html", str(tmp_path / "r.html")]) == 0
    assert (tmp_path / "r.html").read_text().startswith("<!DOCTYPE html>")
    capsys.readouterr()
    assert main(["lab", "compare", str(a), str(c)]) == 0
    out = capsys.readouterr().out
    # the same set, agents and seeds: the 20 common games are the same games
    assert "20 paired games" in out and "B - A: +0.0 points" in out and "only A 0, only B 0" in out
    assert main(["lab", "report", str(tmp_path / "nothing")]) == 1
    assert "not a lab results directory" in capsys.readouterr().err
