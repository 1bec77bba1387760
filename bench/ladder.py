"""The ladder of agents (issue 24 item 5): a round-robin per mode, Bradley–Terry ratings with intervals.

    python bench/ladder.py                                   # every mode, 10 seeds a pair
    python bench/ladder.py --modes vs2 crest2 --seeds 20 --budgets 25 100
    python bench/ladder.py --modes solo --seeds 100 --oracle 20
    python bench/ladder.py --modes solo --seeds 1000 --budgets 8 32 --jobs 2 --log solo.jsonl

Rungs, bottom up: random, greedy (solo), heuristic, the search at each of ``--budgets``
simulations a decision (SO-ISMCTS, ``mcts``; in the solo game ``rollout``, the same search with
the heuristic's playouts, which is what wins there: issue 24 item 2), and in the solo game the
oracle, which sees the deck (a cheating baseline, labelled so: it shows how much better a player
could do, not a player). Every pair of rungs meets on the same seeds ``0 .. seeds-1``:

* in the solo game, both play each seed; one that wins where the other loses
  scores 1 for that seed, and the seed is a draw when both win or both lose
  (the oracle plays the first ``--oracle`` seeds: ``winnable`` is its win);
* in the modes of several seats, twice a seed: the upper rung in the even
  seats and the lower in the odd ones, then swapped (so a Crest team game
  puts each agent on one team); the side whose seat wins scores 1, a draw or a
  game at the action cap 1/2.

The games are ``bench_strength.py``'s (:func:`bench_strength.solo_game` and
:func:`bench_strength.game`, the same agent seeds), played in ``--jobs`` processes; with
``--log``, each is added to a journal as it ends and a rerun plays only the rest, so a ladder of
many CPU hours can be run in parts, and a journal of ``bench_strength.py`` (item 2's, item 1's)
serves the games the two share.

The scores are fitted by :func:`chaos_tower.lab.ratings.fit` (random at 0 Elo);
each rating has its 95 % interval, and each rung's lead over the one below has
its own (the ratings' covariance included): "stronger" where it excludes 0.
Beside each agent: its decisions a CPU second over its games in the run (read back from the
journal too).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import bench_strength  # beside this file
from bench_strength import journaled

import chaos_tower as ct
from chaos_tower.lab.ratings import Ratings, fit
from chaos_tower.tower.solo.agents.prove import verdict

MODES = ("solo", "vs2", "vs4", "crest2", "crest4-teams")
ORACLE = "oracle-cheat (sees the deck)"


def rungs(mode: str, budgets: Sequence[int]) -> list[tuple[str, str]]:
    """(label, agent spec) from the bottom rung up."""
    names = ["random", "greedy", "heuristic"] if mode == "solo" else ["random", "heuristic"]
    search = "rollout" if mode == "solo" else "mcts"
    return [(n, n) for n in names] + [(f"{search} {b}", f"{search}:simulations={b}") for b in budgets]


def _solo(task: tuple[str, int]) -> tuple[bool, int, float]:
    return bench_strength.solo_game(*task)


def _duel(task: tuple[str, int, bool, str, str]) -> tuple[float, list[float]]:
    return bench_strength.game(*task)


def _oracle(task: tuple[str, int, float]) -> bool:
    _, seed, seconds = task
    tower, _ = bench_strength._sets()
    state = ct.new_game(tower, seed=seed, max_actions=600, **bench_strength.SOLO_OPTIONS)  # as the rungs
    return verdict(state, seconds=seconds).answer == "winnable"


class League:
    """One mode's round-robin: the games' scores and each agent's clock (CPU seconds, decisions)."""

    def __init__(self, mode: str, budgets: Sequence[int], jobs: int = 1, log: Path | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; one of {', '.join(MODES)}")
        self.mode = mode
        self.ladder = rungs(mode, budgets)
        self._spec = dict(self.ladder)  # label -> spec
        self._label = {spec: label for label, spec in self.ladder}
        self.clocks: dict[str, list[float]] = {label: [0.0, 0] for label, _ in self.ladder}
        self.games: list[tuple[str, str, float]] = []
        self._jobs = jobs
        self._log = log

    def _play_solo(self, seeds: int, oracle: int, oracle_seconds: float) -> None:
        labels = [label for label, _ in self.ladder]
        tasks = [(self._spec[label], seed) for label in labels for seed in range(seeds)]
        results = journaled(
            _solo, tasks, self._jobs, self._log, lambda r: (bool(r[0]), int(r[1]), float(r[2]))
        )
        won: dict[tuple[str, int], bool] = {}
        for (spec, seed), (w, decisions, spent) in zip(tasks, results, strict=True):
            label = self._label[spec]
            won[label, seed] = w
            self.clocks[label][0] += spent
            self.clocks[label][1] += decisions
        for a, b in itertools.combinations(labels, 2):
            for seed in range(seeds):
                self.games.append(
                    (a, b, 0.5 if won[a, seed] == won[b, seed] else 1.0 if won[a, seed] else 0.0)
                )
        if oracle:
            picked = range(min(oracle, seeds))
            found = journaled(
                _oracle, [("oracle", seed, oracle_seconds) for seed in picked], self._jobs, self._log, bool
            )
            self.clocks[ORACLE] = [0.0, 0]  # a verdict is no decision: no speed is shown
            for label in labels:
                for seed, won_o in zip(picked, found, strict=True):
                    won_x = won[label, seed]
                    self.games.append((ORACLE, label, 0.5 if won_o == won_x else 1.0 if won_o else 0.0))

    def _play_duels(self, seeds: int) -> None:
        labels = [label for label, _ in self.ladder]
        pairs = [(upper, lower) for lower, upper in itertools.combinations(labels, 2)]
        tasks = [
            (self.mode, seed, even, self._spec[upper], self._spec[lower])
            for upper, lower in pairs
            for seed in range(seeds)
            for even in (True, False)
        ]
        results = journaled(
            _duel, tasks, self._jobs, self._log, lambda r: (float(r[0]), [float(x) for x in r[1]])
        )
        for (_, _, _, spec, against), (score, clock) in zip(tasks, results, strict=True):
            upper, lower = self._label[spec], self._label[against]
            self.games.append((upper, lower, score))
            for label, at in ((upper, 0), (lower, 2)):
                self.clocks[label][0] += clock[at]
                self.clocks[label][1] += clock[at + 1]

    def play(self, seeds: int, oracle: int, oracle_seconds: float) -> Ratings:
        """Every pair on every seed (the oracle, solo only, on the first ``oracle``); the fitted ratings."""
        if self.mode == "solo":
            self._play_solo(seeds, oracle, oracle_seconds)
        else:
            self._play_duels(seeds)
        return fit(self.games, anchor="random")

    def table(self, ratings: Ratings) -> list[str]:
        """The printed rating table, rung by rung, with each rung's lead over the one below."""
        order = [label for label, _ in self.ladder] + ([ORACLE] if ORACLE in self.clocks else [])
        lines = [
            f"{'agent':<22} {'Elo':>6}  95 % interval   games  score  lead over the rung below  dec/CPU s"
        ]
        for below, label in itertools.pairwise([None, *order]):
            r = ratings[label]
            seconds, decisions = self.clocks[label]
            speed = f"{decisions / seconds:9.1f}" if seconds > 0 else f"{'-':>9}"
            lead = ""
            if below is not None:
                gap, low, high = ratings.difference(label, below)
                verdict_text = "stronger" if low > 0 else "weaker" if high < 0 else "not shown"
                lead = f"{gap:+5.0f} [{low:+5.0f}, {high:+5.0f}] {verdict_text}"
            lines.append(
                f"{label:<22} {r.elo:>6.0f}  [{r.low:>5.0f}, {r.high:>5.0f}]  {r.games:>6} {r.score:>6.1f}  "
                f"{lead:<28} {speed}"
            )
        return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modes", nargs="*", default=list(MODES), choices=list(MODES))
    parser.add_argument("--seeds", type=int, default=10, help="seeds per pair of rungs (default 10)")
    parser.add_argument(
        "--budgets", type=int, nargs="*", default=[25, 100], help="the search's simulations (25 100)"
    )
    parser.add_argument("--oracle", type=int, default=10, help="solo seeds the oracle searches (default 10)")
    parser.add_argument("--oracle-seconds", type=float, default=3.0, help="the oracle's time a seed (3 s)")
    parser.add_argument("--jobs", type=int, default=1, help="games in this many processes (default 1)")
    parser.add_argument("--log", type=Path, default=None, help="a journal (JSON lines); a rerun resumes it")
    args = parser.parse_args(argv)
    for mode in args.modes:
        league = League(mode, args.budgets, args.jobs, args.log)
        started = time.perf_counter()
        ratings = league.play(args.seeds, args.oracle, args.oracle_seconds)
        seconds = time.perf_counter() - started
        print(f"{mode}: {len(league.games)} games, seeds 0-{args.seeds - 1}, {seconds:.0f} s")
        for line in league.table(ratings):
            print("  " + line)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
