"""``validate`` in one pass: every file's problems in one run, suggestions, hints, and lints.

Issue 17: a YAML error in one file must not hide the schema errors of the
others; misspelt ids, keys and values get a 'did you mean'; known traps get a
hint; a YAML error says where it stands; lints are warnings (exit 0, or 1 with
``--strict``), each naming its card and its rule.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from chaos_tower import check_cardset, load_cardset
from chaos_tower.app.cli import main
from chaos_tower.cardsets.resources import carddata_dir
from chaos_tower.kernel.errors import CardSetError, Problem, UnknownGameError

MINIMAL = Path(__file__).resolve().parents[1] / "data" / "good" / "minimal.yaml"


def _copy(tmp_path: Path, game: str = "tower") -> Path:
    target = tmp_path / game
    shutil.copytree(carddata_dir() / game, target)
    return target


def _edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _by_code(problems: list[Problem]) -> dict[str, list[Problem]]:
    out: dict[str, list[Problem]] = {}
    for problem in problems:
        out.setdefault(problem.code, []).append(problem)
    return out


# -- one pass ---------------------------------------------------------------------


def test_five_mistakes_in_one_run(tmp_path: Path) -> None:
    """A syntax error, schema errors in two other files and bad references: all in one run."""
    root = _copy(tmp_path)
    _edit(root / "steps.yaml", "condition: {test: corner}", "condition: {test: corner")  # 1 syntax
    _edit(root / "rooms.yaml", "    attribute: G\n", "    atribute: G\n")  # 2 misspelt key
    _edit(
        root / "monsters.yaml",
        "  - id: monster.stone-golem\n    name: Stone Golem",
        "  - id: monster.stone-golem\n    name: Stone Golem",
    )  # (the anchor below)
    text = (root / "monsters.yaml").read_text(encoding="utf-8")
    golem = text.index("id: monster.stone-golem")
    at = text.index("attribute: G", golem)
    (root / "monsters.yaml").write_text(
        text[:at] + "attribute: Gg" + text[at + len("attribute: G") :], encoding="utf-8"
    )  # 3 misspelt value
    _edit(root / "monsters.yaml", "icon: {item: item.gnom-scale}", "icon: {item: item.gnome-scale}")  # 4
    _edit(
        root / "rare-items.yaml",
        "consume: [item.gnom-scale, normal.armor-of-gnom]",
        "consume: [item.gnom-scale, normal.armour-of-gnom]",
    )  # 5 a misspelt reference

    cards, problems = check_cardset(root)

    assert cards is None
    files = {Path(p.file).name for p in problems}
    assert files == {"steps.yaml", "rooms.yaml", "monsters.yaml", "rare-items.yaml"}
    syntax = [p for p in problems if p.code == "yaml-syntax"]
    assert len(syntax) == 1 and Path(syntax[0].file).name == "steps.yaml"
    assert syntax[0].line > 0 and syntax[0].column > 0
    assert syntax[0].path.startswith("steps[0]"), syntax[0].path
    hints = {(Path(p.file).name, p.path, p.hint) for p in problems if p.hint}
    assert ("rooms.yaml", "rooms[0].atribute", "did you mean 'attribute'?") in hints
    assert ("monsters.yaml", "monsters[1].attribute", "did you mean 'G'?") in hints
    assert ("monsters.yaml", "monsters[0].back.icon.item", "did you mean 'item.gnom-scale'?") in hints
    assert (
        "rare-items.yaml",
        "rare_items[0].recipe.consume[1]",
        "did you mean 'normal.armor-of-gnom'?",
    ) in hints
    # The unread steps.yaml may hold the steps: they are not called missing.
    assert not any("'steps' is a required property" in p.message for p in problems)
    assert all(p.is_error for p in problems)


def test_yaml_error_has_line_column_and_a_path(tmp_path: Path) -> None:
    """A YAML syntax error names the entry it stands in, not `$`."""
    path = tmp_path / "set.yaml"
    path.write_text("header:\n  game: tower\nsheet:\n  columns: 3\n   rows: 3\n", encoding="utf-8")
    _, problems = check_cardset(path)
    (problem,) = problems
    assert (problem.code, problem.line, problem.column, problem.path) == (
        "yaml-syntax",
        5,
        8,
        "sheet.columns",
    )
    assert str(problem).startswith(f"{path}:5:8: sheet.columns: invalid YAML")


def test_yaml_error_before_any_key_names_the_file(tmp_path: Path) -> None:
    """With no entry open yet, the path is the file's name."""
    path = tmp_path / "broken.yaml"
    path.write_text("@foo: 1\n", encoding="utf-8")
    (problem,) = check_cardset(path)[1]
    assert problem.code == "yaml-syntax"
    assert problem.path == "broken.yaml"


