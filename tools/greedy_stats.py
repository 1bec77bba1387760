"""How the greedy agent fares on the built-in solo set: wins, Rebright summoned, endings.

    python tools/greedy_stats.py [--seeds 1000] [--max-actions 600]

Each game's seed is also the agent's seed, as in the golden games. The figures
quoted in the AI guide (docs/guides/ai.md) come from the default arguments.
"""

from __future__ import annotations

import argparse
import collections
import time

import chaos_tower as ct
from chaos_tower.agents import PlayerAgent, play
from chaos_tower.tower.solo.agents import GreedyAgent


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=1000, help="games, seeds 0..N-1 (default 1000)")
    parser.add_argument("--max-actions", type=int, default=600, help="cap on each game (default 600)")
    args = parser.parse_args()
    cards = ct.load_cardset()
    causes: collections.Counter[str] = collections.Counter()
    steps_used: collections.Counter[int] = collections.Counter()
    summoned = 0
    lengths = 0
    start = time.perf_counter()
    for seed in range(args.seeds):
        state = ct.new_game(cards, seed=seed, max_actions=args.max_actions)
        most = 0
        rebright = False
        for _, after in play(state, PlayerAgent(GreedyAgent(seed))):
            most = max(most, len(set(after.used_steps)))
            rebright = rebright or after.rebright is not None
            state = after
        result = ct.outcome(state)
        assert result is not None
        causes[result.cause] += 1
        steps_used[most] += 1
        summoned += rebright
        lengths += state.actions
    won = causes["rebright-fell"]
    print(f"{args.seeds} games, max_actions {args.max_actions}, {time.perf_counter() - start:.0f} s")
    print(f"won {won} ({100 * won / args.seeds:.1f}%), Rebright summoned in {summoned}")
    print("endings:", ", ".join(f"{cause} {n}" for cause, n in causes.most_common()))
    print("most distinct steps used:", ", ".join(f"{k}: {steps_used[k]}" for k in sorted(steps_used)))
    print(f"average length {lengths / args.seeds:.1f} actions")


if __name__ == "__main__":
    main()
