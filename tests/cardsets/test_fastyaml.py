"""The fast first pass (libyaml) gives exactly what the position-tracking safe reader gives.

``parse_bytes`` reads a file with libyaml's C parser first and trusts it only on a
clean document; anything else is read again by the pure-Python safe reader. The
proof that the fast pass changes nothing: over generated documents (plain data
written in several YAML styles, and raw text built from tricky fragments), both
readers give the same data, the same positions, the same value count and the same
problems.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chaos_tower.cardsets import fastyaml
from chaos_tower.cardsets.safeload import LIMITS, Limits, _Reader, parse_bytes
from strategies import yaml_text

CARDDATA = Path(__file__).resolve().parents[2] / "carddata"


def _both(raw: bytes, *, json_mode: bool = False, limits: Limits = LIMITS) -> tuple[Any, Any]:
    fast = parse_bytes(raw, file="card", json_mode=json_mode, limits=limits)
    slow = parse_bytes(raw, file="card", json_mode=json_mode, limits=limits, fast=False)
    return fast, slow


def _same(raw: bytes, *, json_mode: bool = False, limits: Limits = LIMITS) -> None:
    (fast_doc, fast_problems), (slow_doc, slow_problems) = _both(raw, json_mode=json_mode, limits=limits)
    assert fast_problems == slow_problems
    assert (fast_doc is None) == (slow_doc is None)
    if fast_doc is not None and slow_doc is not None:
        # repr as well as ==: 1 == 1.0 == True, but an int read as a float is a different value.
        assert repr(fast_doc.data) == repr(slow_doc.data)
        assert fast_doc.positions == slow_doc.positions
        assert fast_doc.values == slow_doc.values


def _fast_answers(text: str, *, json_mode: bool = False) -> bool:
    from ruamel.yaml import YAML

    resolver = YAML(typ="rt", pure=True)
    resolver.version = (1, 2)
    reader = _Reader("card", LIMITS, json_mode=json_mode)
    try:
        fastyaml.fast_read(text, reader, resolver.resolver.resolve)
    except fastyaml.Unsure:
        return False
    except reader.Stop:  # refused by the fast pass itself (an alias, a limit)
        return True
    return True


def test_libyaml_is_there() -> None:
    """The fast path is what the loading figures measure, so the test environment must have it."""
    assert fastyaml.available()


@pytest.mark.parametrize("file", sorted(CARDDATA.rglob("*.yaml")), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_built_in_files_read_the_same_and_take_the_fast_path(file: Path) -> None:
    raw = file.read_bytes()
    _same(raw)
    assert _fast_answers(raw.decode("utf-8-sig"))


@pytest.mark.parametrize(
    "text",
    [
        "a: 1\nb: &x 2\nc: [*x]\n",  # an alias in a flow list: 1.1 and 1.2 end its name apart
        "a: &x: 2\n",  # an anchor named `x:` in 1.2
        "<<: {a: 1}\n",  # merge key
        "? [1]\n: 2\n",  # a key that is no string
        "1: a\n",  # an integer key
        "a: !!str 1\n",  # explicit tag
        "%YAML 1.2\n---\na: 1\n",  # directive
        "a: 1\n---\nb: 2\n",  # two documents
        "a: 'x\u2028y'\n",  # a line separator: a break in YAML 1.1, text in 1.2
        "a: [1, 2\n",  # syntax error
        "",  # empty
        "a:\tb\n",  # a tab
    ],
)
def test_the_fast_pass_leaves_every_problem_to_the_safe_reader(text: str) -> None:
    assert not _fast_answers(text)
    _same(text.encode())


@pytest.mark.parametrize(
    "text",
    [
        "a: 1\na: 2\n",  # duplicate key
        "a: 1\nb: &x 2\nc: *x\n",  # alias
        "a: &x 2\n",  # anchor
        "a: 1\nb: {c: 1, c: [2, {d: 3}]}\nb: [x, {b: 1, b: 2}]\ne: 5\n",  # duplicates, their values not read
        "a: 12345678901234567890\n",  # over max_int_digits
        "a: .inf\n",  # not finite
        "a: [.nan, 0x1F, !!int '3']\n",
        "a:\n  - 1\n  - ~\n  - nULL\n",
    ],
)
def test_the_fast_pass_answers_these_problems_as_the_safe_reader_does(text: str) -> None:
    """Issue 22: a duplicate key or a bad scalar near the end of a large file costs one reading."""
    assert _fast_answers(text) == ("!!" not in text)
    _same(text.encode())


@pytest.mark.parametrize(
    ("text", "max_nodes"),
    [
        ("x: 1\n'", 2),  # past the limit, and a syntax error the pure parser meets looking ahead
        ("[x]&xyesnoa: btrail", 1),  # past the limit at a complex key
        ("!t.inf!!str 1.inf---x:\n", 1),  # past the limit at a tag the parsers read apart
        ("x: 1\n...\n'q'#x: 1\n\"'", 50_000),  # a second document, then a syntax error
        ("*x: yes", 50_000),  # an alias named `x:` in YAML 1.2, `x` in 1.1
        ("a: &x: 1\n", 50_000),
        ("a: &x 1\nb: *x\n", 50_000),  # an alias after its anchor: refused at the alias
        ("a: >#\n", 50_000),  # an empty block scalar whose header the parsers read apart
        ("a:\nb: ''\nc: [1, {d: }]\n", 50_000),  # empty values, placed at their keys
        ("- \n- a\n", 50_000),  # an empty list item
    ],
)
def test_the_readers_agree_where_the_fast_pass_answers_a_problem(text: str, max_nodes: int) -> None:
    """Issue 22: the fast pass answers more problems itself; where the two parsers could read a file
    apart (found by fuzzing both readers), it still leaves the file to the safe reader."""
    _same(text.encode(), limits=Limits(max_nodes=max_nodes))


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("a: [1, 2\n", "a[1]"),
        ("sheet:\n  columns: 3\n rows: 3\n", "sheet"),
        ("a: b: c\n", "a"),
        ("x: &y 1\nz: [1, 2\n", "z[1]"),
        ("[1, 2\n", "[1]"),
        ("{\n", "$"),
    ],
)
def test_a_syntax_error_names_the_entry_it_stands_in_whichever_reader_meets_it(text: str, path: str) -> None:
    """The path the reading that met the error followed: the same as reading it again for it."""
    from chaos_tower.cardsets.safeload import format_path
    from chaos_tower.cardsets.yamlwhere import path_before_error

    assert (format_path(path_before_error(text)) if path_before_error(text) else "$") == path
    for fast in (True, False):
        _, problems = parse_bytes(text.encode(), file="card", json_mode=False, fast=fast, syntax_path=True)
        assert [(p.code, p.path) for p in problems] == [("yaml-syntax", path)]


def test_limits_are_kept_on_the_fast_path() -> None:
    """max_depth, max_nodes and max_string_chars (issue 11) hold whichever reader answers."""
    deep = "a:\n" + "".join("  " * i + "- \n" for i in range(1, 5)) + "  " * 5 + "x: 1\n"
    for limits in (Limits(max_depth=3), Limits(max_nodes=5), Limits(max_string_chars=3)):
        for text in (deep, "a: [1, 2, 3, 4, 5, 6]\n", "a: abcdef\n", "abcdef: 1\n"):
            _same(text.encode(), limits=limits)
    fast, _ = _both(b"a: abcdef\n", limits=Limits(max_string_chars=3))
    assert fast[0] is None and fast[1][0].code == "too-long"


# -- generated documents ------------------------------------------------------------
_TRICKY = [
    "yes", "no", "on", "off", "y", "n", "true", "False", "NULL", "~", "null", "",
    "0o17", "0x1F", "0b101", "017", "1_000", "+12", "-0", "1:20", "1e5", "1E-3", ".5", "5.",
    ".inf", "-.Inf", ".nan", "1.0", "2024-01-01", "2024-01-01T10:00:00Z", "<<", "=", "?a", "-a",
    "a: b", "#x", "x #y", "'q'", '"d"', "\\", "é", "塔", "😀", "\x7f", "\u00a0", "a\nb", " lead", "trail ",
    "{", "[x]", "*x", "&x", "!t", "%", "@", "`", "|", ">", "- ", "0." , "0e0", "123456789012345678",
    "1234567890123456789", "-9223372036854775808",
]
_scalars = st.one_of(
    st.sampled_from(_TRICKY),
    st.text(max_size=8),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
)
_keys = st.one_of(st.sampled_from(_TRICKY), st.text(max_size=6))
_data = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_keys, inner, max_size=4),
    max_leaves=12,
)


def _pyyaml(data: Any, **style: Any) -> str:
    out = io.StringIO()
    yaml.safe_dump(data, out, allow_unicode=True, **style)
    return out.getvalue()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=_data, style=st.sampled_from(["ruamel", "block", "flow", "single", "double", "literal"]))
def test_both_readers_agree_on_written_documents(data: Any, style: str) -> None:
    if style == "ruamel":
        text = yaml_text(data)
    elif style == "block":
        text = _pyyaml(data, default_flow_style=False)
    elif style == "flow":
        text = _pyyaml(data, default_flow_style=True)
    elif style == "single":
        text = _pyyaml(data, default_style="'")
    elif style == "double":
        text = _pyyaml(data, default_style='"')
    else:
        text = _pyyaml(data, default_style="|")
    _same(text.encode("utf-8", "surrogatepass"))


_fragments = st.lists(
    st.sampled_from(
        [*_TRICKY, "\n", "  ", ": ", "- ", "{", "}", "[", "]", ", ", "'", '"', "#", "---", "...", "\t",
         "\r\n", "key", "\\u00e9", "\\ud83d\\ude00", "\\ud800", ">\n  a\n  b\n", "|-\n  x\n"]
    ),
    max_size=14,
)


@settings(max_examples=400, deadline=None)
@given(parts=_fragments)
def test_both_readers_agree_on_raw_text(parts: list[str]) -> None:
    text = "".join(parts)
    _same(text.encode("utf-8", "surrogatepass"))


@settings(max_examples=200, deadline=None)
@given(data=_data)
def test_both_readers_agree_on_json(data: Any) -> None:
    text = json.dumps(data, ensure_ascii=False, indent=None)
    _same(text.encode("utf-8", "surrogatepass"), json_mode=True)
    _same(json.dumps(data, indent=2).encode(), json_mode=True)
