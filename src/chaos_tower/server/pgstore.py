"""The PostgreSQL store (psycopg 3): several server processes share the tables.

Each action is inserted and ``NOTIFY chaos_tower, '<table id>'`` sent in one transaction, so the
other servers hear of it once it is committed (``LISTEN``) and read it from the database, and
the primary key ``(table, step)`` refuses a second action for a step another server has played.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from .rows import SCHEMA, ActionRow

__all__ = ["CHANNEL", "PostgresStore"]

CHANNEL = "chaos_tower"


class PostgresStore:
    shared = True

    def __init__(self, url: str, conn: Any) -> None:
        self._url = url
        self._conn = conn
        self._lock = asyncio.Lock()
        self._listener: Any = None
        self._task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        import psycopg

        try:
            conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(20261201)")  # one creator of the schema
                for statement in SCHEMA:
                    await conn.execute(statement)
        except psycopg.Error as exc:
            raise OSError(f"cannot open the database {url.split('@')[-1]!r}: {exc}") from None
        return cls(url, conn)

    async def create(self, table_id: str, spec: str, at: float) -> None:
        async with self._lock:
            await self._conn.execute(
                "INSERT INTO ct_tables (id, spec, created) VALUES (%s, %s, %s)", (table_id, spec, at)
            )

    async def append(self, table_id: str, row: ActionRow) -> bool:
        import psycopg

        async with self._lock:
            try:
                async with self._conn.transaction():
                    await self._conn.execute(
                        "INSERT INTO ct_actions (table_id, step, seat, action, hash, at)"
                        " VALUES (%s, %s, %s, %s, %s, %s)",
                        (table_id, row.step, row.seat, row.action, row.hash, row.at),
                    )
                    await self._conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
            except psycopg.errors.UniqueViolation:
                return False
            return True

    async def finish(self, table_id: str) -> None:
        async with self._lock:
            await self._conn.execute("UPDATE ct_tables SET finished = TRUE WHERE id = %s", (table_id,))

    async def spec(self, table_id: str) -> str | None:
        async with self._lock:
            cur = await self._conn.execute("SELECT spec FROM ct_tables WHERE id = %s", (table_id,))
            found = await cur.fetchone()
        return None if found is None else str(found[0])

    async def open_tables(self) -> list[tuple[str, str]]:
        async with self._lock:
            cur = await self._conn.execute(
                "SELECT id, spec FROM ct_tables WHERE NOT finished ORDER BY created"
            )
            rows = await cur.fetchall()
        return [(str(a), str(b)) for a, b in rows]

    async def actions(self, table_id: str, after: int = 0) -> list[ActionRow]:
        async with self._lock:
            cur = await self._conn.execute(
                "SELECT step, seat, action, hash, at FROM ct_actions WHERE table_id = %s AND step > %s"
                " ORDER BY step",
                (table_id, after),
            )
            rows = await cur.fetchall()
        return [ActionRow(step=s, seat=p, action=a, hash=h, at=t) for s, p, a, h, t in rows]

    async def listen(self, notify: Callable[[str], Awaitable[None]]) -> None:
        import psycopg

        self._listener = await psycopg.AsyncConnection.connect(self._url, autocommit=True)
        await self._listener.execute(f"LISTEN {CHANNEL}")

        async def pump() -> None:
            async for note in self._listener.notifies():
                with contextlib.suppress(Exception):  # one table's trouble must not stop the others'
                    await notify(note.payload)

        self._task = asyncio.create_task(pump())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._listener is not None:
            await self._listener.close()
        await self._conn.close()
