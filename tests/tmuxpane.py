"""A ``chaos-tower`` run in a real terminal: a detached tmux session on a server of its own.

Shared by the terminal tests (tests/test_hotseat_tmux.py, tests/test_play_tmux.py). Without
tmux they skip, except under CI, where they fail (.ci/run installs it).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

import chaos_tower

SRC = Path(chaos_tower.__file__).resolve().parents[1]
TIMEOUT = 30.0


def find_tmux() -> str:
    """The tmux program; a skip without it, or a failure under CI."""
    found = shutil.which("tmux")
    if found is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("tmux is missing, and CI must run the terminal tests (.ci/run installs it)")
        pytest.skip("tmux is not installed (these tests run, and must pass, under CI)")
    return found


class Pane:
    """``chaos-tower ARGV`` in a pane of ``width`` (160) columns and ``height`` lines, with a long history;
    ``log``: also its output to a file."""

    def __init__(
        self,
        tmux: str,
        tmp: Path,
        argv: list[str],
        *,
        height: int,
        width: int = 160,
        term: str | None = None,
        log: bool = False,
    ) -> None:
        config = tmp / "tmux.conf"
        # No status line, so that the pane is the whole window: -x by -y.
        config.write_text(
            "set -g history-limit 100000\nset -g remain-on-exit on\nset -g status off\n", encoding="utf-8"
        )
        self.base = [tmux, "-L", f"ct-{os.getpid()}-{uuid.uuid4().hex[:8]}", "-f", str(config)]
        env = os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        terminal = [f"TERM={term}"] if term is not None else []
        command = " ".join(
            shlex.quote(a)
            # The game reads the pane's own size (no CHAOS_TOWER_SCREEN to override it).
            for a in [
                *("env", "-u", "CHAOS_TOWER_SCREEN", f"PYTHONPATH={env}", *terminal),
                *(sys.executable, "-m", "chaos_tower", *argv),
            ]
        )
        self.tmux("new-session", "-d", "-s", "game", "-x", str(width), "-y", str(height), command)
        self.log = tmp / "pane.log"
        if log:
            self.tmux("pipe-pane", "-t", "game", "-o", f"cat >> {shlex.quote(str(self.log))}")

    def tmux(self, *args: str) -> str:
        run = subprocess.run
        return run([*self.base, *args], capture_output=True, text=True, timeout=TIMEOUT, check=True).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "game")

    def size(self) -> tuple[int, int]:
        """The pane's columns and lines, as tmux has them."""
        shown = self.tmux("display-message", "-p", "-t", "game", "#{pane_width} #{pane_height}")
        width, height = shown.split()
        return int(width), int(height)

    def resize(self, width: int, height: int) -> None:
        self.tmux("resize-window", "-t", "game", "-x", str(width), "-y", str(height))

    def joined(self, *, history: bool = False) -> list[str]:
        """The screen (or everything to scroll back to) with each line that wrapped joined again
        (``capture-pane -J``): a line wider than the pane shows as one longer line."""
        whole = ("-S", "-", "-E", "-") if history else ()
        text = self.tmux("capture-pane", "-p", "-J", "-t", "game", *whole)
        return [line.rstrip() for line in text.splitlines()]

    def history(self) -> str:
        """Everything a person could scroll back to: the whole history and the screen."""
        return self.tmux("capture-pane", "-p", "-t", "game", "-S", "-", "-E", "-")

    def send(self, text: str, *keys: str) -> None:
        """Type ``text`` literally, then press ``keys`` (tmux key names such as ``Enter``, ``C-c``)."""
        if text:
            self.tmux("send-keys", "-t", "game", "-l", text)
        if keys:
            self.tmux("send-keys", "-t", "game", *keys)

    def poll(self, ready: Callable[[str], object], what: str) -> str:
        """Poll the screen until ``ready(screen)`` holds; fail with the screen after TIMEOUT."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            screen = self.screen()
            if ready(screen):
                return screen
            if time.monotonic() > deadline:
                pytest.fail(f"waited {TIMEOUT}s for {what}; the screen:\n{screen}")
            time.sleep(0.02)

    def type(self, line: str) -> None:
        """Type a line and press Enter."""
        self.send(line, "Enter")

    def wait(self, text: str, *, prompt: bool = True) -> str:
        """Wait until the screen shows ``text`` (and, by default, a prompt after it); the screen."""

        def ready(screen: str) -> bool:
            return text in screen and (not prompt or screen.rstrip().endswith(">"))

        return self.poll(ready, repr(text))

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=TIMEOUT, check=False)


P = TypeVar("P", bound=Pane)


def panes(kind: Callable[[str, Path, list[str]], P], tmux: str, tmp: Path) -> Iterator[Callable[..., P]]:
    """A ``start(*argv)`` for a fixture to yield: each call opens a pane, all are closed after the test."""
    opened: list[P] = []

    def start(*argv: str) -> P:
        opened.append(kind(tmux, tmp, list(argv)))
        return opened[-1]

    yield start
    for pane in opened:
        pane.close()
