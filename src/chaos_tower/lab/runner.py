"""Running a lab: N games split in chunks over an executor, each chunk's rows written as it arrives.

Local processes by default (:class:`concurrent.futures.ProcessPoolExecutor`),
any :class:`concurrent.futures.Executor` the caller passes, or a Dask cluster
(``scheduler="tcp://host:port"``, through ``dask.distributed``'s executor). A
run that is interrupted (Ctrl-C) keeps every chunk already written, and the
same call on the same directory plays only the chunks still missing.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import multiprocessing
import os
import platform
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from attrs import frozen

import chaos_tower as ct

from .results import part_name, read_record
from .spec import CardSource, LabError, RunSpec
from .worker import Job, ignore_sigint, play_chunk

__all__ = ["InlineExecutor", "RunResult", "default_chunk", "run"]

FORMAT = "chaos-tower-lab/1"


@frozen(kw_only=True)
class RunResult:
    """What a call of :func:`run` did."""

    out: Path
    games: int
    """Games in the results directory now."""
    total: int
    played: int
    """Games played by this call."""
    actions: int
    """Actions played by this call."""
    seconds: float
    interrupted: bool


class InlineExecutor(cf.Executor):
    """Runs each job at once in this process (``workers=0``): for debugging and the overhead benchmark."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
        future: cf.Future[Any] = cf.Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            future.set_exception(exc)
        return future


def default_chunk(spec: RunSpec, workers: int) -> int:
    """Games per chunk: enough chunks to spread over the workers, each a second or so of play."""
    per_chunk = 500 if set(spec.agents) == {"random"} else 20
    return max(1, min(per_chunk, math.ceil(spec.games / (4 * max(1, workers)))))


@contextmanager
def _executor(
    executor: cf.Executor | None, workers: int | None, scheduler: str | None
) -> Iterator[tuple[cf.Executor, int, str]]:
    if executor is not None:
        yield executor, max(1, int(getattr(executor, "_max_workers", 2))), type(executor).__name__
        return
    if scheduler is not None:
        try:
            from distributed import Client
        except ImportError:
            raise LabError("--scheduler needs dask.distributed: pip install 'chaos-tower[lab]'") from None
        with Client(scheduler, timeout=30) as client:  # type: ignore[no-untyped-call]
            threads = max(1, sum(client.nthreads().values()))
            yield client.get_executor(), threads, f"dask {scheduler} ({threads} threads)"
        return
    count = os.cpu_count() or 1 if workers is None else workers
    if count == 0:
        yield InlineExecutor(), 1, "inline"
        return
    context = multiprocessing.get_context("forkserver")
    pool = cf.ProcessPoolExecutor(count, mp_context=context, initializer=ignore_sigint)
    try:
        yield pool, count, f"{count} local processes"
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _versions() -> dict[str, str]:
    import pyarrow

    found = {
        "chaos_tower": ct.__version__,
        "python": platform.python_version(),
        "pyarrow": pyarrow.__version__,
    }
    try:
        import distributed

        found["distributed"] = str(getattr(distributed, "__version__", "?"))
    except ImportError:
        pass
    return found


def _write_atomic(path: Path, data: bytes) -> None:
    # A chunk's file appears whole or not at all, so an interrupted run never leaves half a chunk.
    partial = path.with_suffix(".partial")
    partial.write_bytes(data)
    os.replace(partial, path)


