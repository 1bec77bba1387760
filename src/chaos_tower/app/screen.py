"""A decision's screen at the terminal, laid out for the terminal's size (issue 28, item 1).

Everything a decision needs is on one screen that fits the terminal, so nothing scrolls away:
the turn's header, the public events since the seat last looked (the latest, trimmed, ``log``
showing them all), the seat's view, the legal actions (grouped, numbered in columns, and a
"more: type list" line when they cannot all be shown), the hint and the prompt. The game draws its
view in several ways, the fullest first (:class:`~chaos_tower.gamerules.SeatScreen`); the layout
takes the fullest that leaves the actions and the events their room, stacked, or with the text
beside the board when the terminal is wide enough, and the compact drawings at 80×24. No line is
wider than the terminal (the text is wrapped, the events and the actions cut with ``…``), and the
screen, prompt included, is never taller than it.

The size is the terminal's own, read again for every screen, so a resized terminal is used at
once; ``CHAOS_TOWER_SCREEN=80x24`` in the environment overrides it (for tests, or output to a
file or pipe), and output that is no terminal is otherwise laid out for 80×50.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from attrs import evolve, frozen

from .. import api
from ..gamerules import SeatScreen
from .terminal import Style, listing

__all__ = [
    "DEFAULT_SIZE",
    "SIZE_VARIABLE",
    "Parts",
    "Screen",
    "cells",
    "clip",
    "compose",
    "decision",
    "draw",
    "screen_size",
    "seat_screens",
    "wrap",
]

DEFAULT_SIZE = (80, 50)
"""The size a screen is laid out for when the output is no terminal and the environment names none."""

SMALLEST = (30, 10)
"""A terminal smaller than this is laid out as if it were this size."""

GAP = 2
"""Columns between the board and the text beside it."""

SIDE = 40
"""The fewest columns the text beside a board may have."""

_LEVELS = (
    (8, 4, True, True),
    (5, 2, True, True),
    (4, 1, True, False),
    (3, 1, False, False),
    (2, 1, False, False),
)
"""How much each try wants, in lines, most first: actions, events, legend shown, hint shown."""


def cells(text: str) -> int:
    """The columns ``text`` takes in a terminal: wide (CJK) characters two, combining marks none."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


def clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, ending with ``…`` when it was cut."""
    text = text.rstrip()
    if cells(text) <= width:
        return text
    out, used = [], 0
    for char in text:
        size = cells(char)
        if used + size > width - 1:
            break
        out.append(char)
        used += size
    return "".join(out) + "…"


def wrap(line: str, width: int) -> list[str]:
    """``line`` wrapped at spaces to ``width`` columns; the lines after the first indented two more
    than it; a word too long for a line is cut."""
    line = line.rstrip()
    if cells(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    indent = " " * min(lead + 2, width // 2)
    lines: list[str] = []
    current = " " * lead
    for word in line.split():
        start = current.strip() == ""
        candidate = current + word if start else f"{current} {word}"
        if cells(candidate) <= width or start:
            current = candidate if cells(candidate) <= width else clip(candidate, width)
            continue
        lines.append(current)
        current = clip(indent + word, width)
    lines.append(current)
    return lines


SIZE_VARIABLE = "CHAOS_TOWER_SCREEN"
"""The environment variable that sets the size, ``COLUMNSxLINES`` (``80x24``), over the terminal's."""

_SIZE = re.compile(r"^\s*([1-9]\d{0,4})\s*[xX×]\s*([1-9]\d{0,4})\s*$")


def screen_size(out: TextIO, environ: Mapping[str, str] | None = None) -> tuple[int, int]:
    """``(columns, lines)`` to lay a screen out for: :data:`SIZE_VARIABLE` when it is set to a size,
    else the size of the terminal ``out`` writes to, else :data:`DEFAULT_SIZE`.

    Not ``COLUMNS`` and ``LINES``: a shell or GNU readline (which Python's REPL and pdb load) exports
    them once and passes them, stale, to every program started after, so a resized terminal, or a
    program started from a script, would be laid out for a size it no longer has."""
    env = os.environ if environ is None else environ
    given = _SIZE.match(env.get(SIZE_VARIABLE, ""))
    if given is not None:
        return int(given[1]), int(given[2])
    try:
        size = os.get_terminal_size(out.fileno()) if out.isatty() else None
    except (AttributeError, ValueError, OSError):  # a closed or exotic stream: no terminal
        size = None
    if size is None or size.columns <= 0 or size.lines <= 0:
        return DEFAULT_SIZE
    return size.columns, size.lines


