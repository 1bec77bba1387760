"""The server over a real socket: tables, seats and tokens, the protocol, bad input (issue 26)."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus

from chaos_tower import registry
from chaos_tower.server.config import RATE_BURST

from .playing import observation_json, play, stored, texts
from .serving import Server, thread_server


def test_vs_3p_two_people_and_an_agent_play_to_the_end_in_sync_with_the_database(
    server: Server, tmp_path: Path
) -> None:
    """Two people and an agent finish a VS game; each seat's last view is the database's replay's."""
    table = server.create(
        game="tower", mode="vs", options={"players": 3}, seats=["person", "random", "person"], seed=11
    )
    seats = table["seats"]
    assert [s["kind"] for s in seats] == ["person", "agent", "person"] and seats[1]["token"] is None
    clients: dict[Any, Any] = {p: server.connect(table["table"], seats[p]["token"]) for p in (0, 2)}
    clients["watch"] = server.connect(table["table"], table["spectator"]["token"])
    last = play(clients, seed=3)
    final, rows = stored(str(tmp_path / "tables.sqlite3"), table["table"])
    assert rows and last[0]["step"] == len(rows) == last["watch"]["step"]
    for seat in (0, 2):
        assert last[seat]["observation"] == observation_json(final, seat)
        assert last[seat]["end"]["results"] == last["watch"]["end"]["results"]
    assert last["watch"]["observation"] is None and "referee_svg" in last["watch"]
    assert any(r.seat == 1 for r in rows), "the agent played"


def test_a_seat_token_acts_for_its_seat_only_and_a_wrong_or_missing_token_gets_nothing(
    server: Server,
) -> None:
    """Seat 0's token cannot play seat 1's turn; a wrong, missing or other table's token is refused
    at the handshake (HTTP 403), before any frame."""
    table = server.create(game="tower", mode="vs", options={"players": 2}, seed=5)
    tid, seats = table["table"], table["seats"]
    for token in ("wrong", None, "", seats[0]["token"][:-1]):
        with pytest.raises(InvalidStatus) as refused:
            server.connect(tid, token)
        assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus):
        server.connect("no-such-table", seats[0]["token"])
    one, two = server.connect(tid, seats[0]["token"]), server.connect(tid, seats[1]["token"])
    v1, v2 = one.until("view"), two.until("view")
    assert (v1["seat"], v2["seat"]) == (0, 1)
    idle, mover = (one, two) if v2["your_turn"] else (two, one)
    waiting = v1 if idle is one else v2
    legal = texts(v2 if idle is one else v1)
    idle.send({"type": "act", "action": legal[0], "ref": "x"})
    error = idle.until("error")
    assert error["code"] == "not_your_turn" and error["ref"] == "x"
    assert mover.idle(0.3), "the other seat was sent nothing"
    assert waiting["actions"] == []


def test_bad_input_gets_an_error_frame_and_changes_nothing(server: Server) -> None:
    """Malformed JSON, unknown types, frames off the schema, too large, binary, illegal and stale
    actions, a spectator's action: each an error frame naming it; the state and the other seats
    are untouched, and the same connection then plays a legal action."""
    table = server.create(game="tower", mode="solo", seed=7)
    me = server.connect(table["table"], table["seats"][0]["token"])
    watcher = server.connect(table["table"], table["spectator"]["token"])
    view, _ = me.until("view"), watcher.until("view")
    cases = [
        ("{", "bad_json"),
        ("[1, 2]", "unknown_frame"),
        (json.dumps({"type": "hello"}), "unknown_frame"),
        (json.dumps({"type": "act"}), "bad_frame"),
        (json.dumps({"type": "act", "action": 5}), "bad_frame"),
        (json.dumps({"type": "act", "action": "x", "extra": 1}), "bad_frame"),
        ("x" * 5000, "too_large"),
        (b"\x00\x01", "binary"),
        (json.dumps({"type": "act", "action": "fly to the moon"}), "illegal_action"),
        (json.dumps({"type": "act", "action": "place 9,9 r0"}), "illegal_action"),
        (json.dumps({"type": "act", "action": texts(view)[0], "step": 3}), "stale"),
    ]
    for frame, code in cases:
        me.send(frame)
        error = me.until("error")
        assert error["code"] == code, (frame, error)
        assert error["message"]
    watcher.send({"type": "act", "action": texts(view)[0]})
    assert watcher.until("error")["code"] == "spectator"
    assert server.request("GET", f"/api/tables/{table['table']}")[1]["step"] == 0
    me.send({"type": "act", "action": texts(view)[0].upper(), "ref": 1})
    assert me.until("ack")["step"] == 1
    assert me.until("view")["step"] == 1 and watcher.until("view")["step"] == 1


def test_a_flood_is_rate_limited_with_error_frames(server: Server) -> None:
    """More frames than the stated burst at once: the extra ones get rate_limited errors."""
    table = server.create(game="tower", mode="solo", seed=7)
    me = server.connect(table["table"], table["seats"][0]["token"])
    me.until("view")
    for i in range(RATE_BURST + 10):
        me.send({"type": "ping", "ref": i})
    got = [me.recv() for _ in range(RATE_BURST + 10)]
    limited = [f for f in got if f["type"] == "error" and f["code"] == "rate_limited"]
    assert 5 <= len(limited) <= 10 and sum(f["type"] == "pong" for f in got) >= RATE_BURST


