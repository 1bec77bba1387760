"""``lab compare``: two agents on the same seeds with seats swapped (issue 24 item 11); ``--html``
side by side, and a matchup heatmap for three runs or more (issue 25 item 6), opened in Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from chaos_tower.app.cli import main
from chaos_tower.lab.results import read_games, read_record
from chaos_tower.lab.runner import run
from chaos_tower.lab.spec import RunSpec
from chaos_tower.lab.stats import compare
from chromium import open_chromium, require_chromium


def _runs(tmp_path: Path) -> list[Path]:
    """heuristic|random, random|heuristic and random|random on the same 40 VS seeds."""
    found = []
    lineups = (("hr", ("heuristic", "random")), ("rh", ("random", "heuristic")), ("rr", ("random",)))
    for name, agents in lineups:
        spec = RunSpec(mode="vs", players=2, agents=agents, games=40, max_actions=600)
        run(spec, tmp_path / name, workers=0)
        found.append(tmp_path / name)
    return found


def test_two_agents_in_swapped_seats_give_per_seat_and_per_agent_differences(tmp_path: Path) -> None:
    hr, rh, _ = _runs(tmp_path)
    result = compare(read_games(hr), read_record(hr)["spec"], read_games(rh), read_record(rh)["spec"])
    assert result["pairs"] == 40
    assert result["seat_agents"] == [["heuristic", "random"], ["random", "heuristic"]]
    seat0, seat1 = result["seats"]
    assert seat0["high"] < 0 < seat1["low"]  # seat 0 loses the heuristic agent, seat 1 gains it
    agents = result["agents"]
    assert (agents["first"], agents["second"]) == ("heuristic", "random")
    assert agents["low"] > 0
    assert agents["points"]["heuristic"] + agents["points"]["random"] == pytest.approx(1.0)


def _no_sideways_scroll(page: object, width: int) -> None:
    scroll = page.evaluate("() => document.documentElement.scrollWidth")  # type: ignore[attr-defined]
    assert scroll <= width, f"the page is {scroll} px wide at {width} px"


@pytest.mark.browser
def test_compare_html_side_by_side_and_the_heatmap_in_chromium(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two runs: metrics side by side and paired differences; three: a heatmap of every pair and the
    agents' matchups. Both pages at desktop width and at 390 px, with no sideways scroll."""
    require_chromium()
    hr, rh, rr = _runs(tmp_path)
    two, three = tmp_path / "two.html", tmp_path / "three.html"
    assert main(["lab", "compare", str(hr), str(rh), "--html", str(two)]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (heuristic in A, random in B)" in out and "agents, seats swapped" in out
    assert main(["lab", "compare", str(hr), str(rh), str(rr), "--html", str(three)]) == 0
    assert "wrote" in capsys.readouterr().out
    errors: list[str] = []
    with open_chromium() as browser:
        for width in (1280, 390):
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.on("console", lambda m: errors.append(m.text) if m.type in ("error", "warning") else None)
            page.goto(two.as_uri())
            text = page.inner_text("body")
            assert "Metrics side by side" in text and "seat 0 won (heuristic → random)" in text
            assert "agents: heuristic − random" in text and "balance: seat gap" in text
            assert page.locator(".plot").count() == 0  # no heatmap for two runs
            _no_sideways_scroll(page, width)
            page.goto(three.as_uri())
            ids = page.eval_on_selector_all(
                ".plot",
                "els => els.map(e => { const r = e.querySelector('svg').getBoundingClientRect();"
                " return [e.id, r.width > 100 && r.width <= window.innerWidth && r.height > 50]; })",
            )
            assert ids == [["plot-heatmap", True], ["plot-matchups", True]], ids
            assert "C − A" in page.inner_text("body")
            _no_sideways_scroll(page, width)
            page.screenshot(path=str(tmp_path / f"three-{width}.png"), full_page=True)
            assert errors == []
