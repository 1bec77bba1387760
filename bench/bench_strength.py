"""Issue 24 items 1-4 per mode: search against the heuristic, solo search, stalls, the oracle.

    python bench/bench_strength.py                                  # item 1, every mode, 40 games each
    python bench/bench_strength.py --games 400 --simulations 50     # the issue's sample
    python bench/bench_strength.py --games 400 --seconds 0.1        # the issue's thinking time
    python bench/bench_strength.py --items 1 --modes crest2 --agent mcts:simulations=50,prior=2
    python bench/bench_strength.py --items 2 3 4 --solo-seeds 200   # the solo items
    python bench/bench_strength.py --items 2 --solo-seeds 1000 --jobs 2
    python bench/bench_strength.py --jobs 2 ...                     # games in 2 processes
    python bench/bench_strength.py --log crest2.jsonl ...           # a journal; a rerun resumes it
    python bench/bench_strength.py --calibrate 0.1                  # simulations 100 ms affords

Item 1 (each of ``--modes``): the searching agent (``--agent``, default ``mcts`` with
``--simulations`` or ``--seconds`` a decision) against ``--against`` (default ``heuristic``) on
game seeds ``0 .. games/2-1`` (from ``--first-seed``), each seed twice: the searcher in the even
seats, then in the odd ones (seats swapped, paired seeds; a Crest team game puts each agent on one
team). A game
the searcher's side wins scores 1, a draw or a game at the action cap 1/2, a loss 0. The score's
95 % interval is over the seeds' pair means (paired seeds: a seed's luck counts once), and the
item holds when the score is at least 60 % and the interval's low end above 50 %. Beside it:
each agent's decisions a CPU second (decisions with one legal action included, as played).

Item 2: the solo win rate of ``--solo-agent`` (default :data:`SOLO_AGENT`) and of the heuristic
on seeds ``0 .. solo-seeds-1``, Wilson intervals, and their ratio (the item asks for 2x), the
seeds in ``--jobs`` processes. Item 3: the share of games ending at
the action cap per agent and mode (``bench/bench_stalls.py``; ``--stall-games`` a mode).
Item 4: the oracle's verdict on ``--solo-seeds`` seeds (``bench/bench_oracle.py``'s measure),
``--oracle-seconds`` each.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TypeVar

import chaos_tower as ct
from chaos_tower.agents import decide, make_agent, parse_agent
from chaos_tower.lab.intervals import mean_interval, wilson

CAP = 400
MODES: dict[str, Callable[[Any, Any, int], Any]] = {
    "vs2": lambda tower, crest, seed: ct.new_game(tower, mode="vs", players=2, seed=seed, max_actions=CAP),
    "vs4": lambda tower, crest, seed: ct.new_game(tower, mode="vs", players=4, seed=seed, max_actions=CAP),
    "crest2": lambda tower, crest, seed: ct.new_game(crest, players=2, seed=seed, max_actions=CAP),
    "crest4-teams": lambda tower, crest, seed: ct.new_game(
        crest, players=4, teams=True, seed=seed, max_actions=CAP
    ),
}
SOLO_AGENT = "rollout:simulations=32"
"""Item 2's default searcher: rollouts from the heuristic, at a fixed count near 100 ms a decision."""
_SETS: dict[str, Any] = {}


def _sets() -> tuple[Any, Any]:
    if not _SETS:
        _SETS["tower"], _SETS["crest"] = ct.load_cardset(), ct.load_cardset(game="crest")
    return _SETS["tower"], _SETS["crest"]


def game(mode: str, seed: int, searcher_even: bool, spec: str, against: str) -> tuple[float, list[float]]:
    """One game: (the searcher's side's score, [searcher CPU s, decisions, opponent CPU s, decisions])."""
    tower, crest = _sets()
    state = MODES[mode](tower, crest, seed)
    players = ct.rules_of(state).players(state)
    name, params = parse_agent(spec)
    other, other_params = parse_agent(against)
    mine = [(seat % 2 == 0) == searcher_even for seat in range(players)]
    seats = [
        make_agent(name, seat, seed * 10 + seat, **dict(params))
        if mine[seat]
        else make_agent(other, seat, seed * 10 + seat, **dict(other_params))
        for seat in range(players)
    ]
    clock = [0.0, 0.0, 0.0, 0.0]
    while (seat := ct.current_player(state)) is not None:
        started = time.process_time()
        action = decide(seats[seat], state)
        at = 0 if mine[seat] else 2
        clock[at] += time.process_time() - started
        clock[at + 1] += 1
        state = ct.apply(state, action)
    won = {mine[seat] for seat, r in enumerate(ct.returns(state)) if r > 0}
    score = 0.5 if len(won) != 1 else 1.0 if True in won else 0.0
    return score, clock


