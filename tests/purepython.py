"""Run Python code with chaos_tower imported from its sources even where a compiled build is present.

The compiled build (``tools/compile.py``) puts extension modules beside the sources, and Python
imports an extension module before a source file of the same name. :data:`PRELUDE`, run first in
a subprocess, puts a finder ahead of the usual ones that gives every ``chaos_tower`` module from
its ``.py`` file: the pure-Python build, for comparison with the compiled one in the same checkout.
"""

from __future__ import annotations

import subprocess
import sys

__all__ = ["PRELUDE", "run_pure"]

PRELUDE = '''
import importlib.machinery as _m
import sys as _sys


class _SourcesOnly:
    """chaos_tower's modules from their sources, never from an extension module."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name != "chaos_tower" and not name.startswith("chaos_tower."):
            return None
        for entry in path if path is not None else _sys.path:
            finder = _m.FileFinder(entry or ".", (_m.SourceFileLoader, _m.SOURCE_SUFFIXES))
            spec = finder.find_spec(name, target)
            if spec is not None and spec.loader is not None:  # a namespace portion is passed over
                return spec
        return None


_sys.meta_path.insert(0, _SourcesOnly)
'''


def run_pure(code: str, *args: str, timeout: float = 900) -> str:
    """``code`` run by a fresh interpreter on the pure-Python build; its standard output."""
    done = subprocess.run(
        [sys.executable, "-c", PRELUDE + code, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode:
        raise AssertionError(f"the pure-Python run failed:\n{done.stderr[-3000:]}")
    return done.stdout
