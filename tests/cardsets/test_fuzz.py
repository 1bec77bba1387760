"""Untrusted input never crashes the loader: bytes, text, JSON-like documents, broken card files.

Whatever goes in, the safe reader returns a document and/or located problems,
``check_cardset`` returns a card set or problems, and ``load_cardset`` raises
nothing but :class:`~chaos_tower.kernel.errors.CardSetError`. Where the input is a
well-formed JSON or YAML text of plain data, what comes out equals what went in.
"""

from __future__ import annotations

import copy
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from chaos_tower import CardSetError, TowerCardSet, check_cardset, load_cardset
from chaos_tower.cardsets.converter import converter
from chaos_tower.cardsets.safeload import LIMITS, Document, JsonPath, parse_bytes
from chaos_tower.kernel.errors import Problem
from strategies import yaml_text

REPO = Path(__file__).resolve().parents[2]
BUILTIN = REPO / "carddata" / "tower"
NORMAL_ITEMS = BUILTIN / "normal-items.yaml"

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


# -- what every answer must look like ----------------------------------------------------
def assert_problems(problems: Any) -> None:
    assert isinstance(problems, list)
    for problem in problems:
        assert isinstance(problem, Problem)
        assert isinstance(problem.message, str) and problem.message.strip()
        assert isinstance(problem.code, str) and problem.code
        assert isinstance(problem.path, str) and problem.path
        assert isinstance(problem.file, str) and problem.file
        assert isinstance(problem.line, int) and problem.line >= 0
        assert isinstance(problem.column, int) and problem.column >= 0
        assert problem.severity in ("error", "warning")
        assert str(problem)  # printable as the CLI prints it
        assert json.dumps(problem.as_json(), ensure_ascii=False)


