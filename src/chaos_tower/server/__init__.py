"""A game server with a browser client, for every registered game and mode (``chaos-tower serve``).

Tables are created over HTTP (``POST /api/tables``); each seat is a person, who plays through a
link carrying the seat's token, or an agent. A websocket per connection carries the protocol of
``docs/guides/server-protocol.md`` (every frame has a JSON Schema, :data:`SCHEMA_PATH`). A seat
is sent only what it may know: its player-safe observation, its picture drawn from that
observation, its legal actions when it is its turn, and the log of what it may see. Every game
is stored as a replay, action by action, in SQLite (the default) or PostgreSQL, each action
committed before it is acknowledged, and verified when a table is loaded again.

>>> from chaos_tower.server import create_app
>>> app = create_app(db=":memory:")
>>> type(app).__name__
'Starlette'

Needs the ``server`` extra (``pip install "chaos-tower[server]"``: Starlette, uvicorn, websockets,
psycopg).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .config import ServerConfig
    from .protocol import SCHEMA_PATH

__all__ = ["SCHEMA_PATH", "ServerConfig", "create_app"]

_HOMES = {"create_app": "app", "ServerConfig": "config", "SCHEMA_PATH": "protocol"}


def __getattr__(name: str) -> Any:
    # Imported on first use, so that `chaos-tower --help` (which names `serve`) loads no web stack.
    if name in _HOMES:
        from importlib import import_module

        return getattr(import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(name)
