"""The worst inputs within the loading limits, and how long each takes to be answered.

    python bench/bench_limits.py          # prints the table of docs/loading.md

Each case is built to stay inside :data:`chaos_tower.LIMITS` (or
:data:`chaos_tower.app.replay.MAX_REPLAY_BYTES`) while making the reader, the
schema stage or the problem reporting work as hard as it can. The loading
limits are sized so that each is answered (refused or accepted) in about
3 seconds or less on the project's 2-core machine; ``tests/cardsets/test_worst_inputs.py``
runs the same cases with a generous hang guard.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from chaos_tower import LIMITS, check_cardset
from chaos_tower.app import replay
from chaos_tower.kernel.errors import Problem

MINIMAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "good" / "minimal.yaml"


def _values(count: int) -> str:
    """A flow list of ``count`` zeros, in the ``rooms`` section."""
    return "rooms: [" + ",".join(["0"] * count) + "]\n"


def _fill(head: str, line: str, max_bytes: int) -> str:
    return head + line * ((max_bytes - len(head.encode())) // len(line.encode()))


def _cases() -> dict[str, Callable[[Path], Path]]:
    most = LIMITS.max_nodes - 3  # the mapping, the key `rooms` and the list are values too
    size = min(LIMITS.max_file_bytes, LIMITS.max_total_bytes)

    def one(name: str, text: str) -> Callable[[Path], Path]:
        def build(where: Path) -> Path:
            path = where / name
            path.write_text(text, encoding="utf-8")
            return path

        return build

    def directory(where: Path) -> Path:
        # max_files files sharing the set's byte and value budgets.
        per_file = LIMITS.max_total_values // LIMITS.max_files - 3
        for index in range(LIMITS.max_files):
            (where / f"part-{index:02d}.yaml").write_text(_values(per_file), encoding="utf-8")
        return where

    minimal = MINIMAL.read_text(encoding="utf-8")
    keys = "".join(f"k{i}: 0\n" for i in range(most // 2))
    return {
        "most values (flow list of 0s)": one("values.yaml", _values(most)),
        "most values (one-line blocks)": one("block.yaml", "rooms:\n" + "- 0\n" * most),
        "most mapping keys, all unknown": one("keys.yaml", keys),
        "most duplicate keys": one("dup.yaml", "a: 0\n" + "a: 0\n" * (most // 2)),
        "most control characters": one("esc.yaml", "rooms:\n" + '- "\\e"\n' * most),
        "most empty rooms (schema errors)": one("empty.yaml", "rooms:\n" + "- {}\n" * most),
        "most nesting, repeated": one(
            "deep.yaml", "a:\n" + ("- " + "[" * 22 + "]" * 22 + "\n") * (most // 23)
        ),
        "longest strings": one("long.yaml", _fill("a:\n", "- " + "x" * LIMITS.max_string_chars + "\n", size)),
        "largest file of comment lines": one("comments.yaml", _fill(minimal, "#\n", size)),
        "largest file of blank lines": one("blank.yaml", _fill(minimal, "\n", size)),
        "largest JSON of 0s": one(
            "values.json", '{"rooms": [' + ",".join(["0"] * min(most, size // 2 - 20)) + "]}"
        ),
        f"{LIMITS.max_files} files, the set's whole budget": directory,
        # A flaw at the very end of the most values (issue 22): the fast reader sees it last.
        "most values, a duplicate key at the end": one(
            "dupend.yaml", "rooms: [" + ",".join(["0"] * (most - 4)) + "]\nx: 0\nx: 0\n"
        ),
        "most values, a line separator at the end": one(
            "lsend.yaml", "rooms: [" + ",".join(["0"] * (most - 1)) + ', "a\u2028b"]\n'
        ),
        "most values, a syntax error at the end": one(
            "synend.yaml", "rooms:\n" + "- 0\n" * most + "]\n"
        ),
        "most values, an unclosed list at the end": one(
            "flowend.yaml", "rooms: [" + ",".join(["0"] * most) + "\n"
        ),
    }


CASES = _cases()

OVER = {
    # Past the value limit in a file within the byte limit: refused by the limit, however large.
    "400 KB flow list, past the value limit": lambda where: _write(
        where / "over.yaml", "rooms: [" + ",".join(["0"] * 200_000) + "]\n"
    ),
    "block list, past the value limit": lambda where: _write(
        where / "overblock.yaml", "rooms:\n" + "- 0\n" * (LIMITS.max_nodes + 10)
    ),
}
"""Cases past a limit (``too-many-values``), answered by the limit."""


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def answer(name: str, where: Path) -> tuple[float, float, list[Problem]]:
    """Build case ``name`` (of CASES or OVER) under ``where`` and load it: the seconds taken (CPU,
    wall) and the problems."""
    path = (CASES | OVER)[name](where)
    cpu, wall = time.process_time(), time.perf_counter()
    _, problems = check_cardset(path)
    return time.process_time() - cpu, time.perf_counter() - wall, problems


def replay_case() -> str:
    """The largest replay (:data:`MAX_REPLAY_BYTES`), its actions all wrong: the schema stage's worst."""
    actions = ["x" * 150] * 100_000
    data = {"format": replay.FORMAT, "game": "tower-solo", "actions": actions}
    data["cardset"] = {"name": "n", "version": "1", "sha256": "0" * 64}
    data["options"] = {"mode": None, "players": None, "teams": None, "extra_rule": False, "max_actions": None}
    data["seed"] = 0
    data["actions"] = [[a] for a in actions]  # each one the wrong type: 100,000 schema errors
    text = json.dumps(data)
    assert len(text.encode()) <= replay.MAX_REPLAY_BYTES
    return text


def time_replay() -> tuple[float, float, str]:
    text = replay_case()
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        replay.loads(text)
    except replay.ReplayFormatError as exc:
        return time.process_time() - cpu, time.perf_counter() - wall, str(exc)
    raise AssertionError("the replay case must be refused")


def main() -> int:
    print("| case | answer | CPU s | wall s |")
    print("|---|---|---|---|")
    for name in (*CASES, *OVER):
        with tempfile.TemporaryDirectory() as where:
            cpu, wall, problems = answer(name, Path(where))
        codes = sorted({p.code for p in problems})
        verdict = f"{len(problems)} problems ({', '.join(codes)})" if problems else "valid"
        print(f"| {name} | {verdict} | {cpu:.2f} | {wall:.2f} |", flush=True)
    cpu, wall, _ = time_replay()
    name = f"replay of {replay.MAX_REPLAY_BYTES:,} bytes at most, 100,000 bad actions"
    print(f"| {name} | refused | {cpu:.2f} | {wall:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