def test_tokens_are_random_and_the_database_keeps_only_their_hashes(server: Server, tmp_path: Path) -> None:
    """Each seat's token is 43 URL-safe characters, all different; none is in the database."""
    table = server.create(game="crest", mode="duel", options={"players": 4, "teams": True})
    tokens = [s["token"] for s in table["seats"]] + [table["spectator"]["token"]]
    assert len(set(tokens)) == 5 and all(len(t) == 43 for t in tokens)
    dump = "\n".join(sqlite3.connect(tmp_path / "tables.sqlite3").iterdump())
    assert table["table"] in dump and not any(t in dump for t in tokens)


def test_the_http_api(server: Server) -> None:
    """Every registered mode is offered; bad requests are refused with a code; a table's public
    summary, a seat's own log, the schema and the rule pages are served."""
    status, games = server.request("GET", "/api/games")
    offered = {(g["name"], m["name"]) for g in games["games"] for m in g["modes"]}
    assert offered == {(g.name, m.name) for g in registry.games() for m in g.modes}
    bad: list[tuple[Any, str]] = [
        ({"game": "chess"}, "bad_game"),
        ({"game": "tower", "mode": "duel"}, "bad_game"),
        ({"game": "tower", "mode": "vs", "options": {"players": 9}}, "bad_options"),
        ({"game": "tower", "mode": "vs", "options": {"wings": 2}}, "bad_options"),
        ({"game": "tower", "mode": "vs", "options": {"players": 2}, "seats": ["person"]}, "bad_seats"),
        ({"game": "tower", "seats": ["genius"]}, "bad_agent"),
        ({"game": "tower", "seats": ["mcts:wisdom=3"]}, "bad_agent"),
        ({"game": "tower", "seats": ["mcts:seconds=600"]}, "bad_agent"),
        ({"game": "tower", "seats": ["mcts:simulations=100000000"]}, "bad_agent"),
        ({"game": "tower", "cards": "crest"}, "bad_cards"),
        ({"game": "tower", "colour": "red"}, "bad_request"),
        ([1], "bad_request"),
    ]
    for body, code in bad:
        status, answer = server.request("POST", "/api/tables", body)
        assert (status, answer["error"]["code"]) == (400, code), body
    assert server.request("POST", "/api/tables", raw=b"{nope")[1]["error"]["code"] == "bad_json"
    assert server.request("POST", "/api/tables", raw=b" " * 20000)[0] == 413
    table = server.create(game="tower", mode="vs", options={"players": 2}, seed=1)
    status, summary = server.request("GET", f"/api/tables/{table['table']}")
    assert status == 200 and summary["players"] == 2 and "seed" not in json.dumps(summary)
    assert server.request("GET", "/api/tables/nope")[0] == 404
    token = table["seats"][0]["token"]
    status, log = server.request(
        "GET", f"/api/tables/{table['table']}/log", headers={"Authorization": f"Bearer {token}"}
    )
    assert status == 200 and log["seat"] == 0 and log["log"][0]["step"] == 0
    assert server.request("GET", f"/api/tables/{table['table']}/log")[0] == 404
    assert server.request("GET", "/api/protocol.schema.json")[1]["$defs"]["view"]
    status, page = server.request("GET", "/rules/TOC-STEP-03")
    assert status == 200 and "TOC-STEP-03" in page
    assert server.request("GET", "/rules/NOPE-1")[0] == 404
    assert server.request("GET", "/static/../app.py")[0] == 404


def test_a_turn_timer_plays_the_default_for_a_silent_seat(tmp_path: Path) -> None:
    """With a timer, a person who does not act is played for when time is up (the deadline is in
    the view); the game goes on."""
    with thread_server(str(tmp_path / "t.sqlite3")) as server:
        table = server.create(game="tower", mode="solo", seed=7, timer={"seconds": 0.4, "then": "first"})
        me = server.connect(table["table"], table["seats"][0]["token"])
        first = me.until("view")
        assert first["deadline"] is not None and first["deadline"] > time.time()
        later = me.until("view", timeout=5)
        assert later["step"] == 1 and later["events"][0]["action"] == texts(first)[0]


def test_reconnecting_with_the_same_link_gives_the_same_seat_and_its_whole_log(server: Server) -> None:
    """Closing and opening the link again: the same seat, the same view, the whole log."""
    table = server.create(game="tower", mode="solo", seed=7)
    token = table["seats"][0]["token"]
    me = server.connect(table["table"], token)
    view = me.until("view")
    me.send({"type": "act", "action": texts(view)[0]})
    after = me.until("view")
    me.close()
    again = server.connect(table["table"], token).until("view")
    assert again["first"] and again["seat"] == 0 and again["step"] == 1
    assert [e["step"] for e in again["events"]] == [0, 1]
    assert (again["svg"], again["observation"], again["actions"]) == (
        after["svg"],
        after["observation"],
        after["actions"],
    )


def test_a_client_that_never_reads_is_cut_off_not_buffered_without_end() -> None:
    """More unread frames than the stated limit: the connection is closed, its queue dropped."""
    from chaos_tower.server.live import MAX_QUEUED, Connection

    conn = Connection(0, 10.0, 30, 0.0)
    for i in range(MAX_QUEUED + 50):
        conn.push({"type": "pong", "ref": i})
    assert conn.cut and conn.queue.qsize() == MAX_QUEUED + 1  # the frames, then the end of the writer