def assert_plain(value: Any, depth: int = 0) -> None:
    """Only JSON's own types come out of the safe reader, nested no deeper than the limit."""
    assert depth <= LIMITS.max_depth + 1
    if isinstance(value, dict):
        for key, item in value.items():
            assert isinstance(key, str)
            assert_plain(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            assert_plain(item, depth + 1)
    elif isinstance(value, float):
        assert math.isfinite(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        assert len(str(abs(value))) <= LIMITS.max_int_digits
    else:
        assert value is None or isinstance(value, bool | str)


def check_parse(raw: bytes, *, json_mode: bool) -> Document | None:
    """parse_bytes answers with a document and/or problems, never an exception."""
    document, problems = parse_bytes(raw, file="fuzz", json_mode=json_mode)
    assert_problems(problems)
    if document is None:
        assert problems, "no document and no problem"
        return None
    assert isinstance(document, Document)
    assert_plain(document.data)
    assert () in document.positions
    for line, column in document.positions.values():
        assert line >= 1 and column >= 1
    return document


def check_load(path: Path, *, also_load: bool = True) -> TowerCardSet | None:
    """check_cardset answers with a set or with problems; load_cardset raises only CardSetError."""
    cards, problems = check_cardset(path)
    assert_problems(problems)
    if cards is None:
        assert problems, "no card set and no problem"
    else:
        assert isinstance(cards, TowerCardSet)
        # A set that loads may still have lint warnings, never an error.
        assert all(p.severity == "warning" for p in problems), problems
    if also_load:
        try:
            loaded = load_cardset(path)
        except CardSetError as exc:
            assert cards is None
            assert exc.problems
            assert_problems(list(exc.problems))
        else:
            assert loaded == cards
    return cards


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Module scope: hypothesis runs many examples per test call, and a function-scoped
    # fixture would be shared among them anyway. Each test writes its own file names.
    return tmp_path_factory.mktemp("fuzz")


# -- strategies ----------------------------------------------------------------------------
# Pieces of YAML and JSON syntax: joined at random they reach far more of the
# parsers than uniformly random characters do.
_YAML_TOKENS = [
    "a", "b", "key", "x y", "1", "-1", "0", "017", "0x1F", "0o17", "0b11", "1_000", "1e999", "1.5",
    ".nan", ".inf", "-.Inf", "~", "null", "true", "True", "yes", "on", "2024-01-01", "12:30:00",
    "99999999999999999999999", "-", "- ", ": ", ":", "\n", "\r\n", "  ", "    ", "\t", "[", "]", "{", "}",
    ", ", ",", "? ", "&a ", "*a", "&b ", "*b", "!!str ", "!!int ", "!!float ", "!!bool ", "!!null ",
    "!!map ", "!!seq ", "!!binary ", "!!set ", "!!omap ", "!!timestamp ", "!!python/object:os.system ",
    "! ", "!foo ", "!<tag:yaml.org,2002:str> ", "<<: ", "<<", "|", "|-", ">", ">+", "'", "''", '"',
    '\\"', "\\", "\\u00e9", "\\ud83d", "\\x41", "# comment", "#", "---", "--- ", "...", "%YAML 1.2",
    "%YAML 1.1", "%YAML 2.0", "%TAG ! tag:example.com,2000:", "%TAG !! tag:example.com,2000:",
    "\ufeff", "é", "ー", "\x85", "\u2028", "\x00", "\x7f", "\x1b", "\ud7ff", "\U0001f600", "@", "`", "%",
]
_JSON_TOKENS = [
    "{", "}", "[", "]", ":", ",", " ", "\n", '"a"', '"b"', '""', '"\\u00e9"', '"\\ud83d\\ude00"',
    '"\\ud800"', '"\\udc00\\ud800"', '"\\n"', '"\\/"', '"\\x41"', "0", "-0", "1", "-1", "1.5", "1e5",
    "1E-5", "1e999", "-1e999", "12345678901234567890", "NaN", "Infinity", "-Infinity", "true", "false",
    "null", "True", "None", "'a'", "/* */", "//", "\ufeff", "\x00", "\x7f", "\x85", "é", "\t",
]

yaml_ish_text = st.lists(st.sampled_from(_YAML_TOKENS) | st.characters(), max_size=60).map("".join)
json_ish_text = st.lists(st.sampled_from(_JSON_TOKENS) | st.characters(), max_size=60).map("".join)

_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**400), max_value=10**400)  # huge, but below Python's str() limit
    | st.floats()  # nan and infinities included
    | st.text(max_size=30)
)


def json_like(scalars: st.SearchStrategy[Any] = _scalars, keys: st.SearchStrategy[str] | None = None,
              max_leaves: int = 40) -> st.SearchStrategy[Any]:
    keys = st.text(max_size=12) if keys is None else keys
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=6) | st.dictionaries(keys, inner, max_size=6),
        max_leaves=max_leaves,
    )


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


# Characters that JSON takes raw but the YAML reader under the safe reader refuses or
# folds (a known library bug, see test_roundtrip.test_raw_del_and_nel_in_a_json_string).
_YAML_UNSAFE = re.compile("[\x7f-\x9f\ufffe\uffff]")
_faithful_text = st.text(max_size=30).filter(lambda s: not _YAML_UNSAFE.search(s))
# Plain data the reader must give back unchanged: finite floats, integers within the
# limit, depth within the limit (checked in the tests), strings it can carry.
faithful_data = json_like(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**LIMITS.max_int_digits) + 1, max_value=10**LIMITS.max_int_digits - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | _faithful_text,
    keys=_faithful_text,
)


# -- bytes and text into the safe reader ----------------------------------------------
@FUZZ
@given(raw=st.binary(max_size=2000), json_mode=st.booleans())
def test_arbitrary_bytes(raw: bytes, json_mode: bool) -> None:
    check_parse(raw, json_mode=json_mode)


@FUZZ
@given(text=st.text(max_size=1000), json_mode=st.booleans(), bom=st.booleans())
def test_arbitrary_text(text: str, json_mode: bool, bom: bool) -> None:
    check_parse(("\ufeff" if bom else "").encode() + text.encode("utf-8"), json_mode=json_mode)


