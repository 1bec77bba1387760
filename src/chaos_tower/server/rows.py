"""The database's two tables, as SQL both SQLite and PostgreSQL read, and one stored action."""

from __future__ import annotations

from attrs import frozen

__all__ = ["SCHEMA", "ActionRow"]

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS ct_tables (id TEXT PRIMARY KEY, spec TEXT NOT NULL,"
    " created DOUBLE PRECISION NOT NULL, finished BOOLEAN NOT NULL DEFAULT FALSE)",
    "CREATE TABLE IF NOT EXISTS ct_actions (table_id TEXT NOT NULL REFERENCES ct_tables(id),"
    " step INTEGER NOT NULL, seat INTEGER, action TEXT NOT NULL, hash TEXT NOT NULL,"
    " at DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, step))",
)


@frozen(kw_only=True)
class ActionRow:
    step: int
    seat: int | None
    action: str
    hash: str
    at: float
