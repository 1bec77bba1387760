"""The bad-file corpus: every file in ``tests/data/bad`` holds one kind of mistake.

Each schema or semantic mistake is ``tests/data/good/minimal.yaml`` (or
``minimal.json``) with one thing changed; the YAML copies say on their first
line what was changed, so line numbers match the good file. The table below
gives, for each file, the exact problem (or the problems that one mistake
inherently causes) as ``(line, column, path, code)``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower import CardSetError, check_cardset, load_cardset

DATA = Path(__file__).resolve().parent / "data"
BAD = DATA / "bad"
GOOD = DATA / "good"
MINIMAL_YAML = GOOD / "minimal.yaml"
MINIMAL_JSON = GOOD / "minimal.json"

Expected = tuple[int, int, str, str]
"""One expected problem: line, column, path, code."""

# file name -> (what the mistake is, the problems it must give)
CORPUS: dict[str, tuple[str, list[Expected]]] = {
    # -- JSON Schema ---------------------------------------------------------------
    "wrong-type.yaml": ("a string where an integer belongs", [(10, 3, "sheet.rows", "schema")]),
    "unknown-attribute.yaml": ("attribute: X", [(44, 5, "rooms[1].attribute", "schema")]),
    "missing-da-side.yaml": ("a da without its l side", [(37, 7, "rooms[0].front.da", "schema")]),
    "bad-da-side.yaml": ("a side written `wal`", [(37, 27, "rooms[0].front.da.b", "schema")]),
    "unknown-key.yaml": ("a key the schema does not know", [(44, 5, "rooms[1].colour", "schema")]),
    # A section missing from the whole set has no place in any file: line and column 0.
    "missing-section.yaml": ("no `number` section", [(0, 0, "$", "schema")]),
    "da-out-of-schema.yaml": ("a da of 500", [(49, 12, "rooms[1].front.da.f", "schema")]),
    "bad-effect-op.yaml": ("op: explode", [(51, 12, "rooms[1].front.effects[0].op", "schema")]),
    "effect-missing-field.yaml": (
        "op: da without add", [(120, 11, "rare_items[0].carry.effects[0]", "schema")]),
    "life-add-and-set.yaml": (
        "a life effect with both add and set", [(51, 11, "rooms[1].front.effects[0]", "schema")]),
    "bad-condition-test.yaml": (
        "test: sometimes", [(90, 17, "steps[1].condition.test", "schema")]),
    "slot-row-and-column.yaml": (
        "a slot aligned with a row and a column", [(13, 7, "sheet.slots[1]", "schema")]),
    # -- semantic checks -------------------------------------------------------------
    "condition-never-holds.yaml": (
        "a condition asking for more element than the sheet allows",
        [(41, 80, "rooms[0].back.icon.when.value", "never-holds")]),
    "unknown-icon-item.yaml": (
        "an icon showing a nonexistent item",
        [(55, 14, "rooms[1].back.icon.item", "unknown-reference")]),
    "unknown-recipe-item.yaml": (
        "a recipe consuming a nonexistent item, so the rare item cannot be made either",
        [(127, 34, "rare_items[0].recipe.consume[1]", "unknown-reference"),
         (114, 5, "rare_items[0].id", "unobtainable")]),
    "unknown-step.yaml": (
        "steps_used names an unknown step",
        [(90, 43, "steps[1].condition.steps[0]", "unknown-reference")]),
    "unknown-scope-name.yaml": (
        "a scope name that no card has",
        [(102, 60, "normal_items[0].carry.effects[0].scope.name", "unknown-reference")]),
    "reconstructed-unknown-card.yaml": (
        "header.reconstructed names an unknown card",
        [(9, 8, "header.reconstructed[0].card", "unknown-reference")]),
    "reconstructed-unknown-field.yaml": (
        "header.reconstructed names a field the card lacks",
        [(9, 34, "header.reconstructed[0].fields[0]", "unknown-field")]),
    "duplicate-id.yaml": ("two rooms with one id", [(42, 5, "rooms[1].id", "duplicate-id")]),
    "duplicate-slot-id.yaml": ("two slots with one id", [(13, 8, "sheet.slots[1].id", "duplicate-id")]),
    "monster-element-above-max.yaml": (
        "a monster-element above the element max",
        [(62, 25, "monsters[0].front.monster_element.G", "out-of-bounds")]),
    "slot-off-sheet.yaml": ("a slot on row 3 of 3 rows", [(13, 32, "sheet.slots[1].row", "off-sheet")]),
    "start-life-above-max.yaml": (
        "start_life above the life max", [(16, 3, "sheet.start_life", "out-of-bounds")]),
    "bad-floor-track.yaml": (
        "the number track skips floor 2", [(22, 8, "number.floors[1].floor", "bad-track")]),
    "bad-trigger.yaml": (
        "on_use in a room", [(51, 22, "rooms[1].front.effects[0].trigger", "bad-trigger")]),
    # The effect interpreter would never act on these (tower/effects.py timing, needs).
    "at-once-while-here.yaml": (
        "life while_here", [(51, 22, "rooms[1].front.effects[0].trigger", "bad-trigger")]),
    "lasting-on-enter.yaml": (
        "a da modifier on_enter", [(51, 20, "rooms[1].front.effects[0].trigger", "bad-trigger")]),
    "choice-on-enter.yaml": (
        "teleport on_enter", [(51, 26, "rooms[1].front.effects[0].trigger", "bad-trigger")]),
    # The built-in Shadow Library had this until it was refused: it never acted (no action names the element).
    "element-choice-on-enter.yaml": (
        "element_choice on_enter", [(51, 32, "rooms[1].front.effects[0].trigger", "bad-trigger")]),
    "all-walls.yaml": ("a room face with four walls", [(54, 7, "rooms[1].back.da", "no-path")]),
    "no-path-step.yaml": ("a step with no path", [(92, 5, "steps[1].da", "no-path")]),
    "dead-end-change.yaml": (
        "a change item never traded up to a growth item (TOC-ITEM-01B)",
        [(134, 5, "items[1].id", "dead-end")]),
    "change-item-effect.yaml": (
        "a change item with an effect of its own (TOC-ITEM-01B: 単体での効果は無し)",
        [(133, 5, "items[0].effects", "change-effect")]),
    "icon-kind.yaml": (
        "a rare item shown by a room icon (TOC-ITEM-01E: it is made, never shown)",
        [(55, 14, "rooms[1].back.icon.item", "icon-kind")]),
    # Counts are about whole (possibly multi-file) sections: line and column 0.
    "complete-wrong-counts.yaml": (
        "complete: true with 2/2/2/1/1 cards",
        [(29, 1, "rooms", "count"), (55, 1, "monsters", "count"), (79, 1, "steps", "count"),
         (95, 1, "normal_items", "count"), (113, 1, "rare_items", "count")]),
    "missing-counters.yaml": (
        "a normal item's set slot without effect-counters (TOC-NORMAL-08)",
        [(103, 5, "normal_items[0].set_front.counters", "missing-counters")]),
    "unobtainable-rare.yaml": (
        "two rare items whose recipes need each other",
        [(114, 5, "rare_items[0].id", "unobtainable"), (128, 5, "rare_items[1].id", "unobtainable")]),
    "recipe-consumes-itself.yaml": (
        "a rare item consuming itself, so it cannot be made",
        [(127, 34, "rare_items[0].recipe.consume[1]", "bad-recipe"),
         (114, 5, "rare_items[0].id", "unobtainable")]),
    "no-rebright-step.yaml": ("no step summons Rebright", [(79, 1, "steps", "no-rebright")]),
    "unbeatable-rebright.yaml": (
        "Rebright's D above the element max, never set to 0",
        [(27, 36, "rebright.values.D", "unbeatable")]),
    "unplaceable-step.yaml": (
        "all_attributes_on_floor with only G and W cards",
        [(29, 1, "rooms", "unplaceable-step")]),
    # -- YAML reading ------------------------------------------------------------------
    "duplicate-key.yaml": ("`name` twice in one mapping", [(44, 5, "rooms[1].name", "duplicate-key")]),
    "alias.yaml": ("an anchor used as an alias", [(34, 16, "$", "alias")]),
    "alias-bomb.yaml": ("billion laughs, refused at the first alias", [(3, 8, "$", "alias")]),
    "merge-key.yaml": ("a merge key <<", [(34, 7, "rooms[0].vs", "merge-key")]),
    "python-tag.yaml": ("!!python/object/apply:os.system", [(4, 9, "$", "yaml-tag")]),
    "custom-tag.yaml": ("a custom tag !foo", [(4, 9, "$", "yaml-tag")]),
    "nan.yaml": (".nan", [(23, 17, "number.zap_extra_da", "not-finite")]),
    "inf.yaml": ("-.inf", [(23, 17, "number.zap_extra_da", "not-finite")]),
    "long-int.yaml": ("a 5,000-digit integer", [(23, 17, "number.zap_extra_da", "int-too-large")]),
    "long-string.yaml": ("a 10,001-character string", [(132, 11, "$", "too-long")]),
    "deep-nesting.yaml": ("30 levels; the 25th is refused", [(2, 32, "$", "too-deep")]),
    "yaml-syntax.yaml": ("bad indentation", [(10, 8, "sheet.columns", "yaml-syntax")]),
    "invalid-utf8.yaml": ("bytes FF FE", [(4, 17, "$", "encoding")]),
    "root-list.yaml": ("the root is a list", [(2, 1, "$", "schema")]),
    "empty.yaml": ("an empty file", [(1, 1, "$", "empty")]),
    "two-documents.yaml": ("a second YAML document", [(133, 1, "$", "multiple-documents")]),
    "non-string-key.yaml": ("an integer mapping key", [(99, 5, "normal_items[0]", "key-type")]),
    # -- JSON reading -------------------------------------------------------------------
    "duplicate-key.json": ("`name` twice in one object", [(105, 23, "rooms[1].name", "duplicate-key")]),
    "nan.json": ("NaN", [(47, 21, "number.zap_extra_da", "not-finite")]),
    "long-int.json": (
        "a 5,000-digit integer", [(44, 21, "number.floors[1].extra_da", "int-too-large")]),
    "json-syntax.json": ("a trailing comma", [(31, 5, "$", "json-syntax")]),
    "deep-nesting.json": ("30 levels; the 25th is refused", [(1, 35, "$", "too-deep")]),
}


def _key(problem: ct.Problem) -> Expected:
    return (problem.line, problem.column, problem.path, problem.code)


def test_corpus_is_all_in_the_table() -> None:
    on_disk = {p.name for p in BAD.iterdir() if p.is_file()}
    assert on_disk == set(CORPUS)
    assert len(CORPUS) >= 30


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_bad_file(name: str) -> None:
    path = BAD / name
    what, expected = CORPUS[name]
    cards, problems = check_cardset(path)
    assert cards is None, what
    assert sorted(_key(p) for p in problems) == sorted(expected), what
    for problem in problems:
        assert problem.file == str(path)
        assert problem.message.strip()
    with pytest.raises(CardSetError) as caught:
        load_cardset(path)
    assert len(caught.value.problems) == len(problems)
    assert set(caught.value.problems) == set(problems)


def test_TOC_ITEM_01B_a_change_item_has_no_effect_of_its_own(tmp_path: Path) -> None:
    """TOC-ITEM-01B: 「チェンジアイテム 交換用のアイテム。…単体での効果は無し。」 A set whose change item
    carries an effect is refused (the engine would play it while carried), naming the item."""
    cards, problems = check_cardset(BAD / "change-item-effect.yaml")
    assert cards is None
    assert [(p.code, p.severity) for p in problems] == [("change-effect", "error")]
    assert "item.gnom-scale" in problems[0].message and "TOC-ITEM-01B" in problems[0].message
    # The same file with the effect taken off loads.
    text = (BAD / "change-item-effect.yaml").read_text(encoding="utf-8")
    fixed = text.replace("    effects:\n      - {op: life, trigger: on_step, add: 1}\n", "")
    assert fixed != text
    (tmp_path / "fixed.yaml").write_text(fixed, encoding="utf-8")
    assert check_cardset(tmp_path / "fixed.yaml")[1] == []


def test_TOC_ITEM_01A_01D_01E_an_icon_shows_an_item_where_the_manual_gains_it(tmp_path: Path) -> None:
    """TOC-ITEM-01A: 「モンスターアイテム monsterを倒す事で入手可能状態になる」;
    TOC-ITEM-01D: 「条件を揃えたそのroomに入る事でnormal-itemを取得可能」;
    TOC-ITEM-01E: 「特定の組み合わせを揃え消費する事で特定のレアアイテムと交換できる」.
    A monster item on a room, a normal item on a monster or a rare item on any icon is refused:
    the engine would offer them there."""
    good = MINIMAL_YAML.read_text(encoding="utf-8")
    swapped = (
        good.replace("icon: {item: normal.potion}", "icon: {item: SWAP}")
        .replace("icon: {item: item.gnom-scale}", "icon: {item: normal.potion}")
        .replace("icon: {item: SWAP}", "icon: {item: item.gnom-scale}")
    )
    (tmp_path / "swapped.yaml").write_text(swapped, encoding="utf-8")
    cards, problems = check_cardset(tmp_path / "swapped.yaml")
    assert cards is None
    assert sorted((p.path, p.code) for p in problems) == [
        ("monsters[0].back.icon.item", "icon-kind"),
        ("rooms[0].back.icon.item", "icon-kind"),
    ]
    assert all("TOC-ITEM-01" in p.message for p in problems)
    _, rare = check_cardset(BAD / "icon-kind.yaml")
    assert [(p.code, p.severity) for p in rare] == [("icon-kind", "error")]
    # The good file shows every item where the manual gains it.
    assert check_cardset(MINIMAL_YAML)[1] == []


# -- the good files ---------------------------------------------------------------------

def test_minimal_yaml_is_valid() -> None:
    cards, problems = check_cardset(MINIMAL_YAML)
    assert problems == []
    assert cards is not None
    assert not cards.header.complete
    assert [m.name for m in cards.monsters] == ["Gnom", "Ondine"]
    assert len(cards.rooms) == 2
    assert len(cards.normal_items) == 1
    assert len(cards.rare_items) == 1


def test_minimal_json_equals_minimal_yaml() -> None:
    assert load_cardset(MINIMAL_JSON) == load_cardset(MINIMAL_YAML)
    # Strict JSON, readable by the standard parser.
    json.loads(MINIMAL_JSON.read_text(encoding="utf-8"))


# -- limits that need a generated file ---------------------------------------------------

@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_huge_file(tmp_path: Path, suffix: str) -> None:
    good = (MINIMAL_JSON if suffix == ".json" else MINIMAL_YAML).read_text(encoding="utf-8")
    path = tmp_path / f"huge{suffix}"
    padding = " " * (ct.LIMITS.max_file_bytes + 1) + "\n"  # whitespace: valid in both formats
    path.write_text(good + padding, encoding="utf-8")
    assert path.stat().st_size > ct.LIMITS.max_file_bytes
    cards, problems = check_cardset(path)
    assert cards is None
    assert [_key(p) for p in problems] == [(0, 0, "$", "file-too-large")]
    assert problems[0].file == str(path)


def test_too_many_values(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text("a:\n" + "- 0\n" * ct.LIMITS.max_nodes, encoding="utf-8")
    cards, problems = check_cardset(path)
    assert cards is None
    # Values counted: the mapping, the key `a`, the list, then the items; the
    # first value over the limit is item max_nodes - 3, on line max_nodes - 1.
    assert [_key(p) for p in problems] == [(ct.LIMITS.max_nodes - 1, 3, "$", "too-many-values")]


# -- directories ---------------------------------------------------------------------------

def _sections(text: str) -> dict[str, str]:
    """The top-level sections of minimal.yaml, each with its own lines."""
    out: dict[str, str] = {}
    name = ""
    for line in text.splitlines(keepends=True):
        if line.startswith("#"):
            continue
        match = re.match(r"([a-z_]+):", line)
        if match:
            name = match.group(1)
        out[name] = out.get(name, "") + line
    return out


def _split(tmp_path: Path) -> list[Path]:
    """minimal.yaml across three files, the rooms list itself split between two of them."""
    parts = _sections(MINIMAL_YAML.read_text(encoding="utf-8"))
    rooms = parts["rooms"]
    cut = rooms.index("  - id: room.pool\n")
    files = {
        "1-set.yaml": parts["header"] + parts["sheet"] + parts["number"] + parts["rebright"]
        + rooms[:cut],
        "2-cards.yaml": "# rooms continue here\nrooms:\n" + rooms[cut:] + parts["monsters"]
        + parts["steps"],
        "3-items.yaml": parts["normal_items"] + parts["rare_items"] + parts["items"],
    }
    assert sum(len(t) for t in files.values()) == len("".join(parts.values())) + len(
        "# rooms continue here\nrooms:\n")
    directory = tmp_path / "set"
    directory.mkdir()
    paths = []
    for name, text in files.items():
        (directory / name).write_text(text, encoding="utf-8")
        paths.append(directory / name)
    return paths


def _where(text: str, line_text: str, key: str) -> tuple[int, int]:
    """1-based line and column of ``key`` on the one line that contains ``line_text``."""
    lines = text.splitlines()
    (index,) = [i for i, line in enumerate(lines) if line_text in line]
    return index + 1, lines[index].index(key) + 1


def test_directory_split_loads_equal_to_the_single_file(tmp_path: Path) -> None:
    paths = _split(tmp_path)
    assert load_cardset(paths[0].parent) == load_cardset(MINIMAL_YAML)


def test_directory_mixing_yaml_and_json(tmp_path: Path) -> None:
    paths = _split(tmp_path)
    data = json.loads(MINIMAL_JSON.read_text(encoding="utf-8"))
    paths[2].unlink()
    items = {k: data[k] for k in ("normal_items", "rare_items", "items")}
    (paths[2].parent / "3-items.json").write_text(json.dumps(items, indent=2), encoding="utf-8")
    assert load_cardset(paths[0].parent) == load_cardset(MINIMAL_YAML)


def test_directory_error_in_second_file_is_located_in_that_file(tmp_path: Path) -> None:
    paths = _split(tmp_path)
    second = paths[1]
    text = second.read_text(encoding="utf-8")
    # Two mistakes in the second file: a room (rooms[1] of the set, rooms[0] of
    # this file) and a monster (monsters[0] in both).
    text = text.replace("{op: life, trigger: on_enter, add: 1}", "{op: life, trigger: on_use, add: 1}")
    text = text.replace("monster_element: {G: 3}", "monster_element: {G: 9}")
    second.write_text(text, encoding="utf-8")
    cards, problems = check_cardset(paths[0].parent)
    assert cards is None
    trigger = _where(text, "trigger: on_use", "trigger")
    element = _where(text, "monster_element: {G: 9}", "G")
    assert trigger == (12, 22)  # the file-local line; in minimal.yaml it is line 51
    assert sorted((p.file, p.line, p.column, p.path, p.code) for p in problems) == sorted([
        (str(second), *trigger, "rooms[0].front.effects[0].trigger", "bad-trigger"),
        (str(second), *element, "monsters[0].front.monster_element.G", "out-of-bounds"),
    ])


def test_directory_schema_error_in_third_file(tmp_path: Path) -> None:
    paths = _split(tmp_path)
    third = paths[2]
    text = third.read_text(encoding="utf-8").replace("    vs: {W: 2}\n", "    vs: {W: two}\n")
    third.write_text(text, encoding="utf-8")
    _, problems = check_cardset(paths[0].parent)
    line, column = _where(text, "vs: {W: two}", "W")
    assert [(p.file, p.line, p.column, p.path, p.code) for p in problems] == [
        (str(third), line, column, "normal_items[0].vs.W", "schema"),
    ]


def test_directory_duplicate_singleton_section(tmp_path: Path) -> None:
    directory = tmp_path / "set"
    directory.mkdir()
    (directory / "a.yaml").write_text(MINIMAL_YAML.read_text(encoding="utf-8"), encoding="utf-8")
    second = directory / "b.yaml"
    second.write_text("# a second sheet\n\nsheet:\n  columns: 4\n", encoding="utf-8")
    cards, problems = check_cardset(directory)
    assert cards is None
    assert [(p.file, p.line, p.column, p.path, p.code) for p in problems] == [
        (str(second), 3, 1, "sheet", "duplicate-section"),
    ]
    assert "a.yaml" in problems[0].message


def test_directory_list_section_then_non_list(tmp_path: Path) -> None:
    directory = tmp_path / "set"
    directory.mkdir()
    (directory / "a.yaml").write_text("rooms: []\n", encoding="utf-8")
    (directory / "b.yaml").write_text("rooms: 5\n", encoding="utf-8")
    cards, problems = check_cardset(directory)
    assert cards is None
    duplicate = [p for p in problems if p.code == "duplicate-section"]
    assert [(Path(p.file).name, p.line, p.column, p.path) for p in duplicate] == [("b.yaml", 1, 1, "rooms")]
    assert "a.yaml" in duplicate[0].message
    # One pass: the joined set's other problems (its missing sections) come in the same run.
    others = [p for p in problems if p.code != "duplicate-section"]
    assert others and all(p.code == "schema" and "required" in p.message for p in others)


def test_json_escaped_surrogate_pair_is_one_character(tmp_path: Path) -> None:
    path = tmp_path / "emoji.json"
    text = MINIMAL_JSON.read_text(encoding="utf-8")
    path.write_text(text.replace('"name": "Pool"', '"name": "Pool \\ud83d\\ude00"'), encoding="utf-8")
    assert json.loads(path.read_text(encoding="utf-8"))["rooms"][1]["name"] == "Pool \U0001F600"
    cards = load_cardset(path)
    assert cards.rooms[1].name == "Pool \U0001F600"