def run(
    spec: RunSpec,
    out: str | Path,
    *,
    cards: CardSource | None = None,
    workers: int | None = None,
    executor: cf.Executor | None = None,
    scheduler: str | None = None,
    chunk: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    command: list[str] | None = None,
) -> RunResult:
    """Play the run ``spec`` into the results directory ``out``; resume it if ``out`` holds it already.

    ``workers``: local processes (default: one per core; 0 plays in this
    process). ``progress(done, total)`` is called after each chunk. A
    KeyboardInterrupt stops the run cleanly: chunks already finished are kept,
    the record says ``interrupted``, and the result says so.
    """
    spec = spec.check()
    source = cards or CardSource.read(None, spec.game)
    digest = source.sha256  # loads and validates the set here first: a bad set fails before any work
    folder = Path(out)
    games_dir = folder / "games"
    record: dict[str, Any]
    if (folder / "run.json").exists():
        record = read_record(folder)
        if record["spec"] != spec.as_json() or record["cards"]["sha256"] != digest:
            raise LabError(
                f"{folder} holds another run (its spec or card set differs); choose a new directory"
            )
        size = int(record["chunk"])
    else:
        if folder.exists() and any(folder.iterdir()):
            raise LabError(f"{folder} exists and is not a lab results directory")
        size = chunk or default_chunk(spec, (os.cpu_count() or 1) if workers is None else workers)
        if size < 1:
            raise LabError("chunk is 1 game or more")
        record = {
            "format": FORMAT,
            "spec": spec.as_json(),
            "cards": {
                "sha256": digest,
                "path": source.path or f"built-in ({source.game})",
                "game": source.game,
            },
            "chunk": size,
            "sessions": [],
        }
    games_dir.mkdir(parents=True, exist_ok=True)
    chunks = math.ceil(spec.games / size) if spec.games else 0
    todo = [i for i in range(chunks) if not (games_dir / part_name(i)).exists()]
    done = spec.games - sum(min(size, spec.games - i * size) for i in todo)
    played = actions = 0
    interrupted = False
    started = time.time()
    clock = time.perf_counter()
    session: dict[str, Any] = {
        "command": command or sys.argv,
        "started": _stamp(started),
        "status": "running",
    }
    record["sessions"].append(session)
    record["versions"] = _versions()
    _save(folder, record, done)
    if progress:
        progress(done, spec.games)

    def job(index: int) -> Job:
        stop = min(spec.games, (index + 1) * size)
        return {"spec": spec.as_json(), "cards": source, "start": index * size, "stop": stop}

    with _executor(executor, workers, scheduler) as (pool, width, name):
        session["executor"] = name
        pending: dict[cf.Future[tuple[int, int, bytes]], int] = {}
        queue = iter(todo)
        window = 1 if isinstance(pool, InlineExecutor) else 2 * width + 1  # inline: play as it is asked
        try:
            try:
                while True:
                    while len(pending) < window:
                        index = next(queue, None)
                        if index is None:
                            break
                        pending[pool.submit(play_chunk, job(index))] = index
                    if not pending:
                        break
                    finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                    for future in finished:
                        index = pending.pop(future)
                        games, steps, data = future.result()
                        _write_atomic(games_dir / part_name(index), data)
                        played, actions, done = played + games, actions + steps, done + games
                        if progress:
                            progress(done, spec.games)
            except KeyboardInterrupt:
                interrupted = True
                # Keep what is already being played: cancel the rest, let the running chunks finish.
                for future in list(pending):
                    if future.cancel():
                        del pending[future]
                for future in cf.as_completed(list(pending)):
                    if future.exception() is None:
                        games, steps, data = future.result()
                        _write_atomic(games_dir / part_name(pending[future]), data)
                        played, actions, done = played + games, actions + steps, done + games
        except BaseException:
            session["status"] = "failed"
            _finish(folder, record, session, clock, played, done)
            raise
    session["status"] = "interrupted" if interrupted else "complete"
    seconds = _finish(folder, record, session, clock, played, done)
    return RunResult(
        out=folder,
        games=done,
        total=spec.games,
        played=played,
        actions=actions,
        seconds=seconds,
        interrupted=interrupted,
    )


def _stamp(moment: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(moment))


def _finish(
    folder: Path, record: dict[str, Any], session: dict[str, Any], clock: float, played: int, done: int
) -> float:
    seconds = time.perf_counter() - clock
    session.update(
        finished=_stamp(time.time()),
        seconds=round(seconds, 3),
        games=played,
        games_per_second=round(played / seconds, 1) if seconds > 0 else None,
    )
    _save(folder, record, done)
    return seconds


def _save(folder: Path, record: dict[str, Any], done: int) -> None:
    record["games_done"] = done
    record["status"] = "complete" if done == record["spec"]["games"] else "incomplete"
    text = json.dumps(record, indent=2, ensure_ascii=False) + "\n"
    _write_atomic(folder / "run.json", text.encode("utf-8"))
