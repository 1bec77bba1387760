"""Pictures: the SVG of a position, checked by its structure (cells, cards, paths, walls, values)."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.agents import RandomAgent, decide, play
from chaos_tower.app import replay
from chaos_tower.app.cli import main
from chaos_tower.tower.solo.board import side_at

NS = {"svg": "http://www.w3.org/2000/svg"}


@pytest.fixture(scope="module")
def middle(cards: ct.TowerCardSet) -> ct.State:
    """A mid-game position: seed 232, 16 random actions; six cards on floor 1, a defeated monster."""
    start = ct.new_game(cards, seed=232, max_actions=400)
    return [s for _, s in play(start, RandomAgent(232))][15]


def _classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_structure_matches_the_position(middle: ct.State) -> None:
    root = ET.fromstring(ct.render_svg(middle))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    grid = middle.game.grid
    assert len(_classes(root, "cell")) == grid.cells == 25
    cards = _classes(root, "card")
    on_floor = [i for i, code in enumerate(middle.floor) if code != -1]
    assert len(cards) == len(on_floor) == 6
    for group, cell in zip(cards, on_floor, strict=True):
        assert group.get("data-cell") == grid.name(cell)
        table = middle.game.table[middle.floor[cell] >> 3]
        assert group.get("data-card") == table.id
        sides = [side_at(middle, cell, d) for d in range(4)]
        # one path per open side, one wall per closed one, and each path's da written beside it
        assert len(_classes(group, "path")) == sum(s is not None for s in sides)
        assert len(_classes(group, "wall")) == sum(s is None for s in sides)
        labels = sorted(t.text or "" for t in _classes(group, "da"))
        expected = sorted("-" if s == "-" else f"{s:+d}" for s in sides if s is not None)
        assert labels == expected
    player = _classes(root, "player")
    assert [p.get("data-cell") for p in player] == [grid.name(middle.player)]
    texts = {e.get("class"): e.text for e in root.iter("{http://www.w3.org/2000/svg}text") if e.get("class")}
    assert texts["life"] == f"life {middle.life}"
    assert texts["level"].startswith(f"floor {middle.level} ")
    assert f"G {middle.elements[0]}" in texts["elements"]
    assert f"chaos deck {len(middle.deck)}" in texts["deck"]
    assert texts["carry"].startswith("carry (0/5)")


def test_defeated_monsters_and_faces(middle: ct.State) -> None:
    root = ET.fromstring(ct.render_svg(middle))
    faces = {g.get("data-card"): g.get("data-face") for g in _classes(root, "card")}
    flipped = {middle.game.table[c >> 3].id for c in middle.floor if c != -1 and c & 1}
    assert {card for card, face in faces.items() if face == "back"} == flipped
    assert flipped  # this position has one


def test_start_and_end_of_a_game(cards: ct.TowerCardSet) -> None:
    start = ct.new_game(cards, seed=1)
    root = ET.fromstring(ct.render_svg(start))
    assert not _classes(root, "card") and not _classes(root, "player")
    end = replay.verify(replay.record(cards, ["place 0,0 r0", "move n"], seed=1), cards)
    text = ct.render_svg(end)
    assert "game over: lost" in text
    assert start._repr_svg_() == ct.render_svg(start)  # Jupyter's picture


def test_games_without_pictures_say_so(cards: ct.TowerCardSet) -> None:
    with pytest.raises(TypeError, match="not a game state"):
        ct.render_svg(object())
    vs = ct.new_game(cards, mode="vs", players=3, seed=1)
    # A VS observation has no card names to draw with; a seat's picture is render_svg(state, player=p).
    with pytest.raises(NotImplementedError, match=r"^tower-vs-view has no SVG pictures yet$"):
        ct.render_svg(ct.observation(vs, 0))


def test_pettingzoo_svg_rendering_draws_every_game() -> None:
    from chaos_tower.integrations.pettingzoo import env

    for name in ("chaos_tower_vs2", "crest_duel_2"):
        rendered = env(name, render_mode="svg")
        rendered.reset(seed=1)
        assert rendered.render() == ct.render_svg(rendered.game_state)


def test_card_face_drawing() -> None:
    # The docs gallery's card faces (tools/gen_docs.py) come from the same drawing code.
    from chaos_tower.tower.cards import Sides
    from chaos_tower.tower.solo.svg import face_svg

    root = ET.fromstring(face_svg("a test face", Sides(f=-1, r=None, b="-", l=2), "W", "#2e6fa8", "circle"))
    lines = root.findall("svg:line", NS)
    assert len(lines) == 4
    assert sum(line.get("stroke-width") == "5" for line in lines) == 1  # the wall on the right
    assert sorted(t.text or "" for t in root.findall("svg:text", NS)) == ["+2", "-", "-1", "W"]
    assert root.findtext("svg:title", namespaces=NS) == "a test face"


def test_cli_render(tmp_path: Path, middle: ct.State, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "board.svg"
    assert main(["render", "--seed", "232", "--actions", "16", "--out", str(out)]) == 0
    start = ct.new_game(ct.load_cardset(), seed=232)
    state = start
    agent = RandomAgent(232)
    for _ in range(16):
        state = ct.apply(state, decide(agent, state))
    assert out.read_text(encoding="utf-8") == ct.render_svg(state)
    game = replay.record(ct.load_cardset(), [a for a, _ in play(start, RandomAgent(232))], seed=232)
    saved = tmp_path / "game.json"
    saved.write_text(game.dumps(), encoding="utf-8")
    assert main(["render", "--replay", str(saved), "--step", "2", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == ct.render_svg(replay.state_at(game, ct.load_cardset(), 2))
    png = tmp_path / "mid-game.png"
    assert main(["render", "--seed", "232", "--actions", "16", "--out", str(png)]) == 0
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    root = ET.fromstring(ct.render_svg(state))
    # The PNG has the SVG's own size (cairosvg's default: one pixel per user unit).
    size = (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big"))
    assert size == (round(float(root.get("width", "0"))), round(float(root.get("height", "0"))))
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # as if the optional library were not installed
    assert main(["render", "--seed", "1", "--out", str(tmp_path / "board.png")]) == 2
    assert not (tmp_path / "board.png").exists()


def test_cli_render_of_a_crest_set(tmp_path: Path) -> None:
    crest = str(Path(__file__).resolve().parents[1] / "carddata" / "crest")
    out = tmp_path / "duel.svg"
    assert main(["render", "--cards", crest, "--actions", "3", "--out", str(out)]) == 0
    state = ct.new_game(ct.load_cardset(crest), seed=0)
    agent = RandomAgent(0)
    for _ in range(3):
        state = ct.apply(state, decide(agent, state))
    assert out.read_text(encoding="utf-8") == ct.render_svg(state)
