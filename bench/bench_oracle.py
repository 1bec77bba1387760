"""The solo oracle (issue 24 item 4): for each seed, can it be won with perfect information?

    python bench/bench_oracle.py                      # 200 seeds, 5 seconds each
    python bench/bench_oracle.py --seeds 40 --seconds 2

For seeds ``0 .. N-1`` of the built-in set, :func:`chaos_tower.tower.solo.agents.prove.verdict`
says "winnable" (a winning line found, and replayed here to check it), "unwinnable"
(every line searched, none wins) or "unknown" (the time limit per seed was hit).
It prints one line per seed, then the share of each answer with its 95 % Wilson
interval, and the bounds on the share of winnable seeds: at least the winnable
ones, at most those not proved unwinnable.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import chaos_tower as ct
from chaos_tower.lab.intervals import wilson
from chaos_tower.tower.solo.agents.prove import verdict


def replays_to_a_win(state: ct.State, line: tuple[object, ...]) -> bool:
    """The line is legal from ``state`` and wins."""
    for action in line:
        if not ct.can_apply(state, action):
            return False
        state = ct.apply(state, action)
    outcome = ct.outcome(state)
    return outcome is not None and outcome.result == "won"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="seeds 0..N-1 (default 200)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time limit per seed (default 5)")
    parser.add_argument("--quiet", action="store_true", help="print the summary only")
    args = parser.parse_args(argv)
    cards = ct.load_cardset()
    answers: Counter[str] = Counter()
    started = time.perf_counter()
    for seed in range(args.seeds):
        state = ct.new_game(cards, seed=seed)
        found = verdict(state, seconds=args.seconds)
        if found.answer == "winnable" and not replays_to_a_win(state, found.line):
            print(f"seed {seed}: the winning line does not replay", file=sys.stderr)
            return 1
        answers[found.answer] += 1
        if not args.quiet:
            print(
                f"seed {seed:>4}: {found.answer:<10} {found.nodes:>8} nodes {found.seconds:>6.1f} s"
                + (f"  (won in {len(found.line)} actions)" if found.line else ""),
                flush=True,
            )
    n = args.seeds
    print(f"{n} seeds, {args.seconds:g} s each, {time.perf_counter() - started:.0f} s in all")
    for answer in ("winnable", "unwinnable", "unknown"):
        _, low, high = wilson(answers[answer], n)
        share = answers[answer] / n if n else 0.0
        print(f"  {answer:<10} {answers[answer]:>4}  {share:>6.1%}  95 % interval {low:.1%} .. {high:.1%}")
    at_least = answers["winnable"] / n if n else 0.0
    at_most = (n - answers["unwinnable"]) / n if n else 1.0
    print(f"  winnable with perfect information: between {at_least:.1%} and {at_most:.1%} of seeds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
