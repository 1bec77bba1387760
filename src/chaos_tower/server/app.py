"""The ASGI application: the HTTP API, the websocket, the browser client and the rule pages.

``create_app(db=..., cards=...)`` returns a Starlette app; mount it in your own, or run it with
``chaos-tower serve``. Routes: ``GET /`` (the lobby), ``GET /play/{id}`` (the table's page; the
token travels in the fragment, ``#token=…``, which browsers never send to servers),
``GET /api/games``, ``POST /api/tables``, ``GET /api/tables/{id}``, ``GET /api/tables/{id}/log``
(a seat's own log; ``Authorization: Bearer TOKEN``), ``GET /api/protocol.schema.json``,
``GET /rules/{ID}``, ``WS /ws/tables/{id}?token=…``.
"""

from __future__ import annotations

import contextlib
import html
import json
from collections.abc import AsyncIterator
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from .. import registry
from ..agents import AGENTS, CHEAT_SUFFIX
from .config import ServerConfig
from .frames import log_entry
from .hub import Hub
from .protocol import check, schema
from .socket import serve_socket
from .tablespec import RequestError

__all__ = ["create_app"]

MAX_BODY = 16384
_STATIC = {
    "client.js": "text/javascript; charset=utf-8",
    "client.css": "text/css; charset=utf-8",
    "play.html": "text/html; charset=utf-8",
    "lobby.html": "text/html; charset=utf-8",
    "lobby.js": "text/javascript; charset=utf-8",
}
_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'"


def _static(name: str) -> bytes:
    return files(__package__).joinpath("static", name).read_bytes()


def _error(exc: RequestError) -> JSONResponse:
    return JSONResponse({"error": {"code": exc.code, "message": str(exc)}}, status_code=exc.status)


def _games(hub: Hub) -> dict[str, Any]:
    out = []
    for spec in registry.games():
        modes = []
        for mode in spec.modes:
            options = [
                {
                    "name": o.name,
                    "default": o.default if not isinstance(o.default, tuple) else list(o.default),
                    "allowed": None if o.allowed is None else list(o.allowed),
                    "low": o.low,
                    "high": o.high,
                    "rule": o.rule,
                    "doc": o.doc,
                    "kinds": [t.__name__ for t in o.types],
                }
                for o in mode.options
            ]
            variants = [{"name": v.name, "options": dict(v.options)} for v in mode.variants]
            modes.append(
                {"name": mode.name, "rules": mode.rules.name, "options": options, "variants": variants}
            )
        out.append({"name": spec.name, "title": spec.title, "modes": modes})
    honest = [name for name in AGENTS if not name.endswith(CHEAT_SUFFIX)]  # no table seats a cheat
    return {"games": out, "cards": hub.cardsets.describe(), "agents": honest}


def create_app(config: ServerConfig | None = None, **settings: Any) -> Starlette:
    """The server as an ASGI app: ``create_app(db="tables.sqlite3", cards=("my-set/",))`` (the
    keywords of :class:`~chaos_tower.server.ServerConfig`), or ``create_app(config)``."""
    if "cards" in settings:
        settings["cards"] = tuple(settings["cards"])
    config = config if config is not None else ServerConfig(**settings)
    hub = Hub(config)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    async def page(request: Request) -> Response:
        name = "play.html" if "table" in request.path_params else "lobby.html"
        return Response(_static(name), media_type=_STATIC[name], headers={"Content-Security-Policy": _CSP})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return Response("not found", status_code=404)
        return Response(_static(name), media_type=_STATIC[name])

    async def games(request: Request) -> Response:
        return JSONResponse(_games(hub))

    async def create(request: Request) -> Response:
        body = await request.body()
        try:
            if len(body) > MAX_BODY:
                raise RequestError("too_large", f"a request body is at most {MAX_BODY} bytes", 413)
            try:
                data = json.loads(body)
            except (ValueError, RecursionError):
                raise RequestError("bad_json", "the body is not JSON") from None
            problem = check("create_table", data)
            if problem is not None:
                raise RequestError("bad_request", f"not a table request: {problem}")
            base = str(request.base_url).rstrip("/")
            return JSONResponse(await hub.create(data, base), status_code=201)
        except RequestError as exc:
            return _error(exc)

    async def table(request: Request) -> Response:
        live = await hub.get(request.path_params["table"])
        if live is None:
            return _error(RequestError("not_found", "no such table", 404))
        return JSONResponse(live.summary())

    async def seat_log(request: Request) -> Response:
        live = await hub.get(request.path_params["table"])
        auth = request.headers.get("authorization", "")
        token = auth.removeprefix("Bearer ").strip() if auth.startswith("Bearer ") else ""
        seat = live.spec.seat_of(token) if live is not None else "nobody"
        if live is None or seat == "nobody":
            return _error(RequestError("not_found", "no such table, or not your token", 404))
        who = seat if isinstance(seat, int) else None
        return JSONResponse(
            {"table": live.id, "seat": who, "log": [log_entry(live.meta, r, who) for r in live.records]}
        )

    async def protocol(request: Request) -> Response:
        return JSONResponse(schema())

    async def rule_page(request: Request) -> Response:
        from ..rulebook import rule

        wanted = request.path_params["rule"]
        try:
            found = rule(wanted)
        except KeyError:
            return HTMLResponse(
                "<!DOCTYPE html><title>no such rule</title><p>No such rule.</p>", status_code=404
            )
        reading = f"<h2>Reading</h2><p>{html.escape(found.reading)}</p>" if found.reading else ""
        body = (
            f'<!DOCTYPE html><html lang="en"><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width"><title>{html.escape(found.id)}</title>'
            f'<link rel="stylesheet" href="/static/client.css"><main class="rule">'
            f"<h1>{html.escape(found.id)} {html.escape(found.title)}</h1>"
            f'<blockquote lang="ja">{html.escape(found.ja)}</blockquote><p>{html.escape(found.en)}</p>'
            f"{reading}</main></html>"
        )
        return HTMLResponse(body, headers={"Content-Security-Policy": _CSP})

    async def socket(ws: WebSocket) -> None:
        await serve_socket(hub, ws)

    routes = [
        Route("/", page),
        Route("/play/{table}", page),
        Route("/static/{name}", static),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}", table),
        Route("/api/tables/{table}/log", seat_log),
        Route("/api/protocol.schema.json", protocol),
        Route("/rules/{rule}", rule_page),
        WebSocketRoute("/ws/tables/{table}", socket),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.hub = hub
    return app
