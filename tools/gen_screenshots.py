"""Screenshots for the gallery: each mode in a real terminal, and the replay viewer in Chromium.

    python tools/gen_screenshots.py            # write docs/gallery/screens/*
    python tools/gen_screenshots.py solo vs    # only these

Each terminal screenshot is ``chaos-tower play`` in a detached tmux session of the
size given below, driven by the keys below; the pane is captured with its colours
(``tmux capture-pane -e``) and drawn as an SVG of the terminal's text, one cell per
character (a wide character takes two). The replay viewer's screenshot is
``chaos-tower replay FILE --html`` of the solo "How to play" game, opened in
Debian's chromium through Playwright and stepped on with the → key.

Needs tmux, and for the viewer Playwright and /usr/bin/chromium (the browser tests'
setup). The gallery page (tools/gen_gallery.py) lists the files, with their
captions, from :data:`SCREENS` below.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "gallery" / "screens"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT = 30.0

SCREENS: dict[str, tuple[str, list[str], list[str], tuple[int, int]]] = {
    "solo": (
        "The solo Tower in an 80×24 terminal: after two actions of seed 413",
        ["play", "--seed", "413"],
        ["1", "1"],
        (80, 24),
    ),
    "solo-large": (
        "The same game in a 120×40 terminal",
        ["play", "--seed", "413"],
        ["1", "1"],
        (120, 40),
    ),
    "vs": (
        "VS, two people on one keyboard (hot seat): player 0 has taken the keyboard",
        ["play", "--mode", "vs", "--players", "2", "--seed", "3"],
        [""],
        (100, 40),
    ),
    "crest": (
        "Crest Duel, two people on one keyboard: seat 0 puts its first card out face down",
        ["play", "--game", "crest", "--players", "2", "--seed", "5"],
        ["", "1"],
        (100, 40),
    ),
}
"""name -> (caption, ``chaos-tower`` arguments, lines typed (each then Enter), (columns, rows))."""

VIEWER = (
    "replay-viewer.png",
    "The replay viewer (chaos-tower replay FILE --html) of the solo game, at step 9",
)
"""The replay viewer's screenshot: file name and caption."""

# -- the terminal -----------------------------------------------------------------------

_PALETTE = {
    30: "#2e3436", 31: "#e05252", 32: "#5fb85f", 33: "#d6b24a",
    34: "#5c8fd6", 35: "#b06fc0", 36: "#4fb3b3", 37: "#d3d7cf",
    90: "#777b78", 91: "#ff6e6e", 92: "#8ae234", 93: "#fce94f",
    94: "#729fcf", 95: "#d49fd0", 96: "#34e2e2", 97: "#ffffff",
}  # fmt: skip
_FG, _BG = "#e8e6e3", "#1d1f21"
_SGR = re.compile(r"\x1b\[([0-9;]*)m")
_CELL_W, _CELL_H = 8.4, 17.0


class _Tmux:
    """A detached tmux server of its own, running one command in a pane of a given size."""

    def __init__(self, argv: list[str], columns: int, rows: int) -> None:
        tmux = shutil.which("tmux")
        if tmux is None:
            raise SystemExit("gen_screenshots: tmux is needed (apt-get install tmux)")
        # No status line, so that the pane is the whole window: columns by rows.
        handle, self.config = tempfile.mkstemp(suffix=".conf")
        os.write(handle, b"set -g status off\n")
        os.close(handle)
        self.base = [tmux, "-L", f"ct-shot-{os.getpid()}-{uuid.uuid4().hex[:6]}", "-f", self.config]
        env = os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        command = shlex.join(["env", f"PYTHONPATH={env}", sys.executable, "-m", "chaos_tower", *argv])
        self.run("new-session", "-d", "-s", "shot", "-x", str(columns), "-y", str(rows), command)

    def run(self, *args: str) -> str:
        done = subprocess.run(
            [*self.base, *args], capture_output=True, text=True, timeout=TIMEOUT, check=True
        )
        return done.stdout

    def screen(self, colours: bool = False) -> str:
        return self.run("capture-pane", "-p", *(["-e"] if colours else []), "-t", "shot")

    def settle(self) -> str:
        """The screen once it has not changed for a moment and waits for input."""
        deadline, last, since = time.monotonic() + TIMEOUT, "", time.monotonic()
        while time.monotonic() < deadline:
            screen = self.screen()
            if screen != last:
                last, since = screen, time.monotonic()
            elif time.monotonic() - since > 0.4 and screen.strip():
                return screen
            time.sleep(0.05)
        raise SystemExit(f"gen_screenshots: the screen never settled:\n{last}")

    def type(self, line: str) -> None:
        if line:
            self.run("send-keys", "-t", "shot", "-l", line)
        self.run("send-keys", "-t", "shot", "Enter")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=TIMEOUT, check=False)
        os.unlink(self.config)


def capture(argv: list[str], keys: list[str], size: tuple[int, int]) -> str:
    """The coloured screen of ``chaos-tower ARGV`` after typing ``keys``."""
    pane = _Tmux(argv, *size)
    try:
        pane.settle()
        for line in keys:
            pane.type(line)
            pane.settle()
        return pane.screen(colours=True)
    finally:
        pane.close()


