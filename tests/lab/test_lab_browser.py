"""The lab's HTML report in real headless Chromium (Debian's, driven by Playwright): it loads, every plot
shows, no console errors (issue 15). Without Playwright or chromium it skips, except under CI, where it fails.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from chaos_tower import lab
from chaos_tower.app.cli import main

pytestmark = pytest.mark.browser
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _playwright():  # type: ignore[no-untyped-def]
    missing = None
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing = "playwright"
    if missing is None and not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        missing = "chromium"
    if missing:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(
                f"{missing} is missing, and CI must open the report in a browser (.ci/run installs it)"
            )
        pytest.skip(f"{missing} is not installed (this test runs, and must pass, under CI)")
    return sync_playwright


@pytest.mark.parametrize(
    ("name", "spec", "plots"),
    [
        (
            "solo",
            lab.RunSpec(games=60, seed=3, agents=("greedy",), max_actions=400),
            {"causes", "length", "floor", "deaths", "cards"},
        ),
        (
            "crest",
            lab.RunSpec(game="crest", mode="duel", players=2, agents=("greedy",), games=30),
            {"causes", "length", "monsters", "deaths", "cards"},
        ),
    ],
)
def test_the_html_report_loads_in_chromium_with_every_plot(
    tmp_path: Path, name: str, spec: lab.RunSpec, plots: set[str]
) -> None:
    """Every plot is an inline SVG with a size on the page; nothing is fetched; the console stays clean."""
    sync_playwright = _playwright()
    from chaos_tower.lab.runner import run

    run(spec, tmp_path / name, workers=0)
    page_file = tmp_path / f"{name}.html"
    assert main(["lab", "report", str(tmp_path / name), "--html", str(page_file)]) == 0
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"), args=ARGS
        )
        try:
            page = browser.new_page()
            errors: list[str] = []
            requests: list[str] = []
            page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda r: requests.append(r.url))
            page.goto(page_file.as_uri())
            page.wait_for_load_state("load")
            assert page.title().startswith(f"{spec.game} {spec.mode}")
            shown = page.eval_on_selector_all(
                ".plot",
                "els => els.map(e => { const s = e.querySelector('svg');"
                " const r = s && s.getBoundingClientRect();"
                " return [e.id, !!s && r.width > 100 && r.height > 50"
                " && s.querySelectorAll('path').length > 0]; })",
            )
            assert {pid.removeprefix("plot-") for pid, _ in shown} == plots
            assert all(ok for _, ok in shown), shown
            assert page.locator("h2", has_text="Run record").is_visible()
            assert page.locator("pre").inner_text().count(spec.rules.split("-")[0]) >= 1
            page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
        finally:
            browser.close()
    assert errors == []
    assert requests == [page_file.as_uri()]
