"""How fast and how well the solo greedy and heuristic agents play, measured in one run.

    python tools/agent_speed.py [--seeds 1000] [--max-actions 600]

Each game's seed is also the agent's seed (as in tools/greedy_stats.py). The
two agents play the same seeds, interleaved game by game, so that a busy
machine slows both alike. The AI guide (docs/guides/ai.md) quotes its output.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import chaos_tower as ct
from chaos_tower.agents import PlayerAgent, play
from chaos_tower.tower.solo.agents import GreedyAgent, HeuristicAgent

AGENTS: dict[str, Callable[[int], Any]] = {
    "greedy": lambda seed: PlayerAgent(GreedyAgent(seed)),
    "heuristic": lambda seed: PlayerAgent(HeuristicAgent(seed)),
}


def measure(seeds: int, max_actions: int) -> dict[str, dict[str, float]]:
    """Per agent: games, wins, actions, CPU seconds, and the rates derived from them."""
    cards = ct.load_cardset()
    totals = {name: {"games": 0.0, "won": 0.0, "actions": 0.0, "seconds": 0.0} for name in AGENTS}
    for seed in range(seeds):
        for name, make in AGENTS.items():
            state = ct.new_game(cards, seed=seed, max_actions=max_actions)
            start = time.process_time()
            for _action, after in play(state, make(seed)):
                state = after
            totals[name]["seconds"] += time.process_time() - start
            totals[name]["games"] += 1
            totals[name]["actions"] += state.actions
            totals[name]["won"] += ct.outcome(state).result == "won"
    for row in totals.values():
        row["games_per_s"] = row["games"] / row["seconds"]
        row["actions_per_s"] = row["actions"] / row["seconds"]
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--seeds", type=int, default=1000, help="games per agent, seeds 0..N-1 (default 1000)"
    )
    parser.add_argument("--max-actions", type=int, default=600, help="cap on each game (default 600)")
    args = parser.parse_args()
    totals = measure(args.seeds, args.max_actions)
    for name, row in totals.items():
        print(
            f"{name:10s} {row['games']:.0f} games, won {row['won']:.0f} "
            f"({100 * row['won'] / row['games']:.1f}%), "
            f"{row['games_per_s']:.2f} games/s, {row['actions_per_s']:.0f} actions/s "
            f"(average {row['actions'] / row['games']:.0f} actions), {row['seconds']:.0f} s CPU"
        )
    greedy, heuristic = totals["greedy"], totals["heuristic"]
    print(
        f"heuristic / greedy: {heuristic['games_per_s'] / greedy['games_per_s']:.1f}x games/s, "
        f"{heuristic['actions_per_s'] / greedy['actions_per_s']:.1f}x actions/s"
    )


if __name__ == "__main__":
    main()
