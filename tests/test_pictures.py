"""Pictures of every mode: well-formed SVG with the expected parts, and a seat's picture hides its secrets.

Each seat's picture is drawn from its observation; these tests build positions
whose hidden values are known and check that the referee's picture shows them
and no other seat's picture does (`TOC-VS2-020`, `TOC-VS3-043`, `CRD-START-C`,
`CRD-START-D`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.agents import RandomAgent, advance, decide
from chaos_tower.app import replay
from chaos_tower.app.cli import main
from chaos_tower.kernel.errors import PictureFormatError
from chaos_tower.tower.vocabulary import LETTERS

SVG = "{http://www.w3.org/2000/svg}"


def _classes(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def _texts(root: ET.Element) -> str:
    return " ".join(e.text or "" for e in root.iter(f"{SVG}text"))


def _played(state: object, seed: int, actions: int) -> object:
    return advance(state, RandomAgent(seed), actions)


# -- solo --------------------------------------------------------------------------


def test_solo_picture_has_coordinates_legend_full_names_and_the_top_card(cards: ct.TowerCardSet) -> None:
    """TOC-PREP-03: the deck lies face up, so its top card is drawn with its paths and da."""
    state = _played(ct.new_game(cards, seed=124, max_actions=400), 124, 16)
    assert isinstance(state, ct.State)
    root = ET.fromstring(ct.render_svg(state))
    grid = state.game.grid
    assert [e.text for e in _classes(root, "column")] == [str(x) for x in range(grid.columns)]
    assert [e.text for e in _classes(root, "row")] == [str(y) for y in range(grid.rows)]
    legend = _texts(_classes(root, "legend")[0])
    for words in ("room", "monster, living", "monster, defeated", "wall", "-1", "+1", "plain path"):
        assert words in legend
    for group in _classes(root, "card"):
        card = next(c for c in state.game.table if c.id == group.get("data-card"))
        assert " ".join(e.text or "" for e in _classes(group, "name")) == card.name  # not clipped
    top = _classes(root, "top-card")
    card = state.game.table[state.deck[0]]
    assert [g.get("data-card") for g in top] == [card.id]
    assert len(_classes(top[0], "path")) == sum(s is not None for s in card.front.sides)
    assert len(_classes(top[0], "wall")) == sum(s is None for s in card.front.sides)
    assert card.name in _texts(root)


def test_scale_multiplies_the_size_not_the_drawing(cards: ct.TowerCardSet) -> None:
    state = ct.new_game(cards, seed=3)
    one, two = ET.fromstring(ct.render_svg(state)), ET.fromstring(ct.render_svg(state, scale=2))
    assert float(two.get("width", "0")) == 2 * float(one.get("width", "0"))
    assert float(two.get("height", "0")) == 2 * float(one.get("height", "0"))
    assert one.get("viewBox") == two.get("viewBox")
    for bad in (0, -1, 11, float("nan"), True):
        with pytest.raises(PictureFormatError, match="scale"):
            ct.render_svg(state, scale=bad)
    with pytest.raises(ValueError, match="one player"):
        ct.render_svg(state, player=1)


# -- VS ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_vs_picture_is_the_sheet(cards: ct.TowerCardSet, players: int) -> None:
    """TOC-VS2-022, TOC-VS3-042: the counters on the stars of the pentagon, the deck in its middle."""
    state = _played(ct.new_game(cards, mode="vs", players=players, seed=players), players, 4)
    assert isinstance(state, ct.VsState)
    for player in (None, *range(players)):
        root = ET.fromstring(ct.render_svg(state, player=player))
        assert len(_classes(root, "pentagon")) == 1
        counters = _classes(root, "counter")
        assert len(counters) == players * state.slots()
        for e in counters:
            seat, c = int(e.get("data-seat", "-1")), int(e.get("data-counter", "-1"))
            assert e.text == str(state.counters[seat][c])
        assert [g.get("data-seat") for g in _classes(root, "seat")] == [str(s) for s in range(players)]
        assert [e.text for e in _classes(root, "deck-size")] == [str(len(state.deck))]
        assert ("referee" in (root.get("class") or "")) == (player is None)


def test_vs_seat_pictures_hide_the_others_attributes_items_and_the_deck(cards: ct.TowerCardSet) -> None:
    """TOC-VS2-020, TOC-VS3-043, TOC-VS3-044: hidden attributes, items and the deck's order stay hidden."""
    state = ct.new_game(cards, mode="vs", players=3, seed=11)
    table = state.table
    referee = ET.fromstring(ct.render_svg(state))
    shown = sorted(e.text or "" for e in _classes(referee, "secret-letter"))
    assert shown == sorted(LETTERS[a] for seat in state.attributes for a in seat)
    ref_text = _texts(referee)
    top = table.chaos_names[state.deck[0]]
    assert f"top: {top}" in ref_text and "dealt to nobody" in ref_text
    for player in range(3):
        root = ET.fromstring(ct.render_svg(state, player=player))
        letters = [e.text for e in _classes(root, "secret-letter")]
        assert letters == [LETTERS[a] for a in state.attributes[player]]
        text = _texts(root)
        assert top not in text and "dealt to nobody" not in text
        own = {table.item_names[i] for i in state.hands[player]}
        others = {table.item_names[i] for p, h in enumerate(state.hands) if p != player for i in h} - own
        unused = {table.item_names[i] for i in state.unused} - own
        assert others and all(name in ref_text for name in others)
        for name in others | unused:
            assert name not in text, (player, name)
        for name in own:
            assert name in text


