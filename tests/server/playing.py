"""Playing a table through its websockets, and reading it back from the database."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from typing import Any

import chaos_tower as ct
from chaos_tower.server.config import load_cardsets
from chaos_tower.server.live import replay_table
from chaos_tower.server.rows import ActionRow
from chaos_tower.server.tablespec import TableSpec

from .serving import Client


def texts(view: dict[str, Any]) -> list[str]:
    return [text for group in view["actions"] for text in group["actions"]]


def sync(clients: dict[Any, Client], step: int, last: dict[Any, dict[str, Any]]) -> None:
    """Read each client's views until one of step ``step`` or later."""
    for key, client in clients.items():
        while key not in last or last[key]["step"] < step:
            last[key] = client.until("view", timeout=30)


def act(client: Client, text: str, step: int) -> int:
    """Play ``text`` at ``step``; the step it was stored as. A rate-limited frame is sent again later."""
    while True:
        client.send({"type": "act", "action": text, "step": step, "ref": step})
        while (answer := client.recv(30))["type"] not in ("ack", "error"):
            pass  # a view of another seat's move cannot come on our turn; pongs are skipped
        if answer["type"] == "ack":
            return int(answer["step"])
        assert answer["code"] == "rate_limited", answer
        time.sleep(0.2)


def play(clients: dict[Any, Client], seed: int, limit: int = 2000) -> dict[Any, dict[str, Any]]:
    """Play random legal actions for the seats of ``clients`` (int keys; others watch) until the end;
    the last view of each client."""
    rng = random.Random(seed)
    last: dict[Any, dict[str, Any]] = {}
    sync(clients, 0, last)
    step = max(v["step"] for v in last.values())
    sync(clients, step, last)
    for _ in range(limit):
        view = next(iter(last.values()))
        if view["end"] is not None:
            return last
        turn = view["turn"]
        if turn in clients:
            mine = last[turn]
            assert mine["your_turn"] and mine["step"] == step
            others = [k for k in clients if isinstance(k, int) and k != turn]
            assert all(not last[k]["your_turn"] and not last[k]["actions"] for k in others)
            step = act(clients[turn], rng.choice(texts(mine)), step)
        else:
            step += 1  # an agent's seat, or a timer: its move comes by itself
        sync(clients, step, last)
    raise AssertionError("the game did not end")


def stored(db: str, table: str) -> tuple[Any, list[ActionRow]]:
    """The table's final state, replayed (and verified) from the SQLite database alone."""
    con = sqlite3.connect(db)
    spec = TableSpec.loads(con.execute("SELECT spec FROM ct_tables WHERE id = ?", (table,)).fetchone()[0])
    rows = [
        ActionRow(step=s, seat=p, action=a, hash=h, at=t)
        for s, p, a, h, t in con.execute(
            "SELECT step, seat, action, hash, at FROM ct_actions WHERE table_id = ? ORDER BY step", (table,)
        )
    ]
    con.close()
    found = load_cardsets().by_sha(spec.start.cardset.sha256)
    assert found is not None
    states, _, _ = replay_table(spec, found[1], rows)
    return states[-1], rows


def observation_json(state: Any, seat: int) -> Any:
    return json.loads(ct.dumps(ct.observation(state, seat)))
