"""Safe reading of untrusted YAML and JSON, with a source position for every value.

Card-set files come from strangers. This module turns their bytes into plain
Python data (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``,
``None``) plus a map from each value's JSON path to its line and column, or it
reports :class:`~chaos_tower.kernel.errors.Problem` records, never a traceback.

Limits (each one a :data:`LIMITS` entry, documented in the schema reference):

* a file is at most ``max_file_bytes`` bytes, a directory holds at most
  ``max_files`` card files, and the files of a set hold at most
  ``max_total_bytes`` bytes and ``max_total_values`` values together;
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

The YAML reading is one pass over the parser's *events*, which builds no
node tree and uses no recursion: each event is checked (aliases, foreign tags,
depth, size) before anything is built from it, and the values are made by our
own code, so no YAML tag can ever construct an object. (Composing nodes in a
second pass doubled the time of the pure-Python reader for nothing.)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from typing import Any, Final

from attrs import define, field, frozen
from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
)
from ruamel.yaml.nodes import ScalarNode

from ..kernel.errors import Problem
from .eventpath import PathTracker
from .fastyaml import SyntaxFailure, Unsure, fast_read
from .textcheck import check_strict_json, decode, escape_json_only, no_line_separator, read_to_the_error

__all__ = ["LIMITS", "Document", "JsonPath", "Limits", "format_path", "parse_bytes"]

JsonPath = tuple[str | int, ...]
"""A value's place in a document: keys and list indices from the root."""


@frozen(kw_only=True)
class Limits:
    """Bounds applied to every untrusted card file."""

    # Sized so that the worst input within them is answered in about 3 s (docs/loading.md).
    max_file_bytes: int = 524_288
    max_total_bytes: int = 524_288
    max_files: int = 64
    max_depth: int = 24
    max_nodes: int = 50_000
    max_total_values: int = 50_000
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
    values: int = 0
    """How many values (keys included) the file holds, for the limits of a whole set."""

    def position(self, path: JsonPath) -> tuple[int, int]:
        """The 1-based line and column of ``path``, or of its nearest located ancestor."""
        while True:
            found = self.positions.get(path)
            if found is not None:
                return found
            if not path:
                return (1, 1)
            path = path[:-1]


_KEY, _VALUE, _SKIP_VALUE = "key", "value", "skip-value"


@define
class _Frame:
    """A collection being read: its value so far, its path, and for a mapping what comes next."""

    value: Any
    path: JsonPath
    skip: bool
    """Inside a refused key or its value: read (and checked) but not kept."""
    state: str = _KEY
    key: str = ""
    key_at: tuple[int, int] = (0, 0)
    first_seen: dict[str, int] = field(factory=dict)


class _Stop(Exception):
    """Internal: the file is unreadable past this point; the problem is recorded."""


