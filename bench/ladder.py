"""The ladder of agents (issue 24 item 5): a round-robin per mode, Bradley–Terry ratings with intervals.

    python bench/ladder.py                                   # every mode, 10 seeds a pair
    python bench/ladder.py --modes vs2 crest2 --seeds 20 --budgets 25 100
    python bench/ladder.py --modes solo --seeds 100 --oracle 20

Rungs, bottom up: random, greedy, heuristic, MCTS (SO-ISMCTS) at each of
``--budgets`` simulations a decision, and in the solo game the oracle, which
sees the deck (a cheating baseline, labelled so: it shows how much better a
player could do, not a player). Every pair of rungs meets on the same seeds
``0 .. seeds-1``:

* in the solo game, both play each seed; one that wins where the other loses
  scores 1 for that seed, and the seed is a draw when both win or both lose
  (the oracle plays the first ``--oracle`` seeds: ``winnable`` is its win);
* in the modes of several seats, twice a seed: the first agent in the even
  seats and the second in the odd ones, then swapped (so a Crest team game
  puts each agent on one team); the side whose seat wins scores 1, a draw or a
  game at the action cap 1/2.

The scores are fitted by :func:`chaos_tower.lab.ratings.fit` (random at 0 Elo);
each rating has its 95 % interval, and each rung's lead over the one below has
its own (the ratings' covariance included): "stronger" where it excludes 0.
Beside each agent: its decisions a second, measured in the same run.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import chaos_tower as ct
from chaos_tower.agents import decide, make_agent
from chaos_tower.lab.ratings import Ratings, fit
from chaos_tower.tower.solo.agents.prove import verdict

CAP = 400
MODES: dict[str, Callable[[Any, Any, int], Any]] = {
    "solo": lambda tower, crest, seed: ct.new_game(tower, seed=seed, max_actions=600),
    "vs2": lambda tower, crest, seed: ct.new_game(tower, mode="vs", players=2, seed=seed, max_actions=CAP),
    "vs4": lambda tower, crest, seed: ct.new_game(tower, mode="vs", players=4, seed=seed, max_actions=CAP),
    "crest2": lambda tower, crest, seed: ct.new_game(crest, players=2, seed=seed, max_actions=CAP),
    "crest4-teams": lambda tower, crest, seed: ct.new_game(
        crest, players=4, teams=True, seed=seed, max_actions=CAP
    ),
}
ORACLE = "oracle-cheat (sees the deck)"


class _Timed:
    """An agent whose decisions are counted and timed (``clock``: [seconds, decisions])."""

    def __init__(self, inner: Any, clock: list[float]) -> None:
        self._inner = inner
        self._clock = clock

    def choose(self, *args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return self._inner.choose(*args, **kwargs)
        finally:
            self._clock[0] += time.perf_counter() - started
            self._clock[1] += 1

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def rungs(mode: str, budgets: Sequence[int]) -> list[tuple[str, str, dict[str, Any]]]:
    """(label, agent name, parameters) from the bottom rung up."""
    names = ["random", "greedy", "heuristic"] if mode == "solo" else ["random", "heuristic"]
    out: list[tuple[str, str, dict[str, Any]]] = [(n, n, {}) for n in names]
    out += [(f"mcts {b}", "mcts", {"simulations": b}) for b in budgets]
    return out


def _final(state: Any, seats: list[Any]) -> Any:
    while (seat := ct.current_player(state)) is not None:
        state = ct.apply(state, decide(seats[seat], state))
    return state


class League:
    """One mode's round-robin: agents made on demand, their clocks, and the games' scores."""

    def __init__(self, mode: str, budgets: Sequence[int]) -> None:
        self.mode = mode
        self.ladder = rungs(mode, budgets)
        self.clocks: dict[str, list[float]] = {label: [0.0, 0] for label, _, _ in self.ladder}
        self.games: list[tuple[str, str, float]] = []
        self._tower, self._crest = ct.load_cardset(), ct.load_cardset(game="crest")
        self._solo: dict[tuple[str, int], bool] = {}

    def _agent(self, label: str, seat: int, seed: int) -> Any:
        _, name, params = next(r for r in self.ladder if r[0] == label)
        return _Timed(make_agent(name, seat, seed * 10 + seat, **params), self.clocks[label])

    def _start(self, seed: int) -> Any:
        return MODES[self.mode](self._tower, self._crest, seed)

    def solo_won(self, label: str, seed: int) -> bool:
        """Whether ``label`` wins solo seed ``seed`` (played once, remembered)."""
        key = (label, seed)
        if key not in self._solo:
            final = _final(self._start(seed), [self._agent(label, 0, seed)])
            self._solo[key] = ct.outcome(final).result == "won"
        return self._solo[key]

    def oracle_won(self, seed: int, seconds: float) -> bool:
        key = (ORACLE, seed)
        if key not in self._solo:
            clock = self.clocks.setdefault(ORACLE, [0.0, 0])
            started = time.perf_counter()
            self._solo[key] = verdict(self._start(seed), seconds=seconds).answer == "winnable"
            clock[0] += time.perf_counter() - started
            clock[1] += 1
        return self._solo[key]

    def meet(self, a: str, b: str, seed: int) -> None:
        """The games of ``a`` against ``b`` on ``seed`` (one in the solo game, two elsewhere)."""
        if self.mode == "solo":
            won_a, won_b = self.solo_won(a, seed), self.solo_won(b, seed)
            self.games.append((a, b, 0.5 if won_a == won_b else 1.0 if won_a else 0.0))
            return
        for first, second in ((a, b), (b, a)):
            start = self._start(seed)
            players = ct.rules_of(start).players(start)
            labels = [first if seat % 2 == 0 else second for seat in range(players)]
            final = _final(start, [self._agent(label, seat, seed) for seat, label in enumerate(labels)])
            returns = ct.returns(final)
            won = {label for label, r in zip(labels, returns, strict=True) if r > 0}
            score = 0.5 if len(won) != 1 else 1.0 if first in won else 0.0
            self.games.append((first, second, score))

    def play(self, seeds: int, oracle: int, oracle_seconds: float) -> Ratings:
        """Every pair on every seed (the oracle, solo only, on the first ``oracle``); the fitted ratings."""
        labels = [label for label, _, _ in self.ladder]
        for a, b in itertools.combinations(labels, 2):
            for seed in range(seeds):
                self.meet(a, b, seed)
        if self.mode == "solo" and oracle:
            for label in labels:
                for seed in range(min(oracle, seeds)):
                    won_o, won_x = self.oracle_won(seed, oracle_seconds), self.solo_won(label, seed)
                    self.games.append((ORACLE, label, 0.5 if won_o == won_x else 1.0 if won_o else 0.0))
        return fit(self.games, anchor="random")

    def table(self, ratings: Ratings) -> list[str]:
        """The printed rating table, rung by rung, with each rung's lead over the one below."""
        order = [label for label, _, _ in self.ladder] + ([ORACLE] if ORACLE in self.clocks else [])
        lines = [
            f"{'agent':<22} {'Elo':>6}  95 % interval   games  score  lead over the rung below     dec/s"
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
    parser.add_argument("--budgets", type=int, nargs="*", default=[25, 100], help="MCTS simulations (25 100)")
    parser.add_argument("--oracle", type=int, default=10, help="solo seeds the oracle searches (default 10)")
    parser.add_argument("--oracle-seconds", type=float, default=3.0, help="the oracle's time a seed (3 s)")
    args = parser.parse_args(argv)
    for mode in args.modes:
        league = League(mode, args.budgets)
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
