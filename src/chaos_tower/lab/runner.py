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
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from attrs import frozen

import chaos_tower as ct

from .facts import tracker_for
from .results import part_name, read_record
from .spec import SCHEDULER, CardSource, LabError, RunSpec
from .store import LOCK, chunk_rows, scan_chunks, session_lock
from .worker import Job, play_chunk, start_worker

__all__ = ["InlineExecutor", "RunResult", "default_chunk", "run"]

FORMAT = "chaos-tower-lab/1"
CONNECT_SECONDS = 5
"""How long a run waits to reach its Dask scheduler before it fails."""


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
    signal: str | None = None
    """The signal that interrupted it (``SIGINT``, ``SIGTERM``), if one did."""
    replayed: tuple[str, ...] = ()
    """The damaged chunk files (truncated, empty) found on resuming, which were played again."""


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
    executor: cf.Executor | None, workers: int | None, client: Any
) -> Iterator[tuple[cf.Executor, int, str]]:
    if executor is not None:
        yield executor, max(1, int(getattr(executor, "_max_workers", 2))), type(executor).__name__
        return
    if client is not None:
        with client:
            threads = max(1, sum(client.nthreads().values()))
            yield client.get_executor(), threads, f"dask {client.scheduler.address} ({threads} threads)"
        return
    count = os.cpu_count() or 1 if workers is None else workers
    if count == 0:
        yield InlineExecutor(), 1, "inline"
        return
    context = multiprocessing.get_context("forkserver")
    pool = cf.ProcessPoolExecutor(
        count, mp_context=context, initializer=start_worker, initargs=(os.getpid(),)
    )
    try:
        yield pool, count, f"{count} local processes"
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _connect(scheduler: str) -> Any:
    """A client of the Dask scheduler at ``scheduler``; :class:`LabError` within seconds if there is none."""
    if not SCHEDULER.match(scheduler):
        raise LabError(f"--scheduler is PROTOCOL://HOST:PORT (tcp://10.0.0.5:8786), not {scheduler!r}")
    try:
        from distributed import Client
    except ImportError:
        raise LabError("--scheduler needs dask.distributed: pip install 'chaos-tower[lab]'") from None
    try:
        return Client(scheduler, timeout=CONNECT_SECONDS)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise LabError(
            f"cannot reach the Dask scheduler at {scheduler} (waited {CONNECT_SECONDS} s: {exc})"
        ) from None


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
    if workers is not None and workers < 0:
        raise LabError(f"workers is 0 or more, not {workers}")
    if chunk is not None and chunk < 1:
        raise LabError("chunk is 1 game or more")
    source = cards or CardSource.read(None, spec.game)
    digest = source.sha256  # loads and validates the set here first: a bad set fails before any work
    tracker_for(spec.rules, source.load(), spec.players)  # facts not kept by card ID: refused now
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise LabError(f"{folder} is a file, not a results directory")
    if (
        not (folder / "run.json").exists()
        and folder.is_dir()
        and any(p.name != LOCK for p in folder.iterdir())
    ):
        raise LabError(f"{folder} exists and is not a lab results directory")
    client = _connect(scheduler) if scheduler is not None and executor is None else None
    try:
        with session_lock(folder):  # one session at a time; the second is refused here
            return _run_locked(
                spec, folder, source, digest, workers, executor, client, chunk, progress, command
            )
    finally:
        if client is not None:
            client.close()


