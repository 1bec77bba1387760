"""Crest Duel figures: game length and the first player's win rate, per player count and agent.

    python tools/crest_stats.py                # 1000 seeds per player count, both agents
    python tools/crest_stats.py --seeds 100    # fewer, for a quick look

For each player count 2..6 (and the team games of 4 and 6), and each agent
(every seat played by the same kind of agent, seeded with the game's seed plus
the seat), it plays the seeds 0..N-1 and prints a Markdown table: the average
number of actions (setup included) and rounds, and how often the first player
(the winner of initiative, `CRD-START-E`) is among the winners. Games cut short
by the action limit (none expected) are counted apart.
"""

from __future__ import annotations

import argparse
from functools import cache

import chaos_tower as ct
from chaos_tower.agents import PlayerAgent, decide
from chaos_tower.crest.agents import CrestGreedyAgent, CrestRandomAgent

LIMIT = 5000
LAYOUTS: list[tuple[int, bool]] = [
    (2, False),
    (3, False),
    (4, False),
    (5, False),
    (6, False),
    (4, True),
    (6, True),
]


@cache
def _cards() -> ct.CrestCardSet:
    return ct.load_cardset(game="crest")


def play(players: int, teams: bool, seed: int, agent: str) -> tuple[int, int, bool | None]:
    """One game: (actions, rounds, first player won — None when cut short)."""
    cards = _cards()
    state = ct.new_game(cards, players=players, teams=teams or None, seed=seed, max_actions=LIMIT)
    kind = CrestGreedyAgent if agent == "greedy" else CrestRandomAgent
    agents = [PlayerAgent(kind(seed * 10 + seat)) for seat in range(players)]
    while not ct.is_terminal(state):
        state = ct.apply(state, decide(agents[state.seat], state))
    result = state.result
    assert result is not None
    if result.cause != "last-standing":
        return state.actions, state.rounds, None
    return state.actions, state.rounds, state.first in result.winners


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--agents", nargs="+", default=["random", "greedy"], choices=["random", "greedy"])
    args = parser.parse_args(argv)
    print("| agent | players | games | avg actions | avg rounds | first player wins | cut short |")
    print("|---|---|---|---|---|---|---|")
    for agent in args.agents:
        for players, teams in LAYOUTS:
            results = [play(players, teams, seed, agent) for seed in range(args.seeds)]
            done = [r for r in results if r[2] is not None]
            actions = sum(r[0] for r in results) / len(results)
            rounds = sum(r[1] for r in results) / len(results)
            wins = sum(1 for r in done if r[2]) / max(1, len(done))
            label = f"{players} (teams)" if teams else str(players)
            print(
                f"| {agent} | {label} | {len(results)} | {actions:.1f} | {rounds:.1f} | {100 * wins:.1f}% "
                f"| {len(results) - len(done)} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
