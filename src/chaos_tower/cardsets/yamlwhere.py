"""Where in a document a YAML syntax error stands: the path of the key being read.

The parser reports a syntax error by line and column only; a person fixing a
card file also wants to know *which* entry it is in (``sheet.rows``, not
``$``). The events the parser gave before it failed say exactly that.
"""

from __future__ import annotations

from pathlib import PurePath

import attrs
from ruamel.yaml import YAML
from ruamel.yaml.events import (
    CollectionEndEvent,
    CollectionStartEvent,
    MappingStartEvent,
    ScalarEvent,
)

from ..kernel.errors import Problem
from .safeload import JsonPath, format_path

__all__ = ["path_before_error", "place_syntax_error"]


class _Frame:
    def __init__(self, mapping: bool) -> None:
        self.mapping = mapping
        self.key: str | None = None
        self.wants_key = True
        self.index = -1

    def value_starts(self) -> None:
        if not self.mapping:
            self.index += 1

    def value_ends(self) -> None:
        if self.mapping:
            self.wants_key = True


def _path(stack: list[_Frame]) -> JsonPath:
    out: list[str | int] = []
    for frame in stack:
        if frame.mapping:
            if frame.key is None:
                break
            out.append(frame.key)
        elif frame.index >= 0:
            out.append(frame.index)
        else:
            break
    return tuple(out)


def path_before_error(text: str) -> JsonPath:
    """The path of the last key (or list item) the parser had opened when it failed.

    A key just read but with its value not yet started still counts: an error in
    ``rows: 3`` badly indented under ``sheet`` is reported in ``sheet.columns``,
    the entry the reader is looking at.
    """
    stack: list[_Frame] = []
    yaml = YAML(typ="rt", pure=True)
    yaml.version = (1, 2)
    try:
        for event in yaml.parse(text):
            if isinstance(event, ScalarEvent):
                top = stack[-1] if stack else None
                if top is None:
                    continue
                if top.mapping and top.wants_key:
                    top.key = event.value
                    top.wants_key = False
                else:
                    top.value_starts()
                    top.value_ends()
            elif isinstance(event, CollectionStartEvent):
                if stack:
                    stack[-1].value_starts()
                stack.append(_Frame(isinstance(event, MappingStartEvent)))
            elif isinstance(event, CollectionEndEvent):
                stack.pop()
                if stack:
                    stack[-1].value_ends()
    except Exception:  # the syntax error itself: the stack shows where it stopped
        pass
    return _path(stack)


def place_syntax_error(raw: bytes, problem: Problem) -> Problem:
    """A ``yaml-syntax`` problem given the path it stands in (else the file's name), not ``$``."""
    if problem.code != "yaml-syntax" or problem.path != "$":
        return problem
    path = path_before_error(raw.decode("utf-8-sig", errors="replace"))
    where = format_path(path) if path else PurePath(problem.file).name
    return attrs.evolve(problem, path=where)
