"""The fast first pass of the safe reader: libyaml's C parser, trusted only where it reads as the safe reader.

:func:`chaos_tower.cardsets.safeload.parse_bytes` calls :func:`fast_read` first. It reads
the parser's *events* from PyYAML's C binding (``yaml.CParser``, libyaml) and
builds the values with the safe reader's own scalar rules (YAML 1.2 core schema,
the same limits), recording every value's position from the C parser's marks.
It answers as the position-tracking reader would, the same problem at the same
place, for a value past the limit, a duplicate key (its value read but not
kept), an alias and the scalars the safe reader reports (issue 22: a flaw at the
end of a large file then costs one reading, not two). It raises :class:`Unsure`
(and the caller reads the file again with the pure-Python reader, which finds
and words every problem) on anything the two parsers might read apart: an
explicit tag or directive, a second document, a non-string or complex key, a
merge key, an anchor or alias name that 1.1 and 1.2 end apart, an empty list
item or block scalar, a line-break character that YAML 1.1 and 1.2 read
differently; a syntax error raises :class:`SyntaxFailure`, after which the
pure-Python parser only reads to the error to word it. So a clean file costs the
C parse; the data and the problems are the same either way
(``tests/cardsets/test_fastyaml.py`` compares the two readers over generated documents).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

if TYPE_CHECKING:
    from .safeload import JsonPath, _Reader


__all__ = ["SyntaxFailure", "Unsure", "available", "fast_read"]

# YAML 1.1 (libyaml) reads NEL, LS and PS as line breaks, YAML 1.2 (the safe reader) as text;
# a BOM inside the text and tabs are read apart too. Such files take the safe reader.
_UNSURE_TEXT = re.compile("[\x85\u2028\u2029\ufeff\t]")
_CORE_STR = "tag:yaml.org,2002:str"
_SURROGATE = re.compile("[\ud800-\udfff]")


@cache
def _parser() -> Any:
    """PyYAML's libyaml parser class, imported on first use (not by ``import chaos_tower``), or None."""
    try:
        # By name: PyYAML ships no type information, and only this one class is used.
        return importlib.import_module("yaml.cyaml").CParser
    except (ImportError, AttributeError):  # no PyYAML built with libyaml: the pure-Python reader
        return None


def available() -> bool:
    """Whether the C parser is there (PyYAML built with libyaml)."""
    return _parser() is not None


class _Scalar(NamedTuple):
    """What the safe reader's scalar rules read of a scalar event."""

    value: str
    style: str | None


class Unsure(Exception):
    """Internal: the fast pass does not answer for this document."""


_SCALAR, _SEQ, _MAP, _END, _DOC = 1, 2, 3, 4, 5
_KINDS: Final[dict[str, int]] = {
    "ScalarEvent": _SCALAR,
    "SequenceStartEvent": _SEQ,
    "MappingStartEvent": _MAP,
    "SequenceEndEvent": _END,
    "MappingEndEvent": _END,
    "DocumentStartEvent": _DOC,
    "StreamStartEvent": 0,
    "StreamEndEvent": 0,
    "DocumentEndEvent": 0,
}


class SyntaxFailure(Unsure):
    """Internal: libyaml failed to parse after ``nodes`` values, every one of them clean."""

    def __init__(self, nodes: int) -> None:
        super().__init__(nodes)
        self.nodes = nodes


_SKIP: Final = object()
"""A mapping's pending key: the value after a duplicate key, read (and checked) but not kept."""


def fast_read(text: str, reader: _Reader, resolve: Callable[..., Any]) -> Any:
    """The document's data (positions and value count set on ``reader``), or raise :class:`Unsure`.

    A limit passed, a duplicate key and a scalar the safe reader reports are answered here as the
    safe reader answers them (the same problem at the same place), so that a flaw at the end of
    a large file costs one reading, not two (issue 22); a syntax error raises :class:`SyntaxFailure`.
    """
    if _parser() is None or _UNSURE_TEXT.search(text) is not None:
        raise Unsure
    try:
        return _read_events(text, reader, resolve)
    except (Unsure, reader.Stop):
        raise
    except Exception:  # anything libyaml does not expect: the safe reader says why
        raise Unsure from None


def _events(text: str) -> Any:
    """libyaml's events of ``text``; :class:`SyntaxFailure` (its ``nodes`` set later) on a parse error."""
    parser = _parser()(text)
    try:
        while True:
            try:
                event = parser.get_event()
            except Exception:  # a syntax error: the safe reader words it
                raise SyntaxFailure(0) from None
            if event is None:
                return
            yield event
    finally:
        parser.dispose()


LOOKAHEAD = 2
"""Events read past the first value over the limit before it is reported: the safe reader's parser
looks ahead to the next token, so a syntax error that close is what it reports instead."""


def _clean_lookahead(events: Any) -> None:
    try:
        for _ in range(LOOKAHEAD):
            next(events, None)
    except SyntaxFailure:
        raise Unsure from None