@frozen(kw_only=True)
class Parts:
    """What one decision's screen holds, before it is laid out."""

    screens: tuple[SeatScreen, ...]
    """The seat's view drawn in several ways, the fullest first."""
    header: tuple[str, ...] = ()
    """Lines shown first and whole (whose turn it is)."""
    news_title: str = ""
    news: tuple[str, ...] = ()
    """The public events since the seat last looked, the latest last."""
    actions: tuple[str, ...] = ()
    """The legal actions' texts, numbered from 1 on the screen."""
    hint: str = ""
    prompt: str = ""


@frozen(kw_only=True)
class Screen:
    """A laid-out screen: ``head`` (the header), ``body``, ``hint`` (may be empty), then the prompt
    the cursor waits at; together no taller than the terminal, no line wider."""

    head: tuple[str, ...]
    body: tuple[str, ...]
    hint: str
    prompt: str
    view: int
    """Which of the :attr:`Parts.screens` was drawn."""
    beside: bool
    """Whether the text was set beside the board."""

    @property
    def lines(self) -> tuple[str, ...]:
        """Every line, the prompt last."""
        return (*self.head, *self.body, *((self.hint,) if self.hint else ()), self.prompt)


def _news(title: str, news: Sequence[str], count: int, width: int) -> list[str]:
    if not news or count <= 0:
        return []
    shown = news[-count:]
    if len(shown) < len(news):
        title = f"{title.rstrip(':')} (the last {len(shown)} of {len(news)}; 'log' shows all):"
    return [clip(title, width), *(clip(f"    {line}", width) for line in shown)]


def _actions(texts: Sequence[str], room: int, width: int) -> list[str]:
    """The actions listed in at most ``room`` lines (at least one) of ``width`` columns."""
    if not texts:
        return []
    lines = [clip(line, width) for line in listing(texts, room, width=width)]
    if len(lines) <= room:
        return lines
    kinds: dict[str, int] = {}
    for text in texts:
        kind = text.split(maxsplit=1)[0] if text.strip() else text
        kinds[kind] = kinds.get(kind, 0) + 1
    summary = ", ".join(f"{k} ×{c}" for k, c in kinds.items())
    more = "  … 'list' numbers them; or type an action ('?' shows how)"
    return [clip(f"  {len(texts)} actions: {summary}", width), clip(more, width)][: max(room, 1)]


def _try(
    parts: Parts, view: SeatScreen, beside: bool, size: tuple[int, int], level: tuple[int, int, bool, bool]
) -> Screen | None:
    """The screen with ``view`` so laid out, if it fits with what ``level`` wants; else ``None``."""
    width, height = size
    want_actions, want_news, with_legend, with_hint = level
    board_width = max((cells(line) for line in view.board), default=0)
    if board_width > width:
        return None
    head = tuple(clip(line, width) for line in parts.header)
    hint = clip(parts.hint, width) if with_hint else ""
    free = height - len(head) - (1 if hint else 0) - 1  # the prompt's line
    column = width - board_width - GAP if beside else width
    if beside and (not view.board or column < SIDE or len(view.board) > free):
        return None
    text = [piece for line in view.text for piece in wrap(line, column)]
    if with_legend:
        text += [piece for line in view.legend for piece in wrap(line, column)]
    board = list(view.board)
    room = free - len(text) - (0 if beside else len(board))
    natural = len(listing(parts.actions, len(parts.actions) + 99, width=column)) if parts.actions else 0
    actions = min(natural, want_actions)
    news = min(len(parts.news), want_news)
    if room < actions + (news + 1 if news else 0):
        return None
    spare = room - actions - (news + 1 if news else 0)
    # What is left goes to the events up to three (what the last turn did), then to the actions,
    # then to more events.
    first = max(min(spare, len(parts.news) - news, 3 - news), 0) if news else 0
    news, spare = news + first, spare - first
    more = min(spare, natural - actions)
    actions, spare = actions + more, spare - more
    if parts.news:
        extra = min(spare - (0 if news else 1), len(parts.news) - news, 6)
        news += max(extra, 0)
    news_lines = _news(parts.news_title, parts.news, news, column)
    listed = _actions(parts.actions, actions, column)
    if beside:
        block = [*news_lines, *text, *listed]
        rows = max(len(board), len(block))
        left = [*board, *[""] * (rows - len(board))]
        right = [*block, *[""] * (rows - len(block))]
        body = [
            (f"{b}{' ' * (board_width - cells(b) + GAP)}{r}" if r else b).rstrip()
            for b, r in zip(left, right, strict=True)
        ]
    else:
        body = [*news_lines, *board, *text, *listed]
    prompt = clip(parts.prompt, width - 1) + (" " if parts.prompt.endswith(" ") else "")
    return Screen(head=head, body=tuple(body), hint=hint, prompt=prompt, view=0, beside=beside)


