"""The figures of issue 13 besides the playouts: loading, import, pickled state size, retained memory.

Used by ``bench_modes.py``, which prints each beside its target in one run. Every
figure is a ratio against a reference measured in the same run (medians of repeats).
"""

from __future__ import annotations

import gc
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import chaos_tower as ct

CARDDATA = Path(__file__).resolve().parents[1] / "carddata"

# Processes are timed as an installed package runs them: with its bytecode cached. (A checkout
# run with PYTHONDONTWRITEBYTECODE=1 would compile every module of ours in every process.) The
# cache goes to a directory of its own, never into the source tree; each command is run once
# before it is timed, to fill it.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
_ENV["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="bench-pycache-")


def _median(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        fn()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def _reference(directory: Path, schema: str) -> Callable[[], None]:
    """The plain reference: PyYAML's C loader and jsonschema on the same files, nothing more."""
    import jsonschema
    import yaml

    from chaos_tower.cardsets.schema import load_schema, registry

    files = sorted(directory.glob("*.yaml"))

    def run() -> None:
        data: dict[str, Any] = {}
        for file in files:
            for key, value in yaml.load(file.read_bytes(), Loader=yaml.CSafeLoader).items():
                if isinstance(value, list) and isinstance(data.get(key), list):
                    data[key].extend(value)
                else:
                    data[key] = value
        data.pop("$schema", None)
        validator = jsonschema.Draft202012Validator(load_schema(schema), registry=registry())
        list(validator.iter_errors(data))

    return run


def loading(repeats: int = 7) -> list[tuple[str, float, str]]:
    """(label, ratio, target) for load_cardset and validate of the built-in sets against the reference."""
    from chaos_tower.app.cli import main

    rows = []
    for game, schema in (("tower", "tower-cardset"), ("crest", "crest-cardset")):
        ref = _reference(CARDDATA / game, schema)
        ref()
        ct.load_cardset(CARDDATA / game)
        reference = _median(ref, repeats)
        load = _median(lambda g=game: ct.load_cardset(CARDDATA / g), repeats)  # type: ignore[misc]
        rows.append((f"load_cardset {game} / C-YAML + jsonschema", load / reference, "<= 1.5x"))
    ref = _reference(CARDDATA / "tower", "tower-cardset")
    reference = _median(ref, repeats)
    import contextlib
    import io

    def validate() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            main(["validate", str(CARDDATA / "tower")])

    took = _median(validate, repeats)
    rows.append(("chaos-tower validate carddata/tower (in process) / reference", took / reference, "<= 1.5x"))
    # The same as whole processes: `chaos-tower validate` against a script doing the reference.
    here = str(Path(__file__).resolve().parent)
    script = (
        f"import sys; sys.path.insert(0, {here!r})\n"
        "import bench_figures as f\n"
        "f._reference(f.CARDDATA / 'tower', 'tower-cardset')()\n"
    )
    _timed([sys.executable, "-c", script])
    ref_process = statistics.median(_timed([sys.executable, "-c", script]) for _ in range(repeats))
    argv = [sys.executable, "-m", "chaos_tower", "validate", str(CARDDATA / "tower")]
    _timed(argv)
    cli = statistics.median(_timed(argv) for _ in range(repeats))
    rows.append(("chaos-tower validate carddata/tower (process) / reference", cli / ref_process, "<= 1.5x"))
    return rows


def _import_time(module: str, repeats: int) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    argv = [sys.executable, "-c", code]
    subprocess.run(argv, capture_output=True, check=True, env=_ENV)
    return statistics.median(
        float(subprocess.run(argv, capture_output=True, text=True, check=True, env=_ENV).stdout)
        for _ in range(repeats)
    )


def imports(repeats: int = 7) -> list[tuple[str, float, str]]:
    chess = _import_time("chess", repeats)
    ours = _import_time("chaos_tower", repeats)
    code = "import chaos_tower as ct; ct.new_game(ct.load_cardset(), seed=1)"
    _timed([sys.executable, "-c", code])
    first_game = statistics.median(_timed([sys.executable, "-c", code]) for _ in range(repeats))
    bare = statistics.median(_timed([sys.executable, "-c", "pass"]) for _ in range(repeats))
    _timed([sys.executable, "-m", "chaos_tower", "--version"])
    version = statistics.median(
        _timed([sys.executable, "-m", "chaos_tower", "--version"]) for _ in range(repeats)
    )
    return [
        ("import chaos_tower / import chess", ours / chess, "<= 2.0x"),
        (f"(import chaos_tower {ours * 1000:.0f} ms, import chess {chess * 1000:.0f} ms; "
         f"import + load + first game {(first_game - bare) * 1000:.0f} ms)", 0.0, ""),
        (f"chaos-tower --version, whole process: {version * 1000:.0f} ms (no rules imported)", 0.0, ""),
    ]


def _timed(argv: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True, env=_ENV)
    return time.perf_counter() - began


def pickled_sizes() -> list[tuple[str, float, str]]:
    rows = []
    for label, cards, options in (
        ("solo", ct.load_cardset(), {}),
        ("VS 5", ct.load_cardset(), {"mode": "vs", "players": 5}),
        ("Crest 6", ct.load_cardset(game="crest"), {"players": 6}),
    ):
        state = ct.new_game(cards, seed=1, **options)
        rows.append((f"pickled {label} state, KB", len(pickle.dumps(state)) / 1024, "<= 4 KB"))
    return rows


def retained_per_state(
    cards: Any, options: dict[str, Any], count: int, choose: Callable[[Any], Any], *, listed: bool = True
) -> float:
    """Bytes per state of ``count`` successive states of one game kept, new games chained when one
    ends; measured with tracemalloc, the compiled card set excluded. ``listed``: each state's legal
    actions are listed (and so cached in it), as a search leaves them."""
    ct.new_game(cards, seed=1, **options)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    seed = 1
    state = ct.new_game(cards, seed=seed, **options)
    states = [state]
    while len(states) < count:
        actions = ct.legal_actions(state)
        if not actions:
            seed += 1
            state = ct.new_game(cards, seed=seed, **options)
        else:
            state = ct.apply(state, choose(state))
        states.append(state)
    if listed:
        for s in states:
            ct.legal_actions(s)
    else:
        for s in states:
            s._memo.clear()  # the actions the playout listed are not kept
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return used / len(states)
