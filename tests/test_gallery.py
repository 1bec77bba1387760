"""The docs' picture gallery (docs/gallery.md, docs/gallery/*.svg) is what tools/gen_gallery.py makes now."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

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
