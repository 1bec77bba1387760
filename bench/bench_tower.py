"""Random playouts of the solo Tower game, timed against python-chess in the same run.

    pip install -e ".[bench]"
    python bench/bench_tower.py [--seconds 10]

Both sides do the same work per step: list the legal actions, pick one
uniformly, apply it; a game restarts when it ends. The machine is shared and
noisy, so the figure that matters is the ratio measured in one run, with the
two sides interleaved in short rounds.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import chaos_tower as ct


def tower_runner(seed: int) -> Callable[[float], tuple[int, int]]:
    """A function that plays Tower random games for a time; returns (steps, games finished)."""
    cards = ct.load_cardset()
    rng = random.Random(seed)
    state = ct.new_game(cards, seed=seed, max_actions=500)
    game_no = seed

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
                    state = ct.new_game(cards, seed=game_no, max_actions=500)
                    continue
                state = ct.apply(state, rng.choice(actions))
                steps += 1
        return steps, games

    return run


def chess_runner(seed: int) -> Callable[[float], tuple[int, int]]:
    """The same loop with python-chess: legal moves, a random one, push."""
    import chess

    rng = random.Random(seed)
    board = chess.Board()

    def run(seconds: float) -> tuple[int, int]:
        nonlocal board
        steps = games = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(50):
                moves = list(board.legal_moves)
                if not moves or board.ply() >= 400:  # mate or stalemate, or a long game cut short
                    games += 1
                    board = chess.Board()
                    continue
                board.push(rng.choice(moves))
                steps += 1
        return steps, games

    return run


def interleave(
    sides: dict[str, Callable[[float], tuple[int, int]]], seconds: float, rounds: int, *, width: int = 13
) -> dict[str, float]:
    """Give each side ``seconds`` in all, in ``rounds`` turns taken in order; print and return steps/s.

    Interleaving makes a busy or throttled machine slow every side alike; the rates are per CPU
    second of this process.
    """
    totals = {name: [0, 0, 0.0] for name in sides}
    for _ in range(rounds):
        for name, run in sides.items():
            # CPU seconds: other jobs on a shared machine slow the wall clock of each round
            # unevenly (issue 27); every side runs in this one process and thread.
            start = time.process_time()
            steps, games = run(seconds / rounds)
            totals[name][0] += steps
            totals[name][1] += games
            totals[name][2] += time.process_time() - start
    rates = {}
    for name, (steps, games, spent) in totals.items():
        rates[name] = steps / spent
        line = f"{steps / spent:10.0f} steps/s  {games / spent:8.1f} games/s  ({steps} steps)"
        print(f"{name:>{width}}: {line}")
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each side (default 10)")
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds (default 10)")
    args = parser.parse_args()
    rates = interleave({"tower": tower_runner(1), "python-chess": chess_runner(1)}, args.seconds, args.rounds)
    print(f"ratio tower / python-chess: {rates['tower'] / rates['python-chess']:.2f}x (target >= 1.0x)")


if __name__ == "__main__":
    main()
