"""How many games of each agent end at the action cap, per mode (issue 24 item 3: fewer than 1 %).

    python bench/bench_stalls.py                          # every agent, every mode, the built-in sets
    python bench/bench_stalls.py --games 200 --cap 600    # the issue's cap
    python bench/bench_stalls.py --agents heuristic --modes solo
    python bench/bench_stalls.py --agents rollout:simulations=32 --modes solo --games 100

An agent that walks in circles reaches the cap (``max_actions``) instead of winning or
losing. Each game is played by the agent in every seat (agent seeds from the game's
seed and the seat), from game seeds ``0 .. games-1``; the table prints, per agent and
mode, the games played, how many ended at the cap, their share and its 95 % Wilson
interval, and the whole run fails (exit 1) when any share is 1 % or more. Of the capped
games, ``circling`` counts those whose last ``--window`` positions repeat (at most half of
them distinct, the action count aside): a walk in circles. The others were still playing
when the cap came (a solo game that falls and climbs again through ZAP, `TOC-ZAP`, can last
longer than 600 actions and still be won). MCTS plays with a small budget (``--mcts``) so that
the sample is affordable: stalling is a matter of the moves it may choose, not of how well it
chooses. An agent is a name or a spec, ``NAME:KEY=VALUE,...`` (``chaos-tower play --seat``'s).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import attrs

import chaos_tower as ct
from chaos_tower.agents import decide, make_agent, parse_agent
from chaos_tower.lab.intervals import wilson

WINDOW = 100
"""The positions before the cap that tell a walk in circles from a game still going."""

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
    return ending(agent, mode, seed, cap, params) != "ended"


def ending(agent: str, mode: str, seed: int, cap: int, params: dict[str, Any], window: int = WINDOW) -> str:
    """How one game of ``agent`` (one in each seat) ends: ``"ended"`` (won, lost or drawn before the
    cap), ``"circling"`` (at the cap, its last ``window`` positions at most half distinct) or
    ``"playing"`` (at the cap, still going somewhere)."""
    return _ending(lambda seat: make_agent(agent, seat, seed * 10 + seat, **params), mode, seed, cap, window)


def capped_with(agent: Any, mode: str, seed: int, cap: int) -> bool:
    """Whether one game of ``mode`` played by this one agent object in every seat ends at the cap."""
    return ending_with(agent, mode, seed, cap) != "ended"


def ending_with(agent: Any, mode: str, seed: int, cap: int, window: int = WINDOW) -> str:
    """:func:`ending` of one game of ``mode`` played by this one agent object in every seat."""
    return _ending(lambda seat: agent, mode, seed, cap, window)


def _ending(make: Callable[[int], Any], mode: str, seed: int, cap: int, window: int) -> str:
    state = MODES[mode](ct.load_cardset(), ct.load_cardset(game="crest"), seed, cap)
    seats: dict[int, Any] = {}
    recent: deque[Any] = deque(maxlen=window)
    while (seat := ct.current_player(state)) is not None:
        chooser = seats.get(seat)
        if chooser is None:
            chooser = seats[seat] = make(seat)
        state = ct.apply(state, decide(chooser, state))
        recent.append(attrs.evolve(state, actions=0))  # the position, whatever the count
    outcome = ct.outcome(state)
    if outcome is None or outcome.cause != "max-actions":
        return "ended"
    return "circling" if len(set(recent)) * 2 <= len(recent) else "playing"


def stall_rate(agent: str, mode: str, games: int, cap: int, params: dict[str, Any]) -> tuple[int, int]:
    """(games ended at the cap, games played) for seeds ``0 .. games-1``."""
    hits, _, played = stall_counts(agent, mode, games, cap, params)
    return hits, played


def stall_counts(
    agent: str, mode: str, games: int, cap: int, params: dict[str, Any], window: int = WINDOW
) -> tuple[int, int, int]:
    """(games ended at the cap, of them walking in circles, games played) for seeds ``0 .. games-1``."""
    ends = [ending(agent, mode, seed, cap, params, window) for seed in range(games)]
    return sum(e != "ended" for e in ends), ends.count("circling"), games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per agent and mode (default 100)")
    parser.add_argument("--cap", type=int, default=600, help="the action cap, max_actions (default 600)")
    parser.add_argument("--agents", nargs="*", default=["random", "greedy", "heuristic", "mcts"])
    parser.add_argument("--modes", nargs="*", default=list(MODES), choices=list(MODES))
    parser.add_argument("--mcts", type=int, default=8, help="MCTS simulations per decision (default 8)")
    parser.add_argument("--window", type=int, default=WINDOW, help=f"positions read for circling ({WINDOW})")
    args = parser.parse_args(argv)
    ok = True
    print(
        f"{'agent':<10} {'mode':<13} {'games':>5} {'capped':>6} {'share':>7}  95 % interval   "
        f"circling   seconds"
    )
    for spec in args.agents:
        agent, given = parse_agent(spec)
        params = dict(given)
        if agent == "mcts" and "simulations" not in params and "seconds" not in params:
            params["simulations"] = args.mcts
        for mode in args.modes:
            started = time.perf_counter()
            hits, circling, n = stall_counts(agent, mode, args.games, args.cap, params, args.window)
            _, low, high = wilson(hits, n)
            share = hits / n if n else 0.0
            ok &= share < 0.01
            print(
                f"{spec:<10} {mode:<13} {n:>5} {hits:>6} {share:>7.1%}  {low:>5.1%} .. {high:>5.1%}"
                f"  {circling:>8}  {time.perf_counter() - started:>7.1f}",
                flush=True,
            )
    print("every share under 1 %" if ok else "some agent stalls in 1 % of games or more")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
