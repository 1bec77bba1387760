"""Card effects by experiment (``lab ablate``) and the card editing under it (issue 25, item 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chaos_tower.lab.ablate import ablate, variants
from chaos_tower.lab.cardedit import Change, SetFiles, parse_field
from chaos_tower.lab.experiment import bh, metric, paired
from chaos_tower.lab.failure import LabError
from chaos_tower.lab.spec import CardSource, RunSpec
from chaos_tower.tower.standins import tower_standins

PLANTED = "room.root-cellar"
STRONG = [
    {"op": "life", "trigger": "on_enter", "add": 8},
    {"op": "elements", "trigger": "on_enter", "add": {"G": 8, "W": 8, "V": 8, "S": 8, "D": 8}},
]
OTHERS = ["room.stone-garden", "monster.gnom", "normal.armor-of-gnom", "rebright", "step.besiont"]


def _planted(tmp_path: Path) -> CardSource:
    """The built-in set with one room made over-strong: entering it fills life and every element."""
    files = SetFiles(CardSource(game="tower"))
    for face in ("front", "back"):
        files.set(Change(f"{PLANTED}:{face}.effects", STRONG))
        files.set(Change(f"{PLANTED}:{face}.da.f", 0))
    folder = tmp_path / "planted"
    folder.mkdir()
    for name, data in files.source_now("planted").files:
        (folder / name).write_bytes(data)
    return CardSource.read(folder, "tower")


def test_a_field_address_is_card_colon_path_and_bad_ones_are_refused() -> None:
    assert parse_field("rebright:values.G") == ("rebright", ("values", "G"))
    assert parse_field("sheet:slots[3].id") == ("sheet", ("slots", 3, "id"))
    for bad in ("rebright", ":values", "rebright:", "rebright:values..G", "rebright:values[x]"):
        with pytest.raises(LabError):
            parse_field(bad)


def test_an_edit_changes_only_its_file_and_keeps_the_comments() -> None:
    files = SetFiles(CardSource(game="tower"))
    edited = files.copy()
    edited.set(Change("rebright:values.G", 6))
    before, after = dict(files.dump()), dict(edited.dump())
    changed = [name for name in before if before[name] != after[name]]
    assert changed == ["set.yaml"]
    assert after["set.yaml"].startswith(b"# yaml-language-server: $schema=")  # the modeline stays
    assert b"G: 6, W: 5" in after["set.yaml"]
    assert files.get("rebright:values.G") == 5  # the original is untouched
    cards = edited.source_now("G6").load()
    assert cards.rebright.values.G == 6


def test_a_change_the_set_checks_refuse_is_a_lab_error_naming_it() -> None:
    files = SetFiles(CardSource(game="tower")).copy()
    files.set(Change("rebright:values.G", 120))
    with pytest.raises(LabError, match="not valid"):
        files.source_now("G120")
    with pytest.raises(LabError, match="no card or section 'nosuch'"):
        files.get("nosuch:values")


def test_every_built_in_card_has_a_stand_in_the_set_checks_accept_or_a_reason() -> None:
    """The steps and Rebright are moved within their ranges (TOC-STEP-01, TOC-STEP-11E), not blanked."""
    found, skipped = variants(CardSource(game="tower"))
    varied = {card for card, *_ in found}
    files = SetFiles(CardSource(game="tower"))
    every = {ident for section, ident, _ in files.cards() if section != "sheet"}
    assert varied | {card for card, _ in skipped} == every
    labels = {(card, label) for card, _, _, label, _ in found}
    assert ("rebright", "values +1") in labels and ("rebright", "values -1") in labels
    assert ("step.besiont", "step-element +1") in labels
    assert all(label != "blank" for card, label in labels if card.startswith("step."))
    # the skipped ones are the items that do nothing alone (the monster and change items)
    assert all(card.startswith("item.") for card, _ in skipped)


def test_the_tower_stand_ins_take_away_what_a_card_does() -> None:
    files = SetFiles(CardSource(game="tower"))
    data = files.data()
    room = next(card for _, ident, card in files.cards() if ident == PLANTED)
    ((label, blank),) = tower_standins("rooms", room, data)
    assert label == "blank"
    assert blank["front"]["room_element"] == {} and blank["back"]["effects"] == []
    assert blank["front"]["da"]["f"] == 0 and blank["front"]["da"]["r"] == "wall"  # paths kept, da gone
    assert tower_standins("sheet", {}, data) is None


def test_crest_cards_stand_in_for_the_plainest_of_their_kind() -> None:
    found, _ = variants(CardSource(game="crest"), ["rending-crest", "gorgath"])
    labels = {card: label for card, _, _, label, _ in found}
    assert labels == {"rending-crest": "as fang-crest", "gorgath": "average stats"}


def test_paired_comparison_and_benjamini_hochberg() -> None:
    win = metric("win", solo=True)
    base = [(1.0, 0.0, 1.0, 10.0, 1.0)] * 30 + [(0.0, 1.0, 1.0, 10.0, 0.0)] * 70
    arm = [(0.0, 1.0, 1.0, 10.0, 0.0)] * 100
    result = paired(base, arm, win)
    assert result.effect == pytest.approx(0.3) and result.low > 0.2 and result.p < 1e-6
    same = paired(base, base, win)
    assert same.effect == 0 and same.p == 1.0
    assert bh([0.001, 0.2, 0.04]) == pytest.approx([0.003, 0.2, 0.06])
    with pytest.raises(LabError, match="floor"):
        metric("floor", solo=False)


@pytest.mark.slow
def test_a_planted_over_strong_card_ranks_first_with_an_interval_excluding_zero(tmp_path: Path) -> None:
    """Issue 25's planted test: the over-strong room tops the ranking, significant after correction.

    The heuristic agent plays (the random one dies before it meets most cards), on the floor reached:
    with today's heuristic the win rate moves too little over a few hundred games to rank anything.
    """
    spec = RunSpec(agents=("heuristic",), seed=3, max_actions=600)
    cards = [PLANTED, "room.stone-garden", "monster.gnom"]
    result = ablate(spec, _planted(tmp_path), cards=cards, games=300, measure="floor", workers=2)
    first = result.rows[0]
    assert first.card == PLANTED
    assert first.result.low > 0 and first.significant, result.text()
    assert "Root Cellar [room.root-cellar]" in result.text().splitlines()[1]
    assert [row.card for row in result.rows if row.significant] == [PLANTED]


def test_an_a_a_run_ranks_nothing_significant(tmp_path: Path) -> None:
    """The method's own check: the unchanged set on other seeds in every arm: no card may come out."""
    spec = RunSpec(agents=("random",), seed=5, max_actions=600)
    result = ablate(spec, _planted(tmp_path), cards=[PLANTED, *OTHERS], games=300, measure="length", aa=True)
    assert len(result.rows) >= len(OTHERS)
    assert not any(row.significant for row in result.rows), result.text()
    assert result.text().startswith("A/A check")


def test_ablate_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from chaos_tower.app.cli import main

    out = tmp_path / "ablate.json"
    code = main(
        [
            "lab",
            "ablate",
            "rebright",
            "room.stone-garden",
            "--agent",
            "random",
            "-n",
            "40",
            "--metric",
            "length",
            "--json",
            str(out),
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "card effects on length" in text and "Rebright [rebright]" in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert {row["card"] for row in data["rows"]} == {"rebright", "room.stone-garden"} and data["games"] == 40
    assert main(["lab", "ablate", "nosuch.card", "-n", "5"]) == 1
    assert "no card 'nosuch.card'" in capsys.readouterr().err
