"""Where the tables live: SQLite by default (one file, no set-up), PostgreSQL for several servers.

A table is its settings (:class:`~chaos_tower.server.tablespec.TableSpec`, as JSON) and its
actions, one row each: ``(table, step, seat, action text, SHA-256 of the state after it)``. An
action is committed before the server acknowledges it, and the primary key ``(table, step)``
makes a second action for the same step fail, so two servers can never both play step *n*.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from typing import Protocol

from .rows import SCHEMA, ActionRow

__all__ = ["ActionRow", "SqliteStore", "Store", "open_store"]


class Store(Protocol):
    """What the server needs of a database."""

    shared: bool
    """Other processes may write to it (PostgreSQL): tables are looked up there too."""

    async def create(self, table_id: str, spec: str, at: float) -> None: ...

    async def append(self, table_id: str, row: ActionRow) -> bool:
        """Commit one action; ``False`` when that step is already taken (by another server)."""
        ...

    async def finish(self, table_id: str) -> None: ...

    async def spec(self, table_id: str) -> str | None: ...

    async def open_tables(self) -> list[tuple[str, str]]:
        """``(id, spec)`` of every table whose game is not over."""
        ...

    async def actions(self, table_id: str, after: int = 0) -> list[ActionRow]:
        """The table's actions after step ``after``, in order."""
        ...

    async def listen(self, notify: Callable[[str], Awaitable[None]]) -> None:
        """Call ``notify(table_id)`` when another process appends to a table (no-op if not shared)."""
        ...

    async def close(self) -> None: ...


class SqliteStore:
    """One SQLite file (WAL, ``synchronous=FULL``: a committed action survives a crash)."""

    shared = False

    def __init__(self, path: str) -> None:
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            for statement in SCHEMA:
                self._db.execute(statement)
        except sqlite3.Error as exc:
            raise OSError(f"cannot open the database {path!r}: {exc}") from None
        self._lock = threading.Lock()

    async def create(self, table_id: str, spec: str, at: float) -> None:
        await asyncio.to_thread(self._create, table_id, spec, at)

    def _create(self, table_id: str, spec: str, at: float) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO ct_tables (id, spec, created) VALUES (?, ?, ?)", (table_id, spec, at)
            )

    async def append(self, table_id: str, row: ActionRow) -> bool:
        # Writes run in a worker thread: a commit waits for the disk (fsync), and the other
        # tables' frames go on meanwhile.
        return await asyncio.to_thread(self._append, table_id, row)

    def _append(self, table_id: str, row: ActionRow) -> bool:
        with self._lock:
            try:
                self._db.execute(
                    "INSERT INTO ct_actions (table_id, step, seat, action, hash, at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (table_id, row.step, row.seat, row.action, row.hash, row.at),
                )
            except sqlite3.IntegrityError:
                return False
            return True

    async def finish(self, table_id: str) -> None:
        await asyncio.to_thread(self._finish, table_id)

    def _finish(self, table_id: str) -> None:
        with self._lock:
            self._db.execute("UPDATE ct_tables SET finished = 1 WHERE id = ?", (table_id,))

    async def spec(self, table_id: str) -> str | None:
        with self._lock:
            found = self._db.execute("SELECT spec FROM ct_tables WHERE id = ?", (table_id,)).fetchone()
        return None if found is None else str(found[0])

    async def open_tables(self) -> list[tuple[str, str]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, spec FROM ct_tables WHERE NOT finished ORDER BY created"
            ).fetchall()
        return [(str(a), str(b)) for a, b in rows]

    async def actions(self, table_id: str, after: int = 0) -> list[ActionRow]:
        with self._lock:
            rows = self._db.execute(
                "SELECT step, seat, action, hash, at FROM ct_actions WHERE table_id = ? AND step > ?"
                " ORDER BY step",
                (table_id, after),
            ).fetchall()
        return [ActionRow(step=s, seat=p, action=a, hash=h, at=t) for s, p, a, h, t in rows]

    async def listen(self, notify: Callable[[str], Awaitable[None]]) -> None:
        return None

    async def close(self) -> None:
        with self._lock:
            self._db.close()


async def open_store(db: str) -> Store:
    """The store of ``db``: a ``postgresql://`` URL, else a SQLite file (``:memory:``: none)."""
    if db.startswith(("postgresql://", "postgres://")):
        from .pgstore import PostgresStore

        return await PostgresStore.open(db)
    return SqliteStore(db)
