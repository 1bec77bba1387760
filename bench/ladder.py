"""The ladder of agents: solo win rates with 95 % Wilson intervals, the oracle's winnable share,
and VS / Crest Duel head-to-head results on paired seeds with seats swapped.

    python bench/ladder.py [--solo 100] [--oracle 40] [--pairs 20] [--budget 50]

Solo: every agent plays seeds 0..N-1 (capped at 600 actions, agent seeded like
the game); the oracle (beam 32, 200,000 nodes) searches seeds 0..M-1 with the
true deck. VS (2 players) and Crest Duel (2 players): each rung meets the one
below on ``--pairs`` seeds, once in each seat; a draw or a capped game counts
half. The AI guide (docs/guides/ai.md) quotes its output.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from typing import Any

import chaos_tower as ct
from chaos_tower.agents import make_agent, play_seats
from chaos_tower.tower.solo.agents import oracle

RUNGS = ("random", "greedy", "heuristic", "mcts")
# In VS and Crest Duel "greedy" and "heuristic" are the same one-step agent: one rung.
DUEL_RUNGS = ("random", "heuristic", "mcts")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _last(state: Any, agents: list[Any]) -> Any:
    for _action, after in play_seats(state, agents):
        state = after
    return state


def _agent(name: str, seat: int, seed: int, budget: int) -> Any:
    return make_agent(name, seat, seed, **({"simulations": budget} if name == "mcts" else {}))


def solo(names: tuple[str, ...], games: int, budget: int) -> list[tuple[str, int, int, float]]:
    """(agent, wins, games, seconds) per agent."""
    cards = ct.load_cardset()
    rows = []
    for name in names:
        start = time.perf_counter()
        wins = 0
        for seed in range(games):
            state = ct.new_game(cards, seed=seed, max_actions=600)
            state = _last(state, [_agent(name, 0, seed, budget)])
            wins += ct.outcome(state).result == "won"
        rows.append((name, wins, games, time.perf_counter() - start))
    return rows


def winnable(games: int) -> tuple[int, int, float]:
    """(seeds the oracle won, seeds searched, seconds)."""
    cards = ct.load_cardset()
    start = time.perf_counter()
    won = sum(oracle(ct.new_game(cards, seed=seed, max_actions=600)).won for seed in range(games))
    return won, games, time.perf_counter() - start


def duel(game: str, upper: str, lower: str, pairs: int, budget: int) -> tuple[float, int, float]:
    """``upper``'s score against ``lower`` (win 1, draw or cap 1/2), games played, seconds."""
    tower, crest = ct.load_cardset(), ct.load_cardset(game="crest")
    start = time.perf_counter()
    score = 0.0
    for seed in range(pairs):
        for seat in (0, 1):
            if game == "vs":
                state = ct.new_game(tower, seed=seed, mode="vs", players=2, max_actions=400)
            else:
                state = ct.new_game(crest, seed=seed, players=2, max_actions=400)
            agents = [_agent(lower, p, seed * 10 + p, budget) for p in range(2)]
            agents[seat] = _agent(upper, seat, seed * 10 + seat, budget)
            state = _last(state, agents)
            score += (ct.returns(state)[seat] + 1) / 2
    return score, 2 * pairs, time.perf_counter() - start


def _share(wins: float, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{100 * wins / n:5.1f} % [{100 * low:.1f}, {100 * high:.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--solo", type=int, default=100, help="solo games per agent (default 100)")
    parser.add_argument("--oracle", type=int, default=40, help="seeds for the oracle (default 40)")
    parser.add_argument(
        "--pairs", type=int, default=20, help="paired seeds per VS / Crest match (default 20)"
    )
    parser.add_argument("--budget", type=int, default=50, help="MCTS simulations per decision (default 50)")
    args = parser.parse_args()
    print(f"solo, seeds 0-{args.solo - 1}, cap 600, mcts {args.budget} simulations:")
    for name, wins, games, seconds in solo(RUNGS, args.solo, args.budget):
        print(f"  {name:10s} {wins:4d}/{games} won  {_share(wins, games)}  ({seconds:.0f} s)")
    won, searched, seconds = winnable(args.oracle)
    # The oracle reads the true deck: a cheating baseline, and labelled so (issue 24 item 8).
    print(f"  {'oracle-cheat':10s} {won:4d}/{searched} winnable  {_share(won, searched)}  ({seconds:.0f} s)")
    for game in ("vs", "crest"):
        print(f"{game}, 2 players, {args.pairs} paired seeds x 2 seats, cap 400:")
        for lower, upper in itertools.pairwise(DUEL_RUNGS):
            score, games, seconds = duel(game, upper, lower, args.pairs, args.budget)
            share = _share(score, games)
            print(f"  {upper:10s} vs {lower:10s} scores {score:5.1f}/{games}  {share}  ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