@FUZZ
@given(text=yaml_ish_text)
def test_yaml_like_text(text: str) -> None:
    check_parse(text.encode("utf-8", "surrogatepass"), json_mode=False)


@FUZZ
@given(text=json_ish_text)
def test_json_like_text(text: str) -> None:
    document = check_parse(text.encode("utf-8", "surrogatepass"), json_mode=True)
    if document is not None:
        # The reader never accepts what the standard JSON parser refuses (a BOM aside).
        json.loads(text.removeprefix("\ufeff"), parse_constant=lambda _: None)


@FUZZ
@given(text=st.text(max_size=200), encoding=st.sampled_from(["utf-16", "utf-16-le", "utf-32", "latin-1"]))
def test_other_encodings(text: str, encoding: str) -> None:
    check_parse(text.encode(encoding, "replace"), json_mode=False)


# -- JSON-like documents --------------------------------------------------------------
@FUZZ
@given(doc=json_like(), ensure_ascii=st.booleans())
def test_json_documents(doc: Any, ensure_ascii: bool) -> None:
    check_parse(json.dumps(doc, ensure_ascii=ensure_ascii).encode("utf-8"), json_mode=True)


@FUZZ
@given(doc=json_like())
def test_yaml_documents(doc: Any) -> None:
    check_parse(yaml_text(doc).encode("utf-8"), json_mode=False)


@FUZZ
@given(doc=faithful_data, ensure_ascii=st.booleans())
def test_json_reads_as_the_standard_parser_does(doc: Any, ensure_ascii: bool) -> None:
    assume(_depth(doc) <= LIMITS.max_depth)
    text = json.dumps(doc, ensure_ascii=ensure_ascii)
    document, problems = parse_bytes(text.encode("utf-8"), file="doc.json", json_mode=True)
    assert problems == []
    assert document is not None
    assert document.data == json.loads(text) == doc


@FUZZ
@given(doc=faithful_data)
def test_yaml_reads_back_what_was_dumped(doc: Any) -> None:
    assume(_depth(doc) <= LIMITS.max_depth)
    document, problems = parse_bytes(yaml_text(doc).encode("utf-8"), file="doc.yaml", json_mode=False)
    assert problems == []
    assert document is not None
    assert document.data == doc


@FUZZ
@given(doc=json_like(), suffix=st.sampled_from([".json", ".yaml"]))
def test_documents_as_card_set_files(doc: Any, suffix: str, workdir: Path) -> None:
    path = workdir / f"document{suffix}"
    text = json.dumps(doc) if suffix == ".json" else yaml_text(doc)
    path.write_text(text, encoding="utf-8")
    check_load(path)


@FUZZ
@given(raw=st.binary(max_size=500) | yaml_ish_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
       suffix=st.sampled_from([".json", ".yaml", ".yml"]))
def test_bytes_as_card_set_files(raw: bytes, suffix: str, workdir: Path) -> None:
    path = workdir / f"bytes{suffix}"
    path.write_bytes(raw)
    check_load(path)


# -- card sets with one part replaced ----------------------------------------------------
@pytest.fixture(scope="module")
def small_set() -> dict[str, Any]:
    """The built-in set cut down to two cards of each kind, as plain data (quick to load)."""
    data: dict[str, Any] = converter().unstructure(load_cardset(BUILTIN))
    for section in ("rooms", "monsters", "steps", "normal_items", "rare_items", "items"):
        data[section] = data.get(section, [])[:2]
    data["sheet"]["slots"] = data["sheet"]["slots"][:2]
    data["number"]["floors"] = data["number"]["floors"][:2]
    data["header"] = {**data["header"], "complete": False, "reconstructed": [], "description": ""}
    return data


def _paths(data: Any, path: JsonPath = ()) -> list[JsonPath]:
    out = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, (*path, index))
    return out


