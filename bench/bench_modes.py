"""Random playouts of every mode, side by side with python-chess and OpenSpiel's Python tic-tac-toe.

The modes are those of ``chaos_tower.integrations.MODES`` (one line per mode).

    pip install -e ".[bench]"
    python bench/bench_modes.py [--seconds 10] [--rounds 10] [--states 10000]

Every side does the same work per step: list the legal actions, pick one
uniformly, apply it; a game restarts when it ends. The sides alternate in short
rounds so that a busy or throttled machine slows them alike; the ratios are
what matters. Then the memory that 10,000 successive states of one solo game and
of one Crest game take when all are kept (tracemalloc), the size of a pickled
state, loading the built-in card sets against PyYAML's C loader plus jsonschema,
and ``import chaos_tower`` against ``import chess``: every figure of issue 13
beside its target (bench_figures.py). Then MCTS simulations per second against an earlier
commit's engine and agent in the same run (bench_search.py, issue 27).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import bench_figures as figures
import bench_search
from bench_figures import retained_per_state
from bench_tower import chess_runner, interleave

import chaos_tower as ct
from chaos_tower.agents import PlayerAgent, decide
from chaos_tower.buildinfo import describe
from chaos_tower.integrations import MODES, Mode
from chaos_tower.tower.solo.agents import GreedyAgent

Runner = Callable[[float], tuple[int, int]]


MAX_ACTIONS = 500
# Issue 27's targets for random playouts against python-chess (the other modes are reported).
TARGETS = {
    "chaos_tower_solo": 2.0,
    "chaos_tower_vs2": 1.5,
    "chaos_tower_vs5": 1.5,
    "crest_duel_2": 1.5,
    "crest_duel_6": 1.5,
}


def mode_runner(mode: Mode, seed: int) -> Runner:
    """Random games of one mode through the front door; returns (steps, games finished) per call."""
    cards = mode.cards()
    kwargs: dict[str, Any] = mode.options
    rng = random.Random(seed)
    game_no = seed
    state = ct.new_game(cards, seed=game_no, max_actions=MAX_ACTIONS, **kwargs)

    def run(seconds: float) -> tuple[int, int]:
        nonlocal state, game_no
        steps = games = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(50):
                actions = ct.legal_actions(state)
                if not actions:
                    games += 1
                    game_no += 1
                    state = ct.new_game(cards, seed=game_no, max_actions=MAX_ACTIONS, **kwargs)
                    continue
                state = ct.apply(state, rng.choice(actions))
                steps += 1
        return steps, games

    return run


def tictactoe_runner(seed: int) -> Runner:
    """OpenSpiel's pure-Python tic-tac-toe, through its public API: legal_actions, apply_action."""
    from open_spiel.python.games import tic_tac_toe

    game = tic_tac_toe.TicTacToeGame()
    rng = random.Random(seed)
    state = game.new_initial_state()

    def run(seconds: float) -> tuple[int, int]:
        nonlocal state
        steps = games = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(50):
                if state.is_terminal():
                    games += 1
                    state = game.new_initial_state()
                    continue
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, games

    return run


def openspiel_runner(name: str, seed: int) -> Runner:
    """The same random games through the OpenSpiel adapter (``pyspiel.load_game(name)``): its cost."""
    import pyspiel

    import chaos_tower.integrations.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(name, {"max_actions": MAX_ACTIONS})
    rng = random.Random(seed)
    game_no = seed

    def fresh() -> Any:
        nonlocal game_no
        game_no += 1
        state = game.new_initial_state()
        state.apply_action(game_no % game.max_chance_outcomes())
        return state

    state = fresh()

    def run(seconds: float) -> tuple[int, int]:
        nonlocal state
        steps = games = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(50):
                if state.is_terminal():
                    games += 1
                    state = fresh()
                    continue
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, games

    return run


