"""The replay viewer at phone width (issue 26): the board keeps at least 300 px of a 390 px screen."""

from __future__ import annotations

from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.app.viewer import viewer_html
from chromium import open_chromium

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("game", "options"), [("tower", {}), ("crest", {"players": 3})])
def test_the_board_is_at_least_300px_wide_at_390px(
    tmp_path: Path, game: str, options: dict[str, int]
) -> None:
    """At 390 px the picture is 300 px wide or more and the page does not scroll sideways."""
    cards = ct.load_cardset(game=game)
    state = ct.new_game(cards, seed=3, **options)
    moves = []
    for _ in range(6):
        if ct.is_terminal(state):
            break
        action = ct.legal_actions(state)[0]
        moves.append(ct.action_text(state, action))
        state = ct.apply(state, action)
    path = tmp_path / "game.html"
    path.write_text(viewer_html(replay.record(cards, moves, seed=3, **options), cards), encoding="utf-8")
    with open_chromium() as browser:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(path.as_uri())
        assert page.locator("#picture svg").bounding_box()["width"] >= 300
        wide = page.evaluate(
            "() => Array.from(document.querySelectorAll('*')).filter(e => e.scrollWidth > 392)"
            ".map(e => e.tagName + '#' + e.id)"
        )
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, wide
