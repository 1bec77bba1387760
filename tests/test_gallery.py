"""The docs' picture gallery (docs/gallery.md, docs/gallery/*.svg) is what tools/gen_gallery.py makes now,
and its screenshots are tools/gen_screenshots.py's."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

from chromium import require_chromium
from tmuxpane import find_tmux
from toolmodule import load_tool

ROOT = Path(__file__).resolve().parents[1]


def _tool() -> ModuleType:
    return load_tool("gen_gallery")


def test_gallery_is_current_and_shows_every_mode() -> None:
    tool = _tool()
    wanted = tool.files()
    for path, text in wanted.items():
        on_disk = ROOT / "docs" / path
        assert on_disk.is_file(), f"run python tools/gen_gallery.py: docs/{path} is missing"
        stale = f"run python tools/gen_gallery.py: docs/{path} is stale"
        assert on_disk.read_text(encoding="utf-8") == text, stale
    kinds = set()
    for path, text in wanted.items():
        if path.endswith(".svg"):
            root = ET.fromstring(text)
            kinds.add((root.get("class") or "").split()[0])
            if path.startswith("gallery/"):  # the others are the "How to play" pictures
                assert f"]({path})" in wanted["gallery.md"]
    assert kinds == {"solo", "vs", "crest"}
    assert tool.main(["--check"]) == 0


def test_the_gallery_shows_a_screenshot_of_each_mode_and_the_viewer_and_names_its_tool() -> None:
    """Each mode in the terminal and the replay viewer, made by tools/gen_screenshots.py (the page
    says so), and a marked place for the browser client's screenshots."""
    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    shots = load_tool("gen_screenshots")
    assert "python tools/gen_screenshots.py" in page
    assert {"solo", "vs", "crest"} <= {argv_mode(argv) for _, argv, _, _ in shots.SCREENS.values()}
    for name, (caption, _argv, _keys, (columns, rows)) in shots.SCREENS.items():
        path = f"gallery/screens/terminal-{name}.svg"
        assert f"![{caption}]({path})" in page
        root = ET.fromstring((ROOT / "docs" / path).read_text(encoding="utf-8"))
        assert "terminal" in (root.get("class") or "")
        texts = " ".join(e.text or "" for e in root.iter("{http://www.w3.org/2000/svg}text"))
        assert f"{columns}×{rows}" in texts and "q to quit" in texts
    file, caption = shots.VIEWER
    assert f"![{caption}](gallery/screens/{file})" in page
    png = (ROOT / "docs" / "gallery" / "screens" / file).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (1200, 900)
    assert load_tool("gen_gallery").BROWSER_MARK in page


def argv_mode(argv: list[str]) -> str:
    return "crest" if "crest" in argv else "vs" if "vs" in argv else "solo"


def test_the_screenshot_tool_captures_a_real_terminal(tmp_path: Path) -> None:
    """The tool's tmux capture of ``chaos-tower play``, drawn cell by cell: every line of the
    screen is in the picture, at its column."""
    find_tmux()
    shots = load_tool("gen_screenshots")
    screen = shots.capture(["play", "--seed", "413"], ["1"], (100, 70))
    plain = re.sub(r"\x1b\[[0-9;]*m", "", screen)
    assert "Cockatrice placed at 0,0" in plain and "action (number or text" in plain
    root = ET.fromstring(shots.terminal_svg(screen, 100, 70, title="t"))
    drawn = {e.text for e in root.iter("{http://www.w3.org/2000/svg}text")}
    for line in plain.splitlines():
        for word in line.split():
            assert any(word in (t or "") for t in drawn), word


def test_the_screenshot_tool_photographs_the_replay_viewer() -> None:
    require_chromium()
    png = load_tool("gen_screenshots").viewer_png(steps=2)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (1200, 900)
