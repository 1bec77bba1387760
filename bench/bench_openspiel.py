"""OpenSpiel's ISMCTSBot against our MCTS (SO-ISMCTS), seats swapped, same budget (issue 24 item 9).

    python bench/bench_openspiel.py                              # 20 games a mode, 50 simulations each
    python bench/bench_openspiel.py --games 100 --simulations 100
    python bench/bench_openspiel.py --modes chaos_tower_vs2

Both searchers get the same number of simulations per decision. OpenSpiel's
bot (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, PUCT child selection,
one random rollout per leaf) draws its worlds with the adapter's
``resample_from_infostate``, that is :func:`chaos_tower.determinize`; ours is
``make_agent("mcts", simulations=N)``. Game ``k`` is dealt by seed ``k // 2``
and OpenSpiel's bot sits in seat ``k % 2``, so every deal is played from both
seats. The table gives our score (a win 1, a draw 1/2) with a 95 % interval
(normal approximation over the games' points) and the seconds per decision of
each side.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import pyspiel

from chaos_tower.agents import make_agent
from chaos_tower.integrations.openspiel_bots import ismcts_bot
from chaos_tower.lab.intervals import mean_interval

MODES = ("chaos_tower_vs2", "crest_duel_2")


class _Timed:
    """Counts the decisions of one side and the seconds they took."""

    def __init__(self, inner: Any, clock: list[float]) -> None:
        self.inner = inner
        self.clock = clock
        if hasattr(inner, "step"):
            self.step = self._step
        else:
            self.choose = self._choose
            self.needs = getattr(inner, "needs", "world")

    def _step(self, state: Any) -> int:
        started = time.perf_counter()
        number = int(self.inner.step(state))
        self.clock[0] += time.perf_counter() - started
        self.clock[1] += 1
        return number

    def _choose(self, decision: Any) -> Any:
        started = time.perf_counter()
        action = self.inner.choose(decision)
        self.clock[0] += time.perf_counter() - started
        self.clock[1] += 1
        return action


def series(mode: str, games: int, simulations: int) -> tuple[list[float], list[float], list[float]]:
    """Our points per game, and (seconds, decisions) of OpenSpiel's bot and of ours."""
    from chaos_tower.integrations.openspiel_bots import play_match

    game = pyspiel.load_game(mode, {"seeds": 4096})
    points: list[float] = []
    theirs, ours = [0.0, 0.0], [0.0, 0.0]
    for k in range(games):
        seed, their_seat = k // 2, k % 2
        our_seat = 1 - their_seat
        seats: list[Any] = [None, None]
        seats[their_seat] = _Timed(ismcts_bot(game, simulations=simulations, seed=k), theirs)
        seats[our_seat] = _Timed(make_agent("mcts", seat=our_seat, seed=k, simulations=simulations), ours)
        result = play_match(game, seed=seed, seats=seats)
        points.append((result.returns[our_seat] + 1) / 2)
    return points, theirs, ours


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per mode, an even number (default 20)")
    parser.add_argument("--simulations", type=int, default=50, help="simulations per decision, both sides")
    parser.add_argument("--modes", nargs="*", default=list(MODES), choices=list(MODES))
    args = parser.parse_args(argv)
    print(f"{args.simulations} simulations a decision; our score, a draw counting 1/2")
    print(f"{'mode':<16} {'games':>5} {'our score':>9}  95 % interval   s/decision theirs  ours")
    for mode in args.modes:
        points, theirs, ours = series(mode, args.games, args.simulations)
        mean, low, high = mean_interval(points)
        low, high = max(0.0, low), min(1.0, high)
        print(
            f"{mode:<16} {len(points):>5} {mean:>9.1%}  {low:>5.1%} .. {high:>5.1%}"
            f"   {theirs[0] / max(1.0, theirs[1]):>14.3f} {ours[0] / max(1.0, ours[1]):>5.3f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
