"""Safe reading of untrusted YAML and JSON, with a source position for every value.

Card-set files come from strangers. This module turns their bytes into plain
Python data (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``,
``None``) plus a map from each value's JSON path to its line and column, or it
reports :class:`~chaos_tower.errors.Problem` records, never a traceback.

Limits (each one a :data:`LIMITS` entry, documented in the schema reference):

* a file is at most ``max_file_bytes`` bytes, a directory holds at most
  ``max_files`` card files;
* nesting is at most ``max_depth`` levels, a document has at most
  ``max_nodes`` values, a string at most ``max_string_chars`` characters;
* an integer has at most ``max_int_digits`` digits (the schema bounds it far
  lower; this only stops Python's own 4,300-digit ``ValueError``);
* YAML: one document per file; only the core tags (``!!str``, ``!!int``,
  ``!!float``, ``!!bool``, ``!!null``, ``!!map``, ``!!seq``); no anchors used
  as aliases (an alias bomb is refused before anything is expanded); no merge
  keys; duplicate keys refused;
* JSON: strict JSON (checked with the standard parser first), duplicate keys
  refused, ``NaN`` and ``Infinity`` refused.

The YAML reading goes in two passes. The first walks the parser's *events*,
which costs no recursion and builds nothing, and stops aliases, foreign tags,
excessive depth and size. Only a stream that passed it is composed into nodes,
and the nodes are turned into Python values by our own code, so no YAML tag
can ever construct an object.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from typing import Any, Final

from attrs import frozen
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    MappingEndEvent,
    NodeEvent,
    ScalarEvent,
    SequenceEndEvent,
)
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import Problem

__all__ = ["LIMITS", "Document", "JsonPath", "Limits", "format_path", "parse_bytes"]

JsonPath = tuple[str | int, ...]
"""A value's place in a document: keys and list indices from the root."""


@frozen(kw_only=True)
class Limits:
    """Bounds applied to every untrusted card file."""

    max_file_bytes: int = 1_048_576
    max_files: int = 64
    max_depth: int = 24
    max_nodes: int = 100_000
    max_string_chars: int = 10_000
    max_int_digits: int = 18


LIMITS: Final = Limits()

_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS: Final = frozenset(_CORE + t for t in ("str", "int", "float", "bool", "null"))
_ALLOWED_EXPLICIT_TAGS: Final = _SCALAR_TAGS | {_CORE + "map", _CORE + "seq", "!"}
_JSON_CONSTANTS: Final = frozenset({"NaN", "Infinity", "-Infinity"})
_SURROGATE = re.compile("[\ud800-\udfff]")
# YAML 1.2 core schema forms (https://yaml.org/spec/1.2.2/#1032-tag-resolution).
_NULLS: Final = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS: Final = frozenset({"true", "True", "TRUE", "false", "False", "FALSE"})
_INT_12 = re.compile(r"[-+]?[0-9]+\Z|0o[0-7]+\Z|0x[0-9a-fA-F]+\Z")
_INT_LIKE = re.compile(r"[-+]?[0-9]{19,}\Z")  # over-long decimals: reported as too large, not read as text
_FLOAT_12 = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_SPECIAL_FLOAT = re.compile(r"[-+]?\.(inf|Inf|INF)\Z|\.(nan|NaN|NAN)\Z")
# Characters JSON allows raw inside strings that the YAML reader refuses or reads as line
# breaks: escaped before the positioned YAML pass (the strict JSON pass has read them already).
_JSON_ONLY_CHARS = re.compile("[\x7f-\x9f\u2028\u2029\ufffe\uffff]")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")


