"""`chaos-tower play`: a person at the terminal, and an agent playing by itself."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from chaos_tower.app.cli import main


def test_agent_plays_a_whole_game_and_prints_the_explained_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--agent", "greedy", "--seed", "1", "--max-actions", "60"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("   1. place ")
    # Every event line names its rule.
    events = [line for line in out.splitlines() if line.startswith("    [")]
    assert events and all(re.match(r"    \[TOC-[A-Z0-9]+-[0-9A-Z]+\] ", line) for line in events)
    assert re.search(r"^result: (won|lost|ended) \(", out, re.M)


def test_agent_games_are_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "--agent", "random", "--seed", "3", "--max-actions", "40"])
    first = capsys.readouterr().out
    main(["play", "--agent", "random", "--seed", "3", "--max-actions", "40"])
    assert capsys.readouterr().out == first


def _human(lines: str, *extra: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "chaos_tower", "play", "--seed", "2", *extra],
        input=lines, capture_output=True, text=True, timeout=60, check=True,
    )
    return result.stdout


def test_a_person_picks_by_number_and_by_text_then_end_of_input_quits() -> None:
    out = _human("1\nplace 0,0 r90\n")
    assert "  1  place 0,0 r0" in out  # the numbered list of legal actions
    assert "[TOC-START-A]" in out  # the first choice was applied and explained
    assert "not possible:" in out  # place 0,0 is taken by then: refused with the rule, not a crash
    assert out.rstrip().endswith("bye")


def test_a_person_gets_a_reason_for_a_bad_choice() -> None:
    out = _human("999\njump\nq\n")
    assert "not possible: choose a number from 1 to" in out
    assert "not possible: 'jump' is not an action" in out
    assert out.rstrip().endswith("bye")


def test_play_with_a_bad_card_set_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    assert main(["play", "--cards", "/nonexistent/set", "--agent", "random"]) == 1
    assert "no such file or directory" in capsys.readouterr().err


def test_play_reads_from_the_given_streams() -> None:
    import argparse

    from chaos_tower.app.play import run

    out = io.StringIO()
    args = argparse.Namespace(cards=None, seed=0, agent=None, max_actions=None, quiet=False)
    assert run(args, io.StringIO(""), out) == 0
    assert "action (number or text, q to quit)> " in out.getvalue()
