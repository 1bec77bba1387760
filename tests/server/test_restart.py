"""A server killed mid-game (SIGKILL) and started again on its database resumes every table exactly:
the games are replays, verified on load; nothing acknowledged is lost (issue 26, item 4)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus

from .playing import play, texts
from .serving import Process, thread_server


@pytest.mark.slow
def test_a_killed_server_resumes_every_table_and_loses_nothing_acknowledged(tmp_path: Path) -> None:
    """Acknowledged actions survive SIGKILL; after the restart each link gives the same seat and the
    same view, an agent whose turn it was moves, and the game plays to its end."""
    db = str(tmp_path / "tables.sqlite3")
    first = Process(db)
    try:
        solo = first.server.create(game="tower", mode="solo", seed=4)
        vs = first.server.create(
            game="tower", mode="vs", options={"players": 3}, seats=["person", "person", "random"], seed=12
        )
        me = first.server.connect(solo["table"], solo["seats"][0]["token"])
        view = me.until("view")
        for _ in range(2):
            me.send({"type": "act", "action": texts(view)[0]})
            me.until("ack")
            view = me.until("view")
        before = view
    finally:
        first.kill()
    second = Process(db)
    try:
        again = second.server.connect(solo["table"], solo["seats"][0]["token"]).until("view")
        assert again["step"] == before["step"] == 2
        for key in ("svg", "observation", "actions", "turn"):
            assert again[key] == before[key], key
        people = {p: second.server.connect(vs["table"], vs["seats"][p]["token"]) for p in (0, 1)}
        last = play(people, seed=2)
        assert last[0]["end"] is not None
    finally:
        second.stop()


def test_a_stored_game_that_does_not_replay_is_not_served(tmp_path: Path) -> None:
    """A table whose stored action was altered fails its replay check on load: it is not served
    (its links are refused), and the other tables are."""
    db = str(tmp_path / "tables.sqlite3")
    with thread_server(db) as first:
        good = first.create(game="tower", mode="solo", seed=4)
        bad = first.create(game="tower", mode="solo", seed=5)
        for table in (good, bad):
            me = first.connect(table["table"], table["seats"][0]["token"])
            me.send({"type": "act", "action": texts(me.until("view"))[-1]})
            me.until("ack")
    con = sqlite3.connect(db)
    con.execute("UPDATE ct_actions SET hash = 'ff' || substr(hash, 3) WHERE table_id = ?", (bad["table"],))
    con.commit()
    con.close()
    with thread_server(db) as second:
        assert second.request("GET", f"/api/tables/{bad['table']}")[0] == 404
        with pytest.raises(InvalidStatus):
            second.connect(bad["table"], bad["seats"][0]["token"])
        assert second.connect(good["table"], good["seats"][0]["token"]).until("view")["step"] == 1


def test_a_server_started_again_on_its_database_resumes_its_tables(tmp_path: Path) -> None:
    """Stopped and started again, the server gives each link the same seat and view (the SIGKILL
    case is the slow test above)."""
    db = str(tmp_path / "tables.sqlite3")
    with thread_server(db) as first:
        table = first.create(game="crest", mode="duel", options={"players": 2}, seed=3)
        me = first.connect(table["table"], table["seats"][0]["token"])
        view = me.until("view")
        while not view["your_turn"]:
            view = me.until("view")
        me.send({"type": "act", "action": texts(view)[0]})
        me.until("ack")
        view = me.until("view")
    with thread_server(db) as second:
        again = second.connect(table["table"], table["seats"][0]["token"]).until("view")
        for key in ("step", "svg", "observation", "actions", "turn"):
            assert again[key] == view[key], key
        assert [e["step"] for e in again["events"]] == list(range(view["step"] + 1))
