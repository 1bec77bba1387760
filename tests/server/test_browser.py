"""The browser client in Debian's Chromium (Playwright): people play whole games, each in a browser
context of their own; a closed page reopened resumes; a restarted server continues; the layout
holds at 390 px (issue 26, items 10 and 11). Each test takes its screenshots; with
CHAOS_TOWER_SCREENSHOTS=1 they replace the docs' (docs/_static/server/), else they go to a
temporary folder, so that a test run leaves the checkout as it was."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chromium import open_chromium

from .serving import Process, Server, thread_server

pytestmark = pytest.mark.browser

DOCS_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "_static" / "server"


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return DOCS_SHOTS if os.environ.get("CHAOS_TOWER_SCREENSHOTS") else tmp_path


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with open_chromium() as launched:
        yield launched


def _page(browser: Any, url: str, width: int = 1100, height: int = 800) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.outside = []
    page.on(
        "request", lambda r: None if r.url.startswith(url.split("/play/")[0]) else page.outside.append(r.url)
    )
    page.goto(url)
    page.wait_for_function("() => document.body.dataset.step !== undefined")
    return page


def _turn(page: Any) -> str:
    return str(page.evaluate("() => document.body.dataset.turn || ''"))


def _step(page: Any) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.step)"))


def _act(page: Any, rng: random.Random, keyboard: bool) -> None:
    before = _step(page)
    buttons = page.locator("#actions button")
    choice = buttons.nth(rng.randrange(buttons.count()))
    if keyboard:  # keyboard only: "/" to the action field, the action typed, Enter
        text = choice.get_attribute("data-action")
        if page.evaluate("() => document.activeElement.id") != "action":
            page.keyboard.press("/")
        page.keyboard.type(text)
        page.keyboard.press("Enter")
    else:
        choice.click()
    page.wait_for_function(f"() => Number(document.body.dataset.step) > {before}", timeout=15000)


def _play(
    pages: list[Any], seed: int, limit: int = 600, keyboard: tuple[int, ...] = (), pause: Any = None
) -> int:
    """Click (or type) random legal actions on whichever page has its turn, until every page shows
    the end; the number of actions the people played."""
    rng = random.Random(seed)
    played = 0
    end = time.monotonic() + 240
    while time.monotonic() < end:
        turns = [_turn(p) for p in pages]
        if all(t == "over" for t in turns):
            return played
        mine = [i for i, t in enumerate(turns) if t == "mine"]
        if not mine:
            time.sleep(0.05)  # an agent's move, or a view on its way
            continue
        i = mine[0]
        assert "Your turn" in pages[i].inner_text("#status")
        _act(pages[i], rng, i in keyboard)
        played += 1
        assert played <= limit
        if pause is not None:
            pause(played)
    raise AssertionError("the game did not end in time")


def _check_page(page: Any) -> None:
    assert page.errors == [] and page.outside == []
    links = page.locator("#log a.rule")
    assert links.count() > 0
    href = links.first.get_attribute("href")
    assert href.startswith("/rules/")
    answer = page.request.get(page.url.split("/play/")[0] + href)
    assert answer.status == 200 and href.split("/")[-1] in answer.text()


def test_solo_in_the_browser_to_the_end(browser: Any, tmp_path: Path, shots: Path) -> None:
    """The solo game played to its end by clicks and by the keyboard alone; at 390 px the picture
    is at least 300 px wide and nothing scrolls sideways."""
    with thread_server(str(tmp_path / "t.sqlite3")) as server:
        table = server.create(game="tower", mode="solo", seed=2)
        page = _page(browser, table["seats"][0]["link"], width=390, height=844)
        assert page.locator("#picture svg").bounding_box()["width"] >= 300
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(shots / "solo-390.png"))
        _play([page], seed=1, keyboard=(0,))
        assert "game over" in page.inner_text("#status") and page.locator("#end").is_visible()
        _check_page(page)


def test_vs_3p_two_people_and_an_agent_with_a_page_reopened(
    browser: Any, tmp_path: Path, shots: Path
) -> None:
    """Two people (two contexts) and an agent play VS to the end; one closes the page mid-game and
    opens the link again: the same seat and view, and the game goes on."""
    with thread_server(str(tmp_path / "t.sqlite3")) as server:
        table = server.create(
            game="tower", mode="vs", options={"players": 3}, seats=["person", "heuristic", "person"], seed=3
        )
        links = [table["seats"][0]["link"], table["seats"][2]["link"]]
        pages = [_page(browser, link) for link in links]

        def reopen(played: int) -> None:
            if played == 2:
                old = pages[0]
                step, svg = _step(old), old.inner_html("#picture")
                old.context.close()
                pages[0] = _page(browser, links[0])
                pages[0].wait_for_function(f"() => Number(document.body.dataset.step) >= {step}")
                if _step(pages[0]) == step:
                    assert pages[0].inner_html("#picture") == svg

        _play(pages, seed=4, pause=reopen)
        pages[1].screenshot(path=str(shots / "vs-3p.png"), full_page=True)
        for page in pages:
            _check_page(page)


@pytest.mark.slow
def test_crest_4p_teams_four_people(browser: Any, tmp_path: Path, shots: Path) -> None:
    """Four people in four contexts play Crest Duel in two teams to the end (an action limit keeps
    the test short: the game ends by it, with its own result)."""
    with thread_server(str(tmp_path / "t.sqlite3")) as server:
        table = server.create(
            game="crest", mode="duel", options={"players": 4, "teams": True, "max_actions": 60}, seed=5
        )
        pages = [_page(browser, seat["link"], width=1200, height=900) for seat in table["seats"]]
        _play(pages, seed=6)
        pages[0].screenshot(path=str(shots / "crest-4p-teams.png"), full_page=True)
        for page in pages:
            _check_page(page)


@pytest.mark.slow
def test_the_page_carries_on_when_the_server_is_killed_and_restarted(browser: Any, tmp_path: Path) -> None:
    """The server is killed mid-game (SIGKILL) and started again on the same port and database: the
    open page reconnects by itself and the game goes on to its end."""
    db = str(tmp_path / "t.sqlite3")
    first = Process(db)
    port = first.port
    try:
        table = first.server.create(game="tower", mode="solo", seed=2)
        page = _page(browser, table["seats"][0]["link"])
        rng = random.Random(3)
        _act(page, rng, keyboard=False)
        step = _step(page)
    finally:
        first.kill()
    page.wait_for_function("() => document.body.dataset.turn === 'offline'", timeout=10000)
    second = Process(db, port=port)
    try:
        page.wait_for_function("() => document.body.dataset.turn !== 'offline'", timeout=20000)
        assert _step(page) == step
        _play([page], seed=5)
        assert Server(port).request("GET", f"/api/tables/{table['table']}")[1]["end"] is not None
    finally:
        second.stop()


def links_table(page: Any) -> str:
    """The table ID in the lobby's first seat link (``/play/ID#token=...``)."""
    link = page.eval_on_selector_all("#links a", "anchors => anchors.map(a => a.href)")[0]
    return str(link.partition("/play/")[2].partition("#")[0])


