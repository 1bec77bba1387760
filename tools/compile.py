"""Build, remove or list the optional compiled build of the rules (mypyc; issue 27).

    pip install -e ".[compiled]"      # mypy (which brings mypyc) and setuptools
    python tools/compile.py           # compile chaos_tower.buildinfo.COMPILABLE in place
    python tools/compile.py --status  # which modules run compiled
    python tools/compile.py --clean   # back to pure Python

The extension modules are written beside their sources in ``src/`` (with one shared library,
``src/chaos_tower__mypyc*.so``), so an editable install (``pip install -e .``) imports them
instead of the ``.py`` files. The pure-Python build stays the default: a checkout or a wheel
without them runs the same rules from the same source. Needs a C compiler and Python's headers
(Debian: ``apt-get install -y gcc python3-dev`` for Debian's Python).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
GROUP = "chaos_tower"
"""mypyc's group name: the shared library is ``src/chaos_tower__mypyc*.so``."""

_BUILD = """
import sys
from setuptools import setup
from mypyc.build import mypycify

paths, target, temp = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
setup(
    name="chaos_tower_compiled",
    ext_modules=mypycify(paths, opt_level="3", group_name={group!r}, target_dir=target),
    script_args=["build_ext", "--inplace", "--build-temp", temp + "/temp", "--build-lib", temp + "/lib"],
)
"""


def compilable() -> tuple[str, ...]:
    sys.path.insert(0, str(SRC))
    from chaos_tower.buildinfo import COMPILABLE

    return COMPILABLE


def built() -> list[Path]:
    """The extension modules of a compiled build in ``src/`` (any Python version's)."""
    suffixes = (*importlib.machinery.EXTENSION_SUFFIXES, ".so", ".pyd")
    found = [*SRC.glob("*"), *(SRC / "chaos_tower").rglob("*")]
    return sorted(p for p in found if p.is_file() and p.name.endswith(suffixes))


def clean() -> int:
    removed = built()
    for path in removed:
        path.unlink()
    print(f"removed {len(removed)} extension modules: pure Python")
    return 0


def build() -> int:
    clean()
    paths = [str(Path(*name.split("."))) + ".py" for name in compilable()]
    with tempfile.TemporaryDirectory(prefix="chaos-tower-mypyc-") as work:
        script = Path(work) / "build.py"
        script.write_text(_BUILD.format(group=GROUP))
        env = {**os.environ, "MYPY_FORCE_COLOR": "0"}
        done = subprocess.run(
            [sys.executable, str(script), ",".join(paths), str(Path(work) / "c"), str(Path(work) / "o")],
            cwd=SRC,
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
            print("compile failed; removing what was built", file=sys.stderr)
            clean()
            return 1
    print(f"compiled {len(paths)} modules: {len(built())} extension files in src/")
    return 0


def status() -> int:
    check = subprocess.run(
        [sys.executable, "-c", "from chaos_tower.buildinfo import compiled; print(len(compiled()))"],
        capture_output=True,
        text=True,
        check=True,
    )
    count = check.stdout.strip()
    print(f"{count} of {len(compilable())} modules compiled; {len(built())} extension files in src/")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--clean", action="store_true", help="remove the compiled build")
    what.add_argument("--status", action="store_true", help="say which build is installed")
    args = parser.parse_args()
    if args.clean:
        return clean()
    if args.status:
        return status()
    return build()


if __name__ == "__main__":
    sys.exit(main())