def test_vs_view_has_no_picture_of_its_own(cards: ct.TowerCardSet) -> None:
    state = ct.new_game(cards, mode="vs", players=2, seed=1)
    with pytest.raises(NotImplementedError, match="tower-vs-view has no SVG pictures"):
        ct.render_svg(ct.observation(state, 0))  # a seat's picture is render_svg(state, player=p)


# -- Crest Duel ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def crest() -> ct.CrestCardSet:
    return ct.load_cardset(game="crest")


def test_crest_picture_shows_each_monster(crest: ct.CrestCardSet) -> None:
    """CRD-ABOUT-A, CRD-BEAST-B, CRD-WIELD-D: HP, marks with their crest stacks, the ring and statuses."""
    state = _played(ct.new_game(crest, players=4, seed=5), 5, 60)
    assert isinstance(state, ct.CrestState)
    root = ET.fromstring(ct.render_svg(state))
    seats = _classes(root, "seat")
    assert len(seats) == 4
    for seat, group in enumerate(seats):
        monster = state.game.monster(state.monsters[seat])
        assert [e.text for e in _classes(group, "hp")] == [f"HP {state.hp[seat]}/{monster.hp}"]
        marks = _classes(group, "mark")
        assert len(marks) == len(monster.marks)
        for stack, line in zip(state.marks[seat], marks, strict=True):
            for instance in stack:
                assert state.game.card(instance).name in _texts(line)
        assert len(_classes(group, "status")) == sum(1 for t in state.statuses[seat] if t)
        assert len(_classes(group, "ring")) == 1


def test_crest_seat_pictures_show_only_their_own_hand(crest: ct.CrestCardSet) -> None:
    """CRD-START-C, CRD-START-D: the other hands and the cards put out face down stay hidden."""
    state = ct.new_game(crest, players=3, seed=2)
    assert state.phase == "setup"
    state = _played(state, 2, 2)  # seat 0 and 1 put cards out face down
    assert isinstance(state, ct.CrestState)
    game = state.game
    referee_text = _texts(ET.fromstring(ct.render_svg(state)))
    for player in range(3):
        root = ET.fromstring(ct.render_svg(state, player=player))
        view = ct.observation(state, player)
        text = _texts(root)
        visible = {game.card(i).name for i in state.hands[player]}
        visible |= {game.kinds[game.kind_ids[c]].name for stack in view.marks for seat in stack for c in seat}
        hidden = {game.card(i).name for p, h in enumerate(state.hands) if p != player for i in h}
        hidden |= {game.card(i).name for p in range(3) if p != player for s in state.marks[p] for i in s}
        secret = hidden - visible
        assert secret and all(name in referee_text for name in secret)
        for name in secret:
            assert name not in text, (player, name)
        hand = " ".join(_texts(e) for e in _classes(root, "hand"))
        assert all(game.card(i).name in hand for i in state.hands[player])


