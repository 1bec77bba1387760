"""A real server for the tests: uvicorn on 127.0.0.1 at a free port (in a thread, or a process),
and a websocket client whose every received frame is checked against the protocol's schema."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from chaos_tower.server.protocol import check

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Client:
    """One websocket connection; :meth:`recv` returns frames, each checked against the schema."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any] | str | bytes) -> None:
        self.ws.send(frame if isinstance(frame, str | bytes) else json.dumps(frame))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        frame: dict[str, Any] = json.loads(text)
        problem = check("server_frame", frame)
        assert problem is None, f"a frame outside the protocol: {problem}: {str(frame)[:300]}"
        self.frames.append(frame)
        return frame

    def until(self, kind: str, timeout: float = 10.0, **fields: Any) -> dict[str, Any]:
        """The next frame of type ``kind`` (with ``fields``), skipping others."""
        end = time.monotonic() + timeout
        while True:
            frame = self.recv(max(0.01, end - time.monotonic()))
            if frame["type"] == kind and all(frame.get(k) == v for k, v in fields.items()):
                return frame

    def idle(self, wait: float = 0.3) -> bool:
        """Nothing arrives within ``wait`` seconds."""
        try:
            self.recv(wait)
        except TimeoutError:
            return True
        return False

    def close(self) -> None:
        self.ws.close()


class Server:
    def __init__(self, port: int) -> None:
        self.port = port
        self.http = f"http://127.0.0.1:{port}"

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.http + path, data=data, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=10) as answer:
                payload = answer.read()
                status = answer.status
                kind = answer.headers.get("content-type", "")
        except urllib.error.HTTPError as exc:
            payload, status, kind = exc.read(), exc.code, exc.headers.get("content-type", "")
        return status, json.loads(payload) if "json" in kind else payload.decode()

    def create(self, **request: Any) -> dict[str, Any]:
        status, data = self.request("POST", "/api/tables", request)
        assert status == 201, data
        return dict(data)

    def connect(self, table: str, token: str | None) -> Client:
        query = "" if token is None else f"?token={token}"
        ws = connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table}{query}", open_timeout=10)
        return Client(ws.__enter__())  # as a context manager does; closed by Client.close or the server


@contextmanager
def thread_server(db: str, **settings: Any) -> Iterator[Server]:
    """The app of ``create_app(db=db, **settings)`` served by uvicorn in a thread of this process."""
    import uvicorn

    from chaos_tower.server import create_app
    from chaos_tower.server.config import MAX_MESSAGE_BYTES

    port = free_port()
    config = uvicorn.Config(
        create_app(db=db, **settings),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=MAX_MESSAGE_BYTES,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < end, "the server did not start"
        time.sleep(0.02)
    try:
        yield Server(port)
    finally:
        server.should_exit = True
        thread.join(10)


class Process:
    """``chaos-tower serve`` in a process of its own (to be killed like a crashed server)."""

    def __init__(self, db: str, port: int | None = None) -> None:
        self.port = port or free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "chaos_tower", "serve", "--port", str(self.port), "--db", db],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.server = Server(self.port)
        end = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, self.proc.stdout.read() if self.proc.stdout else "exited"
            try:
                if self.server.request("GET", "/api/games")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < end, "the server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no clean shutdown, as when the machine loses power."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.proc.stdout:
            self.proc.stdout.close()
