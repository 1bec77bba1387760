"""Terminal play's text: colour (where the terminal has it), the grouped list of actions, ``help``.

Colour follows https://no-color.org: only to a terminal (``isatty``) whose
``TERM`` is not ``dumb``, and never while ``NO_COLOR`` is set to anything but
the empty string. The list of actions fits the room the screen's layout gives it
(:mod:`chaos_tower.app.screen`): a short list is shown one action a line; a long
one as a count per kind and the first actions numbered in columns, ``list`` and
``list KIND`` showing the rest, so the board stays on screen.
"""

from __future__ import annotations

import math
import os
import re
import shutil
from collections.abc import Mapping, Sequence
from typing import TextIO

__all__ = ["COMMANDS", "Style", "grammar_text", "listing", "wants_colour"]

SCREEN_LINES = 50
"""The terminal height the first listing is sized for (issue 16: the board must stay on screen)."""

COMMANDS: tuple[tuple[str, str], ...] = (
    ("NUMBER or action text", "play that action (any case: {upper} is {example})"),
    ("help, ?", "this help: the action grammar and these commands"),
    ("list [KIND]", "number every legal action, or those of one kind (list {kind})"),
    ("view", "show the screen again (laid out for the terminal's size now)"),
    ("log", "every public event of the game so far (the screen shows the latest)"),
    ("info CARD", "a card's full text, effects and rule IDs (by its id or name)"),
    ("undo", "take back your own last action, if nobody acted since and it revealed nothing"),
    ("save FILE", "write the game so far to FILE, for --resume"),
    ("yes", "confirm an action that loses the game, after the warning"),
    ("q, quit", "stop (end of input and Ctrl-C stop too)"),
)


