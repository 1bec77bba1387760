"""``chaos-tower validate --play N``: quick games after the checks, and only warnings a designer can act on
(issue 15; issue 25 item 7: statistical thresholds, each warning naming the card's file and line)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.app.cli import main
from chaos_tower.cardsets.cardwhere import card_lines
from chaos_tower.lab import validate
from chaos_tower.lab.validate import clopper_pearson

REPO = Path(__file__).resolve().parents[2]


def test_the_unchanged_built_in_sets_are_quiet_at_40_games(capsys: pytest.CaptureFixture[str]) -> None:
    """Every mode of both built-in sets, 40 games each: nothing a designer could act on, so no warning."""
    assert main(["validate", "carddata/tower", "carddata/crest", "--play", "40"]) == 0
    out = capsys.readouterr().out
    assert "carddata/tower: valid" in out and "carddata/crest: valid" in out
    assert "warning" not in out


def test_clopper_pearson_bounds() -> None:
    """The exact interval: 0/40 has the upper bound 1 - 0.025^(1/40) = 8.8 %; 5/100 is [1.64 %, 11.28 %]."""
    assert clopper_pearson(0, 40) == pytest.approx((0.0, 1 - 0.025 ** (1 / 40)), abs=1e-9)
    low, high = clopper_pearson(5, 100)
    assert (round(low, 4), round(high, 4)) == (0.0164, 0.1128)
    assert clopper_pearson(40, 40)[0] == pytest.approx(0.025 ** (1 / 40), abs=1e-9)


def test_warnings_in_json_and_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """--format json carries the warnings; a negative N is refused."""
    assert main(["validate", "carddata/crest", "--play", "2", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report[0]["valid"] and report[0]["warnings"] == []
    assert main(["validate", "carddata/crest", "--play", "-1"]) == 2
    assert "--play" in capsys.readouterr().err


def test_every_warning_fires_on_rows_that_call_for_it_naming_file_and_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """400 games all short, none won, a room never placed, an item never gained: each warned, with its
    figure and interval, the card's file and line; a card met in 1 game of 400 is not (its upper bound
    is above 1 %)."""
    cards = ct.load_cardset()
    room, item, rare = cards.rooms[0], cards.items[0], cards.items[1]
    placed = [c.id for c in cards.rooms[1:]] + [c.id for c in cards.monsters]
    items = [c.id for c in (*cards.items, *cards.normal_items, *cards.rare_items)][2:]

    def short_game(spec: Any, cards: Any, index: int) -> dict[str, Any]:
        held = items + ([rare.id] if index == 0 else [])
        return {"winners": [], "length": 3, "placed": placed, "held": held, "used": [], "drawn": placed}

    monkeypatch.setattr(validate, "play_game", short_game)
    warnings = validate.play_warnings(cards, 400, path=REPO / "carddata" / "tower", agents=("random",))
    lines = card_lines(REPO / "carddata" / "tower")
    solo = [w.removeprefix("solo: ") for w in warnings if w.startswith("solo: ")]
    room_at, item_at = (f"{lines[card.id][0]}:{lines[card.id][1]}" for card in (room, item))
    assert solo == [
        "(almost) no game won by random: won 0/400 games, 95 % interval 0.0% to 0.9%, below 1.0%",
        "most games end within 5 actions: 400/400 games, 95 % interval 99.1% to 100.0%",
        f"{room_at}: {room.id} is (almost) never placed: placed in 0/400 games, "
        "95 % interval 0.0% to 0.9%, below 1.0% (with random)",
        f"{item_at}: {item.id} is (almost) never gained: gained in 0/400 games, "
        "95 % interval 0.0% to 0.9%, below 1.0% (with random)",
    ]
    assert lines[room.id][0].endswith("rooms.yaml") and lines[item.id][0].endswith("items.yaml")
    text = (REPO / "carddata" / "tower" / "rooms.yaml").read_text(encoding="utf-8").splitlines()
    assert text[lines[room.id][1] - 1].strip() == f"- id: {room.id}"


@pytest.mark.slow
def test_a_planted_item_never_gained_in_play_is_warned_naming_its_file_and_line(tmp_path: Path) -> None:
    """A legal but practically unmeetable condition (Armor Of Gnom's room asks for 12 living monsters on a
    5 x 5 floor; the built-in asks for G 5, which the greedy agent meets in about 13 % of games): the
    checks pass it, 370 games with the greedy agent warn about it, naming the item's file and line."""
    folder = tmp_path / "planted"
    shutil.copytree(REPO / "carddata" / "tower", folder)
    rooms = folder / "rooms.yaml"
    old = "        when: {test: element_at_least, attribute: G, value: 5}\n"
    assert old in rooms.read_text(encoding="utf-8")
    rooms.write_text(
        rooms.read_text(encoding="utf-8").replace(
            old, "        when: {test: living_monsters_at_least, count: 12}\n"
        ),
        encoding="utf-8",
    )
    cards = ct.load_cardset(folder)
    warnings = validate.play_warnings(cards, 370, path=folder, agents=("greedy",))
    where = card_lines(folder)["normal.armor-of-gnom"]
    expected = (
        f"solo: {where[0]}:{where[1]}: normal.armor-of-gnom is (almost) never gained: gained in 0/370 games"
    )
    assert any(w.startswith(expected) for w in warnings), warnings
