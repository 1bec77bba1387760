"""Terminal play in a real terminal (tmux): a few moves of each game through the prompt's features.

Each test runs ``chaos-tower play`` in a detached tmux session of its own (50
lines, as issue 16 asks the board to fit) and types as a person would: help,
an action in capitals, undo, the loss warning where a few moves reach one,
save, then ``--resume`` of the saved file in a new session. Without tmux these
tests skip, except under CI, where they fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import tmuxpane
from tmuxpane import find_tmux

pytestmark = pytest.mark.terminal

PROMPT = "q to quit)>"


@pytest.fixture(scope="module")
def tmux() -> str:
    return find_tmux()


class Pane(tmuxpane.Pane):
    """``chaos-tower play`` on a 50-line xterm, typed into line by line."""

    def __init__(self, tmux: str, tmp: Path, argv: list[str]) -> None:
        super().__init__(tmux, tmp, argv, height=50, term="xterm")


@pytest.fixture
def start(tmux: str, tmp_path: Path) -> Iterator[object]:
    yield from tmuxpane.panes(Pane, tmux, tmp_path)


def test_TOC_OVER_01_solo_help_capitals_undo_warning_save_and_resume(start: object, tmp_path: Path) -> None:
    """TOC-START-A, TOC-PROG2-02, TOC-OVER-01: the first screen holds the labelled board and its
    prompt within 50 lines; ? prints the grammar; PLACE in capitals is played; undo takes back a move
    that showed nothing; "move e" off the floor is warned about; save, and --resume goes on there."""
    save = tmp_path / "solo.json"
    p = start("play", "--seed", "0")  # type: ignore[operator]
    first = p.wait(PROMPT)
    assert (
        "x=0" in first
        and "y=4" in first
        and "top card to place: " in first
        and "96 actions: place ×96" in first
    )
    p.type("?")
    p.wait("commands:")
    p.type("PLACE 2,2 R270")
    p.wait("[TOC-START-A]")
    for line in ("place 1,2 r180", "place 2,1 r180", "move n"):
        p.type(line)
    p.wait("life 4 → 3")
    p.type("undo")
    p.wait("undone: move n")
    p.type("step step.marnit 4,1 r90")
    p.wait("[TOC-STEP-01]")
    p.type("move e")
    p.wait("this loses the game (left-floor, TOC-OVER-01)")
    p.type(f"save {save}")
    p.wait("saved a replay of 4 actions")
    p.type("q")
    p.wait("bye", prompt=False)
    again = start("play", "--resume", str(save))  # type: ignore[operator]
    again.wait("@Marni")
    again.type("move e")
    again.wait("this loses the game")
    again.type("yes")
    again.wait("result: lost (left-floor, TOC-OVER-01)", prompt=False)


def test_TOC_VS2_031_vs_two_players_through_the_prompt(start: object, tmp_path: Path) -> None:
    """TOC-VS2-027, TOC-VS2-031: help; DRAW in capitals; undo refused (the draw showed a card);
    "adjust -4 -4" warned about (both counters to 0); save refused (the seats keep secrets); quit at
    player 1's turn, and --resume of the --record file goes on there."""
    save = tmp_path / "vs.json"
    p = start("play", "--mode", "vs", "--players", "2", "--seed", "4", "--record", str(save))  # type: ignore[operator]
    p.wait("player 0: press Enter to see your view>")
    p.type("")
    p.wait(PROMPT)
    p.type("help")
    p.wait("commands:")
    p.type("DRAW")
    p.wait("player 0: press Enter to see your view>")
    p.type("")
    p.wait(PROMPT)
    p.type("undo")
    p.wait("not undone: 'draw' showed you something hidden")
    p.type("adjust -4 -4")
    p.wait("this loses the game (counters-zero, TOC-VS2-031)")
    p.type("adjust -1 0")
    p.wait("player 1: press Enter to see your view>")
    p.type("")
    p.wait("You are player 1")
    p.type(f"save {tmp_path / 'no.json'}")
    p.wait("not saved: in this game every save holds all the seats' secrets")
    p.type("q")
    p.wait("recorded a replay of 2 actions", prompt=False)
    again = start("play", "--resume", str(save))  # type: ignore[operator]
    again.wait("player 1: press Enter to see your view>")
    again.type("")
    again.wait("You are player 1")


def test_CRD_START_C_crest_two_seats_through_the_prompt(start: object, tmp_path: Path) -> None:
    """CRD-START-C, CRD-WIELD-E: help; WEAR in capitals, then undone (it showed nothing); done
    passes the keyboard; seat 1 quits, and --resume of the --record file hands the keyboard to seat 1
    again."""
    save = tmp_path / "crest.json"
    p = start("play", "--game", "crest", "--players", "2", "--seed", "2", "--record", str(save))  # type: ignore[operator]
    p.wait("seat 0: press Enter to see your view>")
    p.type("")
    p.wait(PROMPT)
    p.type("?")
    p.wait("commands:")
    p.type("WEAR RING-OF-CLARITY")
    p.wait(PROMPT)
    p.type("undo")
    p.wait("undone: wear ring-of-clarity")
    p.type("done")
    p.wait("seat 1: press Enter to see your view>")
    p.type("")
    p.wait("hand: ")
    p.type("q")
    p.wait("recorded a replay of 1 actions", prompt=False)
    again = start("play", "--resume", str(save))  # type: ignore[operator]
    again.wait("seat 1: press Enter to see your view>")
