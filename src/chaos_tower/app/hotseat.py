"""Passing one keyboard and screen between seats, so that no seat's view outlives its turn.

Every game's hot seat (VS, Crest Duel) goes through :class:`HotSeat`:

- On a terminal every hand-over wipes the screen *and* the scrollback
  (``ESC[2J ESC[3J ESC[H``, what ``clear`` sends): ``ESC[2J`` alone leaves the
  previous view reachable by scrolling back (tmux even pushes the cleared
  screen into its history). So does the end of the game, a quit or Ctrl-C, before
  the public result or ``bye`` is printed. Not the alternate screen: it has no
  scrollback, and a seat must be able to scroll back through its own view,
  which is often longer than the terminal (a Crest seat's hand and choices).
- Input typed before a hand-over prompt appears was typed by the seat that
  just played: on a terminal it is discarded, so that an extra Enter cannot
  pass the hand-over and show the next seat's view to the wrong person.
- What the new seat types at the hand-over prompt is not dropped: a line other
  than Enter answers the first choice after the view (as if typed there);
  ``q``, ``quit`` or end of input quit.
- To anything but a terminal (a file, a pipe, a test) nothing can be wiped,
  so each view stays in the output; when people type at a terminal but the
  output goes elsewhere, they are warned on standard error.
"""

from __future__ import annotations

import contextlib
import sys
from types import TracebackType
from typing import TextIO

__all__ = ["HotSeat"]

_WIPE = "\033[2J\033[3J\033[H"
"""Clear the screen, then the scrollback (ESC[3J), then home the cursor."""

_QUIT = ("q", "quit")


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or exotic stream is no terminal
        return False


def _discard_type_ahead(inp: TextIO) -> None:
    """Drop what was typed but not yet read (a terminal only): the previous seat typed it."""
    if sys.platform == "win32" or not _isatty(inp):
        return
    import termios

    # A stream that only claims to be a terminal has no queue to drop.
    with contextlib.suppress(OSError, ValueError, termios.error):
        termios.tcflush(inp.fileno(), termios.TCIFLUSH)


class HotSeat:
    """The keyboard and screen that the seats of one game pass round; a context manager.

    ``with HotSeat(inp, out) as seat:`` then :meth:`hand_over` before each seat's
    view, :meth:`read` for its choices, and :meth:`end` before printing the
    public end of the game.
    """

    def __init__(self, inp: TextIO, out: TextIO, err: TextIO | None = None) -> None:
        self.inp = inp
        self.out = out
        self.err = err if err is not None else sys.stderr
        self.terminal = _isatty(out)
        """Whether the output is a terminal, so views can be wiped."""
        self._open = True
        self._pending: str | None = None

    def __enter__(self) -> HotSeat:
        if not self.terminal and _isatty(self.inp):
            print(
                "chaos-tower: the output is not a terminal, so it keeps every seat's view; "
                "play hot seat with the output on the terminal to keep them private",
                file=self.err,
                flush=True,
            )
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.end()

    def end(self) -> None:
        """Wipe the last view (on a terminal); what is printed next stays, for everyone."""
        if self._open:
            self._open = False
            if self.terminal:
                print(_WIPE, end="", file=self.out, flush=True)

    def hand_over(self, banner: str, prompt: str) -> bool:
        """Wipe the screen, show ``banner``, wait at ``prompt`` for the next seat; ``False``: quit."""
        # Before the prompt shows: a key pressed once it is on screen is the next seat's.
        _discard_type_ahead(self.inp)
        print((_WIPE if self.terminal else "\n" * 3) + banner, file=self.out)
        line = self._line(prompt)
        if line is None:
            return False
        self._pending = line or None
        return True

    def read(self, prompt: str) -> str | None:
        """The seat's next line, stripped; ``None`` when they quit (``q``, ``quit``, end of input)."""
        if self._pending is not None:
            line, self._pending = self._pending, None
            # Typed at the hand-over prompt: shown where it now counts.
            print(prompt + line, file=self.out, flush=True)
            return line
        return self._line(prompt)

    def _line(self, prompt: str) -> str | None:
        print(prompt, end="", file=self.out, flush=True)
        raw = self.inp.readline()
        if not self.terminal:
            print(file=self.out)  # the typed line is not echoed into a file or pipe
        if not raw or raw.strip().lower() in _QUIT:
            self.end()
            print("\nbye", file=self.out)
            return None
        return raw.strip()
