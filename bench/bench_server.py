"""Load on the game server (issue 26, item 9): simulated clients at many tables, on loopback only.

Starts ``chaos-tower serve`` in its own process on 127.0.0.1 with a fresh SQLite database, creates
the tables (half VS for four, half Crest Duel for four in two teams, ending after ``--actions``
actions), connects one websocket client per seat (200 clients at 50 tables by default), and has
each play random legal actions on its turn after a think time. It measures, per action, the time
from the action sent to every seat of the table having its new view; counts desyncs (a client's
last observation differing from the database's replay of the table) and error frames; and the
server's memory per table. Bounded: it stops after ``--timeout`` seconds.

    python bench/bench_server.py                       # the figures of docs/performance.md
    python bench/bench_server.py --tables 4 --quick     # a short check
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import chaos_tower as ct  # noqa: E402
from chaos_tower.server.config import load_cardsets  # noqa: E402
from chaos_tower.server.live import replay_table  # noqa: E402
from chaos_tower.server.rows import ActionRow  # noqa: E402
from chaos_tower.server.tablespec import TableSpec  # noqa: E402


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(req, timeout=30) as answer:
        return dict(json.load(answer))


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


class Table:
    def __init__(self, tid: str, seats: int) -> None:
        self.id = tid
        self.seats = seats
        self.sent: dict[int, float] = {}
        self.seen: dict[int, int] = {}
        self.latencies: list[float] = []
        self.last: dict[int, Any] = {}


async def _client(
    port: int, table: Table, seat: int, token: str, think: float, rng: random.Random, stats: dict[str, int]
) -> None:
    url = f"ws://127.0.0.1:{port}/ws/tables/{table.id}?token={token}"
    async with websockets.connect(url, max_size=2**22) as ws:
        async for text in ws:
            frame = json.loads(text)
            if frame["type"] == "error":
                stats["errors"] += 1
                continue
            if frame["type"] != "view":
                continue
            step = frame["step"]
            table.last[seat] = frame["observation"]
            if step in table.sent:
                table.seen[step] = table.seen.get(step, 0) + 1
                if table.seen[step] == table.seats:
                    table.latencies.append(time.perf_counter() - table.sent.pop(step))
            if frame["end"] is not None:
                return
            if frame["your_turn"]:
                await asyncio.sleep(think * rng.random() * 2)
                choice = rng.choice([a for g in frame["actions"] for a in g["actions"]])
                table.sent[step + 1] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": choice, "step": step}))


def _stored(db: str, tid: str) -> Any:
    con = sqlite3.connect(db)
    spec = TableSpec.loads(con.execute("SELECT spec FROM ct_tables WHERE id = ?", (tid,)).fetchone()[0])
    rows = [
        ActionRow(step=s, seat=p, action=a, hash=h, at=t)
        for s, p, a, h, t in con.execute(
            "SELECT step, seat, action, hash, at FROM ct_actions WHERE table_id = ? ORDER BY step", (tid,)
        )
    ]
    con.close()
    found = load_cardsets().by_sha(spec.start.cardset.sha256)
    assert found is not None
    return replay_table(spec, found[1], rows)[0][-1]


async def _run(args: argparse.Namespace, port: int, pid: int, db: str) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    before = _rss_kib(pid)
    tables: list[tuple[Table, list[str]]] = []
    for i in range(args.tables):
        if i % 2 == 0:
            body = {"game": "tower", "mode": "vs", "options": {"players": 4, "max_actions": args.actions}}
        else:
            body = {
                "game": "crest",
                "mode": "duel",
                "options": {"players": 4, "teams": True, "max_actions": args.actions},
            }
        made = await asyncio.to_thread(_post, base + "/api/tables", {**body, "seed": args.seed + i})
        tokens = [s["token"] for s in made["seats"]]
        tables.append((Table(made["table"], len(tokens)), tokens))
    made_kib = _rss_kib(pid)
    stats = {"errors": 0}
    rng = random.Random(args.seed)
    tasks = [
        _client(port, table, seat, token, args.think, random.Random(rng.random()), stats)
        for table, tokens in tables
        for seat, token in enumerate(tokens)
    ]
    start = time.perf_counter()
    cpu = _cpu_seconds(pid)
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=args.timeout)
    elapsed = time.perf_counter() - start
    peak = _rss_kib(pid)
    cpu = _cpu_seconds(pid) - cpu
    latencies = sorted(x for table, _ in tables for x in table.latencies)
    desyncs = 0
    for table, _ in tables:
        final = _stored(db, table.id)
        for seat in range(table.seats):
            if _digest(table.last.get(seat)) != _digest(json.loads(ct.dumps(ct.observation(final, seat)))):
                desyncs += 1
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [float("nan")] * 99
    return {
        "tables": args.tables,
        "clients": sum(t.seats for t, _ in tables),
        "actions": len(latencies),
        "seconds": round(elapsed, 1),
        "actions_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(quantiles[49] * 1000, 1),
        "p99_ms": round(quantiles[98] * 1000, 1),
        "max_ms": round(max(latencies) * 1000, 1) if latencies else None,
        "server_cpu_ms_per_action": round(cpu * 1000 / max(1, len(latencies)), 2),
        "load_average": round(os.getloadavg()[0], 1),
        "desyncs": desyncs,
        "errors": stats["errors"],
        "memory_per_table_kib": round((made_kib - before) / args.tables, 1),
        "memory_per_table_in_play_kib": round((peak - before) / args.tables, 1),
        "think_seconds": args.think,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=40, help="each game ends after this many actions")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before acting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--quick", action="store_true", help="a short check: 20 actions a game, no thinking")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.actions, args.think = 20, 0.0
    port = _port()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.sqlite3")
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "chaos_tower",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--db",
                db,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            figures = asyncio.run(_run(args, port, server.pid, db))
        finally:
            server.terminate()
            server.wait(10)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>30}: {value}")
    ok = figures["desyncs"] == 0 and figures["errors"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
