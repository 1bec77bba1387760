"""PostgreSQL (issue 26, items 4 and 5): the tables in a real cluster the tests start, and two
server processes on one database serving the same tables, a move through one reaching the other's
clients at once (LISTEN/NOTIFY)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .pgcluster import postgres_cluster
from .playing import play, texts
from .serving import Process, thread_server


@pytest.fixture(scope="module")
def pg() -> Iterator[str]:
    with postgres_cluster() as url:
        yield url


def test_a_table_in_postgresql_resumes_on_another_server(pg: str) -> None:
    """Actions stored in PostgreSQL are there for the next server: same step, same view."""
    with thread_server(pg) as server:
        table = server.create(game="tower", mode="solo", seed=9)
        me = server.connect(table["table"], table["seats"][0]["token"])
        view = me.until("view")
        me.send({"type": "act", "action": texts(view)[0]})
        me.until("ack")
        view = me.until("view")
    with thread_server(pg) as again:
        resumed = again.connect(table["table"], table["seats"][0]["token"]).until("view")
        assert (
            resumed["step"] == 1 and resumed["svg"] == view["svg"] and resumed["actions"] == view["actions"]
        )


@pytest.mark.slow
def test_two_servers_on_one_postgresql_serve_one_table(pg: str) -> None:
    """Seat 0 plays through one server, seat 1 and a spectator through another: the game goes to its
    end, every move reaching the other server's clients, and a step is never played twice."""
    one, two = Process(pg), Process(pg)
    try:
        table = one.server.create(
            game="crest", mode="duel", options={"players": 2, "max_actions": 80}, seed=4
        )
        clients: dict[Any, Any] = {
            0: one.server.connect(table["table"], table["seats"][0]["token"]),
            1: two.server.connect(table["table"], table["seats"][1]["token"]),
            "watch": two.server.connect(table["table"], table["spectator"]["token"]),
        }
        last = play(clients, seed=8)
        assert last[0]["step"] == last[1]["step"] == last["watch"]["step"] > 0
        assert last[0]["end"] == last[1]["end"] == last["watch"]["end"] is not None
        for server in (one.server, two.server):
            assert server.request("GET", f"/api/tables/{table['table']}")[1]["step"] == last[0]["step"]
    finally:
        one.stop()
        two.stop()


def test_postgresql_stores_a_step_once(pg: str) -> None:
    """A second action for a stored step is refused (the primary key): two servers cannot both play it."""
    import asyncio

    from chaos_tower.server.pgstore import PostgresStore
    from chaos_tower.server.rows import ActionRow

    async def go() -> tuple[bool, bool, int]:
        one, two = await PostgresStore.open(pg), await PostgresStore.open(pg)
        await one.create("twice", "{}", 0.0)
        first = await one.append("twice", ActionRow(step=1, seat=0, action="draw", hash="h", at=0.0))
        second = await two.append("twice", ActionRow(step=1, seat=1, action="pass", hash="g", at=1.0))
        count = len(await two.actions("twice"))
        await one.close()
        await two.close()
        return first, second, count

    assert asyncio.run(go()) == (True, False, 1)
