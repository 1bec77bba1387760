"""The safe reader (``chaos_tower.cardsets.safeload``): positions, paths, limits, YAML 1.2, refusals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

from chaos_tower import check_cardset
from chaos_tower.cardsets.safeload import LIMITS, Document, Limits, format_path, parse_bytes
from chaos_tower.kernel.errors import Problem

Parsed = tuple[Document | None, list[Problem]]


def parse(text: str | bytes, *, json_mode: bool = False, **limits: int) -> Parsed:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    return parse_bytes(raw, file="card", json_mode=json_mode, limits=Limits(**limits))


def data_of(text: str | bytes, *, json_mode: bool = False) -> Any:
    """The data of a file that must read without any problem."""
    document, problems = parse(text, json_mode=json_mode)
    assert problems == []
    assert document is not None
    return document.data


def refusal(text: str | bytes, *, json_mode: bool = False, **limits: int) -> tuple[int, int, str, str]:
    """The one problem of a file that must be refused outright: line, column, path, code."""
    document, problems = parse(text, json_mode=json_mode, **limits)
    assert document is None
    assert len(problems) == 1, problems
    (problem,) = problems
    assert problem.file == "card"
    assert problem.message
    return problem.line, problem.column, problem.path, problem.code


def located(text: str | bytes, *, json_mode: bool = False, **limits: int) -> list[tuple[int, int, str, str]]:
    """The problems of a file that is read with problems: (line, column, path, code) each."""
    document, problems = parse(text, json_mode=json_mode, **limits)
    assert document is not None
    return [(p.line, p.column, p.path, p.code) for p in problems]


# -- positions -------------------------------------------------------------------------------
def test_positions_are_one_based_and_mapping_entries_point_at_keys() -> None:
    document, problems = parse("a: 1\nb:\n  c: [1, 2]\n")
    assert problems == []
    assert document is not None
    assert document.positions == {
        (): (1, 1),
        ("a",): (1, 1),  # the key `a`, not the value at column 4
        ("b",): (2, 1),  # the key, though its value starts on the next line
        ("b", "c"): (3, 3),
        ("b", "c", 0): (3, 7),  # list items point at themselves
        ("b", "c", 1): (3, 10),
    }


def test_positions_in_a_list_of_cards() -> None:
    document, _ = parse("rooms:\n  - id: a\n    name: b\n")
    assert document is not None
    assert document.position(("rooms",)) == (1, 1)
    assert document.position(("rooms", 0)) == (2, 5)
    assert document.position(("rooms", 0, "id")) == (2, 5)
    assert document.position(("rooms", 0, "name")) == (3, 5)


def test_positions_in_json_point_at_the_quoted_key() -> None:
    document, problems = parse('{"a": {"b": 1},\n "c": [true, null]}', json_mode=True)
    assert problems == []
    assert document is not None
    assert document.positions == {
        (): (1, 1),
        ("a",): (1, 2),
        ("a", "b"): (1, 8),
        ("c",): (2, 2),
        ("c", 0): (2, 8),
        ("c", 1): (2, 14),
    }


def test_position_of_an_unknown_path_is_its_nearest_ancestor() -> None:
    document, _ = parse("a:\n  b: 1\n")
    assert document is not None
    assert document.position(("a", "b", "no", 3)) == (2, 3)
    assert document.position(("a", "missing")) == (1, 1)
    assert document.position(("missing",)) == (1, 1)
    assert document.position(()) == (1, 1)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_positions_with_either_line_ending(newline: str) -> None:
    document, _ = parse(newline.join(["a: 1", "", "b:", "  c: 2", ""]))
    assert document is not None
    assert document.position(("b", "c")) == (4, 3)


def test_positions_after_a_bom_and_after_multibyte_characters() -> None:
    # Columns count characters, not bytes; the BOM takes no column.
    document, _ = parse("\ufeffname: ルーム\nb: [ルーム, x]\n")
    assert document is not None
    assert document.position(("name",)) == (1, 1)
    assert document.position(("b", 1)) == (2, 10)


def test_problem_positions_are_one_based() -> None:
    assert located("a: 1\n\nb:\n  x: 1\n  x: 2\n") == [(5, 3, "b.x", "duplicate-key")]
    assert refusal("a: [1\n") [:2] == (2, 1)
    assert refusal("a: b: c\n") == (1, 5, "$", "yaml-syntax")
    assert refusal('{"a":\n  [1,\n   2,]}', json_mode=True) == (3, 6, "$", "json-syntax")
    assert refusal(b"a: 1\nb: \xc3(\n") == (2, 4, "$", "encoding")


# -- format_path ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "text"),
    [
        ((), "$"),
        (("rooms",), "rooms"),
        (("rooms", 3, "da", "f"), "rooms[3].da.f"),
        ((0,), "[0]"),
        ((0, 1, "a"), "[0][1].a"),
        (("normal_items", 0, "set_front"), "normal_items[0].set_front"),
        (("_x-1", "y"), "_x-1.y"),
        (("a b",), '["a b"]'),
        (("$schema",), '["$schema"]'),
        (("1a",), '["1a"]'),
        (("a", ""), 'a[""]'),
        (("a", 'q"uote'), 'a["q\\"uote"]'),
        (("ルーム", 0), '["ルーム"][0]'),  # as written, not \\u-escaped
        (("a.b",), '["a.b"]'),
    ],
)
def test_format_path(path: tuple[str | int, ...], text: str) -> None:
    assert format_path(path) == text


def test_problem_paths_are_formatted() -> None:
    assert located('{"a b": {"c": 1, "c": 2}}', json_mode=True) == [(1, 18, '["a b"].c', "duplicate-key")]
    assert located("x:\n  - 1\n  - y: .inf\n") == [(3, 8, "x[1].y", "not-finite")]


# -- limits --------------------------------------------------------------------------------
def test_default_limits() -> None:
    assert Limits() == LIMITS
    assert LIMITS.max_int_digits >= 18
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        LIMITS.max_depth = 1000  # type: ignore[misc]


def test_max_file_bytes() -> None:
    assert data_of("a: 1\n") == {"a": 1}
    assert parse("a: 1\n", max_file_bytes=5)[1] == []
    # About the file as a whole: line and column 0.
    assert refusal("a: 1\n", max_file_bytes=4) == (0, 0, "$", "file-too-large")
    assert refusal('{"a": 1}', json_mode=True, max_file_bytes=4) == (0, 0, "$", "file-too-large")


def test_max_file_bytes_through_check_cardset(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("a: 1\n" * 10)
    cards, problems = check_cardset(path, limits=Limits(max_file_bytes=49))
    assert cards is None
    assert [(p.line, p.column, p.code) for p in problems] == [(0, 0, "file-too-large")]


def test_max_files(tmp_path: Path) -> None:
    for name in ("a.yaml", "b.yml", "c.json", "notes.txt"):
        (tmp_path / name).write_text("{}")
    cards, problems = check_cardset(tmp_path, limits=Limits(max_files=2))
    assert cards is None
    assert [(p.file, p.line, p.column, p.code) for p in problems] == [(str(tmp_path), 0, 0, "too-many-files")]
    # Three card files (notes.txt is not one) are within a limit of three.
    _, problems = check_cardset(tmp_path, limits=Limits(max_files=3))
    assert "too-many-files" not in {p.code for p in problems}


def test_max_depth_yaml() -> None:
    # mapping (1) > list (2) > list (3)
    assert parse("a: [[1]]\n", max_depth=3)[1] == []
    assert refusal("a: [[1]]\n", max_depth=2) == (1, 5, "$", "too-deep")  # the inner `[`
    assert refusal("a:\n  b:\n    c: 1\n", max_depth=2) == (3, 5, "$", "too-deep")  # the mapping at `c`


def test_max_depth_json() -> None:
    assert parse('{"a": [[1]]}', json_mode=True, max_depth=3)[1] == []
    assert refusal('{"a": [[1]]}', json_mode=True, max_depth=2) == (1, 8, "$", "too-deep")
    # Brackets inside strings do not count.
    assert parse('{"a": "[[[[[["}', json_mode=True, max_depth=1)[1] == []


def test_max_depth_default_stops_deep_json_before_recursion() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    assert refusal(deep, json_mode=True)[2:] == ("$", "too-deep")
    assert refusal(deep)[2:] == ("$", "too-deep")


def test_max_nodes() -> None:
    # Six values: the mapping, the key a, the list and its three items.
    assert parse("a: [1, 2, 3]", max_nodes=6)[1] == []
    assert refusal("a: [1, 2, 3]", max_nodes=5) == (1, 11, "$", "too-many-values")  # at the sixth, `3`
    assert refusal('{"a": [1, 2, 3]}', json_mode=True, max_nodes=5) == (1, 14, "$", "too-many-values")


def test_max_string_chars() -> None:
    assert data_of("a: xxxxx") == {"a": "xxxxx"}
    assert parse("a: xxxxx", max_string_chars=5)[1] == []
    assert refusal("a: xxxxxx", max_string_chars=5) == (1, 4, "$", "too-long")
    assert refusal("xxxxxx: 1", max_string_chars=5) == (1, 1, "$", "too-long")  # keys too
    assert refusal('{"a": 1, "xxxxxx": 1}', json_mode=True, max_string_chars=5) == (1, 10, "$", "too-long")


def test_max_int_digits() -> None:
    assert located("a: 123456", max_int_digits=6) == []
    assert located("a: -123_456", max_int_digits=6) == []  # sign and underscores are not digits
    # A value too large is reported where it stands, and the rest of the file is read.
    document, problems = parse("a: 1234567\nb: 2\n", max_int_digits=6)
    assert document is not None
    assert document.data == {"a": None, "b": 2}
    assert [(p.line, p.column, p.path, p.code) for p in problems] == [(1, 4, "a", "int-too-large")]
    assert located('{"a": [1234567]}', json_mode=True, max_int_digits=6) == [(1, 8, "a[0]", "int-too-large")]


@pytest.mark.parametrize("json_mode", [False, True])
def test_an_integer_past_pythons_own_digit_limit_is_a_problem_not_an_error(json_mode: bool) -> None:
    # int("9" * 5000) raises ValueError in Python 3.11+; the reader must not get that far.
    text = '{"a": ' + "9" * 5000 + "}" if json_mode else "a: " + "9" * 5000
    assert located(text, json_mode=json_mode) == [(1, 7 if json_mode else 4, "a", "int-too-large")]


# -- YAML 1.2 ------------------------------------------------------------------------------
def test_yaml_1_1_booleans_stay_strings() -> None:
    data = data_of("a: yes\nb: no\nc: on\nd: off\ne: y\nf: n\ng: Yes\nh: OFF\n")
    assert data == {"a": "yes", "b": "no", "c": "on", "d": "off", "e": "y", "f": "n", "g": "Yes", "h": "OFF"}


def test_yaml_1_2_booleans_and_nulls() -> None:
    assert data_of("a: true\nb: false\nc: True\nd: FALSE\ne: null\nf: ~\ng: Null\nh:\n") == {
        "a": True, "b": False, "c": True, "d": False, "e": None, "f": None, "g": None, "h": None,
    }


def test_yaml_1_2_integers() -> None:
    assert data_of("a: 0x1F\nb: 0o17\nc: 017\nd: -12\ne: +12\nf: 1_000\n") == {
        "a": 31, "b": 15, "c": 17, "d": -12, "e": 12,  # 017 is decimal in YAML 1.2
        "f": "1_000",  # the core schema has no digit separators: a string, as 0b101 is
    }
    assert data_of("a: '0x1F'\nb: \"0o17\"\n") == {"a": "0x1F", "b": "0o17"}


def test_yaml_1_2_floats() -> None:
    assert data_of("a: 1.5\nb: 1e3\nc: .5\nd: -0.0\n") == {"a": 1.5, "b": 1000.0, "c": 0.5, "d": -0.0}
    assert located("a: .nan\nb: -.inf\nc: .Inf\n") == [
        (1, 4, "a", "not-finite"), (2, 4, "b", "not-finite"), (3, 4, "c", "not-finite"),
    ]


def test_timestamps_and_sexagesimals_stay_strings() -> None:
    assert data_of("a: 2024-01-01\nb: 2024-01-01T12:00:00Z\nc: 2001-12-14 21:59:43.10 -5\nd: 12:30\n") == {
        "a": "2024-01-01", "b": "2024-01-01T12:00:00Z", "c": "2001-12-14 21:59:43.10 -5", "d": "12:30",
    }


def test_explicit_core_tags_are_allowed() -> None:
    text = "a: !!str 12\nb: !!str true\nc: !!int '12'\nd: !!float 1\ne: !!bool true\nf: !!null ''\n"
    assert data_of(text) == {"a": "12", "b": "true", "c": 12, "d": 1.0, "e": True, "f": None}
    assert data_of("a: !!map {b: !!seq [1]}\n") == {"a": {"b": [1]}}
    assert data_of("a: !<tag:yaml.org,2002:str> 12\n") == {"a": "12"}


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("a: !!python/object:os.system x\n", (1, 4)),
        ("a: !!python/name:os.system x\n", (1, 4)),
        ("a: !!binary aGVsbG8=\n", (1, 4)),
        ("a: !!set {x}\n", (1, 4)),
        ("a: !!omap [x: 1]\n", (1, 4)),
        ("a: !!timestamp 2024-01-01\n", (1, 4)),
        ("a:\n  - !foo x\n", (2, 5)),
        ("%TAG !e! tag:example.com,2000:\n---\na: !e!foo x\n", (3, 4)),
        # Redefining !! does not smuggle a foreign tag in as a core one.
        ("%TAG !! tag:example.com,2000:\n---\na: !!str x\n", (3, 4)),
    ],
)
def test_other_tags_are_refused(text: str, position: tuple[int, int]) -> None:
    assert refusal(text) == (*position, "$", "yaml-tag")


def test_bom_is_accepted() -> None:
    assert data_of(b"\xef\xbb\xbfa: 1\n") == {"a": 1}
    assert data_of(b'\xef\xbb\xbf{"a": 1}', json_mode=True) == {"a": 1}


# -- refusals --------------------------------------------------------------------------------
def test_an_alias_bomb_is_refused_at_the_first_alias() -> None:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        lines.append(f"{name}: &{name} [{', '.join(['*' + prev] * 9)}]")
    assert refusal("\n".join(lines) + "\n") == (2, 8, "$", "alias")


def test_an_alias_bomb_in_flow_style_is_refused() -> None:
    bomb = "[&a [x, x, x, x], &b [*a, *a, *a, *a], &c [*b, *b, *b, *b], [*c, *c, *c, *c]]"
    assert refusal(bomb)[2:] == ("$", "alias")


def test_an_anchor_without_an_alias_is_harmless() -> None:
    assert data_of("a: &x 1\nb: &y [2]\n") == {"a": 1, "b": [2]}


def test_merge_keys_are_refused() -> None:
    assert located("a: 1\n<<: {b: 2}\n") == [(2, 1, "$", "merge-key")]
    assert refusal("base: &b {x: 1}\nc:\n  <<: *b\n")[3] == "alias"


def test_keys_must_be_strings() -> None:
    assert located("1: a\nnull: b\ntrue: c\n[a]: d\n{a: 1}: e\nok: f\n") == [
        (1, 1, "$", "key-type"), (2, 1, "$", "key-type"), (3, 1, "$", "key-type"),
        (4, 1, "$", "key-type"), (5, 1, "$", "key-type"),
    ]
    assert data_of("'1': a\n!!str 2: b\n") == {"1": "a", "2": "b"}


def test_duplicate_keys_are_refused_at_the_second() -> None:
    document, problems = parse("a: 1\nb: 2\na: 3\n")
    assert document is not None
    assert document.data == {"a": 1, "b": 2}  # the first one stands
    assert [(p.line, p.column, p.path, p.code) for p in problems] == [(3, 1, "a", "duplicate-key")]
    assert "line 1" in problems[0].message
    assert located('{"a": 1, "a": 2}', json_mode=True) == [(1, 10, "a", "duplicate-key")]


def test_one_document_per_file() -> None:
    assert refusal("a: 1\n---\nb: 2\n") == (2, 1, "$", "multiple-documents")
    assert refusal("a: 1\n...\n---\nb: 1\n") == (3, 1, "$", "multiple-documents")
    assert data_of("---\na: 1\n...\n") == {"a": 1}


@pytest.mark.parametrize("text", ["", "# only a comment\n", "\n\n", "\ufeff"])
def test_an_empty_yaml_file(text: str) -> None:
    assert refusal(text) == (1, 1, "$", "empty")


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("", (1, 1)),
        ("{'a': 1}", (1, 2)),  # single quotes
        ('{"a": 1,}', (1, 9)),  # trailing comma
        ('{"a": 1} // comment', (1, 10)),
        ("{a: 1}", (1, 2)),  # YAML flow mapping, not JSON
        ('{"a": 1}\n{"b": 2}', (2, 1)),
    ],
)
def test_strict_json(text: str, position: tuple[int, int]) -> None:
    assert refusal(text, json_mode=True) == (*position, "$", "json-syntax")


def test_json_numbers_must_be_finite() -> None:
    assert located('{"a": NaN, "b": Infinity,\n "c": -Infinity, "d": 1e999}', json_mode=True) == [
        (1, 7, "a", "not-finite"), (1, 17, "b", "not-finite"),
        (2, 7, "c", "not-finite"), (2, 23, "d", "not-finite"),
    ]
    assert data_of('{"a": "NaN"}', json_mode=True) == {"a": "NaN"}


def test_json_escapes() -> None:
    assert data_of('{"a": "\\ud83d\\ude00 \\u00e9 \\/ \\n"}', json_mode=True) == {"a": "😀 é / \n"}
    assert [p.code for p in parse('{"a": "\\ud800"}', json_mode=True)[1]] == ["encoding"]


def test_invalid_utf8_is_located() -> None:
    assert refusal(b"a: 1\nb: \xff\n") == (2, 4, "$", "encoding")
    assert refusal(b'{"a": "\xe9"}', json_mode=True) == (1, 8, "$", "encoding")


def test_the_file_name_is_in_every_problem() -> None:
    _, problems = parse_bytes(b"a: 1\na: 2\n", file="sets/x.yaml", json_mode=False)
    assert [p.file for p in problems] == ["sets/x.yaml"]
    assert str(problems[0]).startswith("sets/x.yaml:2:1: a: ")


# -- defects found by these tests, now fixed ---------------------------------------------------
def test_yaml_1_1_directive_does_not_turn_yes_into_false() -> None:
    document, problems = parse("%YAML 1.1\n---\na: yes\n")
    assert problems or (document is not None and document.data["a"] in ("yes", True))


def test_a_bool_tag_on_other_text_is_a_problem() -> None:
    assert located("a: !!bool maybe\n") != []


def test_a_binary_looking_scalar_is_read() -> None:
    assert data_of("a: 0b11\n") == {"a": "0b11"}  # YAML 1.2 core: not an int


def test_folded_scalars_are_joined_with_spaces() -> None:
    """ruamel marks fold points with BEL in round-trip mode; none may reach the data."""
    assert data_of("a: >-\n  one two\n  three\nb: >\n  x\n  y\n") == {"a": "one two three", "b": "x y\n"}