def _run_locked(
    spec: RunSpec,
    folder: Path,
    source: CardSource,
    digest: str,
    workers: int | None,
    executor: cf.Executor | None,
    client: Any,
    chunk: int | None,
    progress: Callable[[int, int], None] | None,
    command: list[str] | None,
) -> RunResult:
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
        size = chunk or default_chunk(spec, (os.cpu_count() or 1) if workers is None else workers)
        record = {
            "format": FORMAT,
            "spec": spec.as_json(),
            "cards": {
                "sha256": digest,
                "path": source.path or f"built-in ({source.game})",
                "name": str(getattr(getattr(source.load(), "header", None), "name", "") or ""),
                "game": source.game,
                "names": {card.id: card.name for card in source.load().all_cards()},  # id -> name, reports
            },
            "chunk": size,
            "sessions": [],
        }
    games_dir.mkdir(parents=True, exist_ok=True)
    chunks = math.ceil(spec.games / size) if spec.games else 0
    whole, damaged = scan_chunks(games_dir, size, spec.games)
    for path in damaged:
        path.unlink()  # a truncated or empty chunk is played again, never counted as done
    todo = (i for i in range(chunks) if i not in whole)  # lazy: a huge run starts at once
    done = sum(chunk_rows(i, size, spec.games) for i in whole)
    played = actions = 0
    started = time.time()
    clock = time.perf_counter()
    session: dict[str, Any] = {
        "command": command or sys.argv,
        "pid": os.getpid(),
        "started": _stamp(started),
        "status": "running",
    }
    if damaged:
        session["replayed_damaged"] = [path.name for path in damaged]
    record["sessions"].append(session)
    record["versions"] = _versions()
    _save(folder, record, done)

    def job(index: int) -> Job:
        stop = min(spec.games, (index + 1) * size)
        return {"spec": spec.as_json(), "cards": source, "start": index * size, "stop": stop}

    def keep(index: int, result: tuple[int, int, bytes]) -> None:
        nonlocal played, actions, done
        games, steps, data = result
        _write_atomic(games_dir / part_name(index), data)
        played, actions, done = played + games, actions + steps, done + games

    caught: list[str] = []
    try:
        with _signals_interrupt(caught), _executor(executor, workers, client) as (pool, width, name):
            session["executor"] = name
            pending: dict[cf.Future[tuple[int, int, bytes]], int] = {}
            window = 1 if isinstance(pool, InlineExecutor) else 2 * width + 1  # inline: play as it is asked
            try:
                try:
                    if progress:
                        progress(done, spec.games)
                    while True:
                        while len(pending) < window:
                            index = next(todo, None)
                            if index is None:
                                break
                            pending[pool.submit(play_chunk, job(index))] = index
                        if not pending:
                            break
                        finished, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
                        for future in finished:
                            keep(pending.pop(future), future.result())
                            if progress:
                                progress(done, spec.games)
                except KeyboardInterrupt:
                    caught[:] = caught or ["SIGINT"]
                    _drain(pool, pending, keep)
            except BaseException:
                session["status"] = "failed"
                _finish(folder, record, session, clock, played, done)
                raise
    except KeyboardInterrupt:  # while the pool started or shut down: the chunks written are kept
        caught[:] = caught or ["SIGINT"]
    interrupted = bool(caught)
    session["status"] = "interrupted" if interrupted else "complete"
    if interrupted:
        session["signal"] = caught[0]
    seconds = _finish(folder, record, session, clock, played, done)
    return RunResult(
        out=folder,
        games=done,
        total=spec.games,
        played=played,
        actions=actions,
        seconds=seconds,
        interrupted=interrupted,
        signal=caught[0] if caught else None,
        replayed=tuple(path.name for path in damaged),
    )


def _drain(
    pool: cf.Executor,
    pending: dict[cf.Future[tuple[int, int, bytes]], int],
    keep: Callable[[int, tuple[int, int, bytes]], None],
) -> None:
    """After an interrupt: cancel the chunks not started, keep those being played as they finish.

    A second interrupt while waiting stops the workers at once (their chunks are lost, not damaged).
    """
    for future in list(pending):
        if future.cancel():
            del pending[future]
    try:
        for future in cf.as_completed(list(pending)):
            if future.exception() is None:
                keep(pending[future], future.result())
    except KeyboardInterrupt:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()


@contextmanager
def _signals_interrupt(caught: list[str]) -> Iterator[None]:
    """SIGTERM (and SIGINT) stop the run as Ctrl-C does, and ``caught`` says which came first."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(number: int, frame: object) -> None:
        if not caught:
            caught.append(signal.Signals(number).name)
        raise KeyboardInterrupt

    before = {number: signal.signal(number, stop) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


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
