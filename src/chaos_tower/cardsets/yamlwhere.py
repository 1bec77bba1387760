"""Where in a document a YAML syntax error stands: the path of the key being read.

The parser reports a syntax error by line and column only; a person fixing a
card file also wants to know *which* entry it is in (``sheet.rows``, not
``$``). The events the parser gave before it failed say exactly that.
"""

from __future__ import annotations

from pathlib import PurePath

import attrs
from ruamel.yaml import YAML

from ..kernel.errors import Problem
from .eventpath import PathTracker
from .safeload import JsonPath, format_path

__all__ = ["path_before_error", "place_syntax_error"]


def path_before_error(text: str) -> JsonPath:
    """The path of the last key (or list item) the parser had opened when it failed.

    A key just read but with its value not yet started still counts: an error in
    ``rows: 3`` badly indented under ``sheet`` is reported in ``sheet.columns``,
    the entry the reader is looking at. (The safe reader follows the same path as it reads,
    :class:`~.eventpath.PathTracker`, so a card file is not read again for it.)
    """
    tracker = PathTracker()
    yaml = YAML(typ="rt", pure=True)
    yaml.version = (1, 2)
    try:
        for _ in tracker.watch(yaml.parse(text)):
            pass
    except Exception:  # the syntax error itself: the stack shows where it stopped
        pass
    return tracker.path()


def place_syntax_error(raw: bytes, problem: Problem) -> Problem:
    """A ``yaml-syntax`` problem given the path it stands in (else the file's name), not ``$``."""
    if problem.code != "yaml-syntax" or problem.path != "$":
        return problem
    path = path_before_error(raw.decode("utf-8-sig", errors="replace"))
    where = format_path(path) if path else PurePath(problem.file).name
    return attrs.evolve(problem, path=where)
