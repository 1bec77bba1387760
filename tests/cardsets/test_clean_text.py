"""Ids and names are clean text (issue 11): no trailing newline, no control character.

JSON Schema's ``pattern`` is matched with ``re.search``, where ``$`` also
matches before a final newline; every pattern of ours must not be fooled by
it, and every string of a card file is checked for control characters.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chaos_tower import check_cardset
from chaos_tower.app import replay
from chaos_tower.cardsets.resources import carddata_dir
from chaos_tower.cardsets.schema import SCHEMA_FILES, load_schema

GOOD = Path(__file__).parents[1] / "data" / "good"
DISCRIMINATORS = ("op", "test")  # tags whose values the schema fixes elsewhere (if/then)


def _string_schemas() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(schema, JSON pointer, subschema) of every free string field of our schemas."""
    for name in SCHEMA_FILES:
        for pointer, node in _walk(load_schema(name), ""):
            yield name, pointer, node


def _walk(node: Any, pointer: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        free = node.get("type") == "string" and "enum" not in node and "const" not in node
        if free and pointer.rsplit("/", 1)[-1] not in DISCRIMINATORS:
            yield pointer, node
        for key, value in node.items():
            yield from _walk(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{pointer}/{index}")


STRING_FIELDS = list(_string_schemas())
LONG_TEXT = {("tower-vocabulary", "/$defs/text"), ("crest-cardset", "/$defs/text")}
"""Long free text may hold line breaks (a YAML ``|`` block); every other string is one line."""


def test_every_free_string_field_has_a_pattern() -> None:
    missing = [f"{name}#{pointer}" for name, pointer, node in STRING_FIELDS if "pattern" not in node]
    assert missing == []
    assert len(STRING_FIELDS) == 35  # ids, names, versions, texts; replay mode, events, outcome, notes


ONE_LINE = [(n, p, node) for n, p, node in STRING_FIELDS if (n, p) not in LONG_TEXT]


@pytest.mark.parametrize(("name", "pointer", "node"), ONE_LINE, ids=[f"{n}#{p}" for n, p, _ in ONE_LINE])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_pattern_is_fooled_by_a_trailing_newline(
    name: str, pointer: str, node: dict[str, Any], data: st.DataObject
) -> None:
    """A value the pattern accepts, plus a final newline, is refused: as jsonschema matches (re.search)."""
    pattern = node["pattern"]
    good = data.draw(st.from_regex(pattern, fullmatch=True).filter(lambda s: "\n" not in s), label="good")
    assert re.search(pattern, good) is not None
    assert re.search(pattern, good + "\n") is None


def test_long_text_takes_line_breaks_and_only_those() -> None:
    for name, pointer, node in STRING_FIELDS:
        takes_newline = re.search(node["pattern"], "two\nlines\n") is not None
        assert takes_newline == ((name, pointer) in LONG_TEXT), (name, pointer)


@pytest.mark.parametrize("char", ["\x00", "\x1b", "\x7f", "\x85", "\x9b", "\t", "\r"])
def test_no_pattern_takes_a_control_character(char: str) -> None:
    for _, pointer, node in STRING_FIELDS:
        assert re.search(node["pattern"], f"a{char}b") is None, pointer


# -- card files -----------------------------------------------------------------------------
def _tower_file(tmp_path: Path, old: str, new: str) -> tuple[Path, int, int]:
    """minimal.yaml with one line changed; the changed line and the column of its key."""
    text = (GOOD / "minimal.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "set.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    return path, line, len(new) - len(new.lstrip(" -")) + 1


def _problems(path: Path) -> list[tuple[str, int, int, str, str]]:
    cards, problems = check_cardset(path)
    assert cards is None
    return [(p.file, p.line, p.column, p.path, p.code) for p in problems]


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("  - id: room.hall\n", '  - id: "room.hall\\n"\n', "rooms[0].id"),
        ("  version: 0.1.0\n", '  version: "0.1.0\\n"\n', "header.version"),
        (
            "    - {id: front-0, side: front, column: 0}\n",
            '    - {id: "front-0\\n", side: front, column: 0}\n',
            "sheet.slots[0].id",
        ),
        ("    name: Hall\n", '    name: "Hall\\n"\n', "rooms[0].name"),
    ],
)
def test_a_tower_id_or_name_ending_in_a_newline_is_refused(
    tmp_path: Path, old: str, new: str, where: str
) -> None:
    path, line, column = _tower_file(tmp_path, old, new)
    if "{" in new:
        column = new.index("id:") + 1
    assert _problems(path) == [(str(path), line, column, where, "schema")]


@pytest.mark.parametrize("escape", ["\\e", "\\0", "\\x9b", "\\x85", "\\x7f", "\\t", "\\r", "\\a"])
def test_a_tower_name_with_a_control_character_is_refused(tmp_path: Path, escape: str) -> None:
    path, line, column = _tower_file(tmp_path, "    name: Hall\n", f'    name: "Ha{escape}ll"\n')
    assert _problems(path) == [(str(path), line, column, "rooms[0].name", "control-character")]


def test_a_control_character_in_a_json_card_file(tmp_path: Path) -> None:
    text = (GOOD / "minimal.json").read_text(encoding="utf-8")
    data = json.loads(text)
    data["rooms"][0]["name"] = "Ha\u001b[31mll"
    path = tmp_path / "set.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(lines, 1) if "\\u001b[31m" in t)
    column = lines[line - 1].index('"name"') + 1
    assert _problems(path) == [(str(path), line, column, "rooms[0].name", "control-character")]


def test_a_control_character_in_a_key_is_refused(tmp_path: Path) -> None:
    path, line, column = _tower_file(tmp_path, "    name: Hall\n", '    "na\\eme": Hall\n')
    found = _problems(path)
    assert (str(path), line, column, 'rooms[0]["na\\u001bme"]', "control-character") in found


def test_a_line_break_in_long_text_is_allowed(tmp_path: Path) -> None:
    text = (GOOD / "minimal.yaml").read_text(encoding="utf-8")
    path = tmp_path / "set.yaml"
    old = "      room_element: {G: 1}\n"
    path.write_text(text.replace(old, old + "      text: |\n        Two\n        lines\n"), encoding="utf-8")
    cards, problems = check_cardset(path)
    assert problems == []
    assert cards is not None and cards.rooms[0].front.text == "Two\nlines\n"


def _crest_set(tmp_path: Path, old: str, new: str) -> tuple[Path, int, int]:
    target = tmp_path / "crest"
    shutil.copytree(carddata_dir() / "crest", target)
    path = target / "monsters.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text[: text.index(old)].count("\n") + 1
    return path, line, len(new) - len(new.lstrip(" -")) + 1


def test_a_crest_id_ending_in_a_newline_is_refused(tmp_path: Path) -> None:
    first_id = next(
        t
        for t in (carddata_dir() / "crest" / "monsters.yaml").read_text(encoding="utf-8").splitlines(True)
        if t.startswith("  - id: ")
    )
    value = first_id.split(": ", 1)[1].strip()
    path, line, column = _crest_set(tmp_path, first_id, f'  - id: "{value}\\n"\n')
    problems = _problems(path.parent)
    # The one-pass check also reports the set's reference to the card by its clean id (refs.py).
    assert (str(path), line, column, "monsters[0].id", "schema") in problems
    assert {p[3] for p in problems} <= {"monsters[0].id", "header.reconstructed[0].card"}


@pytest.mark.parametrize("escape", ["\\e", "\\0", "\\x9b"])
def test_a_crest_name_with_a_control_character_is_refused(tmp_path: Path, escape: str) -> None:
    path, line, column = _crest_set(tmp_path, "    name: Gorgath the Maw\n", f'    name: "Gorgath{escape}"\n')
    assert _problems(path.parent) == [(str(path), line, column, "monsters[0].name", "control-character")]


# -- replays --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("field", "value"),
    [
        (("cardset", "version"), "0.1.0\n"),
        (("cardset", "name"), "Base\x1b[2J"),
        (("cardset", "sha256"), "0" * 64 + "\n"),
        (("game",), "tower-solo\n"),
        (("actions", 0), "place 0,0 r0\n"),
    ],
)
def test_a_replay_with_unclean_text_is_refused(field: tuple[str | int, ...], value: str) -> None:
    import chaos_tower as ct

    data = replay.record(ct.load_cardset(), ["place 0,0 r0"], seed=7).to_json()
    target = data
    for part in field[:-1]:
        target = target[part]
    target[field[-1]] = value
    with pytest.raises(replay.ReplayFormatError, match="does not match"):
        replay.loads(json.dumps(data))