def format_path(path: JsonPath) -> str:
    """``("rooms", 3, "da", "f")`` → ``rooms[3].da.f``; the root is ``$``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENT.match(part):
            out += f".{part}" if out else part
        else:
            out += f"[{json.dumps(part, ensure_ascii=False)}]"
    return out or "$"


@frozen(kw_only=True)
class Document:
    """One parsed file: its data and where each value stands in it."""

    file: str
    data: Any
    positions: dict[JsonPath, tuple[int, int]]

    def position(self, path: JsonPath) -> tuple[int, int]:
        """The 1-based line and column of ``path``, or of its nearest located ancestor."""
        while True:
            found = self.positions.get(path)
            if found is not None:
                return found
            if not path:
                return (1, 1)
            path = path[:-1]


class _Stop(Exception):
    """Internal: the file is unreadable past this point; the problem is recorded."""


class _Reader:
    def __init__(self, file: str, limits: Limits, *, json_mode: bool) -> None:
        self.file = file
        self.limits = limits
        self.json_mode = json_mode
        self.problems: list[Problem] = []
        self.positions: dict[JsonPath, tuple[int, int]] = {}
        self.explicit: set[tuple[int, int]] = set()
        """Where a value carries an explicit tag (``!!int 7``): no YAML 1.1 form is read as text there."""

    def problem(self, line: int, column: int, path: JsonPath, code: str, message: str) -> None:
        self.problems.append(
            Problem(
                file=self.file,
                line=line,
                column=column,
                path=format_path(path),
                code=code,
                message=message,
            )
        )

    def stop(self, line: int, column: int, code: str, message: str) -> _Stop:
        self.problem(line, column, (), code, message)
        return _Stop()

    # -- pass 1: events -------------------------------------------------
    def scan_events(self, events: Iterator[Any]) -> None:
        depth = 0
        nodes = 0
        documents = 0
        for event in events:
            mark = event.start_mark
            line, column = mark.line + 1, mark.column + 1
            if isinstance(event, DocumentStartEvent):
                version = getattr(event, "version", None)
                if version is not None and tuple(version) != (1, 2):
                    raise self.stop(
                        line,
                        column,
                        "yaml-version",
                        f"YAML {'.'.join(map(str, version))} is not read; card files are YAML 1.2",
                    )
                documents += 1
                if documents > 1:
                    raise self.stop(
                        line,
                        column,
                        "multiple-documents",
                        "a card file holds one YAML document; found a second",
                    )
            elif isinstance(event, AliasEvent):
                raise self.stop(
                    line,
                    column,
                    "alias",
                    f"YAML aliases are not allowed (*{event.anchor}); write the value out in full",
                )
            if isinstance(event, NodeEvent):
                nodes += 1
                if nodes > self.limits.max_nodes:
                    raise self.stop(
                        line,
                        column,
                        "too-many-values",
                        f"more than {self.limits.max_nodes} values in one file",
                    )
                tag = getattr(event, "tag", None)
                if tag is not None:
                    self.explicit.add((line, column))
                if tag is not None and str(tag) not in _ALLOWED_EXPLICIT_TAGS:
                    raise self.stop(
                        line,
                        column,
                        "yaml-tag",
                        f"the YAML tag {tag} is not allowed; only core tags "
                        "(!!str, !!int, !!float, !!bool, !!null, !!map, !!seq) are",
                    )
                if isinstance(event, ScalarEvent) and len(event.value) > self.limits.max_string_chars:
                    raise self.stop(
                        line,
                        column,
                        "too-long",
                        f"a value longer than {self.limits.max_string_chars} characters",
                    )
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > self.limits.max_depth:
                    raise self.stop(
                        line, column, "too-deep", f"nesting deeper than {self.limits.max_depth} levels"
                    )
            elif isinstance(event, MappingEndEvent | SequenceEndEvent):
                depth -= 1

    # -- pass 2: nodes to values ----------------------------------------
    def build(self, node: Node, path: JsonPath) -> Any:
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        self.positions[path] = (line, column)
        tag = str(node.tag)
        if isinstance(node, MappingNode):
            return self.build_mapping(node, path)
        if isinstance(node, SequenceNode):
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        return self.build_scalar(node, tag, path, line, column)

    def build_mapping(self, node: MappingNode, path: JsonPath) -> dict[str, Any]:
        out: dict[str, Any] = {}
        first_seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            kline, kcol = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            key_tag = str(key_node.tag)
            if key_tag == _CORE + "merge":
                self.problem(kline, kcol, path, "merge-key", "YAML merge keys (<<) are not allowed")
                continue
            if not isinstance(key_node, ScalarNode) or key_tag != _CORE + "str":
                self.problem(
                    kline,
                    kcol,
                    path,
                    "key-type",
                    "mapping keys must be strings"
                    + (f" (found {key_node.value!r})" if isinstance(key_node, ScalarNode) else ""),
                )
                continue
            key = self.text(key_node.value, path, kline, kcol)
            if key in first_seen:
                self.problem(
                    kline,
                    kcol,
                    (*path, key),
                    "duplicate-key",
                    f"duplicate key {key!r} (first given at line {first_seen[key]})",
                )
                continue
            first_seen[key] = kline
            out[key] = self.build(value_node, (*path, key))
            # Point at the key, where a person looks, for problems about this entry.
            self.positions[(*path, key)] = (kline, kcol)
        return out

    def build_scalar(self, node: ScalarNode, tag: str, path: JsonPath, line: int, column: int) -> Any:
        text: str = node.value
        if node.style == ">":
            # ruamel's round-trip composer marks the fold points of a folded
            # scalar with BEL; a folded scalar cannot hold a raw BEL itself.
            text = text.replace("\a", "")
        plain = node.style is None
        if self.json_mode and plain and text in _JSON_CONSTANTS:
            self.problem(line, column, path, "not-finite", f"{text} is not allowed; numbers must be finite")
            return None
        if tag == _CORE + "str":
            return self.text(text, path, line, column)
        if tag == _CORE + "null":
            if text not in _NULLS:
                self.problem(line, column, path, "bad-null", f"{text!r} is not a null (use null or ~)")
            return None
        if tag == _CORE + "bool":
            if text not in _BOOLS:
                self.problem(line, column, path, "bad-bool", f"{text!r} is not a boolean (use true or false)")
                return None
            return text.lower() == "true"
        explicit = (line, column) in self.explicit
        if tag == _CORE + "int":
            if _INT_12.match(text) is None and not _INT_LIKE.match(text) and not explicit:
                # YAML 1.1 forms (0b101, 1_000, 1:20) are plain strings in YAML 1.2.
                return self.text(text, path, line, column)
            return self.build_int(text, path, line, column)
        if tag == _CORE + "float":
            if _FLOAT_12.match(text) is None:
                if _SPECIAL_FLOAT.match(text) is None:
                    if plain and not explicit:
                        return self.text(text, path, line, column)  # a YAML 1.1 float form: a string in 1.2
                    self.problem(line, column, path, "bad-float", f"{text!r} is not a number")
                    return None
                value = math.nan
            else:
                value = float(text)
            if not math.isfinite(value):
                self.problem(
                    line, column, path, "not-finite", f"{text} is not allowed; numbers must be finite"
                )
                return None
            return value
        if tag == _CORE + "timestamp":
            # YAML would make a date of 2024-01-01; a card set has no dates, so keep the text.
            return text
        self.problem(line, column, path, "yaml-tag", f"values of type {tag} are not allowed")
        return None

    def text(self, text: str, path: JsonPath, line: int, column: int) -> str:
        """A string with escaped UTF-16 surrogate pairs (``\\ud83d\\ude00``) joined into one character."""
        if _SURROGATE.search(text) is None:
            return text
        try:
            return text.encode("utf-16", "surrogatepass").decode("utf-16")
        except UnicodeDecodeError:
            self.problem(line, column, path, "encoding", "an escaped surrogate (\\uD800-\\uDFFF) has no pair")
            return text.encode("utf-8", "replace").decode("utf-8")

    def build_int(self, text: str, path: JsonPath, line: int, column: int) -> int | None:
        digits = text.replace("_", "").lstrip("+-")
        if digits[:2].lower() in ("0x", "0o"):
            digits = digits[2:]
            base = 16 if text.lstrip("+-")[1] in "xX" else 8
        else:
            base = 10
        if len(digits) > self.limits.max_int_digits:
            self.problem(
                line,
                column,
                path,
                "int-too-large",
                f"an integer of {len(digits)} digits; at most {self.limits.max_int_digits} are read",
            )
            return None
        sign = -1 if text.startswith("-") else 1
        try:
            return sign * int(digits, base)
        except ValueError:
            self.problem(line, column, path, "bad-int", f"{text!r} is not an integer")
            return None


def _decode(raw: bytes, reader: _Reader) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise reader.stop(line, column, "encoding", "the file is not valid UTF-8") from None


def _json_depth_ok(text: str, limit: int) -> tuple[bool, int]:
    """Scan brackets outside strings, so that json.loads never recurses too deep."""
    depth = 0
    in_string = False
    escaped = False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return False, index
        elif char in "]}":
            depth -= 1
    return True, -1


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _check_strict_json(text: str, reader: _Reader) -> None:
    ok, where = _json_depth_ok(text, reader.limits.max_depth)
    if not ok:
        line, column = _line_col(text, where)
        raise reader.stop(line, column, "too-deep", f"nesting deeper than {reader.limits.max_depth} levels")
    try:
        # The hooks only keep the standard parser from failing on values that
        # the positioned pass below reports properly (huge ints, NaN).
        json.loads(text, parse_int=lambda _: 0, parse_float=lambda _: 0.0, parse_constant=lambda _: 0)
    except json.JSONDecodeError as exc:
        raise reader.stop(exc.lineno, exc.colno, "json-syntax", f"invalid JSON: {exc.msg}") from None


def parse_bytes(
    raw: bytes, *, file: str, json_mode: bool, limits: Limits = LIMITS
) -> tuple[Document | None, list[Problem]]:
    """Parse one file's bytes; return the document (``None`` if unreadable) and its problems."""
    reader = _Reader(file, limits, json_mode=json_mode)
    try:
        if len(raw) > limits.max_file_bytes:
            raise reader.stop(
                0, 0, "file-too-large", f"the file has {len(raw)} bytes; the limit is {limits.max_file_bytes}"
            )
        text = _decode(raw, reader)
        if json_mode:
            _check_strict_json(text, reader)
            text = _JSON_ONLY_CHARS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
        yaml = YAML(typ="rt", pure=True)
        yaml.version = (1, 2)
        reader.scan_events(yaml.parse(text))
        root = YAML(typ="rt", pure=True).compose(text)
        if root is None:
            raise reader.stop(1, 1, "empty", "the file holds no data")
        data = reader.build(root, ())
    except _Stop:
        return None, reader.problems
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        what = exc.problem or exc.context or "unreadable YAML"
        reader.problem(line, column, (), "yaml-syntax", f"invalid YAML: {what}")
        return None, reader.problems
    except Exception as exc:
        # The YAML library's own defects (or exotic inputs it does not expect)
        # must still reach the user as a positioned problem, never a traceback.
        reader.problem(1, 1, (), "unreadable", f"the file could not be read: {type(exc).__name__}: {exc}")
        return None, reader.problems
    return Document(file=file, data=data, positions=reader.positions), reader.problems
