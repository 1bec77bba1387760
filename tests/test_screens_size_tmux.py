"""Issue 28 item 1 in a real terminal (tmux): every mode's screen fits an 80×24 terminal and a
120×40 one while a few turns are played (the VS adjust list after a draw, Crest with 4 and 6
seats): no line wider than the pane (none wraps), the whole screen of the decision inside the pane
(its first line not scrolled off), the prompt last, the solo floor's coordinate row visible. The
game reads the pane's size, and again after the terminal is resized. Without tmux these tests skip,
except under CI, where they fail."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import tmuxpane
from chaos_tower.app.screen import cells
from tmuxpane import find_tmux

pytestmark = pytest.mark.terminal

DECIDE = "q to quit)>"
HAND_OVER = "see your view>"
SIZES = [(80, 24), (120, 40)]

SCENARIOS: dict[str, tuple[list[str], list[tuple[str, str | None]]]] = {
    # name: (play's arguments, [(line typed, text its decision's screen must show)]); "" is Enter.
    "solo": (
        ["--seed", "2"],
        [
            ("place 2,2 r0", "the player stands on Hellhound"),
            ("1", None),
            ("1", None),
            ("list", None),
        ],
    ),
    "vs2": (
        ["--mode", "vs", "--players", "2", "--seed", "4"],
        [("draw", "adjust ×20: adjust then a number for each of #0, #1"), ("adjust -1 0", None), ("1", None)],
    ),
    "vs3": (
        ["--mode", "vs", "--players", "3", "--seed", "5"],
        [("draw", "adjust"), ("1", None), ("1", None)],
    ),
    "vs5": (
        ["--mode", "vs", "--players", "5", "--seed", "4", "--extra-rule"],
        [("draw", "adjust"), ("1", None), ("1", None)],
    ),
    "crest2": (
        ["--game", "crest", "--players", "2", "--seed", "2"],
        [("1", None), ("done", None), ("1", None)],
    ),
    "crest4-teams": (
        ["--game", "crest", "--players", "4", "--teams", "--seed", "4"],
        [("1", None), ("done", None), ("done", None), ("1", None)],
    ),
    "crest6": (
        ["--game", "crest", "--players", "6", "--seed", "4"],
        [("done", None), ("done", None), ("1", None), ("done", None)],
    ),
}


@pytest.fixture(scope="module")
def tmux() -> str:
    return find_tmux()


@pytest.fixture
def start(tmux: str, tmp_path: Path) -> Iterator[Callable[..., tmuxpane.Pane]]:
    def make(width: int, height: int) -> Callable[[str, Path, list[str]], tmuxpane.Pane]:
        def pane(tmux: str, tmp: Path, argv: list[str]) -> tmuxpane.Pane:
            return tmuxpane.Pane(tmux, tmp, argv, width=width, height=height)

        return pane

    opened: list[tmuxpane.Pane] = []

    def open_pane(width: int, height: int, *argv: str) -> tmuxpane.Pane:
        opened.append(make(width, height)(tmux, tmp_path, ["play", *argv]))
        return opened[-1]

    yield open_pane
    for pane in opened:
        pane.close()


def _last(screen: str) -> str:
    lines = [line.rstrip() for line in screen.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _decision(p: tmuxpane.Pane) -> None:
    """Wait for the next decision's prompt, pressing Enter at a hot seat's hand-over on the way."""
    screen = p.poll(lambda s: _last(s).endswith((DECIDE, HAND_OVER)), "a prompt")
    if _last(screen).endswith(HAND_OVER):
        p.type("")
        p.poll(lambda s: _last(s).endswith(DECIDE), "the decision's prompt after the hand-over")


def _check(p: tmuxpane.Pane, size: tuple[int, int], mode: str, must: str | None) -> list[str]:
    """The decision's screen fits the pane (the module's documentation); its lines."""
    width, height = size
    assert p.size() == size
    visible = p.joined()
    while visible and not visible[-1]:
        visible.pop()
    wide = [line for line in visible if cells(line) > width]
    assert not wide, f"lines wider than {width} columns (wrapped in the pane): {wide}"
    assert visible[-1].endswith(DECIDE)
    # The decision's whole screen: everything after the line typed last (or the hand-over's prompt).
    history = p.joined(history=True)
    while history and not history[-1]:
        history.pop()
    typed = [i for i, line in enumerate(history[:-1]) if f"{DECIDE} " in line or line.endswith(HAND_OVER)]
    screen = history[typed[-1] + 1 if typed else 0 :]
    shown = "\n".join(visible)
    assert len(screen) <= height and visible[-len(screen) :] == screen, (
        f"the screen of {len(screen)} lines does not fit {height}; the pane:\n{shown}"
    )
    if mode == "solo":
        assert any(line.split()[:5] == ["x=0", "x=1", "x=2", "x=3", "x=4"] for line in screen), shown
        assert [line[:3] for line in screen if line.startswith("y=")] == ["y=0", "y=1", "y=2", "y=3", "y=4"]
    else:
        assert screen[0].endswith("your turn"), shown  # the header heads the screen, not scrolled off
    if must is not None:
        assert must in shown, shown
    return screen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mode", sorted(SCENARIOS))
def test_every_mode_s_screen_fits_the_terminal(
    start: Callable[..., tmuxpane.Pane], mode: str, size: tuple[int, int]
) -> None:
    """Issue 28 item 1: at 80×24 and 120×40, each decision's screen of a few turns of the mode is
    inside the pane, no line wider, the prompt last, the header (solo: the coordinate row) shown."""
    argv, turns = SCENARIOS[mode]
    p = start(*size, *argv)
    _decision(p)
    _check(p, size, mode, None)
    for line, must in turns:
        p.type(line)
        if line == "list":  # every action numbered: longer than the screen, it may scroll
            p.poll(lambda s: _last(s).endswith(DECIDE) and "  1  " in s, "the list")
            continue
        _decision(p)
        _check(p, size, mode, must)


def _resize(p: tmuxpane.Pane, width: int, height: int) -> None:
    """Resize the terminal, then type `view` once the program's terminal has the new size."""
    p.resize(width, height)
    p.poll(lambda s: p.size() == (width, height), "the pane's new size")
    time.sleep(0.5)  # tmux resizes the program's terminal (and signals it) on its next turn
    p.type("view")
    p.poll(lambda s: _last(s).endswith(DECIDE), "the screen drawn anew")


@pytest.mark.parametrize("argv", [["--seed", "2"], ["--game", "crest", "--players", "6", "--seed", "4"]])
def test_a_resized_terminal_is_used_at_the_next_screen(
    start: Callable[..., tmuxpane.Pane], argv: list[str]
) -> None:
    """Issue 28 item 1: the size is read again for every screen: after the terminal shrinks from
    120×40 to 80×24, `view` draws the screen anew for 80×24, which fits; grown again, it uses the room."""
    mode = "solo" if "crest" not in argv else "crest"
    p = start(120, 40, *argv)
    _decision(p)
    large = _check(p, (120, 40), mode, None)
    _resize(p, 80, 24)
    small = _check(p, (80, 24), mode, None)
    assert len(small) <= 24 < len(large) or mode == "crest"
    if mode == "solo":  # the compact floor (two lines a row), not the full one
        assert "┌" in "\n".join(small) and "+-----------+" in "\n".join(large)
    _resize(p, 120, 40)
    again = _check(p, (120, 40), mode, None)
    assert again == large