class _Reader:
    Stop = _Stop

    def __init__(self, file: str, limits: Limits, *, json_mode: bool) -> None:
        self.file = file
        self.limits = limits
        self.json_mode = json_mode
        self.problems: list[Problem] = []
        self.positions: dict[JsonPath, tuple[int, int]] = {}
        self.values = 0

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
        # A refused file reports why it is refused, not what was seen of its values before that.
        self.problems.clear()
        self.problem(line, column, (), code, message)
        return _Stop()

    # -- one pass over the events -----------------------------------------
    def read(self, events: Iterator[Any], resolve: Callable[..., Any]) -> Any:
        """Check each event and build the values from them: no node tree, no recursion.

        Aliases, foreign tags, excess depth and size stop the reading at the
        event itself, before anything is built from it. ``resolve`` is the YAML
        1.2 resolver that gives a plain scalar its tag.
        """
        stack: list[_Frame] = []
        root: list[Any] = []
        nodes = 0
        documents = 0
        for event in events:
            mark = event.start_mark
            line, column = mark.line + 1, mark.column + 1
            if isinstance(event, DocumentStartEvent):
                self.check_document(event, line, column, documents)
                documents += 1
            elif isinstance(event, AliasEvent):
                raise self.stop(
                    line,
                    column,
                    "alias",
                    f"YAML aliases are not allowed (*{event.anchor}); write the value out in full",
                )
            elif isinstance(event, MappingEndEvent | SequenceEndEvent):
                frame = stack.pop()
                if not frame.skip:
                    self.deliver(stack, root, frame.value)
            elif isinstance(event, ScalarEvent | CollectionStartEvent):  # a value begins
                nodes += 1
                self.check_node(event, line, column, nodes, len(stack))
                tag = None if event.ctag is None or str(event.ctag) == "!" else str(event.ctag)
                path, skip = self.place(stack, event, tag, line, column, resolve)
                if isinstance(event, CollectionStartEvent):
                    mapping = isinstance(event, MappingStartEvent)
                    stack.append(_Frame(value={} if mapping else [], path=path, skip=skip))
                    if not skip:
                        self.positions.setdefault(path, (line, column))
                elif not skip:
                    self.positions.setdefault(path, (line, column))
                    resolved = tag or str(resolve(ScalarNode, event.value, event.implicit))
                    built = self.build_scalar(event, resolved, event.ctag is not None, path, line, column)
                    self.deliver(stack, root, built)
        if not root:
            raise self.stop(1, 1, "empty", "the file holds no data")
        self.values = nodes
        return root[0]

    def check_document(self, event: DocumentStartEvent, line: int, column: int, seen: int) -> None:
        version = getattr(event, "version", None)
        if version is not None and tuple(version) != (1, 2):
            raise self.stop(
                line,
                column,
                "yaml-version",
                f"YAML {'.'.join(map(str, version))} is not read; card files are YAML 1.2",
            )
        if seen:
            raise self.stop(
                line, column, "multiple-documents", "a card file holds one YAML document; found a second"
            )

    def check_node(self, event: Any, line: int, column: int, nodes: int, depth: int) -> None:
        if nodes > self.limits.max_nodes:
            raise self.stop(
                line, column, "too-many-values", f"more than {self.limits.max_nodes} values in one file"
            )
        tag = event.ctag
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
                line, column, "too-long", f"a value longer than {self.limits.max_string_chars} characters"
            )
        if isinstance(event, CollectionStartEvent) and depth >= self.limits.max_depth:
            raise self.stop(line, column, "too-deep", f"nesting deeper than {self.limits.max_depth} levels")

    def place(
        self,
        stack: list[_Frame],
        event: Any,
        tag: str | None,
        line: int,
        column: int,
        resolve: Callable[..., Any],
    ) -> tuple[JsonPath, bool]:
        """The path of the value ``event`` starts, and whether it is skipped (a key, a refused entry)."""
        if not stack:
            return (), False
        frame = stack[-1]
        if frame.skip:
            return frame.path, True
        if isinstance(frame.value, list):
            return (*frame.path, len(frame.value)), False
        if frame.state == _VALUE:
            path = (*frame.path, frame.key)
            # A mapping entry points at its key, where a person looks.
            self.positions[path] = frame.key_at
            return path, False
        if frame.state == _SKIP_VALUE:
            frame.state = _KEY
            return frame.path, True
        frame.state = _SKIP_VALUE  # unless the key below is a good one
        if not isinstance(event, ScalarEvent):
            self.problem(line, column, frame.path, "key-type", "mapping keys must be strings")
            return frame.path, True
        key_tag = tag or str(resolve(ScalarNode, event.value, event.implicit))
        if key_tag == _CORE + "merge":
            self.problem(line, column, frame.path, "merge-key", "YAML merge keys (<<) are not allowed")
        elif key_tag != _CORE + "str":
            self.problem(
                line, column, frame.path, "key-type", f"mapping keys must be strings (found {event.value!r})"
            )
        else:
            key = self.text(event.value, frame.path, line, column)
            if key in frame.first_seen:
                self.problem(
                    line,
                    column,
                    (*frame.path, key),
                    "duplicate-key",
                    f"duplicate key {key!r} (first given at line {frame.first_seen[key]})",
                )
            else:
                frame.first_seen[key] = line
                frame.key, frame.key_at, frame.state = key, (line, column), _VALUE
        return frame.path, True

    @staticmethod
    def deliver(stack: list[_Frame], root: list[Any], value: Any) -> None:
        """Hand a finished value to the collection that holds it, or make it the document."""
        if not stack:
            root.append(value)
            return
        frame = stack[-1]
        if isinstance(frame.value, list):
            frame.value.append(value)
        else:
            frame.value[frame.key] = value
            frame.state = _KEY

    def build_scalar(
        self, event: Any, tag: str, explicit: bool, path: JsonPath, line: int, column: int
    ) -> Any:
        text: str = event.value
        if event.style == ">":
            # ruamel's round-trip composer marks the fold points of a folded
            # scalar with BEL; a folded scalar cannot hold a raw BEL itself.
            text = text.replace("\a", "")
        plain = event.style is None
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


