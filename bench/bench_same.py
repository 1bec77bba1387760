"""This checkout's engine against an earlier commit's: the same games, played alike (issue 27).

    python bench/bench_same.py [--base ff04353] [--actions 100000] [--modes ...]

Each version (the checkout, and a frozen copy of ``--base`` extracted as bench_search.py does)
plays the same random actions of every mode in its own process and digests every state's legal
actions, save, events and outcome, and every tenth state's world drawn for the player to move
(bench_worker.trace). The line per mode says whether the digests agree: a speed change must leave
them equal.
"""

from __future__ import annotations

import argparse
import json

from bench_search import BASE, MODES, ROOT, Side, frozen_source


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default=BASE, help=f"the earlier commit (default {BASE})")
    parser.add_argument(
        "--actions", type=int, default=100_000, help="random actions per mode (default 100,000)"
    )
    parser.add_argument("--modes", nargs="*", default=list(MODES), help="the modes (default: five)")
    args = parser.parse_args()
    with frozen_source(args.base) as src:
        sides = {"base": Side(src), "now": Side(ROOT / "src")}
        try:
            for mode in args.modes:
                request = json.dumps({"work": "trace", "mode": mode, "actions": args.actions})
                answers = {}
                for label, side in sides.items():
                    assert side.process.stdin is not None and side.process.stdout is not None
                    side.process.stdin.write(request + "\n")
                    side.process.stdin.flush()
                    answers[label] = json.loads(side.process.stdout.readline())["digest"]
                same = answers["base"] == answers["now"]
                print(
                    f"{mode}: {args.actions} actions, digest {answers['now']} against {answers['base']} "
                    f"at {args.base}: {'the same' if same else 'DIFFERENT'}",
                    flush=True,
                )
        finally:
            for side in sides.values():
                side.close()


if __name__ == "__main__":
    main()
