"""``chaos-tower serve``: run the server with uvicorn (the ``server`` extra)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["add_parser", "run_serve"]


def add_parser(commands: Any) -> None:
    serve = commands.add_parser(
        "serve",
        help="serve tables to play in a browser (needs the server extra)",
        description="Serve every registered game and mode to browsers and to the websocket protocol "
        "(docs/guides/server.md). Open http://HOST:PORT/ to create a table and share its seats' links.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any free one)")
    serve.add_argument(
        "--db",
        default="chaos-tower.sqlite3",
        metavar="PATH_OR_URL",
        help="a SQLite file (default chaos-tower.sqlite3) or a postgresql:// URL",
    )
    serve.add_argument(
        "--cards",
        nargs="+",
        default=(),
        metavar="DIR",
        help="the card sets served (default: the built-in ones)",
    )
    serve.add_argument("--docs-base", default=None, help="rule links go to these published docs (https://…/)")


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from .app import create_app
        from .config import MAX_MESSAGE_BYTES, ServerConfig, ServerSetupError
    except ImportError as exc:
        print(
            f"chaos-tower serve needs the server extra: pip install 'chaos-tower[server]' ({exc})",
            file=sys.stderr,
        )
        return 2
    try:
        app = create_app(ServerConfig(db=args.db, cards=tuple(args.cards), docs_base=args.docs_base))
    except ServerSetupError as exc:
        print(f"chaos-tower serve: {exc}", file=sys.stderr)
        return 1
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=MAX_MESSAGE_BYTES,
        log_level="warning",
        ws="websockets-sansio",
    )
    server = uvicorn.Server(config)
    print(
        f"chaos-tower serve: http://{args.host}:{args.port}/ (database {args.db.split('@')[-1]})", flush=True
    )
    server.run()
    return 0 if server.started else 1