def _game(args: tuple[str, int, bool, str, str]) -> tuple[float, list[float]]:
    return game(*args)


def item1(
    mode: str, games: int, spec: str, against: str, jobs: int, first: int = 0, log: Path | None = None
) -> dict[str, Any]:
    """The searcher's score against ``against`` in ``mode`` over ``games`` games (seats swapped) from
    game seed ``first`` on. ``log``: a journal (JSON lines) each game is added to as it ends, and
    whose games already played are read instead of played again, so a cut run resumes where it
    stopped (a game depends only on its task: mode, seed, seats and the two agents' specs)."""
    seeds = range(first, first + games // 2)
    tasks = [(mode, seed, even, spec, against) for seed in seeds for even in (True, False)]
    results = journaled(_game, tasks, jobs, log, lambda r: (float(r[0]), [float(x) for x in r[1]]))
    pairs = [(results[i][0] + results[i + 1][0]) / 2 for i in range(0, len(results), 2)]
    score, low, high = mean_interval(pairs)
    low, high = max(0.0, low), min(1.0, high)  # the normal approximation's ends, kept in 0..1
    clock = [sum(r[1][k] for r in results) for k in range(4)]
    return {
        "mode": mode,
        "games": len(results),
        "score": score,
        "low": low,
        "high": high,
        "holds": score >= 0.6 and low > 0.5,
        "searcher_dps": clock[1] / clock[0] if clock[0] else float("inf"),
        "against_dps": clock[3] / clock[2] if clock[2] else float("inf"),
        "searcher_decisions": int(clock[1]),
    }


T = TypeVar("T")
R = TypeVar("R")


def journaled(
    play: Callable[[T], R], tasks: list[T], jobs: int, log: Path | None, decode: Callable[[Any], R]
) -> list[R]:
    """``play`` of every task, in order, in ``jobs`` processes; with ``log``, a journal (JSON lines):
    each result is added as it ends, and a task the journal holds is read (``decode``) instead of
    played again, so a cut run resumes where it stopped. A game depends only on its task (the
    mode, seed, seats and agents' specs), so a result read back is the one a replay would give."""
    done: dict[str, R] = {}
    if log is not None and log.exists():
        for line in log.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
                done[json.dumps(entry["task"])] = decode(entry["result"])
            except (ValueError, KeyError, TypeError, IndexError):
                continue  # a line cut by a killed run: that task is played again
    todo = [task for task in tasks if json.dumps(task) not in done]
    with ExitStack() as stack:
        out = stack.enter_context(log.open("a", encoding="utf-8")) if log is not None else None
        played: Iterator[R] = map(play, todo)
        if jobs > 1 and todo:
            played = stack.enter_context(ProcessPoolExecutor(jobs)).map(play, todo)
        for task, result in zip(todo, played, strict=True):
            done[json.dumps(task)] = result
            if out is not None:
                out.write(json.dumps({"task": task, "result": result}) + "\n")
                out.flush()
    return [done[json.dumps(task)] for task in tasks]


SOLO_OPTIONS: dict[str, Any] = {"normal_item": "while_inside"}
"""The solo games' options: item 2's games, item 4's oracle and the ladder's solo rungs. Item 2's
journal (``bench/journals/item2-solo.jsonl``, shared with the ladder) was begun before
TOC-ITEM-01D's condition was asked on entering (2026-12-05, the option ``normal_item``'s default
``"on_entry"``), so its games keep the reading they were played under (``"while_inside"``) until
the journal is begun again, and the oracle, the agents' upper bound, plays the same reading.
Under both readings the heuristic agent plays its 1,000 journaled seeds alike (checked on
2026-12-05: no game differs)."""


def solo_game(spec: str, seed: int) -> tuple[bool, int, float]:
    """(won, decisions, CPU seconds deciding) of ``spec`` on solo seed ``seed`` (cap 600 actions,
    :data:`SOLO_OPTIONS`)."""
    tower, _ = _sets()
    name, params = parse_agent(spec)
    agent = make_agent(name, 0, seed * 10, **dict(params))
    state = ct.new_game(tower, seed=seed, max_actions=600, **SOLO_OPTIONS)
    spent, decisions = 0.0, 0
    while not ct.is_terminal(state):
        started = time.process_time()
        action = decide(agent, state)
        spent += time.process_time() - started
        decisions += 1
        state = ct.apply(state, action)
    return ct.outcome(state).result == "won", decisions, spent


def _solo_game(args: tuple[str, int]) -> tuple[bool, int, float]:
    return solo_game(*args)


def solo_wins(spec: str, seeds: int, jobs: int = 1, log: Path | None = None) -> tuple[int, int, float]:
    """(wins, seeds, decisions a CPU second) of ``spec`` on solo seeds ``0 .. seeds-1``, the seeds
    played in ``jobs`` processes (a seed's game is the same in any of them); ``log``: a journal
    (:func:`journaled`)."""
    tasks = [(spec, seed) for seed in range(seeds)]
    results = journaled(_solo_game, tasks, jobs, log, lambda r: (bool(r[0]), int(r[1]), float(r[2])))
    wins = sum(won for won, _, _ in results)
    decisions = sum(d for _, d, _ in results)
    spent = sum(s for _, _, s in results)
    return wins, seeds, decisions / spent if spent else float("inf")


def ratio_interval(mine: int, base: int, n: int) -> tuple[float, float]:
    """The 95 % interval of the ratio of two win rates over ``n`` seeds each (Katz's log method;
    it ignores that the seeds are shared, so it is wider than a paired one); ``mine`` 0: (0, 0)."""
    if mine == 0 or base == 0:
        return 0.0, 0.0 if mine == 0 else float("inf")
    spread = 1.96 * math.sqrt(1 / mine - 1 / n + 1 / base - 1 / n)
    ratio = mine / base
    return ratio * math.exp(-spread), ratio * math.exp(spread)


def calibrate(mode: str, seconds: float, spec: str, seeds: int = 3) -> tuple[float, int]:
    """(mean simulations a decision of ``seconds`` affords, decisions measured) in ``mode``, at the
    heuristic's positions of seeds ``0 .. seeds-1`` with more than one legal action."""
    tower, crest = _sets()
    name, params = parse_agent(spec)
    given = {k: v for k, v in params if k not in ("simulations", "seconds", "budget")}
    runs: list[int] = []
    for seed in range(seeds):
        state = MODES[mode](tower, crest, seed)
        players = [make_agent("heuristic", seat, seat) for seat in range(ct.rules_of(state).players(state))]
        while (seat := ct.current_player(state)) is not None and len(runs) < 10 * (seed + 1):
            if len(ct.legal_actions(state)) > 1:
                searcher = make_agent(name, seat, seed, seconds=seconds, **given)
                decide(searcher, state)
                runs.append(searcher.last_simulations)
            state = ct.apply(state, decide(players[seat], state))
    return (sum(runs) / len(runs) if runs else 0.0), len(runs)


def _print_item1(args: argparse.Namespace, spec: str) -> bool:
    print(
        f"item 1: {spec} against {args.against}, seats swapped, paired seeds (score of the searcher's side)"
    )
    print(
        f"  {'mode':<13} {'games':>5} {'score':>6}  95 % interval    {'holds':<5}"
        "  searcher dec/s  against dec/s"
    )
    ok = True
    for mode in args.modes:
        r = item1(mode, args.games, spec, args.against, args.jobs, args.first_seed, args.log)
        ok &= r["holds"]
        print(
            f"  {mode:<13} {r['games']:>5} {r['score']:>6.1%}  {r['low']:>6.1%} .. {r['high']:>6.1%}  "
            f"{'yes' if r['holds'] else 'no':<5}  {r['searcher_dps']:>14.1f}  {r['against_dps']:>13.1f}",
            flush=True,
        )
    return ok


def _print_item2(args: argparse.Namespace) -> bool:
    print(f"item 2: solo wins on seeds 0-{args.solo_seeds - 1} (95 % Wilson intervals)")
    rates, wins_of = {}, {}
    for spec in (args.solo_agent, "heuristic"):
        wins, n, dps = solo_wins(spec, args.solo_seeds, args.jobs, args.log)
        rate, low, high = wilson(wins, n)
        rates[spec], wins_of[spec] = rate, wins
        print(f"  {spec:<28} {wins:>4}/{n:<4} {rate:>6.1%}  {low:>6.1%} .. {high:>6.1%}  {dps:>9.1f} dec/s")
    base, mine = rates["heuristic"], rates[args.solo_agent]
    if base == 0:
        print("  ratio undefined: the heuristic won none (more seeds are needed)")
        return False
    ratio = mine / base
    low, high = ratio_interval(wins_of[args.solo_agent], wins_of["heuristic"], args.solo_seeds)
    print(f"  ratio {ratio:.2f}, 95 % interval {low:.2f} .. {high:.2f} (the item asks for 2)")
    return ratio >= 2


def _print_item3(args: argparse.Namespace) -> bool:
    import bench_stalls  # beside this file

    print(f"item 3: games at the action cap ({args.stall_games} a mode, cap {args.cap})")
    ok = True
    for agent in ("random", "greedy", "heuristic", "mcts"):
        params = {"simulations": 8} if agent == "mcts" else {}
        for mode in ("solo", *args.modes):
            hits, n = bench_stalls.stall_rate(agent, mode, args.stall_games, args.cap, params)
            share, low, high = wilson(hits, n)
            ok &= share < 0.01
            print(
                f"  {agent:<10} {mode:<13} {hits:>4}/{n:<4} {share:>6.1%}  {low:>6.1%} .. {high:>6.1%}",
                flush=True,
            )
    return ok


def _print_item4(args: argparse.Namespace) -> bool:
    from chaos_tower.tower.solo.agents.prove import verdict

    tower, _ = _sets()
    answers: dict[str, int] = {}
    for seed in range(args.solo_seeds):
        state = ct.new_game(tower, seed=seed, max_actions=600, **SOLO_OPTIONS)  # the agents' reading
        answer = verdict(state, seconds=args.oracle_seconds).answer
        answers[answer] = answers.get(answer, 0) + 1
    n = args.solo_seeds
    print(f"item 4: the oracle on solo seeds 0-{n - 1}, {args.oracle_seconds:g} s each")
    for answer in ("winnable", "unwinnable", "unknown"):
        share, low, high = wilson(answers.get(answer, 0), n)
        print(f"  {answer:<11} {answers.get(answer, 0):>4}/{n:<4} {share:>6.1%}  {low:>6.1%} .. {high:>6.1%}")
    return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, nargs="*", default=[1], choices=[1, 2, 3, 4])
    parser.add_argument("--modes", nargs="*", default=list(MODES), choices=list(MODES))
    parser.add_argument("--games", type=int, default=40, help="item 1: games a mode, even (default 40)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--simulations", type=int, default=None, help="item 1: mcts simulations (default 50)")
    budget.add_argument(
        "--seconds", type=float, default=None, help="item 1: mcts seconds a decision (wall clock)"
    )
    parser.add_argument("--agent", default=None, help="item 1: the searcher, NAME:KEY=VALUE,... (overrides)")
    parser.add_argument("--against", default="heuristic", help="item 1: the opponent (default heuristic)")
    parser.add_argument("--first-seed", type=int, default=0, help="item 1: the first game seed (default 0)")
    parser.add_argument(
        "--log",
        type=Path,
        default=None,
        metavar="FILE",
        help="items 1 and 2: a journal of the games (JSON lines), added to as each ends; a rerun resumes it",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="items 1 and 2: processes playing games (default 1)"
    )
    parser.add_argument(
        "--calibrate",
        type=float,
        default=None,
        metavar="SECONDS",
        help="print the simulations a decision of SECONDS affords in each mode, then stop",
    )
    parser.add_argument("--solo-agent", default=SOLO_AGENT, help=f"item 2: the solo searcher ({SOLO_AGENT})")
    parser.add_argument("--solo-seeds", type=int, default=100, help="items 2 and 4: solo seeds (default 100)")
    parser.add_argument("--stall-games", type=int, default=100, help="item 3: games a mode (default 100)")
    parser.add_argument("--cap", type=int, default=600, help="item 3: the action cap (default 600)")
    parser.add_argument(
        "--oracle-seconds", type=float, default=3.0, help="item 4: seconds a seed (default 3)"
    )
    args = parser.parse_args(argv)
    if args.games < 2 or args.games % 2:
        parser.error("--games is even and at least 2 (each seed is played with seats swapped)")
    if args.agent is not None:
        spec = args.agent
    elif args.seconds is not None:
        spec = f"mcts:seconds={args.seconds}"
    else:
        spec = f"mcts:simulations={args.simulations or 50}"
    parse_agent(spec)  # a wrong agent is refused before any game
    if args.calibrate is not None:
        print(f"simulations a {args.calibrate:g} s decision affords ({spec}, wall clock, this machine now)")
        for mode in args.modes:
            mean, n = calibrate(mode, args.calibrate, spec)
            print(f"  {mode:<13} {mean:>8.1f} simulations (mean of {n} decisions)", flush=True)
        return 0
    started = time.perf_counter()
    ok = True
    for item in args.items:
        ok &= {
            1: lambda: _print_item1(args, spec),
            2: lambda: _print_item2(args),
            3: lambda: _print_item3(args),
            4: lambda: _print_item4(args),
        }[item]()
    print(
        f"{time.perf_counter() - started:.0f} s wall; every item shown holds"
        if ok
        else "some item does not hold"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