@settings(FUZZ, max_examples=150)
@given(data=st.data(), suffix=st.sampled_from([".json", ".yaml"]))
def test_card_set_with_a_value_replaced(data: st.DataObject, suffix: str, small_set: dict[str, Any],
                                        workdir: Path) -> None:
    # Replace, delete or add one value anywhere in a valid set: the schema explanations,
    # the converter and the semantic checks all meet data they were not written for.
    doc = copy.deepcopy(small_set)
    path = data.draw(st.sampled_from(_paths(doc)[1:]), label="path")
    parent: Any = doc
    for part in path[:-1]:
        parent = parent[part]
    action = data.draw(st.sampled_from(["replace", "delete", "add"]), label="action")
    if action == "delete":
        del parent[path[-1]]
    elif action == "replace":
        parent[path[-1]] = data.draw(json_like(max_leaves=8), label="value")
    elif isinstance(parent, dict):
        parent[data.draw(st.text(max_size=10), label="key")] = data.draw(json_like(max_leaves=8))
    else:
        parent.insert(int(path[-1]), data.draw(json_like(max_leaves=8), label="value"))
    target = workdir / f"replaced{suffix}"
    target.write_text(json.dumps(doc) if suffix == ".json" else yaml_text(doc), encoding="utf-8")
    check_load(target, also_load=False)


# -- a real card file, mutated character by character ----------------------------------
_EDIT_CHARS = st.sampled_from([*":-[]{}#&*!|>'\"\n \t,?%@`\\0123456789abc", "\ufeff", "é", "\x85"])


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    chars = list(text)
    for _ in range(draw(st.integers(1, 8), label="edits")):
        where = draw(st.integers(0, len(chars)), label="where")
        kind = draw(st.sampled_from(["delete", "insert", "replace"]), label="kind")
        if kind == "insert" or not chars or where == len(chars):
            chars.insert(where, draw(_EDIT_CHARS | st.characters(), label="char"))
        elif kind == "delete":
            del chars[where]
        else:
            chars[where] = draw(_EDIT_CHARS | st.characters(), label="char")
    return "".join(chars)


NORMAL_TEXT = NORMAL_ITEMS.read_text(encoding="utf-8") if NORMAL_ITEMS.exists() else ""


@pytest.fixture(scope="module")
def mutation_dir(tmp_path_factory: pytest.TempPathFactory, small_set: dict[str, Any]) -> Path:
    """A set directory: the test writes normal-items.yaml, the rest is a small set in rest.json."""
    target = tmp_path_factory.mktemp("mutated")
    rest = {key: value for key, value in small_set.items() if key != "normal_items"}
    (target / "rest.json").write_text(json.dumps(rest), encoding="utf-8")
    return target


@pytest.mark.skipif(not NORMAL_TEXT, reason="carddata/tower/normal-items.yaml is missing")
@FUZZ
@given(text=mutated_text(NORMAL_TEXT))
def test_mutated_card_file_parses_or_is_refused(text: str) -> None:
    check_parse(text.encode("utf-8", "surrogatepass"), json_mode=False)


@pytest.mark.skipif(not NORMAL_TEXT, reason="carddata/tower/normal-items.yaml is missing")
@settings(FUZZ, max_examples=100)  # each example loads a set
@given(text=mutated_text(NORMAL_TEXT))
def test_mutated_card_file_in_a_set(text: str, mutation_dir: Path) -> None:
    # Problems found after the join are mapped back into the mutated file.
    (mutation_dir / NORMAL_ITEMS.name).write_text(text, encoding="utf-8", errors="surrogatepass")
    cards, problems = check_cardset(mutation_dir)
    assert_problems(problems)
    assert cards is None  # two rooms and two monsters cannot make every item obtainable
    assert {Path(p.file).name for p in problems} <= {NORMAL_ITEMS.name, "rest.json", mutation_dir.name}


def test_unmutated_builtin_set_loads() -> None:
    # The mutation tests start from a valid set; make sure that is so.
    assert check_load(BUILTIN) is not None
