"""Issue 28's screens in a real terminal (tmux): "your turn" by seat, VS's adjust list one line per
counter, a Crest view with card names and numbers, and `info CARD`. Without tmux these tests skip,
except under CI, where they fail."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tmuxpane
from tmuxpane import find_tmux

pytestmark = pytest.mark.terminal


@pytest.fixture(scope="module")
def tmux() -> str:
    return find_tmux()


class Pane(tmuxpane.Pane):
    def __init__(self, tmux: str, tmp: Path, argv: list[str]) -> None:
        super().__init__(tmux, tmp, argv, height=50)


@pytest.fixture
def start(tmux: str, tmp_path: Path) -> Iterator[Any]:
    yield from tmuxpane.panes(Pane, tmux, tmp_path)


def test_TOC_VS2_027_vs_your_turn_grouped_adjustments_and_info(start: Any) -> None:
    """TOC-VS2-027, issue 28 items 2 to 4: player 0 is told it is their turn; after a draw the
    adjustments are one line per counter; `info root cellar` prints the card's record."""
    p = start("play", "--mode", "vs", "--players", "2", "--seed", "4")
    p.wait("player 0: press Enter to see your view>")
    p.type("")
    screen = p.wait("q to quit)>")
    assert "player 0, your turn" in screen.splitlines() and "G W V S D: the elements" in screen
    p.type("draw")
    p.wait("player 0: press Enter to see your view>")
    p.type("")
    screen = p.wait("adjust ×20: adjust then a number for each of #0, #1")
    assert "    #0: -4 -3 -2 -1" in screen and "  1  adjust" not in screen
    p.type("info root cellar")
    screen = p.wait("Root Cellar (room.root-cellar), a RoomCard")
    assert "rules: " in screen


def test_CRD_START_A_crest_view_shows_cards_as_cards(start: Any) -> None:
    """CRD-START-A, CRD-WIELD-D, issue 28 item 2: the Crest view names the hand's cards with their
    numbers, the monsters with HP/DX/MDX/RG and the marks with their kinds."""
    p = start("play", "--game", "crest", "--players", "2", "--seed", "2")
    p.wait("seat 0: press Enter to see your view>")
    p.type("")
    screen = p.wait("q to quit)>")
    assert "seat 0, your turn" in screen.splitlines()
    assert "    moon-crest: Crest of the Moon (moon: heal 2)" in screen
    assert "HP 42/42 DX 5 MDX 3 RG 3" in screen and "m0 fang: -" in screen
    p.type("info slumber")
    screen = p.wait("Slumber (slumber), a SpellCard")
    assert "rules: CRD-BEAST-B, CRD-WIELD-F" in screen