def compose(parts: Parts, width: int, height: int) -> Screen:
    """The screen of ``parts`` for a terminal of ``width`` × ``height`` (the module's documentation)."""
    size = (max(width, SMALLEST[0]), max(height, SMALLEST[1]))
    views = parts.screens or (SeatScreen(),)
    for level in _LEVELS:
        for index, view in enumerate(views):
            for beside in (False, True):
                screen = _try(parts, view, beside, size, level)
                if screen is not None:
                    return evolve(screen, view=index)
    return _squeezed(parts, views, size)


def _squeezed(parts: Parts, views: Sequence[SeatScreen], size: tuple[int, int]) -> Screen:
    """Nothing fits whole: the most compact view, cut to leave the last event and the actions room."""
    width, height = size
    fitting = [i for i, v in enumerate(views) if max((cells(b) for b in v.board), default=0) <= width]
    index = fitting[-1] if fitting else len(views) - 1
    view = views[index]
    head = tuple(clip(line, width) for line in parts.header)[: max(height - 4, 0)]
    board = [clip(line, width) for line in view.board]
    text = [piece for line in view.text for piece in wrap(line, width)]
    news = _news(parts.news_title, parts.news, 1, width)
    actions = _actions(parts.actions, 2, width)
    room = height - len(head) - len(news) - len(actions) - 1
    body = [*board, *text]
    if len(body) > room:
        body = [*body[: max(room - 1, 0)], clip("  … (the view goes on: 'view' shows it whole)", width)]
    prompt = clip(parts.prompt, width - 1) + (" " if parts.prompt.endswith(" ") else "")
    lines = (*news, *body, *actions)[: height - len(head) - 1]
    return Screen(head=head, body=lines, hint="", prompt=prompt, view=index, beside=False)


def seat_screens(state: Any, player: int) -> tuple[SeatScreen, ...]:
    """The seat's view in the ways its game draws it (``GameRules.seat_screens``); a game that
    draws only :func:`~chaos_tower.seat_view`: that text, wrapped."""
    fn = api.rules_of(state).seat_screens
    if fn is not None:
        return tuple(fn(state, player))
    return (SeatScreen(text=tuple(api.seat_view(state, player).splitlines())),)


def decision(
    state: Any,
    player: int,
    *,
    header: Sequence[str] = (),
    news_title: str = "",
    news: Sequence[str] = (),
    hint: str = "",
    prompt: str = "",
) -> Parts:
    """The parts of ``player``'s screen for a decision in ``state``: its views and legal actions."""
    texts = tuple(api.action_text(state, a) for a in api.legal_actions(state))
    return Parts(
        screens=seat_screens(state, player),
        header=tuple(header),
        news_title=news_title,
        news=tuple(news),
        actions=texts,
        hint=hint,
        prompt=prompt,
    )


def draw(parts: Parts, out: TextIO, style: Style) -> str:
    """Print the screen of ``parts``, laid out for ``out``'s size now; the prompt to read at."""
    screen = compose(parts, *screen_size(out))
    for line in screen.head:
        print(style.head(line), file=out)
    for line in screen.body:
        print(line, file=out)
    if screen.hint:
        print(style.dim(screen.hint), file=out)
    return screen.prompt