def test_CRD_WIELD_D_crest_picture_draws_cards_as_cards(crest: ct.CrestCardSet) -> None:
    """CRD-WIELD-D, CRD-START-C: every card shown, on a mark, worn or in the hand, is drawn as a
    card (its kind, its whole name, its key numbers), and no text is smaller than 10 units."""
    from chaos_tower.crest.cardface import faces

    state = _played(ct.new_game(crest, players=3, seed=3), 3, 40)
    assert isinstance(state, ct.CrestState)
    shown = faces(crest)
    root = ET.fromstring(ct.render_svg(state))
    drawn = [g for css in ("crest-card", "ring-card", "hand-card") for g in _classes(root, css)]
    expected = sum(len(h) for h in state.hands) + sum(len(s) for seat in state.marks for s in seat)
    expected += sum(1 for r in state.rings if r >= 0)
    assert len(drawn) == expected > 10
    for card in drawn:
        face = shown[card.get("data-card", "")]
        assert " ".join(e.text or "" for e in _classes(card, "name")) == face.name
        assert _texts(_classes(card, "kind")[0]).startswith(face.kind_name)
        assert " ".join(e.text or "" for e in _classes(card, "numbers")) == face.numbers
    sizes = [float(e.get("font-size", "0")) for e in root.iter(f"{SVG}text")]
    assert min(sizes) >= 10


def test_every_mode_is_a_picture_in_jupyter(cards: ct.TowerCardSet, crest: ct.CrestCardSet) -> None:
    for state in (
        ct.new_game(cards, seed=1),
        ct.new_game(cards, mode="vs", players=2, seed=1),
        ct.new_game(crest, players=2, seed=1),
    ):
        picture = state._repr_svg_()
        assert picture == ct.render_svg(state)
        assert ET.fromstring(picture).tag == f"{SVG}svg"


# -- the render command ----------------------------------------------------------------


def test_cli_render_refuses_an_unknown_format_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("x.jpg", "x", "x.svg.gif"):
        out = tmp_path / name
        assert main(["render", "--seed", "1", "--out", str(out)]) == 2
        assert "pictures are written as .svg or .png" in capsys.readouterr().err
        assert not out.exists()
    assert main(["render", "--seed", "1", "--scale", "0", "--out", str(tmp_path / "y.svg")]) == 2
    assert not (tmp_path / "y.svg").exists()


def test_cli_render_png_at_a_scale(tmp_path: Path) -> None:
    out = tmp_path / "big.png"
    assert main(["render", "--seed", "4", "--scale", "2", "--out", str(out)]) == 0
    data = out.read_bytes()
    root = ET.fromstring(ct.render_svg(ct.new_game(ct.load_cardset(), seed=4)))
    size = (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big"))
    assert size == (2 * int(root.get("width", "0")), 2 * int(root.get("height", "0")))


def test_cli_render_of_a_vs_replay_for_the_referee_and_a_seat(tmp_path: Path, cards: ct.TowerCardSet) -> None:
    start = ct.new_game(cards, mode="vs", players=2, seed=6)
    moves = []
    state = start
    agent = RandomAgent(6)
    for _ in range(5):
        if ct.is_terminal(state):
            break
        action = decide(agent, state)
        moves.append(ct.action_text(state, action))
        state = ct.apply(state, action)
    game = replay.record(cards, moves, seed=6, mode="vs", players=2)
    saved = tmp_path / "vs.json"
    saved.write_text(game.dumps(), encoding="utf-8")
    out = tmp_path / "vs.svg"
    assert main(["render", "--replay", str(saved), "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == ct.render_svg(state)
    assert main(["render", "--replay", str(saved), "--player", "1", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == ct.render_svg(state, player=1)
    assert main(["render", "--replay", str(saved), "--player", "2", "--out", str(tmp_path / "no.svg")]) == 2
    assert not (tmp_path / "no.svg").exists()
