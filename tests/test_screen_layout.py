"""The layout of a decision's screen (issue 28 item 1): every mode's screen fits the terminal, from
80×24 up, and uses the room of a larger one; nothing a decision needs is cut (chaos_tower.app.screen)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.app.screen import (
    DEFAULT_SIZE,
    SIZE_VARIABLE,
    Parts,
    cells,
    clip,
    compose,
    decision,
    screen_size,
    wrap,
)
from chaos_tower.registry import SeatScreen

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")
MODES: dict[str, tuple[Any, dict[str, Any]]] = {
    "solo": (TOWER, {}),
    **{f"vs{p}": (TOWER, {"mode": "vs", "players": p}) for p in range(2, 6)},
    "vs2-extra": (TOWER, {"mode": "vs", "players": 2, "extra_rule": True}),
    "vs3-all": (TOWER, {"mode": "vs", "players": 3, "adjust_after_draw": "all", "declare_when": "any_time"}),
    "vs5-all": (TOWER, {"mode": "vs", "players": 5, "adjust_after_draw": "all", "own_attribute_bluff": True}),
    **{f"crest{p}": (CREST, {"players": p}) for p in range(2, 7)},
    "crest4-teams": (CREST, {"players": 4, "teams": True}),
    "crest6-teams": (CREST, {"players": 6, "teams": True}),
}
PROMPT = "action (number or text, q to quit)> "


def _reached(mode: str, seed: int, steps: int) -> tuple[Any, list[str]]:
    """A state after up to ``steps`` random actions from seed ``seed``, with the events on the way."""
    cards, options = MODES[mode]
    state = ct.new_game(cards, seed=seed, **options)
    pick = random.Random(seed)
    log = [str(e) for e in getattr(state, "events", ())]
    for _ in range(steps):
        if ct.current_player(state) is None:
            break
        before = state
        state = ct.apply(state, pick.choice(ct.legal_actions(state)))
        if ct.current_player(state) is None:
            state = before  # a screen is drawn for a decision, never for a game that is over
            break
        log += [str(e) for e in getattr(state, "events", ())]
    return state, log


def _screen(mode: str, seed: int, steps: int, width: int, height: int, news: int = 6) -> tuple[Any, Any]:
    state, log = _reached(mode, seed, steps)
    seat = ct.current_player(state)
    assert seat is not None
    header = () if mode == "solo" else (f"player {seat}, your turn",)
    parts = decision(
        state,
        seat,
        header=header,
        news_title="since your last view:",
        news=log[-news:] if news else (),
        hint="  (type ? for help: the action grammar, list, log, undo, save FILE)",
        prompt=PROMPT,
    )
    return state, compose(parts, width, height)


def _check(mode: str, state: Any, screen: Any, width: int, height: int) -> None:
    lines = screen.lines
    assert len(lines) <= height, "\n".join(lines)
    assert all(cells(line) <= width for line in lines), [line for line in lines if cells(line) > width]
    assert lines[-1] == PROMPT  # the prompt, whole, last
    if mode != "solo":
        assert lines[0].endswith("your turn")  # the header, first
    text = "\n".join(lines)
    if mode == "solo":
        # The whole floor: its coordinate row and every row of cells.
        assert any(line.split()[:5] == ["x=0", "x=1", "x=2", "x=3", "x=4"] for line in lines), text
        assert sum(line.startswith("y=") for line in lines) == state.game.grid.rows, text
    texts = [ct.action_text(state, a) for a in ct.legal_actions(state)]
    # Every action is listed, or grouped, or the screen says how to list the rest.
    assert all(t in text for t in texts) or "×" in text or "list" in text, text


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    mode=st.sampled_from(sorted(MODES)),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 160),
    width=st.integers(80, 220),
    height=st.integers(24, 70),
    news=st.integers(0, 12),
)
@example(mode="solo", seed=2, steps=0, width=80, height=24, news=0)
@example(mode="vs2", seed=4, steps=1, width=80, height=24, news=2)
@example(mode="crest6-teams", seed=4, steps=0, width=80, height=24, news=3)
def test_every_mode_s_screen_fits_the_terminal(
    mode: str, seed: int, steps: int, width: int, height: int, news: int
) -> None:
    """Issue 28 item 1: for any reachable decision of every mode and any terminal from 80×24 up, the
    screen has at most as many lines as the terminal, none wider, the prompt last, the header first,
    the solo floor whole with its coordinate row, and the actions listed or a way to list them."""
    state, screen = _screen(mode, seed, steps, width, height, news)
    _check(mode, state, screen, width, height)


@pytest.mark.parametrize("steps", [0, 3, 12, 30])
def test_solo_at_80x24_is_compact_and_at_120x40_uses_the_room(steps: int) -> None:
    """Issue 28 item 1: the solo screen was 48 lines; at 80×24 it draws the compact floor (two lines
    a row) with the coordinate row, at 120×40 the full floor (four lines a row)."""
    state, small = _screen("solo", 2, steps, 80, 24)
    _check("solo", state, small, 80, 24)
    assert small.view == 1 and sum(line.startswith("y=") for line in small.lines) == 5
    assert len(small.lines) <= 24
    _, large = _screen("solo", 2, steps, 120, 40)
    assert large.view == 0 and "+-----------+" in "\n".join(large.lines)


def test_a_wide_terminal_sets_the_text_beside_the_board() -> None:
    """Issue 28 item 1: with room beside the full floor (120 columns) the status, the events and the
    actions sit to its right, so more actions are shown than stacked below it."""
    state, screen = _screen("solo", 2, 3, 120, 40)
    assert screen.beside
    row = next(line for line in screen.lines if line.startswith("y=0"))
    assert cells(row) > 70  # the board's row, then the text beside it
    _check("solo", state, screen, 120, 40)


def test_the_crest_view_shrinks_to_a_line_a_seat_for_six_players() -> None:
    """Issue 28 item 1: six Crest seats fit 80×24, one line each with their numbers and marks."""
    _, screen = _screen("crest6-teams", 4, 0, 80, 24)
    seats = [line for line in screen.lines if line.startswith("  s") and "HP" in line]
    assert len(seats) == 6 and all(cells(line) <= 80 for line in seats)
    assert "fang-" in seats[0] and "HP46/46 DX4 MDX4 RG2" in seats[0]
    _, large = _screen("crest6-teams", 4, 0, 120, 60)
    assert large.view == 0  # room enough: the full view, card names and effects


def test_events_are_trimmed_to_the_latest_and_say_log_shows_all() -> None:
    """Issue 28 item 1: events that do not fit leave the oldest out, and the title says how many and
    that `log` shows them all."""
    parts = Parts(
        screens=(SeatScreen(text=tuple(f"line {i}" for i in range(14))),),
        news_title="since your last view:",
        news=tuple(f"event {i}" for i in range(30)),
        actions=("draw", "done"),
        prompt=PROMPT,
    )
    screen = compose(parts, 80, 24)
    assert len(screen.lines) <= 24
    title = next(line for line in screen.lines if line.startswith("since your last view"))
    shown = [line for line in screen.lines if line.startswith("    event")]
    assert shown[-1] == "    event 29" and f"the last {len(shown)} of 30; 'log' shows all" in title


def test_a_view_too_tall_for_the_terminal_is_cut_with_a_line_that_says_so() -> None:
    """A view taller than the terminal (a game's own, drawn with no compact form) is cut, keeping the
    prompt and the actions, and says that `view` shows it whole; nothing is wider than the terminal."""
    tall = SeatScreen(text=tuple(f"row {i} " + "word " * 30 for i in range(40)))
    screen = compose(Parts(screens=(tall,), actions=("draw",), prompt=PROMPT), 80, 24)
    assert len(screen.lines) <= 24 and all(cells(line) <= 80 for line in screen.lines)
    assert any("'view' shows it whole" in line for line in screen.lines)
    assert any("draw" in line for line in screen.lines) and screen.lines[-1] == PROMPT


def test_wide_characters_take_two_columns() -> None:
    """The VS legend's 地水火風闇 are two columns each: measured, cut and wrapped as such."""
    assert cells("地水火風闇") == 10 and cells("G W") == 3
    assert cells(clip("地水火風闇 earth", 7)) <= 7 and clip("地水火風闇", 7).endswith("…")
    lines = wrap("  (G W V S D: the elements 地水火風闇, earth water fire wind dark (the rules))", 40)
    assert all(cells(line) <= 40 for line in lines) and lines[1].startswith("    ")


def test_the_size_is_the_terminal_s_or_the_variable_s() -> None:
    """The size comes from CHAOS_TOWER_SCREEN (``80x24``) when set, else from the terminal, else (no
    terminal, as here) 80×50; COLUMNS and LINES, often stale, are not read."""
    out = io.StringIO()
    assert screen_size(out, {SIZE_VARIABLE: "120x40"}) == (120, 40)
    assert screen_size(out, {SIZE_VARIABLE: " 80 X 24 "}) == (80, 24)
    assert screen_size(out, {"COLUMNS": "20", "LINES": "5"}) == DEFAULT_SIZE
    assert screen_size(out, {SIZE_VARIABLE: "wide"}) == DEFAULT_SIZE == (80, 50)
