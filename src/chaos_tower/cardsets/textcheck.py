"""What the safe reader checks of a file's text around the YAML reading (:mod:`.safeload`).

The encoding, strict JSON (its depth first), the characters a YAML reader cannot be trusted with,
and, after libyaml met a syntax error, the pure-Python parser's reading to that error.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, Protocol

from ruamel.yaml.events import AliasEvent, CollectionStartEvent, DocumentStartEvent, ScalarEvent

from .jsondepth import json_depth_ok, line_col

__all__ = [
    "Stops",
    "check_strict_json",
    "decode",
    "escape_json_only",
    "no_line_separator",
    "read_to_the_error",
]

# Characters JSON allows raw inside strings that the YAML reader refuses or reads as line
# breaks: escaped before the positioned YAML pass (the strict JSON pass has read them already).
_JSON_ONLY_CHARS = re.compile("[\x7f-\x9f\u2028\u2029\ufffe\uffff]")
# Raw LS and PS: a line break to YAML 1.1 readers, text to 1.2, and the pure-Python reader reads them
# as either by turns (it drops a flow item made of one), so a card file may hold them only escaped.
_LINE_SEPARATORS = re.compile("[\u2028\u2029]")


class Stops(Protocol):
    """The reader's way to refuse a file: a problem recorded, and the exception to raise."""

    @property
    def limits(self) -> Any: ...

    def stop(self, line: int, column: int, code: str, message: str) -> Exception: ...


def escape_json_only(text: str) -> str:
    """JSON text with the characters only JSON takes raw written as escapes (the same string)."""
    return _JSON_ONLY_CHARS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def decode(raw: bytes, reader: Stops) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise reader.stop(line, column, "encoding", "the file is not valid UTF-8") from None


def check_strict_json(text: str, reader: Stops) -> None:
    ok, where = json_depth_ok(text, reader.limits.max_depth)
    if not ok:
        line, column = line_col(text, where)
        raise reader.stop(line, column, "too-deep", f"nesting deeper than {reader.limits.max_depth} levels")
    try:
        # The hooks only keep the standard parser from failing on values that
        # the positioned pass below reports properly (huge ints, NaN).
        json.loads(text, parse_int=lambda _: 0, parse_float=lambda _: 0.0, parse_constant=lambda _: 0)
    except json.JSONDecodeError as exc:
        raise reader.stop(exc.lineno, exc.colno, "json-syntax", f"invalid JSON: {exc.msg}") from None


def no_line_separator(text: str, reader: Stops) -> None:
    found = _LINE_SEPARATORS.search(text)
    if found is not None:
        at = found.start()
        line, column = text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1
        name = "LINE SEPARATOR" if found.group() == "\u2028" else "PARAGRAPH SEPARATOR"
        raise reader.stop(
            line,
            column,
            "line-separator",
            f"a raw U+{ord(found.group()):04X} {name}, which YAML readers take as a line break or as "
            f"text; write it escaped (\\u{ord(found.group()):04x}) in a double-quoted string",
        )


def read_to_the_error(events: Iterator[Any], nodes: int) -> None:
    """Read the events to the syntax error (raised from here) within ``nodes`` values; return if
    there is none there (the two parsers read the file apart: it is then read again in full)."""
    seen = documents = 0
    for event in events:
        if isinstance(event, ScalarEvent | CollectionStartEvent | AliasEvent):
            seen += 1
        elif isinstance(event, DocumentStartEvent):
            documents += 1
        if seen > nodes or documents > 1:  # past what the fast pass saw clean
            return