def parse_bytes(
    raw: bytes,
    *,
    file: str,
    json_mode: bool,
    limits: Limits = LIMITS,
    fast: bool = True,
    syntax_path: bool = False,
) -> tuple[Document | None, list[Problem]]:
    """Parse one file's bytes; return the document (``None`` if unreadable) and its problems.

    ``fast=False``: the position-tracking reader alone, without libyaml's first pass.
    ``syntax_path``: a syntax error's problem names the entry it stands in (``sheet.rows``), as
    the reading that met it saw, when it stands in one (else its path is ``$``).
    """
    reader = _Reader(file, limits, json_mode=json_mode)
    tracker = PathTracker()
    try:
        if len(raw) > limits.max_file_bytes:
            raise reader.stop(
                0, 0, "file-too-large", f"the file has {len(raw)} bytes; the limit is {limits.max_file_bytes}"
            )
        text = decode(raw, reader)
        if json_mode:
            check_strict_json(text, reader)
            text = escape_json_only(text)
        else:
            no_line_separator(text, reader)
        yaml = YAML(typ="rt", pure=True)
        yaml.version = (1, 2)
        try:  # libyaml first (chaos_tower.cardsets.fastyaml): it answers where it reads as the safe reader
            if not fast:
                raise Unsure
            data = fast_read(text, reader, yaml.resolver.resolve)
        except SyntaxFailure as failure:
            # Every value before the error was clean: the safe reader's parser only words the error.
            read_to_the_error(tracker.watch(yaml.parse(text)), failure.nodes)
            reader, tracker = _Reader(file, limits, json_mode=json_mode), PathTracker()
            data = reader.read(tracker.watch(yaml.parse(text)), yaml.resolver.resolve)
        except Unsure:
            reader = _Reader(file, limits, json_mode=json_mode)  # start clean: the safe reader words it
            data = reader.read(tracker.watch(yaml.parse(text)), yaml.resolver.resolve)
    except _Stop:
        return None, reader.problems
    except MarkedYAMLError as exc:
        reader.problems.clear()
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        what = exc.problem or exc.context or "unreadable YAML"
        where = tracker.path() if syntax_path else ()
        reader.problem(line, column, where, "yaml-syntax", f"invalid YAML: {what}")
        return None, reader.problems
    except Exception as exc:
        # The YAML library's own defects (or exotic inputs it does not expect)
        # must still reach the user as a positioned problem, never a traceback.
        reader.problems.clear()
        reader.problem(1, 1, (), "unreadable", f"the file could not be read: {type(exc).__name__}: {exc}")
        return None, reader.problems
    return Document(file=file, data=data, positions=reader.positions, values=reader.values), reader.problems
