"""Debian's chromium, headless, driven by Playwright's Python API (no browser is downloaded).

Shared by the browser tests (the replay viewer, the lab's report). Without Playwright or
chromium they skip, except under CI, where they fail (.ci/run installs both).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _executable() -> str | None:
    return CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")


def require_chromium() -> None:
    """Skip (or, under CI, fail) unless Playwright and chromium are there."""
    missing = None
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing = "Playwright (pip install playwright)"
    if missing is None and _executable() is None:
        missing = f"chromium at {CHROMIUM} (apt-get install chromium)"
    if missing is not None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"{missing} is missing, and CI must run the browser tests (.ci/run installs it)")
        pytest.skip(f"{missing} is not installed (these tests run, and must pass, under CI)")


@contextmanager
def open_chromium() -> Iterator[Any]:
    """A launched headless chromium (Playwright's Browser), closed on leaving."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=_executable(), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