def test_schema_errors_of_a_file_reported_when_another_file_is_unreadable(tmp_path: Path) -> None:
    """A file that fails to parse does not hide another file's schema errors."""
    root = _copy(tmp_path)
    (root / "items.yaml").write_text("items: [\n", encoding="utf-8")
    _edit(root / "rooms.yaml", "flip_cost: {", "flip_cost: {Q: 1, ")
    _, problems = check_cardset(root)
    codes = {(Path(p.file).name, p.code) for p in problems}
    assert ("items.yaml", "yaml-syntax") in codes
    assert ("rooms.yaml", "schema") in codes
    # The item ids live in the unread file: references to them are not guessed at.
    assert not any(p.code == "unknown-reference" for p in problems)


# -- suggestions and hints ------------------------------------------------------------


def test_misspelt_section_gives_two_problems_not_a_cascade(tmp_path: Path) -> None:
    """`room:` for `rooms:`: the unknown key and the missing section, not every reference into it."""
    root = _copy(tmp_path)
    _edit(root / "rooms.yaml", "\nrooms:\n", "\nroom:\n")
    _, problems = check_cardset(root)
    assert [(p.path, p.hint) for p in problems] == [
        ("$", "is 'room' it, misspelt?"),
        ("room", "did you mean 'rooms'?"),
    ]
    assert "'rooms' is a required property" in problems[0].message


