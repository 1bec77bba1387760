"""What a worker does: play a chunk of a run's games and hand back their rows as Parquet bytes.

A job is plain data (the spec as JSON, the card set's bytes, a range of game
numbers), so any executor can carry it, a process pool or a Dask cluster alike;
no state or loaded card set is ever pickled. Only the public front door
(``new_game``, ``legal_actions`` via the agents, ``apply``, ``outcome``,
``returns``, the states' events) is used.
"""

from __future__ import annotations

import io
import json
import os
import signal
import threading
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import chaos_tower as ct
from chaos_tower.agents import decide

from .agents import Factory, factory_for
from .facts import ROW, Tracker, tracker_for, tracker_maker
from .spec import CardSource, RunSpec, agent_seed, game_seed

__all__ = [
    "COLUMNS",
    "Job",
    "chunk_player",
    "ignore_sigint",
    "play_chunk",
    "play_game",
    "rows_parquet",
    "start_worker",
]

Job = dict[str, Any]
"""``{"spec": RunSpec.as_json(), "cards": CardSource, "start": i, "stop": j}``."""


def ignore_sigint() -> None:
    """Ctrl-C is the parent's to handle (the pool shuts down cleanly)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def start_worker(main: int, period: float = 0.5) -> None:
    """A pool worker's initializer: Ctrl-C is the parent's, and the worker ends when the run's process does.

    A watchdog thread looks every ``period`` seconds whether process ``main``
    (the ``lab run``) is still there and the worker's own parent (the fork
    server) unchanged; if not (the run was killed, SIGKILL included, and
    could not shut its pool down) the worker exits at once, mid-chunk or idle.
    """
    ignore_sigint()
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(period)
            if os.getppid() != parent or not _alive(main):
                os._exit(1)

    threading.Thread(target=watch, name="chaos-tower-lab-watchdog", daemon=True).start()


def _alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill would end the process there; the parent's check suffices
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


_Fixed = tuple[str, tuple[Factory, ...], dict[str, Any], tuple[str, ...], str]
"""What every game of a run shares (:func:`_fixed`)."""


@cache
def _fixed(spec: RunSpec) -> _Fixed:
    # What every game of a run shares, worked out once (not per game): its options' text, its seats'
    # agent factories, the keywords of new_game (from the mode's own options), the seats' agents and
    # the mode's front door name (the registry is looked up here only).
    spec.check()
    factories = tuple(factory_for(name, spec.rules) for name in spec.seat_agents())
    options = json.dumps(spec.options(), sort_keys=True)
    return options, factories, spec.new_game_options(), spec.seat_agents(), spec.rules


GAME_COLUMNS = (
    *("game", "seed", "agents", "options", "outcome"),
    *("cause", "length", "results", "returns", "winners"),
)
"""The row's columns a worker sets itself, after the tracker's (:data:`chaos_tower.kernel.facts.ROW`)."""
COLUMNS = (*ROW, *GAME_COLUMNS)
"""Every column of a row, in the order of :func:`_row`'s values."""
_LENGTH = COLUMNS.index("length")


def play_game(spec: RunSpec, cards: Any, index: int, seeds: tuple[int, ...] | None = None) -> dict[str, Any]:
    """Play game ``index`` of the run and return its row (``seeds``: the seats' agent seeds, if not
    the run's own: an experiment giving one agent other random numbers on the same game seed).

    Every game-specific part comes from the registry: the mode's options (``new_game``'s
    keywords), its agents, and the tracker of its facts and seats' results (``GameSpec.facts``).
    """
    tracker = tracker_for(spec.rules, cards, spec.players)
    fixed = _fixed(spec)
    played = _game(spec, fixed, cards, tracker.reads_events, index, seeds)
    return dict(zip(COLUMNS, _row(spec, fixed, tracker, played), strict=True))


_Played = tuple[int, int, Any, Any, list[Any] | None, int]
"""A game played, before its row is made: (index, seed, first seat, last state, each action's
events if kept, actions)."""


