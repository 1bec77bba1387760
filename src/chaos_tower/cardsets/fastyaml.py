"""The fast first pass of the safe reader: libyaml's C parser, trusted only on plain documents.

:func:`chaos_tower.cardsets.safeload.parse_bytes` calls :func:`fast_read` first. It reads
the parser's *events* from PyYAML's C binding (``yaml.CParser``, libyaml) and
builds the values with the safe reader's own scalar rules (YAML 1.2 core schema,
the same limits), recording every value's position from the C parser's marks.
It answers only for a document it is sure of: it returns ``None`` (and the
caller reads the file again with the position-tracking pure-Python reader, which
finds and words every problem) on anything the two parsers might read apart or
that is a problem: a parse error, an alias or anchor, any explicit tag or
directive, a second document, a duplicate or non-string key, a merge key, a
limit passed, a line-break character that YAML 1.1 and 1.2 read differently, or
a scalar the safe reader would report. So a clean file costs the C parse, and a
file with a problem costs both passes; the data is the same either way
(``tests/test_fastyaml.py`` compares the two readers over generated documents).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

if TYPE_CHECKING:
    from .safeload import JsonPath, _Reader


__all__ = ["Unsure", "available", "fast_read"]

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


def fast_read(text: str, reader: _Reader, resolve: Callable[..., Any]) -> Any:
    """The document's data (positions and value count set on ``reader``), or raise :class:`Unsure`."""
    if _parser() is None or _UNSURE_TEXT.search(text) is not None:
        raise Unsure
    try:
        return _read_events(text, reader, resolve)
    except Unsure:
        raise
    except Exception:  # a syntax error, or anything libyaml does not expect: the safe reader says why
        raise Unsure from None


def _read_events(text: str, reader: _Reader, resolve: Callable[..., Any]) -> Any:
    from ruamel.yaml.nodes import ScalarNode

    limits = reader.limits
    positions: dict[JsonPath, tuple[int, int]] = {}
    # One frame per open collection: [value, path, pending key or None, keys seen].
    stack: list[list[Any]] = []
    root: list[Any] = []
    nodes = 0
    documents = 0
    parser = _parser()(text)
    try:
        while True:
            event = parser.get_event()
            if event is None:
                break
            kind = _KINDS.get(type(event).__name__)
            if kind is None:  # an alias, or an event this pass does not know
                raise Unsure
            if kind == 0:
                continue
            if kind == _DOC:
                documents += 1
                if documents > 1 or event.version is not None or event.tags:
                    raise Unsure
                continue
            if kind == _END:
                value = stack.pop()[0]
                _deliver(stack, root, value)
                continue
            nodes += 1
            if nodes > limits.max_nodes or event.anchor is not None or event.tag is not None:
                raise Unsure
            mark = event.start_mark
            where = (mark.line + 1, mark.column + 1)
            frame = stack[-1] if stack else None
            if frame is None:
                path: JsonPath = ()
            elif type(frame[0]) is list:
                path = (*frame[1], len(frame[0]))
            elif frame[2] is None:  # a key
                if kind != _SCALAR:
                    raise Unsure
                key = event.value
                if (
                    not event.style and str(resolve(ScalarNode, key, event.implicit)) != _CORE_STR
                ) or key in frame[3]:
                    raise Unsure  # a non-string key, a merge key, a duplicate: the safe reader words it
                if len(key) > limits.max_string_chars or _SURROGATE.search(key) is not None:
                    raise Unsure
                frame[3].add(key)
                frame[2] = key
                frame[4] = where
                continue
            else:
                path = (*frame[1], frame[2])
                where_key = frame[4]
                positions[path] = where_key  # a mapping entry points at its key
            if kind == _SCALAR:
                if len(event.value) > limits.max_string_chars or not event.value:
                    raise Unsure  # an empty scalar: the two parsers mark it at different places
                if path not in positions:
                    positions[path] = where
                # libyaml marks a plain scalar with the style '' (the safe reader's parser: None).
                style = event.style or None
                tag = str(resolve(ScalarNode, event.value, event.implicit)) if style is None else _CORE_STR
                value = reader.build_scalar(_Scalar(event.value, style), tag, False, path, *where)
                if reader.problems:
                    raise Unsure
                _deliver(stack, root, value)
            else:
                if len(stack) >= limits.max_depth:
                    raise Unsure
                if path not in positions:
                    positions[path] = where
                stack.append([[] if kind == _SEQ else {}, path, None, set(), (0, 0)])
    finally:
        parser.dispose()
    if not root:
        raise Unsure
    reader.positions = positions
    reader.values = nodes
    return root[0]


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
