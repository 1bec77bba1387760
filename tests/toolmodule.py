"""The scripts of tools/ and bench/ imported from their paths, for the tests that check what they do."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"
BENCH = Path(__file__).resolve().parents[1] / "bench"


@cache
def load_tool(name: str) -> ModuleType:
    """``tools/NAME.py`` as a module (tools/ is not a package), imported once and entered in
    :data:`sys.modules` under ``NAME`` so that its dataclasses and pickles find it."""
    return _load(TOOLS, name)


@cache
def load_bench(name: str) -> ModuleType:
    """``bench/NAME.py`` as a module, as :func:`load_tool` does for tools/."""
    return _load(BENCH, name)


def _load(folder: Path, name: str) -> ModuleType:
    known = sys.modules.get(name)
    if (
        known is not None
        and Path(getattr(known, "__file__", "") or "").resolve() == (folder / f"{name}.py").resolve()
    ):
        return known  # imported already (bench/ladder.py imports bench_strength): one module, or pickles fail
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module
