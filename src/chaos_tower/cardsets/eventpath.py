"""The path of the entry a YAML parser is reading, followed event by event.

The parser reports a syntax error by line and column only; a person fixing a
card file also wants to know *which* entry it is in (``sheet.rows``, not
``$``). :class:`PathTracker` follows the events as they pass, so the reading
that meets the error knows its path without reading the file again.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent, MappingStartEvent, ScalarEvent

__all__ = ["PathTracker"]


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


class PathTracker:
    """The last key (or list item) opened by the events seen so far.

    A key just read but with its value not yet started still counts: an error in
    ``rows: 3`` badly indented under ``sheet`` is reported in ``sheet.columns``,
    the entry the reader is looking at.
    """

    def __init__(self) -> None:
        self.stack: list[_Frame] = []

    def watch(self, events: Iterable[Any]) -> Iterator[Any]:
        """The events, each one followed as it passes."""
        for event in events:
            self.feed(event)
            yield event

    def feed(self, event: Any) -> None:
        stack = self.stack
        if isinstance(event, ScalarEvent):
            top = stack[-1] if stack else None
            if top is None:
                return
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

    def path(self) -> tuple[str | int, ...]:
        out: list[str | int] = []
        for frame in self.stack:
            if frame.mapping:
                if frame.key is None:
                    break
                out.append(frame.key)
            elif frame.index >= 0:
                out.append(frame.index)
            else:
                break
        return tuple(out)
