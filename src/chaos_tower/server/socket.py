"""One websocket connection: who it is (its token), its frames in, its frames out.

A wrong or missing token gets nothing: the handshake is refused (HTTP 403) before any frame.
Every frame in is checked in order: binary, size (:data:`~chaos_tower.server.config.MAX_FRAME_BYTES`),
rate (:data:`~chaos_tower.server.config.RATE_PER_SECOND`), JSON, its ``type``, its schema; a
refused frame gets an ``error`` frame naming the problem, sent to this connection only, and
changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Mapping
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .frames import error_frame
from .hub import Hub
from .live import Connection
from .protocol import check

__all__ = ["serve_socket"]

_CLIENT_FRAMES = ("act", "ping", "resync")


async def _writer(ws: WebSocket, conn: Connection) -> None:
    try:
        while (text := await conn.queue.get()) is not None:
            await ws.send_text(text)
    finally:
        if conn.cut:  # too far behind: closed, so that its frames do not pile up in memory
            with contextlib.suppress(Exception):
                await ws.close(code=1013)


def _frame(
    conn: Connection, hub: Hub, message: Mapping[str, Any]
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The frame received, or the error frame that answers it."""
    config = hub.config
    text = message.get("text")
    if text is None:
        return None, error_frame("binary", "frames are JSON text; binary messages are refused")
    if len(text.encode("utf-8")) > config.max_frame:
        return None, error_frame("too_large", f"a frame is at most {config.max_frame} bytes")
    if not conn.allow(config.clock()):
        return None, error_frame(
            "rate_limited", f"at most {config.rate:g} frames a second (bursts of {config.burst})"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None, error_frame("bad_json", "the frame is not JSON")
    kind = data.get("type") if isinstance(data, dict) else None
    ref = data.get("ref") if isinstance(data, dict) and isinstance(data.get("ref"), str | int) else None
    if kind not in _CLIENT_FRAMES:
        return None, error_frame(
            "unknown_frame", f"unknown frame type {kind!r} (known: {', '.join(_CLIENT_FRAMES)})", ref
        )
    problem = check(str(kind), data)
    if problem is not None:
        return None, error_frame("bad_frame", f"not a valid {kind} frame: {problem}", ref)
    return data, None


async def serve_socket(hub: Hub, ws: WebSocket) -> None:
    table_id = ws.path_params["table"]
    token = ws.query_params.get("token", "")
    live = await hub.get(table_id)
    seat = live.spec.seat_of(token) if live is not None and token else "nobody"
    if live is None or seat == "nobody":
        await ws.close(code=1008)  # before accept: the handshake is refused, nothing is sent
        return
    await ws.accept()
    conn = Connection(
        seat if isinstance(seat, int) else None, hub.config.rate, hub.config.burst, hub.config.clock()
    )
    writer = asyncio.create_task(_writer(ws, conn))
    async with live.lock:
        hub.join(live, conn)
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            data, error = _frame(conn, hub, message)
            if error is not None:
                conn.push(error)
            elif data is not None and data["type"] == "ping":
                conn.push({"type": "pong", "ref": data.get("ref")})
            elif data is not None and data["type"] == "resync":
                async with live.lock:
                    conn.push(live.view(conn, first=True))
            elif data is not None:
                await hub.act(live, conn, data["action"], data.get("ref"), data.get("step"))
    except WebSocketDisconnect:
        pass
    finally:
        live.conns.discard(conn)
        conn.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await writer