def _lasting_game(count: int) -> tuple[int, list[Any]]:
    """A seed and the greedy agent's actions for a game of ``count`` states (``count - 1`` actions).

    Random play loses within a few dozen actions; the greedy agent often lasts, but not from
    every seed, so the seeds are tried in order.
    """
    cards = ct.load_cardset()
    for seed in range(1, 200):
        state = ct.new_game(cards, seed=seed)
        agent = PlayerAgent(GreedyAgent(seed))
        actions = []
        while len(actions) < count - 1 and not ct.is_terminal(state):
            action = decide(agent, state)
            state = ct.apply(state, action)
            actions.append(action)
        if len(actions) == count - 1:
            return seed, actions
    raise RuntimeError(f"no greedy game of {count} states among the seeds tried")


def retained_memory(count: int) -> tuple[float, int]:
    """Keep ``count`` successive states of one solo game: (MiB, states kept).

    Measured with tracemalloc from just before the game starts, so the card set (compiled
    once and shared by every state) is not counted; each state's legal actions are listed
    (and so cached in the state), as a search leaves them.
    """
    seed, actions = _lasting_game(count)
    cards = ct.load_cardset()
    ct.new_game(cards, seed=seed)  # the card set is compiled before measuring
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    state = ct.new_game(cards, seed=seed)
    states = [state]
    for action in actions:
        state = ct.apply(state, action)
        states.append(state)
    for s in states:
        ct.legal_actions(s)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / 2**20, len(states)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each side (default 10)")
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds (default 10)")
    parser.add_argument("--adapters", action="store_true", help="also time each mode through OpenSpiel")
    parser.add_argument("--states", type=int, default=10_000, help="states kept for the memory figure")
    parser.add_argument(
        "--base",
        default=bench_search.BASE,
        help=f"the commit the MCTS figures compare with (default {bench_search.BASE}; '' for none)",
    )
    args = parser.parse_args()
    # Which build of the rules runs (tools/compile.py): the figures differ, so each run says.
    print(f"build: {describe()}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    sides: dict[str, Runner] = {mode.name: mode_runner(mode, 1) for mode in MODES}
    if args.adapters:
        sides.update({f"{mode.name} (OpenSpiel)": openspiel_runner(mode.name, 1) for mode in MODES})
    sides["python-chess"] = chess_runner(1)
    sides["openspiel tic-tac-toe"] = tictactoe_runner(1)
    rates = interleave(sides, args.seconds, args.rounds, width=30)
    for label in (mode.name for mode in MODES):
        chess = rates[label] / rates["python-chess"]
        ttt = rates[label] / rates["openspiel tic-tac-toe"]
        target = TARGETS.get(label)
        print(f"ratio {label} / python-chess: {chess:.2f}x" + (f" (target >= {target}x)" if target else ""))
        print(f"ratio {label} / openspiel tic-tac-toe: {ttt:.2f}x")
    if args.base:
        for line in bench_search.report(args.base, args.seconds, args.rounds):
            print(line)
    began = time.perf_counter()
    used, kept = retained_memory(args.states)
    spent = time.perf_counter() - began
    print(f"memory for {kept} successive solo states kept: {used:.1f} MiB (target < 50 MB), in {spent:.1f} s")
    print(f"memory per retained solo state: {used * 2**20 / kept / 1024:.2f} KB (target <= 1.0 KB)")
    crest = ct.load_cardset(game="crest")
    for players in (2, 6):
        for listed in (True, False):
            choose = random.Random(1).choice
            per = retained_per_state(
                crest,
                {"players": players},
                args.states,
                lambda s, choose=choose: choose(ct.legal_actions(s)),  # type: ignore[misc]
                listed=listed,
            )
            how = "legal actions cached in each" if listed else "states alone"
            print(
                f"memory per retained Crest state ({players} players, random play, {how}): "
                f"{per / 1024:.2f} KB (target <= 1.2 KB)"
            )
    for label, value, target in [*figures.pickled_sizes(), *figures.loading(), *figures.imports()]:
        if target:
            unit = "" if "KB" in label else "x"
            print(f"{label}: {value:.2f}{unit} (target {target})")
        else:
            print(label)


if __name__ == "__main__":
    main()
