"""JSON text scanned without parsing: the depth of its brackets, and a character's line and column.

Split from :mod:`chaos_tower.cardsets.safeload` (which keeps its files under 500 lines): the strict JSON
pass scans the depth first, so that ``json.loads`` never recurses past ``max_depth``.
"""

from __future__ import annotations

__all__ = ["json_depth_ok", "line_col"]


def json_depth_ok(text: str, limit: int) -> tuple[bool, int]:
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


def line_col(text: str, index: int) -> tuple[int, int]:
    """The 1-based line and column of ``text[index]``."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1
