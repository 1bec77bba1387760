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
measured finer still (:func:`interleaved`): the bare loop and a worker's unit of work
(``play_chunk``, its games' rows and its Parquet file) alternate 10 games at a time on the same
seeds, and the figure set against the target is the median of the pairs' ratios plus the
chunks' own share (a shared machine's bursts of other work move a sum of blocks by several
points, not the median of a thousand pairs).
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


def interleaved(
    games: int, block: int | None = None, seed: int = 0, pair: int | None = None
) -> tuple[float, float, list[float], float]:
    """(bare loop, lab) games per CPU second, the two alternating on the same games; each pair's lab
    CPU time over the bare loop's (one ratio a ``pair`` of games); the chunks' own CPU time (their
    set-up, and the rows made into a Parquet file) as a share of the bare loop's.

    The lab's side is a worker's unit of work, ``play_chunk``, taken apart: for each chunk of
    ``block`` games (:func:`chaos_tower.lab.runner.default_chunk` with two workers: 500 random
    games for 4,000 or more) its set-up (:func:`chaos_tower.lab.worker.chunk_player`), each game's
    row, and the Parquet file of the chunk's rows (:func:`chaos_tower.lab.worker.rows_parquet`);
    what a run adds around it (the record, the pool) is a fixed cost of milliseconds. The games of
    the two sides alternate ``pair`` by ``pair`` (by default a worker's batch,
    :data:`chaos_tower.lab.worker.BATCH`), the side that goes first swapped each time: the
    same work timed twice in a row here differs by a fifth from one 500-game block to the next
    (other tenants of the machine), by much less from one 10-game pair to the next, and the
    median of many pairs' ratios is not moved by a burst in a few.
    """
    from chaos_tower.lab.runner import default_chunk
    from chaos_tower.lab.spec import CardSource
    from chaos_tower.lab.worker import BATCH, chunk_player, play_chunk, rows_parquet

    pair = pair or BATCH  # a pair's lab side is one of a worker's batches
    run_spec = lab.RunSpec(games=games, seed=seed)
    block = block or default_chunk(run_spec, 2)
    spec = run_spec.as_json()
    source = CardSource(game="tower")
    play_chunk({"spec": spec, "cards": source, "start": 0, "stop": 10})  # loads the set once

    def bare_side(start: int, stop: int) -> None:
        for i in range(start, stop):
            state = ct.new_game(CARDS, seed=lab.game_seed(seed, i), max_actions=2000)
            agent = RandomAgent(lab.agent_seed(seed, i, 0))
            while ct.current_player(state) is not None:
                state = ct.apply(state, decide(agent, state))

    bare_cpu = lab_cpu = chunk_cpu = 0.0
    ratios = []
    for start in range(0, games, block):
        stop = min(games, start + block)
        cpu = time.process_time()
        play = chunk_player({"spec": spec, "cards": source, "start": start, "stop": stop})
        chunk_cpu += time.process_time() - cpu
        rows: list[tuple[Any, ...]] = []
        for first in range(start, stop, pair):
            last = min(stop, first + pair)
            bare_first = len(ratios) % 2 == 0
            spent = [0.0, 0.0]  # bare, lab
            for side in (0, 1) if bare_first else (1, 0):
                cpu = time.process_time()
                if side == 0:
                    bare_side(first, last)
                else:
                    rows.extend(play(range(first, last)))
                spent[side] = time.process_time() - cpu
            bare_cpu += spent[0]
            lab_cpu += spent[1]
            ratios.append(spent[1] / spent[0])
        cpu = time.process_time()
        rows_parquet(rows)
        chunk_cpu += time.process_time() - cpu
    return games / bare_cpu, games / (lab_cpu + chunk_cpu), ratios, chunk_cpu / bare_cpu


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
    summed = 100 * (games_bare / games_lab - 1)  # the lab's extra CPU time, as a share of the bare loop's
    ratios = sorted(ratio for a in alternating for ratio in a[2])
    chunks = 100 * median([a[3] for a in alternating])
    games_part = 100 * (median(ratios) - 1)  # the games' part, the median over the pairs
    per_game = games_part + chunks
    quartiles = 100 * (ratios[len(ratios) // 4] - 1), 100 * (ratios[3 * len(ratios) // 4] - 1)
    million = 1_000_000 / steady / 60
    print(f"games per measurement: {args.games:,}; medians of {args.rounds} rounds")
    print(f"bare loop, this process:       {b:8,.0f} games/s  {b_cpu:8,.0f} games per CPU second")
    print(
        f"lab, in this process (0):      {inline:8,.0f} games/s  {inline_cpu:8,.0f} games per CPU second"
        f"  overhead {overhead:5.1f} % (CPU, one measurement after the other)"
    )
    print(
        f"bare loop and lab alternating, 10 games at a time: {games_bare:8,.0f} and {games_lab:,.0f} "
        f"games per CPU second ({summed:.1f} % more CPU in all); lab overhead {per_game:5.1f} % (CPU: "
        f"the games' {games_part:.1f} %, the median of {len(ratios)} pairs, quartiles {quartiles[0]:.1f} "
        f"and {quartiles[1]:.1f}, and the chunks' set-up and Parquet {chunks:.1f} %)   "
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