def test_missing_key_beside_its_misspelling_gets_a_hint(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _edit(root / "rooms.yaml", "    attribute: G\n", "    atribute: G\n")
    _, problems = check_cardset(root)
    assert [(p.path, p.hint) for p in problems] == [
        ("rooms[0]", "is 'atribute' it, misspelt?"),
        ("rooms[0].atribute", "did you mean 'attribute'?"),
    ]


def test_misspelt_enum_value_gets_a_suggestion(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _edit(root / "rooms.yaml", "trigger: on_enter", "trigger: on_entr")
    _, problems = check_cardset(root)
    assert any(p.hint == "did you mean 'on_enter'?" for p in problems), [str(p) for p in problems]


def test_misspelt_reference_in_a_typed_set_gets_a_suggestion(tmp_path: Path) -> None:
    """The typed checks (no schema error) suggest the closest id too."""
    root = _copy(tmp_path)
    _edit(root / "monsters.yaml", "icon: {item: item.gnom-scale}", "icon: {item: item.gnome-scale}")
    _, problems = check_cardset(root)
    refs = [p for p in problems if p.code == "unknown-reference"]
    assert [(p.path, p.hint) for p in refs] == [
        ("monsters[0].back.icon.item", "did you mean 'item.gnom-scale'?")
    ]
    assert str(refs[0]).endswith("no item has the id 'item.gnome-scale' (did you mean 'item.gnom-scale'?)")


def test_no_suggestion_when_nothing_is_close(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _edit(root / "monsters.yaml", "icon: {item: item.gnom-scale}", "icon: {item: zzzz}")
    refs = [p for p in check_cardset(root)[1] if p.code == "unknown-reference"]
    assert len(refs) == 1 and refs[0].hint is None


def test_complete_set_count_hints_at_complete_false(tmp_path: Path) -> None:
    """A room added to a copied complete set: the count error says `complete: false` allows it."""
    root = _copy(tmp_path)
    text = (root / "rooms.yaml").read_text(encoding="utf-8")
    first = text.index("  - id: room.")
    second = text.index("  - id: room.", first + 1)
    # A room of its own: another id and another name (two cards with one name are refused too).
    extra = text[first:second].replace("id: room.", "id: room.extra-", 1).replace("name: ", "name: Extra ", 1)
    (root / "rooms.yaml").write_text(text + extra, encoding="utf-8")
    _, problems = check_cardset(root)
    (count,) = problems
    assert "has 25 rooms; this one has 26" in count.message
    assert count.hint is not None and "complete: false" in count.hint
    _edit(root / "set.yaml", "complete: true", "complete: false")
    assert check_cardset(root)[1] == []


def test_crest_complete_count_hints_at_complete_false(tmp_path: Path) -> None:
    root = _copy(tmp_path, "crest")
    _edit(root / "crests.yaml", "count: 6", "count: 7")
    _, problems = check_cardset(root)
    assert problems and all(
        p.hint and "complete: false" in p.hint for p in problems if p.code == "wrong-count"
    )
    assert any(p.code == "wrong-count" for p in problems)


# -- the game names ----------------------------------------------------------------------


@pytest.mark.parametrize("call", [load_cardset, check_cardset])
def test_unknown_game_names_the_games(call: object) -> None:
    """`game='crests'` is refused by name, with the games listed, not as a missing file."""
    with pytest.raises(UnknownGameError, match=r"'crests'.*tower, crest") as caught:
        call(game="crests")  # type: ignore[operator]
    assert isinstance(caught.value, ValueError)


# -- lints ----------------------------------------------------------------------------------


def _warnings(root: Path) -> list[Problem]:
    cards, problems = check_cardset(root)
    assert cards is not None, [str(p) for p in problems if p.is_error]
    assert all(p.severity == "warning" for p in problems)
    return problems


def test_built_in_sets_have_no_errors_and_no_warnings() -> None:
    for game in ("tower", "crest"):
        cards, problems = check_cardset(carddata_dir() / game)
        assert cards is not None
        assert problems == [], [str(p) for p in problems]


def test_TOC_ZAP_03_lethal_extra_da_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TOC-ZAP-03: floor 4 at extra da -8 makes every numeric path take all of life: a warning."""
    root = _copy(tmp_path)
    _edit(root / "set.yaml", "{floor: 4, extra_da: -1}", "{floor: 4, extra_da: -8}")
    (warning,) = _warnings(root)
    assert (warning.code, warning.path, Path(warning.file).name) == (
        "lethal-path",
        "number.floors[3].extra_da",
        "set.yaml",
    )
    assert "on floor 4 (extra da -8)" in warning.message
    assert "TOC-ZAP-03" in warning.message and "room." in warning.message
    assert load_cardset(root).number.floors[3].extra_da == -8  # a warning does not stop the set loading
    assert main(["validate", str(root)]) == 0
    out = capsys.readouterr().out
    assert ": number.floors[3].extra_da: warning: on floor 4" in out
    assert out.strip().endswith("valid (77 cards), 1 warning")
    assert main(["validate", "--strict", str(root)]) == 1
    assert "invalid, 0 problems, 1 warning (--strict)" in capsys.readouterr().err


def test_TOC_ZAP_03_lethal_from_a_floor_on(tmp_path: Path) -> None:
    """TOC-ZAP-03: a lethal extra da on the last mark holds on every floor above it."""
    root = _copy(tmp_path)
    _edit(root / "set.yaml", "{floor: 7, extra_da: -2}", "{floor: 7, extra_da: -7}")
    _edit(root / "set.yaml", "{floor: 8, extra_da: -2}", "{floor: 8, extra_da: -7}")
    (warning,) = _warnings(root)
    assert warning.path == "number.floors[6].extra_da"
    assert warning.message.startswith("from floor 7 on (extra da -7)")


def _price_gnom_out(root: Path) -> None:
    """Gnom raises its own monster-element by 9 while on the floor: G 13 and S 12, less the set's -1s."""
    _edit(
        root / "monsters.yaml",
        "      monster_element: {G: 4, S: 3}\n",
        "      monster_element: {G: 4, S: 3}\n      effects: [{op: monster_element, trigger: while_on_floor,"
        " add: 9, scope: {cards: monster, name: Gnom}}]\n",
    )


def _da_of_gnom(root: Path, da: str) -> None:
    _edit(root / "monsters.yaml", "da: {f: -2, r: wall, b: -3, l: wall}", da)


def test_TOC_PROG2_03_unfightable_monster_and_TOC_ITEM_01_its_item(tmp_path: Path) -> None:
    """TOC-PROG2-03, TOC-ITEM-01: a monster priced above every element: unfightable, its item never gained."""
    root = _copy(tmp_path)
    _price_gnom_out(root)
    found = _by_code(_warnings(root))
    (unfightable,) = found["unfightable"]
    assert unfightable.path == "monsters[0].front.monster_element"
    assert "monster.gnom" in unfightable.message and "TOC-PROG2-03" in unfightable.message
    gained = {p.path: p.message for p in found["never-gained"]}
    assert "item.gnom-scale can never be gained" in gained["items[0].id"]
    # The rare item made from it goes too (its recipe consumes it, TOC-RARE-06).
    assert any("rare.power-of-guard" in m for m in gained.values())
    assert all("TOC-ITEM-01" in m for m in gained.values())
    assert set(found) == {"unfightable", "never-gained"}


@pytest.mark.parametrize(("da", "unfightable"), [(-7, False), (-9, True)])
def test_TOC_PROG2_03_a_deadly_monster_is_unfightable_unless_softened(
    tmp_path: Path, da: int, unfightable: bool
) -> None:
    """TOC-PROG2-03: every path of Ondine kills in a fight (life 0..6) unless da +2 softens it."""
    text = MINIMAL.read_text(encoding="utf-8")
    text = text.replace("life: {min: 0, max: 8}", "life: {min: 0, max: 6}")
    text = text.replace("da: {f: -1, r: -1, b: wall, l: -1}", f"da: {{f: {da}, r: {da}, b: wall, l: {da}}}")
    path = tmp_path / "set.yaml"
    path.write_text(text, encoding="utf-8")
    found = _by_code(_warnings(path))
    assert "lethal-path" in found  # the path itself, before any effect, takes all of life
    if unfightable:
        (warning,) = found["unfightable"]
        assert warning.path == "monsters[1].front.monster_element"
        assert "monster.ondine" in warning.message
        assert "every one of its paths deals all of life (6) in a fight" in warning.message
    else:
        assert "unfightable" not in found


def test_TOC_RARE_07_unpayable_rebright_value(tmp_path: Path) -> None:
    """TOC-RARE-07: Rebright's G above the element max, and the one rare item that zeroes it never gained."""
    root = _copy(tmp_path)
    _edit(root / "set.yaml", "values: {G: 5,", "values: {G: 9,")
    assert _warnings(root) == []  # Power Of Guard can zero it
    _price_gnom_out(root)
    unpayable = _by_code(_warnings(root))["unpayable"]
    assert [p.path for p in unpayable] == ["rebright.values.G"]
    assert "rare.power-of-guard" in unpayable[0].message and "TOC-RARE-07" in unpayable[0].message


def test_TOC_STEP_09_step_that_can_never_be_placed(tmp_path: Path) -> None:
    """TOC-STEP-09: Marnit needing 30 living monsters of 20; Seqlrith, which needs it used, neither."""
    root = _copy(tmp_path)
    _edit(
        root / "steps.yaml",
        "{test: living_monsters_at_least, count: 2}",
        "{test: living_monsters_at_least, count: 30}",
    )
    found = _by_code(_warnings(root))
    steps = {p.path: p.message for p in found["never-placeable"]}
    assert set(steps) == {"steps[1].condition", "steps[4].condition"}
    assert "step.marnit can never be placed: it needs 30 living monsters" in steps["steps[1].condition"]
    assert "step.marnit can never be placed" in steps["steps[4].condition"]
    assert all("TOC-STEP-09" in m for m in steps.values())


def test_TOC_STEP_09_neighbours_beyond_the_sheet(tmp_path: Path) -> None:
    """TOC-STEP-09: on a one-row sheet a cell has at most 2 neighbours."""
    root = _copy(tmp_path)
    _edit(
        root / "steps.yaml",
        "{test: neighbours_of_one_attribute_at_least, count: 2}",
        "{test: neighbours_of_one_attribute_at_least, count: 5}",
    )
    messages = [p.message for p in _warnings(root) if p.code == "never-placeable"]
    assert any("step.elerint" in m and "at most 4 neighbours" in m for m in messages)


def test_CRD_WIELD_C_mark_no_crest_fits(tmp_path: Path) -> None:
    """CRD-WIELD-C: a mark kind monsters carry that no crest fits is a warning."""
    root = _copy(tmp_path, "crest")
    _edit(root / "set.yaml", "marks:\n", "marks:\n  - id: tail\n    name: Tail\n")
    _edit(root / "monsters.yaml", "marks: [fang, fang, eye]", "marks: [fang, tail, eye]")
    (warning,) = _warnings(root)
    assert (warning.code, warning.path) == ("unfitted-mark", "marks[0].id")
    assert "gorgath" in warning.message and "CRD-WIELD-C" in warning.message


def test_CRD_DEATH_A_no_card_can_harm(tmp_path: Path) -> None:
    """CRD-DEATH-A: when no crest or spell deals damage, no monster can die: a warning."""
    root = _copy(tmp_path, "crest")
    for name in ("crests.yaml", "spells.yaml"):
        path = root / name
        path.write_text(
            re.sub(r"\{op: damage[^}]*\}", "{op: damage, by: none}", path.read_text("utf-8")),
            encoding="utf-8",
        )
    warnings = _by_code(_warnings(root))
    assert [p.path for p in warnings["harmless"]] == ["crests"]
    assert "CRD-DEATH-A" in warnings["harmless"][0].message


def test_json_report_carries_severity(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TOC-ZAP-03: `--format json` gives each problem its severity and hint; --strict fails the set."""
    root = _copy(tmp_path)
    _edit(root / "set.yaml", "{floor: 4, extra_da: -1}", "{floor: 4, extra_da: -8}")
    assert main(["validate", "--format", "json", str(root)]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["valid"] is True and entry["cards"] == 77
    assert [(p["severity"], p["code"]) for p in entry["problems"]] == [("warning", "lethal-path")]
    assert main(["validate", "--format", "json", "--strict", str(root)]) == 1
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["valid"] is False


def test_json_report_carries_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _copy(tmp_path)
    _edit(root / "monsters.yaml", "icon: {item: item.gnom-scale}", "icon: {item: item.gnome-scale}")
    assert main(["validate", "--format", "json", str(root)]) == 1
    (entry,) = json.loads(capsys.readouterr().out)
    (problem,) = [p for p in entry["problems"] if p["code"] == "unknown-reference"]
    assert (problem["severity"], problem["hint"]) == ("error", "did you mean 'item.gnom-scale'?")


def test_card_set_error_holds_errors_only() -> None:
    """load_cardset raises with the errors; warnings never make a CardSetError."""
    with pytest.raises(CardSetError) as caught:
        load_cardset(MINIMAL.parent.parent / "bad" / "unknown-icon-item.yaml")
    assert all(p.is_error for p in caught.value.problems)