def _game(
    spec: RunSpec, fixed: _Fixed, cards: Any, keep_events: bool, index: int, seeds: tuple[int, ...] | None
) -> _Played:
    seed = game_seed(spec.seed, index)
    _, factories, keywords, _, _ = fixed
    # The options of any mode, as data: the dispatch itself, not the typed overloads.
    state = ct.api.new_game(cards, seed=seed, **keywords)
    agents = [
        make(agent_seed(spec.seed, index, seat) if seeds is None else seeds[seat])
        for seat, make in enumerate(factories)
    ]
    apply = ct.apply
    current = ct.current_player
    first = seat = current(state)
    if keep_events:
        # Each action's events are kept (one append) and read after the game, in one pass: the
        # tracker's reading then stays out of the engine's way (half the cost of reading them as
        # they come, measured: bench/bench_lab.py, docs/performance.md). The setup's events come
        # first (the VS setup's "player P begins").
        log = [state.events]
        keep = log.append
        while seat is not None:
            state = apply(state, decide(agents[seat], state))  # the seat's decision, never the state
            keep(state.events)
            seat = current(state)
        return index, seed, first, state, log, len(log) - 1
    length = 0
    while seat is not None:
        state = apply(state, decide(agents[seat], state))
        length += 1
        seat = current(state)
    return index, seed, first, state, None, length


def _row(spec: RunSpec, fixed: _Fixed, tracker: Tracker, played: _Played) -> tuple[Any, ...]:
    # The game's row as values in the order of COLUMNS (``tracker`` new, for this game): a chunk
    # keeps these tuples and makes its columns of them at once (play_chunk), no dict per game
    # (issue 25, the lab's overhead).
    index, seed, first, state, log, length = played
    options, _, _, seat_agents, _ = fixed
    tracker.begin(first)
    if log is not None:
        tracker.observe_all(log)
    tracker.close(state)
    end = ct.api.outcome(state)  # any mode's: the dispatch itself, as new_game above
    results = tracker.results(end, spec.players)
    return (
        *tracker.values(),
        index,
        seed,
        list(seat_agents),
        options,
        _summary(results),
        end.cause,
        length,
        results,
        list(ct.returns(state)),
        [s for s, r in enumerate(results) if r == "won"],
    )


def _summary(results: list[str]) -> str:
    # One word for the game: won (someone won), draw, lost (everyone lost), ended (the action limit).
    if "won" in results:
        return "won"
    for word in ("draw", "ended"):
        if word in results:
            return word
    return "lost"


BATCH = 10
"""Games a worker plays before it makes their rows: the engine runs on, then the lab's reading runs
on, each with its code and data in the caches (issue 25, the lab's overhead: measured by
``bench/bench_lab.py``, which times a batch against the bare loop's same games; docs/performance.md),
and no more than 10 games' events are held."""


def play_chunk(job: Job) -> tuple[int, int, bytes]:
    """Play games ``start`` to ``stop`` (excluded); (games, actions, Parquet bytes of their rows)."""
    play = chunk_player(job)
    rows: list[tuple[Any, ...]] = []
    for first in range(job["start"], job["stop"], BATCH):
        rows += play(range(first, min(job["stop"], first + BATCH)))
    return len(rows), sum(row[_LENGTH] for row in rows), rows_parquet(rows)


def chunk_player(job: Job) -> Callable[[range], list[tuple[Any, ...]]]:
    """``play(indices)``: those games played, then their rows made, each as values in the order of
    :data:`COLUMNS`, with what the chunk's games share worked out once (:func:`play_chunk` is this
    over :data:`BATCH` games at a time, then :func:`rows_parquet`; ``bench/bench_lab.py`` times
    the two parts apart)."""
    spec = RunSpec.from_json(job["spec"])
    source: CardSource = job["cards"]
    cards = source.load()
    fixed = _fixed(spec)  # once a chunk: a spec read from JSON is equal to, not the same as, the last
    new_tracker = tracker_maker(spec.rules, cards, spec.players)  # the mode looked up once a chunk
    keep_events = new_tracker().reads_events

    def play(indices: range) -> list[tuple[Any, ...]]:
        played = [_game(spec, fixed, cards, keep_events, index, None) for index in indices]
        return [_row(spec, fixed, new_tracker(), game) for game in played]

    return play


def rows_parquet(rows: list[tuple[Any, ...]]) -> bytes:
    """A chunk's rows (values in the order of :data:`COLUMNS`) as the bytes of one Parquet file."""
    import pyarrow.parquet as pq

    from .results import STATISTICS, columns_table

    buffer = io.BytesIO()
    pq.write_table(columns_table(COLUMNS, rows), buffer, write_statistics=list(STATISTICS))
    return buffer.getvalue()
