"""This checkout's engine and search against an earlier commit's, in one interleaved run (issue 27).

    python bench/bench_search.py [--base ff04353] [--seconds 4] [--rounds 4]

The earlier version is a frozen copy of that commit's ``src``, ``carddata`` and ``schemas``
(``git archive``, into a temporary directory, removed after), so nothing of it is kept in the
tree. Each version runs in its own process (bench_worker.py, with its own ``sys.path``); the
two get alternate short rounds of the same work, timed in CPU seconds, so a busy machine
slows them alike. Printed per mode: MCTS simulations per second (random playouts, no
heuristic prior: a fixed tree policy) beside issue 27's target of twice the base's, and
random playouts' actions per second (the base's figure for reference). Both versions'
searches of the same positions with the same seeds should choose the same actions; the line
says whether they did.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from chaos_tower.buildinfo import describe

ROOT = Path(__file__).resolve().parents[1]
WORKER = Path(__file__).resolve().parent / "bench_worker.py"
BASE = "ff04353"
"""main when issue 27's second round began (its first round's base was ``b8c3e83``): the engine
and agent the search target is measured against."""
SEARCH_TARGET = 2.0
WORKS = ("mcts", "playout")
MODES = ("chaos_tower_solo", "chaos_tower_vs2", "chaos_tower_vs5", "crest_duel_2", "crest_duel_6")


@contextmanager
def frozen_source(rev: str) -> Iterator[Path]:
    """The ``src`` directory of commit ``rev`` (with the card data and schemas it reads), extracted
    into a temporary directory."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src", "carddata", "schemas"],
        check=True,
        capture_output=True,
    ).stdout
    with tempfile.TemporaryDirectory(prefix="bench-base-") as directory:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later: refuse odd members
                tar.extractall(directory, filter="data")
            else:  # our own git archive of our own commit
                tar.extractall(directory)
        yield Path(directory) / "src"


class Side:
    """One version's worker process."""

    def __init__(self, src: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(src)}
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )

    def ask(self, work: str, mode: str, seconds: float) -> dict[str, object]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"work": work, "mode": mode, "seconds": seconds}) + "\n")
        self.process.stdin.flush()
        answer: dict[str, object] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def compare(
    base: Side, now: Side, work: str, modes: tuple[str, ...], seconds: float, rounds: int
) -> dict[str, tuple[float, float, bool]]:
    """Per mode: (base's rate, this checkout's rate, same choices), from alternate rounds."""
    out = {}
    for mode in modes:
        totals = {"base": [0.0, 0.0], "now": [0.0, 0.0]}
        digests = {}
        for _ in range(rounds):
            for label, side in (("base", base), ("now", now)):
                answer = side.ask(work, mode, seconds / rounds)
                totals[label][0] += float(answer["count"])  # type: ignore[arg-type]
                totals[label][1] += float(answer["spent"])  # type: ignore[arg-type]
                digests[label] = answer["digest"]
        out[mode] = (
            totals["base"][0] / totals["base"][1],
            totals["now"][0] / totals["now"][1],
            digests["base"] == digests["now"],
        )
    return out


def report(
    rev: str, seconds: float, rounds: int, modes: tuple[str, ...] = MODES, works: tuple[str, ...] = WORKS
) -> list[str]:
    """Issue 27's search figures and the playouts against ``rev``, as printed lines."""
    # This checkout runs compiled where tools/compile.py built it (the base is always pure Python).
    lines = [f"this checkout's build: {describe()}; {rev}'s: pure Python"]
    with frozen_source(rev) as src:
        base, now = Side(src), Side(ROOT / "src")
        try:
            search = compare(base, now, "mcts", modes, seconds, rounds) if "mcts" in works else {}
            playouts = compare(base, now, "playout", modes, seconds, rounds) if "playout" in works else {}
        finally:
            base.close()
            now.close()
    for mode, (old, new, same) in search.items():
        met = "met" if new / old >= SEARCH_TARGET else "not met"
        lines.append(
            f"MCTS simulations/s, {mode}: {new:.0f} against {old:.0f} at {rev}: {new / old:.2f}x "
            f"(target >= {SEARCH_TARGET}x, {met}); same choices: {'yes' if same else 'NO'}"
        )
    for mode, (old, new, _) in playouts.items():
        lines.append(
            f"random playouts, {mode}: {new:.0f} actions/s against {old:.0f} at {rev}: {new / old:.2f}x"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default=BASE, help=f"the earlier commit (default {BASE})")
    parser.add_argument("--seconds", type=float, default=4.0, help="time for each side and mode (default 4)")
    parser.add_argument("--rounds", type=int, default=4, help="interleaved rounds (default 4)")
    parser.add_argument("--modes", nargs="*", default=list(MODES), help="the modes (default: five)")
    parser.add_argument("--works", nargs="*", default=list(WORKS), help="mcts, playout (default: both)")
    args = parser.parse_args()
    for line in report(args.base, args.seconds, args.rounds, tuple(args.modes), tuple(args.works)):
        print(line)


if __name__ == "__main__":
    main()
