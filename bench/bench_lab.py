"""The lab's speed: random solo games per second, bare loop against the lab with 1 and 2 workers and Dask.

    pip install -e ".[lab]"
    python bench/bench_lab.py [--games 20000] [--rounds 3]
    python bench/bench_lab.py --million          # the issue's target: 1,000,000 games, two workers

Each figure is printed beside its target (issue 25: 1,000,000 games in at most 10 minutes on two
workers, the lab's overhead at most 10 % of CPU) with the machine's load before and after: a
figure measured on a busy machine says so.

Each side plays the same games (the lab's seeds, the random agent, the
built-in set, ``max_actions=2000``). The bare loop is what a person would
write without the lab: ``new_game``, then ``choose`` and ``apply`` until the
end, in this process, keeping nothing. The lab also reads every event into
the row's card facts, writes Parquet and the run record, and (with workers)
ships jobs to processes. The bare loop and the one-worker lab alternate in
rounds so a busy machine slows both alike. The overhead against its target is
measured finer still: the bare loop and a worker's unit of work (``play_chunk``)
alternate in blocks of a run's chunk (500 games) on the same seeds (:func:`interleaved`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import chaos_tower as ct
from chaos_tower import lab
from chaos_tower.agents import RandomAgent, decide
from chaos_tower.lab.runner import run

CARDS = ct.load_cardset()
TARGET_MINUTES = 10
"""Issue 25: 1,000,000 random solo games in at most 10 minutes on 2 workers."""
TARGET_OVERHEAD = 10
"""Issue 25: the lab's CPU overhead over the bare loop at most 10 %."""


def bare(games: int, seed: int = 0) -> tuple[float, float]:
    """(games per second, games per CPU second) of the bare loop."""
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        state = ct.new_game(CARDS, seed=lab.game_seed(seed, i), max_actions=2000)
        agent = RandomAgent(lab.agent_seed(seed, i, 0))
        while ct.current_player(state) is not None:
            state = ct.apply(state, decide(agent, state))
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu)


def interleaved(games: int, block: int | None = None, seed: int = 0) -> tuple[float, float]:
    """(bare loop, lab) games per CPU second, the two alternating in blocks of ``block`` games.

    The lab's side is a worker's unit of work, ``play_chunk`` (the games with their card facts, the
    rows and their Parquet bytes), of the size a run of these games gives its chunks
    (:func:`chaos_tower.lab.runner.default_chunk` with two workers: 500 random games for 4,000 or
    more); what a run adds around it (the record, the pool) is a fixed cost of milliseconds.
    Alternating blocks on the same seeds lets a machine whose load changes
    slow both sides alike, which two long measurements one after the other do not.
    """
    from chaos_tower.lab.runner import default_chunk
    from chaos_tower.lab.spec import CardSource
    from chaos_tower.lab.worker import play_chunk

    run_spec = lab.RunSpec(games=games, seed=seed)
    block = block or default_chunk(run_spec, 2)
    spec = run_spec.as_json()
    source = CardSource(game="tower")
    play_chunk({"spec": spec, "cards": source, "start": 0, "stop": 10})  # loads the set once
    bare_cpu = lab_cpu = 0.0
    for start in range(0, games, block):
        stop = min(games, start + block)
        cpu = time.process_time()
        for i in range(start, stop):
            state = ct.new_game(CARDS, seed=lab.game_seed(seed, i), max_actions=2000)
            agent = RandomAgent(lab.agent_seed(seed, i, 0))
            while ct.current_player(state) is not None:
                state = ct.apply(state, decide(agent, state))
        bare_cpu += time.process_time() - cpu
        cpu = time.process_time()
        play_chunk({"spec": spec, "cards": source, "start": start, "stop": stop})
        lab_cpu += time.process_time() - cpu
    return games / bare_cpu, games / lab_cpu


def with_lab(games: int, seed: int = 0, **how: Any) -> tuple[float, float]:
    """(games per second, games per CPU second of this process) of a whole lab run.

    Pool start-up, rows, Parquet and the record are included; the CPU figure
    means something only in this process (``workers=0``).
    """
    folder = Path(tempfile.mkdtemp(prefix="bench-lab-"))
    try:
        start, cpu = time.perf_counter(), time.process_time()
        run(lab.RunSpec(games=games, seed=seed), folder / "r", **how)
        return games / (time.perf_counter() - start), games / (time.process_time() - cpu)
    finally:
        shutil.rmtree(folder)


