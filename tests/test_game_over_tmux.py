"""The end of a game in a real terminal (tmux): what ended it is shown, and no secret (issue 22).

Item 22: in Crest against an agent, the agent's turns that end the game are shown before the final
screen (they used to be played unseen, the person left with the result). Item 26: the game-over
screen shows what the rules reveal at the end (TOC-VS2-020, TOC-VS3-043, CRD-START-C: nothing
hidden is turned up) and no more; it used to draw the referee's table, with the leftover
attributes, the unused items and every hand. Without tmux these tests skip, except under CI.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import chaos_tower as ct
import tmuxpane
from chaos_tower import registry
from chaos_tower.agents import decide
from chaos_tower.app import replay
from chaos_tower.app.table import _agent
from tmuxpane import find_tmux

pytestmark = pytest.mark.terminal

CREST = ct.load_cardset(game="crest")
TOWER = ct.load_cardset()


@pytest.fixture(scope="module")
def tmux() -> str:
    return find_tmux()


class Pane(tmuxpane.Pane):
    def __init__(self, tmux: str, tmp: Path, argv: list[str]) -> None:
        super().__init__(tmux, tmp, argv, height=50, log=True)


    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.history().splitlines() if line.strip()]


@pytest.fixture
def start(tmux: str, tmp_path: Path) -> Iterator[Any]:
    yield from tmuxpane.panes(Pane, tmux, tmp_path)


def _agent_finishes(seed: int) -> tuple[list[str], str, Any] | None:
    """A Crest game (seat 0 a person choosing the first action, seat 1 `random`) and a moment where
    seat 0's action hands the turn to the agent, which a fresh agent (as `--resume` makes) plays to
    seat 0's death: the actions before, seat 0's action, and the final state."""
    state = ct.new_game(CREST, players=2, seed=seed)
    texts: list[str] = []
    other = _agent("random", 1, seed, None, registry.mode_of(type(state)))
    while not ct.is_terminal(state):
        seat = ct.current_player(state)
        if seat == 0:
            action = ct.legal_actions(state)[0]
            after = ct.apply(state, action)
            fresh, played = _agent("random", 1, seed, None, registry.mode_of(type(state))), 0
            while ct.current_player(after) == 1:
                after = ct.apply(after, decide(fresh, after))
                played += 1
            if played and ct.is_terminal(after) and ct.returns(after)[0] < 0:
                return texts, ct.action_text(state, action), after
        else:
            action = decide(other, state)
        texts.append(ct.action_text(state, action))
        state = ct.apply(state, action)
    return None


def test_CRD_DEATH_A_the_agent_turns_that_end_a_crest_game_are_shown(start: Any, tmp_path: Path) -> None:
    """CRD-DEATH-A, issue 22 item 22: against an agent, the person's last action hands the turn over and
    the agent kills seat 0's monster; its turns (what it did, the death) are shown before the final
    screen, and that screen holds seat 0's own view, not the agent's hand (CRD-START-C)."""
    found = next(f for f in map(_agent_finishes, range(1, 60)) if f is not None)
    before, last, final = found
    game = tmp_path / "game.json"
    game.write_text(replay.record(CREST, before, seed=final.seed, players=2).dumps(), encoding="utf-8")
    p = start("play", "--resume", str(game), "--seat", "1=random")
    p.wait("q to quit)>")
    p.send(last, "Enter")
    p.wait("result: seat 1 won", prompt=False)
    lines = p.lines()
    end = lines.index("the end of the game:")
    result = next(i for i, line in enumerate(lines) if line.startswith("result: seat 1 won"))
    shown = lines[end:result]
    assert "    seat 1 acted" in shown
    assert any("[CRD-DEATH-A] seat 0" in line and "dies" in line for line in shown), shown
    assert any(line.startswith("You are seat 0 of 2; phase over") for line in shown), shown
    hand = " ".join(final.game.card(i).id for i in final.hands[1])
    assert hand and not any(f"hand: {hand}" in line for line in lines), hand


def test_TOC_VS2_020_the_game_over_screen_turns_up_no_secret(start: Any) -> None:
    """TOC-VS2-020, TOC-VS2-031, issue 22 item 26: a hot-seat VS game ends (player 0 confirms both
    counters to 0); the game-over screen shows the public log and the result, and neither the
    leftover attribute nor any player's attributes or items (it drew the referee's whole table)."""
    state = ct.new_game(TOWER, mode="vs", players=2, seed=4)
    p = start("play", "--mode", "vs", "--players", "2", "--seed", "4")
    p.wait("player 0: press Enter to see your view>")
    p.send("", "Enter")
    p.wait("q to quit)>")
    p.send("draw", "Enter")
    p.wait("player 0: press Enter to see your view>")
    p.send("", "Enter")
    p.wait("q to quit)>")
    p.send("adjust -4 -4", "Enter")
    p.wait("this loses the game")
    p.send("yes", "Enter")
    p.wait("result: player 0: lost", prompt=False)
    lines = p.lines()
    over = max(i for i, line in enumerate(lines) if "game over" in line and line.startswith("="))
    screen = "\n".join(lines[over:])
    assert "[TOC-VS2-031]" in screen and "adjusts for" in screen
    for secret in ("hidden attributes", "unused items", "your attributes", "your items", "items: "):
        assert secret not in screen, screen
    letters = "GWVSD"
    for p_, attributes in enumerate(state.attributes):
        for a in attributes:
            assert f"{letters[a]}=" not in screen, (p_, screen)
