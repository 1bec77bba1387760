"""The lab's HTML report in real headless Chromium (Debian's, driven by Playwright): it loads, every plot
shows, no console errors (issue 15). Without Playwright or chromium it skips, except under CI, where it fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from chaos_tower import lab
from chaos_tower.app.cli import main
from chromium import open_chromium, require_chromium

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("name", "spec", "plots"),
    [
        (
            "solo",
            lab.RunSpec(games=60, seed=3, agents=("greedy",), max_actions=400),
            {"causes", "turns", "length", "floor", "deaths", "cards"},
        ),
        (
            "crest",
            lab.RunSpec(game="crest", mode="duel", players=2, agents=("greedy",), games=30),
            {"causes", "turns", "seats", "length", "monsters", "deaths", "cards"},
        ),
    ],
)
def test_the_html_report_loads_in_chromium_with_every_plot(
    tmp_path: Path, name: str, spec: lab.RunSpec, plots: set[str]
) -> None:
    """Every plot is an inline SVG with a size on the page; nothing is fetched; the console stays clean."""
    require_chromium()  # before the run: skip or fail at once
    from chaos_tower.lab.runner import run

    run(spec, tmp_path / name, workers=0)
    page_file = tmp_path / f"{name}.html"
    assert main(["lab", "report", str(tmp_path / name), "--html", str(page_file)]) == 0
    with open_chromium() as browser:
        page = browser.new_page()
        errors: list[str] = []
        requests: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: requests.append(r.url))
        page.goto(page_file.as_uri())
        page.wait_for_load_state("load")
        # Issue 25: the title names the set (header name, fingerprint), agents, options and games.
        heading = page.title()
        assert heading.startswith(
            "Tower of CHAOS — default set [" if spec.game == "tower" else "Crest Duel — "
        )
        assert f"{spec.game} {spec.mode}" in heading and f"agents {', '.join(spec.agents)}" in heading
        assert f"max_actions={spec.max_actions}" in heading and heading.endswith(f"{spec.games} games")
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
        # Issue 25 item 1: the game metrics are in the report, each figure with its interval.
        metrics = page.locator("#metrics + p + .wide").inner_text()
        assert "game length, turns" in metrics and "ended by the action cap" in metrics
        page.screenshot(path=str(tmp_path / f"{name}.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert errors == []
    assert requests == [page_file.as_uri()]
