"""Clean text: no control character in any string of a card set (issue 11).

A card set's strings reach places that control characters break: ids go
into saves and action texts that must parse back, names into SVG (where
most C0 characters make the XML not well-formed) and into the terminal (where
ESC starts an escape sequence). So every string and every key of a card file
is checked as it is read, whatever the field, as a defence behind the schema's
patterns (which say the same per field):

* refused: C0 controls (U+0000–U+001F) except the line feed, DEL (U+007F)
  and C1 controls (U+0080–U+009F), tab and carriage return included;
* the line feed is let through here because long free text (the ``text`` and
  ``note`` fields) may span lines, as a YAML block scalar (``|``) writes it;
  the schema refuses it in every id, name, version and other one-line field.
"""

from __future__ import annotations

import re
from typing import Any

from ..kernel.errors import Problem
from .safeload import Document, JsonPath, format_path

__all__ = ["CONTROL", "control_problems"]

CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
"""The characters no string of a card set may hold (see the module's documentation)."""


def _problem(document: Document, path: JsonPath, text: str, what: str) -> Problem | None:
    found = CONTROL.search(text)
    if found is None:
        return None
    line, column = document.position(path)
    return Problem(
        file=document.file,
        line=line,
        column=column,
        path=format_path(path),
        code="control-character",
        message=f"{what} holds the control character U+{ord(found.group()):04X}; card text must be "
        "printable (a line break is allowed only in long text)",
    )


def control_problems(document: Document) -> list[Problem]:
    """A problem for each string or key of ``document`` that holds a control character."""
    problems: list[Problem] = []
    stack: list[tuple[JsonPath, Any]] = [((), document.data)]
    while stack:  # no recursion: the depth is bounded by the limits, but a loop costs nothing
        path, value = stack.pop()
        if isinstance(value, str):
            found = _problem(document, path, value, "the string")
            if found is not None:
                problems.append(found)
        elif isinstance(value, dict):
            for key, item in value.items():
                found = _problem(document, (*path, key), key, "the key")
                if found is not None:
                    problems.append(found)
                stack.append(((*path, key), item))
        elif isinstance(value, list):
            stack.extend(((*path, index), item) for index, item in enumerate(value))
    return sorted(problems, key=lambda p: (p.line, p.column, p.path))
