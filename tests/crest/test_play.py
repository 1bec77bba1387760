"""``chaos-tower play --game crest``: agents print the explained log; people see only their own hand."""

from __future__ import annotations

import io
import re

import pytest

import chaos_tower as ct
from chaos_tower.app.cli import _parser, main


def _run(argv: list[str], lines: str = "") -> tuple[int, str]:
    from chaos_tower.app.play import run

    args = _parser().parse_args(["play", *argv])
    out = io.StringIO()
    code = run(args, io.StringIO(lines), out)
    return code, out.getvalue()


@pytest.mark.parametrize("agent", ["random", "greedy"])
def test_agents_play_a_duel_to_the_end_with_the_explained_log(agent: str) -> None:
    code, text = _run(["--game", "crest", "--players", "3", "--agent", agent, "--seed", "4"])
    assert code == 0
    assert re.search(r"^result: seat \d won \(last-standing, CRD-DEATH-C\)", text, re.M)
    assert "[CRD-START-E]" in text and "[CRD-BEAST-" in text


def test_people_see_only_their_own_hand() -> None:
    state = ct.new_game(ct.load_cardset(game="crest"), players=2, seed=2)
    own = " ".join(state.game.card(i).id for i in state.hands[0])
    other = " ".join(state.game.card(i).id for i in state.hands[1])
    assert own != other
    code, text = _run(["--game", "crest", "--players", "2", "--seed", "2"], "\ndone\n\nq\n")
    assert code == 0
    first, _, second = text.partition("==== seat 1")
    assert f"hand: {own}" in first and f"hand: {other}" not in first
    assert f"hand: {other}" in second and f"hand: {own}" not in second


def test_bad_player_counts_and_teams_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "crest", "--players", "7", "--agent", "random"]) == 2
    assert "--players: Crest Duel is for 2 to 6 players, not 7" in capsys.readouterr().err
    assert main(["play", "--mode", "vs", "--players", "6", "--agent", "random"]) == 2
    capsys.readouterr()
    assert main(["play", "--game", "crest", "--players", "3", "--teams", "--agent", "random"]) == 2
    assert "teams" in capsys.readouterr().err
    assert main(["play", "--game", "crest", "--players", "4", "--teams", "--agent", "greedy", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("result: seat ")


def test_CRD_START_C_the_next_hand_is_shown_only_after_its_player_takes_the_keyboard() -> None:
    """Hot seat: the seat that just acted still faces the screen; the next hand waits for Enter."""
    state = ct.new_game(ct.load_cardset(game="crest"), players=2, seed=2)
    other = " ".join(state.game.card(i).id for i in state.hands[1])
    # Seat 0 presses Enter, looks at its view, ends its setup; then the input stops.
    code, text = _run(["--game", "crest", "--players", "2", "--seed", "2"], "\ndone\n")
    assert code == 0
    assert "==== seat 1" in text
    assert f"hand: {other}" not in text
    # Once seat 1 presses Enter, it sees its own hand and what happened since its last view.
    code, text = _run(["--game", "crest", "--players", "2", "--seed", "2"], "\ndone\n\nq\n")
    _, _, second = text.partition("==== seat 1")
    assert f"hand: {other}" in second
    assert "[CRD-START-D] seat 0 has put out 0 card(s)" in second
