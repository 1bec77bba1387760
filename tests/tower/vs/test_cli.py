"""`chaos-tower play --mode vs`: hot-seat play at one keyboard, and agents playing every seat."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from argparse import Namespace

import pytest

import chaos_tower as ct
from chaos_tower.app.cli import main
from chaos_tower.app.play import run

from .scenario import CARDS


def _args(**kw: object) -> Namespace:
    base = dict(
        mode="vs", players=3, extra_rule=False, seed=4, agent=None, max_actions=None, cards=None, quiet=False
    )
    base.update(kw)
    return Namespace(**base)


def test_hot_seat_three_players_each_sees_only_their_own_view() -> None:
    # Each decision: Enter to see the view, then "draw" or the last (mildest) adjustment, by text or number.
    state = ct.new_game(CARDS, mode="vs", players=3, seed=4)
    lines = []
    script = state
    for _ in range(12):
        me = ct.current_player(script)
        assert me is not None
        legal = ct.legal_actions(script)
        choice = "draw" if script.phase == "turn" else str(len(legal))  # the number of "adjust 0"
        lines += ["", choice]
        script = ct.apply(script, ct.parse_action(script, "draw") if choice == "draw" else legal[-1])
    out = io.StringIO()
    assert run(_args(), io.StringIO("\n".join(lines) + "\n"), out) == 0
    text = out.getvalue()
    assert text.rstrip().endswith("bye"), "end of input quits cleanly"
    blocks = re.split(r"=== player (\d), your turn \(everyone else, look away\) ===", text)[1:]
    assert len(blocks) // 2 == 13
    letters = {p: "GWVSD"[state.attributes[p][0]] for p in range(3)}
    for seat, block in zip(blocks[::2], blocks[1::2], strict=True):
        p = int(seat)
        shown = re.findall(r"your attributes: counter 0 = ([GWVSD])", block)
        if shown:  # the view was shown (the last block stops at end of input)
            assert shown == [letters[p]]
            assert f"You are player {p} of 3" in block
        assert "hidden attributes" not in block, "the referee's view is never shown while playing"
        for other in range(3):
            if other != p:
                assert f"={letters[other]}" not in block
    assert "player 0: draw" in text or "player 1: draw" in text or "player 2: draw" in text


def test_hot_seat_refuses_bad_choices_and_quits_on_q() -> None:
    out = io.StringIO()
    assert run(_args(players=2), io.StringIO("\n999\nseen 9 G pay 0\nadjust 0 0\nq\n"), out) == 0
    text = out.getvalue()
    assert "not possible: choose a number from 1 to" in text
    assert "not possible:" in text.split("999")[-1]
    assert text.rstrip().endswith("bye")


def test_agents_play_every_seat_and_print_the_referee_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["play", "--mode", "vs", "--players", "4", "--agent", "simple", "--seed", "3", "--extra-rule"])
        == 0
    )
    out = capsys.readouterr().out
    events = [line for line in out.splitlines() if line.startswith("    [")]
    assert events and all(re.match(r"    \[TOC-VS3-0[0-9]{2}\] ", line) for line in events)
    assert "hidden attributes" in out  # the referee's view at the end
    assert re.search(r"^result: player 0: (won|lost|draw)", out, re.M)
    main(["play", "--mode", "vs", "--players", "4", "--agent", "simple", "--seed", "3", "--extra-rule"])
    assert capsys.readouterr().out == out


def test_command_line_vs_options() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "chaos_tower",
            "play",
            "--mode",
            "vs",
            "--players",
            "2",
            "--agent",
            "random",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert result.stdout.startswith("result: player 0:")
    # Every agent of the registry plays every game now (issue 12: one play loop); a name that is
    # no agent, or the solo-only refusal of "simple", is still refused.
    assert main(["play", "--mode", "vs", "--agent", "greedy", "--quiet", "--max-actions", "20"]) == 0
    assert main(["play", "--mode", "vs", "--seat", "1=nosuch"]) == 2
    assert main(["play", "--agent", "simple"]) == 2
    assert main(["play", "--players", "3"]) == 2