def test_the_lobby_offers_every_option_of_every_mode_from_its_specs(browser: Any, tmp_path: Path) -> None:
    """Issue 23: the lobby's fields are the selected mode's option specs (as ``/api/games`` lists
    them), each of the kind its spec takes; a value the specs refuse is refused with the server's
    reason, and creates nothing."""
    from chaos_tower import registry

    with thread_server(str(tmp_path / "t.sqlite3")) as server:
        page = browser.new_page()
        page.goto(server.http + "/")
        page.wait_for_function("() => document.querySelectorAll('#mode option').length > 0")
        for game in registry.games():
            for mode in game.modes:
                page.select_option("#mode", f"{game.name}/{mode.name}")
                shown = page.eval_on_selector_all(
                    "#options [data-option]", "fields => fields.map(i => i.dataset.option)"
                )
                assert shown == [o.name for o in mode.options], (mode.name, shown)
                for option in mode.options:
                    kind = page.eval_on_selector(f"#option-{option.name}", "i => i.tagName + ':' + i.type")
                    if option.allowed is not None:
                        assert kind.startswith("SELECT"), (option.name, kind)
                    elif option.types == (bool,):
                        assert kind == "INPUT:checkbox", (option.name, kind)
                    elif option.types == (int,):
                        assert kind == "INPUT:number", (option.name, kind)
        page.select_option("#mode", "crest/duel")
        page.fill("#option-players", "3")
        page.fill("#option-teams", "true")  # teams need 4 or 6 players (CRD-PLAYERS-C)
        page.fill("#seats", "person, person, person")
        page.click("#create button[type=submit]")
        page.wait_for_function("() => document.querySelector('#problem').textContent !== ''")
        assert "team" in page.inner_text("#problem").lower()
        assert page.eval_on_selector_all("#links li", "items => items.length") == 0


def test_the_lobby_creates_a_table_and_hands_out_its_links(browser: Any, tmp_path: Path) -> None:
    """The lobby offers every registered mode; creating a table lists a link per person's seat and
    the spectators' link, and a seat's link opens its view."""
    from chaos_tower import registry

    with thread_server(str(tmp_path / "t.sqlite3")) as server:
        page = browser.new_page()
        page.goto(server.http + "/")
        page.wait_for_function("() => document.querySelectorAll('#mode option').length > 0")
        offered = page.eval_on_selector_all("#mode option", "options => options.map(o => o.value)")
        assert sorted(offered) == sorted(f"{g.name}/{m.name}" for g in registry.games() for m in g.modes)
        page.select_option("#mode", "tower/vs")
        page.fill("#option-players", "3")
        page.select_option("#option-declare_when", '"any_time"')
        page.fill("#seats", "person, random, person")
        page.click("#create button[type=submit]")
        page.wait_for_function("() => document.querySelectorAll('#links li').length === 4")
        table = links_table(page)
        options = server.request("GET", f"/api/tables/{table}")[1]["options"]
        assert options["players"] == 3 and options["declare_when"] == "any_time", options
        links = page.eval_on_selector_all("#links a", "anchors => anchors.map(a => a.href)")
        assert len(links) == 3 and all("/play/" in link and "#token=" in link for link in links)
        seat = _page(browser, links[0])
        assert "— seat 0 —" in seat.inner_text("#title") and seat.inner_html("#picture").startswith("<svg")
