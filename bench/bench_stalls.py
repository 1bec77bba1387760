"""How many games of each agent end at the action cap, per mode (issue 24 item 3: fewer than 1 %).

    python bench/bench_stalls.py                          # every agent, every mode, the built-in sets
    python bench/bench_stalls.py --games 200 --cap 600    # the issue's cap
    python bench/bench_stalls.py --agents heuristic --modes solo

An agent that walks in circles reaches the cap (``max_actions``) instead of winning or
losing. Each game is played by the agent in every seat (agent seeds from the game's
seed and the seat), from game seeds ``0 .. games-1``; the table prints, per agent and
mode, the games played, how many ended at the cap, their share and its 95 % Wilson
interval, and the whole run fails (exit 1) when any share is 1 % or more. MCTS plays
with a small budget (``--mcts``) so that the sample is affordable: stalling is a matter
of the moves it may choose, not of how well it chooses.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

import chaos_tower as ct
from chaos_tower.agents import decide, make_agent
from chaos_tower.lab.intervals import wilson

MODES: dict[str, Callable[[Any, Any, int, int], Any]] = {
    "solo": lambda tower, crest, seed, cap: ct.new_game(tower, seed=seed, max_actions=cap),
    **{
        f"vs{n}": (
            lambda tower, crest, seed, cap, n=n: ct.new_game(
                tower, mode="vs", players=n, seed=seed, max_actions=cap
            )
        )
        for n in range(2, 6)
    },
    **{
        f"crest{n}": (
            lambda tower, crest, seed, cap, n=n: ct.new_game(crest, players=n, seed=seed, max_actions=cap)
        )
        for n in range(2, 7)
    },
    **{
        f"crest{n}-teams": (
            lambda tower, crest, seed, cap, n=n: ct.new_game(
                crest, players=n, teams=True, seed=seed, max_actions=cap
            )
        )
        for n in (4, 6)
    },
}
"""Every mode the front door plays, by player count (and Crest's teams)."""


def capped(agent: str, mode: str, seed: int, cap: int, params: dict[str, Any]) -> bool:
    """Whether one game of ``agent`` (one in each seat) in ``mode`` ends at the action cap."""
    return _capped(lambda seat: make_agent(agent, seat, seed * 10 + seat, **params), mode, seed, cap)


def capped_with(agent: Any, mode: str, seed: int, cap: int) -> bool:
    """Whether one game of ``mode`` played by this one agent object in every seat ends at the cap."""
    return _capped(lambda seat: agent, mode, seed, cap)


def _capped(make: Callable[[int], Any], mode: str, seed: int, cap: int) -> bool:
    state = MODES[mode](ct.load_cardset(), ct.load_cardset(game="crest"), seed, cap)
    seats: dict[int, Any] = {}
    while (seat := ct.current_player(state)) is not None:
        chooser = seats.get(seat)
        if chooser is None:
            chooser = seats[seat] = make(seat)
        state = ct.apply(state, decide(chooser, state))
    outcome = ct.outcome(state)
    return outcome is not None and outcome.cause == "max-actions"


def stall_rate(agent: str, mode: str, games: int, cap: int, params: dict[str, Any]) -> tuple[int, int]:
    """(games ended at the cap, games played) for seeds ``0 .. games-1``."""
    return sum(capped(agent, mode, seed, cap, params) for seed in range(games)), games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per agent and mode (default 100)")
    parser.add_argument("--cap", type=int, default=600, help="the action cap, max_actions (default 600)")
    parser.add_argument("--agents", nargs="*", default=["random", "greedy", "heuristic", "mcts"])
    parser.add_argument("--modes", nargs="*", default=list(MODES), choices=list(MODES))
    parser.add_argument("--mcts", type=int, default=8, help="MCTS simulations per decision (default 8)")
    args = parser.parse_args(argv)
    ok = True
    print(f"{'agent':<10} {'mode':<13} {'games':>5} {'capped':>6} {'share':>7}  95 % interval   seconds")
    for agent in args.agents:
        params = {"simulations": args.mcts} if agent == "mcts" else {}
        for mode in args.modes:
            started = time.perf_counter()
            hits, n = stall_rate(agent, mode, args.games, args.cap, params)
            _, low, high = wilson(hits, n)
            share = hits / n if n else 0.0
            ok &= share < 0.01
            print(
                f"{agent:<10} {mode:<13} {n:>5} {hits:>6} {share:>7.1%}  {low:>5.1%} .. {high:>5.1%}"
                f"  {time.perf_counter() - started:>7.1f}",
                flush=True,
            )
    print("every share under 1 %" if ok else "some agent stalls in 1 % of games or more")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