def _read_events(text: str, reader: _Reader, resolve: Callable[..., Any]) -> Any:
    from ruamel.yaml.nodes import ScalarNode

    limits = reader.limits
    positions: dict[JsonPath, tuple[int, int]] = {}
    # One frame per open collection: [value, path, pending key, keys seen (their lines), key place,
    # skipped]. The pending key is None (a key comes next), a key, or _SKIP.
    stack: list[list[Any]] = []
    root: list[Any] = []
    nodes = 0
    documents = 0
    events = _events(text)
    try:
        for event in events:
            kind = _KINDS.get(type(event).__name__)
            if kind is None:
                if type(event).__name__ != "AliasEvent" or not _plain_name(text, event, "*"):
                    raise Unsure  # an event this pass does not know, a name 1.1 and 1.2 read apart
                mark = event.start_mark
                _clean_lookahead(events)
                raise reader.stop(
                    mark.line + 1,
                    mark.column + 1,
                    "alias",
                    f"YAML aliases are not allowed (*{event.anchor}); write the value out in full",
                )
            if kind == 0:
                continue
            if kind == _DOC:
                documents += 1
                if documents > 1 or event.version is not None or event.tags:
                    raise Unsure
                continue
            if kind == _END:
                done = stack.pop()
                if not done[5]:
                    _deliver(stack, root, done[0])
                continue
            nodes += 1
            mark = event.start_mark
            where = (mark.line + 1, mark.column + 1)
            empty = kind == _SCALAR and not event.value
            if event.tag is not None or (event.anchor is not None and not _plain_name(text, event, "&")):
                raise Unsure  # the two parsers read some tags and names apart: the safe reader says
            frame = stack[-1] if stack else None
            if nodes > limits.max_nodes:
                if empty or (kind != _SCALAR and _wants_key(frame)):
                    raise Unsure  # an empty scalar, a complex key: the two parsers mark them apart
                _clean_lookahead(events)
                raise reader.stop(
                    *where, "too-many-values", f"more than {limits.max_nodes} values in one file"
                )
            if kind == _SCALAR and len(event.value) > limits.max_string_chars:
                raise Unsure
            skip = False
            if frame is None:
                path: JsonPath = ()
            elif frame[5]:  # inside a value that is not kept
                skip = True
                path = frame[1]
            elif type(frame[0]) is list:
                path = (*frame[1], len(frame[0]))
            elif frame[2] is None:  # a key
                if kind != _SCALAR:
                    raise Unsure
                key = event.value
                if not event.style and str(resolve(ScalarNode, key, event.implicit)) != _CORE_STR:
                    raise Unsure  # a non-string key, a merge key: the safe reader words it
                if _SURROGATE.search(key) is not None:
                    raise Unsure
                if key in frame[3]:
                    reader.problem(
                        *where,
                        (*frame[1], key),
                        "duplicate-key",
                        f"duplicate key {key!r} (first given at line {frame[3][key]})",
                    )
                    frame[2] = _SKIP
                    continue
                frame[3][key] = where[0]
                frame[2] = key
                frame[4] = where
                continue
            elif frame[2] is _SKIP:
                skip = True
                path = frame[1]
                frame[2] = None
            else:
                path = (*frame[1], frame[2])
                positions[path] = frame[4]  # a mapping entry points at its key
            if kind == _SCALAR:
                if skip:
                    continue
                if empty and (path not in positions or event.style in ("|", ">")):
                    # The two parsers mark an empty scalar at different places; a mapping's value
                    # is placed at its key, so only an empty list item or document is left to the other
                    # (and an empty block scalar, whose header the two parsers read apart: ``|#``).
                    raise Unsure
                if path not in positions:
                    positions[path] = where
                # libyaml marks a plain scalar with the style '' (the safe reader's parser: None).
                style = event.style or None
                tag = str(resolve(ScalarNode, event.value, event.implicit)) if style is None else _CORE_STR
                count = len(reader.problems)
                value = reader.build_scalar(_Scalar(event.value, style), tag, False, path, *where)
                if empty and len(reader.problems) > count:
                    raise Unsure  # a problem at an empty scalar's place
                _deliver(stack, root, value)
            else:
                if len(stack) >= limits.max_depth:
                    raise Unsure
                if not skip and path not in positions:
                    positions[path] = where
                stack.append([[] if kind == _SEQ else {}, path, None, {}, (0, 0), skip])
    except SyntaxFailure:
        raise SyntaxFailure(nodes) from None
    if not root:
        raise Unsure
    reader.positions = positions
    reader.values = nodes
    return root[0]


def _plain_name(text: str, event: Any, sign: str) -> bool:
    """Whether the anchor or alias at the event's start is its name and then a space or a line's
    end: YAML 1.2 lets a name go on with characters (``:``) that end it in 1.1."""
    start = event.start_mark.index
    name = f"{sign}{event.anchor}"
    after = start + len(name)
    return text.startswith(name, start) and (after == len(text) or text[after] in " \r\n")


def _wants_key(frame: list[Any] | None) -> bool:
    return frame is not None and not frame[5] and type(frame[0]) is dict and frame[2] is None


def _deliver(stack: list[list[Any]], root: list[Any], value: Any) -> None:
    if not stack:
        root.append(value)
        return
    frame = stack[-1]
    if type(frame[0]) is list:
        frame[0].append(value)
    else:
        frame[0][frame[2]] = value
        frame[2] = None