def wants_colour(out: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Colour for this output: a terminal, ``TERM`` not ``dumb``, ``NO_COLOR`` unset or empty."""
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR", "") != "" or env.get("TERM", "") == "dumb":
        return False
    try:
        return out.isatty()
    except (AttributeError, ValueError):  # a closed or exotic stream is no terminal
        return False


class Style:
    """ANSI styles when ``on``, plain text otherwise."""

    def __init__(self, on: bool) -> None:
        self.on = on

    def _wrap(self, code: str, text: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.on else text

    def head(self, text: str) -> str:
        return self._wrap("1", text)

    def warn(self, text: str) -> str:
        return self._wrap("1;31", text)

    def bad(self, text: str) -> str:
        return self._wrap("33", text)

    def dim(self, text: str) -> str:
        return self._wrap("2", text)


def _kind(text: str) -> str:
    return text.split(maxsplit=1)[0] if text.strip() else text


def _columns(entries: Sequence[tuple[int, str]], width: int, rows: int | None) -> tuple[list[str], int]:
    """``entries`` numbered in columns (down, then across) within ``width``; at most ``rows`` rows.

    Returns the lines and how many entries they show."""
    if not entries:
        return [], 0
    cell = max(len(f"{n:3d}  {t}") for n, t in entries) + 3
    across = max(1, width // cell)
    needed = -(-len(entries) // across)
    shown_rows = needed if rows is None else min(needed, rows)
    shown = entries[: shown_rows * across]
    height = -(-len(shown) // across)
    lines = []
    for r in range(height):
        row = [shown[c * height + r] for c in range(across) if c * height + r < len(shown)]
        lines.append("".join(f"{n:3d}  {t}".ljust(cell) for n, t in row).rstrip())
    return ["  " + line for line in lines], len(shown)


def listing(texts: Sequence[str], room: int, kind: str | None = None, width: int | None = None) -> list[str]:
    """The legal actions (``texts``, numbered from 1) in at most about ``room`` lines.

    With ``kind`` only that kind (``list place``), all of them. Every action keeps
    its number in the whole list, so the number typed is the same whichever view
    showed it."""
    width = width if width is not None else min(shutil.get_terminal_size((80, SCREEN_LINES)).columns, 160)
    entries = [(n, t) for n, t in enumerate(texts, 1) if kind is None or _kind(t) == kind]
    if kind is not None:
        if not entries:
            kinds = ", ".join(sorted({_kind(t) for t in texts}))
            return [f"  no legal action is a {kind!r} now (kinds: {kinds})"]
        return _columns(entries, width, None)[0]
    grouped, entries = _grouped(entries)
    if len(entries) + len(grouped) <= max(room, 1) or not entries:
        return [*grouped, *(f"  {n:3d}  {t}" for n, t in entries)]
    room -= len(grouped)
    counts: dict[str, int] = {}
    for _, t in entries:
        counts[_kind(t)] = counts.get(_kind(t), 0) + 1
    summary = ", ".join(f"{k} ×{c}" for k, c in counts.items())
    lines, shown = _columns(entries, width, max(room - 2, 2))
    rest = len(entries) - shown
    kind = _kind(entries[shown][1]) if rest else ""
    # The longest of these that fits the width (issue 28: no line wider than the terminal).
    wordings = (
        f"  … {rest} more: 'list' numbers them all, 'list {kind}' one kind; "
        "or type an action ('help' shows how)",
        f"  … {rest} more: type list (all), list {kind} (one kind), or an action (? for help)",
        f"  … {rest} more: type list, or an action",
    )
    more = [next((w for w in wordings if len(w) <= width), wordings[-1])] if rest else []
    return [*grouped, f"  {len(entries)} actions: {summary}", *lines, *more]


_NUMBER = re.compile(r"^[+-]?\d+$")


def _grouped(entries: Sequence[tuple[int, str]]) -> tuple[list[str], list[tuple[int, str]]]:
    """A kind of many actions that are a number per place, every combination of them (the VS modes'
    ``adjust -4 0``, 30 after a draw), as one line per place with its choices (issue 28); the lines,
    and the entries left to list one by one."""
    kinds: dict[str, list[tuple[int, str]]] = {}
    for n, t in entries:
        kinds.setdefault(_kind(t), []).append((n, t))
    lines: list[str] = []
    rest: list[tuple[int, str]] = []
    for kind, group in kinds.items():
        places = _places([t.split()[1:] for _, t in group])
        if len(group) <= 6 or places is None:
            rest += group
            continue
        example = group[len(group) // 2][1]
        each = "a number" if len(places) == 1 else "a number for each of " + ", ".join(
            f"#{i}" for i in range(len(places))
        )
        lines.append(f"  {kind} ×{len(group)}: {kind} then {each}, e.g. {example}")
        for i, values in enumerate(places):
            lines.append(f"    #{i}: {' '.join(values)}")
    return lines, sorted(rest)


def _places(rows: Sequence[Sequence[str]]) -> list[list[str]] | None:
    """The numbers at each place of ``rows``, when the rows are every combination of them; else None."""
    width = len(rows[0]) if rows else 0
    if not width or any(len(r) != width or not all(_NUMBER.match(w) for w in r) for r in rows):
        return None
    places = [sorted(set(r[i] for r in rows), key=int) for i in range(width)]
    if len(set(map(tuple, rows))) != len(rows) or len(rows) != math.prod(len(p) for p in places):
        return None
    return places


def grammar_text(grammar: Sequence[tuple[str, str, str]]) -> list[str]:
    """``help``: each action's form, an example and its meaning, then the prompt's commands."""
    lines = ["actions (type the text in any case, or the number from the list):"]
    for form, example, meaning in grammar:
        # Two lines each, so that the help fits an 80-column terminal.
        lines.append(f"  {form:<24} {meaning}")
        lines.append(f"  {'':<24} e.g. {example}")
    lines.append("commands:")
    command_width = max(len(c) for c, _ in COMMANDS)
    # The commands' examples are the game's own (issue 28: VS and Crest showed the solo game's).
    examples = [example for _, example, _ in grammar]
    example = min((e for e in examples if " " in e), key=len, default=examples[0] if examples else "1")
    words = {"upper": example.upper(), "example": example, "kind": _kind(example)}
    lines.extend(f"  {command:<{command_width}}  {what.format(**words)}" for command, what in COMMANDS)
    return lines
