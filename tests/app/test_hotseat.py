"""The hand-over shared by every hot seat (chaos_tower.app.hotseat), without a real terminal.

The real-terminal behaviour (tmux history) is in test_hotseat_tmux.py; here: what is
written to a terminal and to anything else, and what the hand-over prompt does with a line.
"""

from __future__ import annotations

import io

import pytest

from chaos_tower.app.cli import _parser
from chaos_tower.app.hotseat import HotSeat
from chaos_tower.app.play import run

WIPE = "\033[2J\033[3J\033[H"


class Terminal(io.StringIO):
    """Output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _play(argv: list[str], lines: str, out: io.StringIO | None = None) -> str:
    out = out if out is not None else io.StringIO()
    assert run(_parser().parse_args(["play", *argv]), io.StringIO(lines), out) == 0
    return out.getvalue()


VS = ["--mode", "vs", "--players", "2", "--seed", "4"]
CREST = ["--game", "crest", "--players", "2", "--seed", "2"]


def test_TOC_VS2_026_a_choice_typed_at_the_hand_over_prompt_is_not_dropped() -> None:
    """TOC-VS2-026: "draw" typed at the hand-over prompt is the player's first choice, shown
    after their view, as if typed at the action prompt (issue 16: it used to be dropped)."""
    text = _play(VS, "draw\n\nq\n")
    view, _, rest = text.partition("action (number or text, q to quit)> draw\n")
    assert "your attributes" in view and "player 0: draw" in rest
    assert "[TOC-VS2-027] player 0 draws" in rest


def test_CRD_START_C_crest_hand_over_prompt_takes_a_choice_or_q() -> None:
    """CRD-START-C: at a Crest hand-over prompt "done" is the seat's first choice and "q" quits
    (before, any line there was dropped and only end of input quit)."""
    text = _play(CREST, "done\nq\n")
    assert "seat 0, action (number or text, q to quit)> done\n" in text
    assert "[CRD-START-D] seat 0 has put out 0 card(s)" in text
    assert text.rstrip().endswith("bye") and "hand: " not in text.split("==== seat 1")[-1]


def test_CRD_START_C_a_terminal_is_wiped_with_its_scrollback_at_every_hand_over_and_at_the_end() -> None:
    """CRD-START-C, TOC-VS2-020: on a terminal, every banner, "bye" and "game over" come right
    after ESC[2J ESC[3J ESC[H, so no view is left on screen or in the scrollback."""
    for argv, banner in ((VS, "=== player"), (CREST, "==== seat")):
        out = Terminal()
        text = _play(argv, "\ndraw\n\nq\n" if argv is VS else "\n1\n\n1\n\n1\nq\n", out)
        assert text.count(banner) >= 2
        assert text.count(banner) == text.count(WIPE + banner)
        assert text.endswith(WIPE + "\nbye\n")
    out = Terminal()
    # The second "1" (adjust -4 -4) loses the game: the loop warns, and "yes" confirms it.
    text = _play([*VS, "--max-actions", "2"], "\n1\n\n1\nyes\n", out)
    assert WIPE + "\n=== game over ===" in text and "result: " in text.split(WIPE)[-1]
    assert "your attributes" not in text.split(WIPE)[-1]


def test_TOC_VS2_020_nothing_is_written_but_text_to_a_non_terminal() -> None:
    """TOC-VS2-020: a file or pipe gets no escape codes (nothing can be wiped there)."""
    for argv in (VS, CREST):
        assert "\033" not in _play(argv, "\n1\n\n1\nq\n")


def test_TOC_VS2_020_people_at_a_terminal_are_warned_when_the_output_is_not_one() -> None:
    """TOC-VS2-020: typing at a terminal with the output going to a file keeps every view in that
    file; the players are told so on standard error, and only then."""

    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return True

    err = io.StringIO()
    with HotSeat(Keyboard("\n"), io.StringIO(), err):
        pass
    assert "not a terminal" in err.getvalue()
    err = io.StringIO()
    with HotSeat(io.StringIO("\n"), io.StringIO(), err):
        pass
    assert err.getvalue() == ""


def test_TOC_VS2_020_hand_over_read_and_end() -> None:
    """TOC-VS2-020: the helper alone: Enter passes the hand-over, a line is kept for the next
    read, end of input quits with "bye", and end() wipes a terminal once."""
    out = Terminal()
    with HotSeat(io.StringIO("\nplay 1\n"), out) as seat:
        assert seat.hand_over("== A ==", "A> ") and seat.read("choice> ") == "play 1"
        assert seat.hand_over("== B ==", "B> ") is False
    assert out.getvalue() == f"{WIPE}== A ==\nA> choice> {WIPE}== B ==\nB> {WIPE}\nbye\n"
    out = Terminal()
    with HotSeat(io.StringIO("x\n"), out) as seat:
        assert seat.hand_over("== A ==", "A> ")
        assert seat.read("choice> ") == "x"  # echoed after the prompt, where it now counts
        seat.end()
        seat.end()
    assert out.getvalue() == f"{WIPE}== A ==\nA> choice> x\n{WIPE}"


@pytest.mark.parametrize("line", ["q\n", "QUIT\n", ""])
def test_TOC_VS2_026_q_quit_or_end_of_input_at_the_hand_over_quits(line: str) -> None:
    """TOC-VS2-026: q, quit (any case) or end of input at a hand-over prompt end the game cleanly."""
    out = io.StringIO()
    with HotSeat(io.StringIO(line), out) as seat:
        assert seat.hand_over("== A ==", "A> ") is False
    assert out.getvalue().rstrip().endswith("bye")