def with_dask(games: int, workers: int = 2) -> tuple[float, float]:
    """Games per second on a local Dask cluster (separate worker processes, one thread each)."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        return with_lab(games, scheduler=cluster.scheduler_address)


def load() -> str:
    """The 1-, 5- and 15-minute load averages (``/proc/loadavg``): how busy the machine was."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000, help="games per measurement (default 20000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of bare loop against one worker")
    parser.add_argument("--million", action="store_true", help="time 1,000,000 games with two workers")
    parser.add_argument("--no-dask", action="store_true", help="leave out the local Dask cluster")
    args = parser.parse_args()
    print(f"load before: {load()} (1, 5, 15 min; the machine has {os.cpu_count()} cores)")
    if args.million:
        start = time.perf_counter()
        rate, _ = with_lab(1_000_000, workers=2)
        minutes = (time.perf_counter() - start) / 60
        print(
            f"1,000,000 random solo games, 2 workers: {minutes:.1f} min ({rate:,.0f} games/s)   "
            f"target <= {TARGET_MINUTES} min: {verdict(minutes <= TARGET_MINUTES)}"
        )
        print(f"load after: {load()}")
        return
    pairs = []
    for _ in range(args.rounds):
        pairs.append((bare(args.games), with_lab(args.games, workers=1), with_lab(args.games, workers=0)))

    def median(values: list[float]) -> float:
        return sorted(values)[len(values) // 2]

    alternating = [interleaved(args.games) for _ in range(args.rounds)]
    b, b_cpu = median([p[0][0] for p in pairs]), median([p[0][1] for p in pairs])
    one = median([p[1][0] for p in pairs])
    inline, inline_cpu = median([p[2][0] for p in pairs]), median([p[2][1] for p in pairs])
    # Two workers: a whole run, pool start-up included, and its start-up alone (a run of 20 games), so
    # the steady rate a long run (a million games) sees is the difference.
    started = time.perf_counter()
    with_lab(20, workers=2)
    startup = time.perf_counter() - started
    two, _ = with_lab(args.games, workers=2)
    steady = args.games / max(1e-9, args.games / two - startup)
    overhead = 100 * (1 - inline_cpu / b_cpu)
    games_bare = median([a[0] for a in alternating])
    games_lab = median([a[1] for a in alternating])
    per_game = 100 * (games_bare / games_lab - 1)  # the lab's extra CPU time, as a share of the bare loop's
    million = 1_000_000 / steady / 60
    print(f"games per measurement: {args.games:,}; medians of {args.rounds} rounds")
    print(f"bare loop, this process:       {b:8,.0f} games/s  {b_cpu:8,.0f} games per CPU second")
    print(
        f"lab, in this process (0):      {inline:8,.0f} games/s  {inline_cpu:8,.0f} games per CPU second"
        f"  overhead {overhead:5.1f} % (CPU, one measurement after the other)"
    )
    print(
        f"bare loop and lab alternating in chunks of a run's size: {games_bare:8,.0f} and {games_lab:,.0f} "
        f"games per CPU second: lab overhead {per_game:5.1f} % (CPU)   "
        f"target <= {TARGET_OVERHEAD} %: {verdict(per_game <= TARGET_OVERHEAD)}"
    )
    print(f"lab, 1 local worker:           {one:8,.0f} games/s  overhead {100 * (1 - one / b):5.1f} % (wall)")
    print(
        f"lab, 2 local workers:          {two:8,.0f} games/s  ({steady:,.0f} games/s without the pool's "
        f"{startup:.1f} s start-up)"
    )
    if not args.no_dask:
        dask, _ = with_dask(args.games)
        print(f"lab, local Dask, 2 workers:    {dask:8,.0f} games/s")
    print(
        f"1,000,000 games at the steady 2-worker rate: {million:.1f} min   "
        f"target <= {TARGET_MINUTES} min: {verdict(million <= TARGET_MINUTES)} "
        "(estimated; --million measures it)"
    )
    print(f"1,000,000 games on 2 free cores at the lab's CPU cost: {1_000_000 / inline_cpu / 2 / 60:.1f} min")
    print(f"load after: {load()}")


if __name__ == "__main__":
    main()