def _width(char: str) -> int:
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _style(codes: list[int], style: dict[str, object]) -> None:
    for code in codes or [0]:
        if code == 0:
            style.clear()
        elif code in (1, 2):
            style["weight" if code == 1 else "dim"] = True
        elif code == 22:
            style.pop("weight", None)
            style.pop("dim", None)
        elif code in _PALETTE:
            style["fg"] = _PALETTE[code]
        elif code == 39:
            style.pop("fg", None)


def terminal_svg(screen: str, columns: int, rows: int, *, title: str) -> str:
    """A captured screen (text with colour escapes) drawn as an SVG terminal, cell by cell."""
    width, height = columns * _CELL_W + 24, rows * _CELL_H + 44
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="terminal" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{_escape(title)}">',
        f"<title>{_escape(title)}</title>",
        f'<rect width="{width:g}" height="{height:g}" rx="8" fill="{_BG}"/>',
        '<circle cx="16" cy="14" r="5" fill="#e05252"/><circle cx="32" cy="14" r="5" fill="#d6b24a"/>'
        '<circle cx="48" cy="14" r="5" fill="#5fb85f"/>',
        f'<text x="{width / 2:g}" y="18" font-family="DejaVu Sans, sans-serif" font-size="11" '
        f'fill="#9a9a9a" text-anchor="middle">{columns}×{rows}</text>',
        '<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" xml:space="preserve">',
    ]
    style: dict[str, object] = {}
    for row, line in enumerate(screen.split("\n")[:rows]):
        y = 32 + (row + 1) * _CELL_H - 4
        column, position, start, text, current = 0, 0, 0, "", dict(style)
        runs: list[tuple[int, str, dict[str, object]]] = []
        for match in [*_SGR.finditer(line), None]:
            chunk = line[position : match.start() if match else len(line)]
            for char in chunk:
                if not text:
                    start, current = column, dict(style)
                text += char
                column += _width(char)
            if match is not None:
                if text:
                    runs.append((start, text, current))
                    text = ""
                _style([int(c) for c in match[1].split(";") if c], style)
                position = match.end()
        if text:
            runs.append((start, text, current))
        for start, chunk, look in runs:
            if not chunk.strip():
                continue
            attrs = f' fill="{look.get("fg", _FG)}"'
            attrs += ' font-weight="bold"' if look.get("weight") else ""
            attrs += ' opacity="0.6"' if look.get("dim") else ""
            # Each run as wide as its cells, its spaces kept (browsers collapse runs of spaces in
            # SVG text unless told not to, and a font without the box-drawing glyphs would shift
            # the columns).
            cells = sum(_width(char) for char in chunk)
            attrs += f' textLength="{cells * _CELL_W:g}" lengthAdjust="spacingAndGlyphs"'
            attrs += ' xml:space="preserve" style="white-space: pre"'
            out.append(f'<text x="{12 + start * _CELL_W:g}" y="{y:g}"{attrs}>{_escape(chunk)}</text>')
    out += ["</g>", "</svg>"]
    return "\n".join(out) + "\n"


# -- the replay viewer --------------------------------------------------------------------


def viewer_png(steps: int = 9) -> bytes:
    """A screenshot of the replay viewer of the solo "How to play" game, ``steps`` on."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        game, page_file = Path(tmp) / "game.json", Path(tmp) / "viewer.html"
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
        }
        base = [sys.executable, "-m", "chaos_tower"]
        play = ["play", "--agent", "heuristic", "--seed", "413", "--quiet", "--record", str(game)]
        subprocess.run([*base, *play], env=env, check=True, capture_output=True, timeout=120)
        replay = ["replay", str(game), "--html", str(page_file)]
        subprocess.run([*base, *replay], env=env, check=True, capture_output=True, timeout=120)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            try:
                page = browser.new_page(viewport={"width": 1200, "height": 900})
                page.goto(page_file.as_uri())
                for _ in range(steps):
                    page.keyboard.press("ArrowRight")
                shot: bytes = page.screenshot(full_page=False)
            finally:
                browser.close()
    return shot


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"which ({', '.join([*SCREENS, 'viewer'])}; default all)")
    args = parser.parse_args(argv)
    names = args.names or [*SCREENS, "viewer"]
    OUT.mkdir(parents=True, exist_ok=True)
    for name in names:
        if name == "viewer":
            (OUT / VIEWER[0]).write_bytes(viewer_png())
            print(f"wrote docs/gallery/screens/{VIEWER[0]}")
            continue
        if name not in SCREENS:
            parser.error(f"no screenshot {name!r}")
        caption, play, keys, size = SCREENS[name]
        svg = terminal_svg(capture(play, keys, size), *size, title=caption)
        (OUT / f"terminal-{name}.svg").write_text(svg, encoding="utf-8")
        print(f"wrote docs/gallery/screens/terminal-{name}.svg")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
