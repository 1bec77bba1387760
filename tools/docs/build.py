"""Generate, write and check every reference page: the entry point behind ``tools/gen_docs.py``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .card_pages import card_pages
from .common import OUTPUTS, ROOT
from .crest import crest_pages
from .glossary import glossary_page
from .layouts import observation_page
from .options import options_page
from .rules import rules_pages
from .schema import schema_pages
from .trace import Traceability, trace

USAGE = """Generate the reference pages of the docs from the project's sources of truth."""


def generate(trace_: Traceability | None = None) -> dict[str, str]:
    """Every generated file: path relative to the docs folder -> text."""
    trace_ = trace_ or trace()
    files: dict[str, str] = {}
    for folder, pages in (
        ("rules", rules_pages(trace_)),
        ("schema", schema_pages()),
        ("cards", card_pages()),
    ):
        for name, text in pages.items():
            files[f"{folder}/{name}"] = text
    files.update(crest_pages(trace_))
    files["rules/glossary.md"] = glossary_page()
    files["rules/options.md"] = options_page()
    files["schema/observation.md"] = observation_page()
    return dict(sorted(files.items()))


def _existing(out: Path) -> set[str]:
    return {
        p.relative_to(out).as_posix()
        for folder in OUTPUTS
        if (out / folder).is_dir()
        for p in (out / folder).rglob("*")
        if p.is_file() and p.suffix in (".md", ".svg")
    }


def write(files: dict[str, str], out: Path) -> tuple[list[str], list[str]]:
    """Write the files under ``out``; remove stale ``.md``/``.svg`` files of the owned folders."""
    changed, removed = [], []
    for name, text in files.items():
        path = out / name
        data = text.encode("utf-8")
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            changed.append(name)
    for name in sorted(_existing(out) - set(files)):
        (out / name).unlink()
        removed.append(name)
    return changed, removed


def check(files: dict[str, str], out: Path) -> list[str]:
    """The names of the files that differ from (or are missing in, or extra to) ``out``."""
    stale = [
        n for n, text in files.items() if not (out / n).is_file() or (out / n).read_bytes() != text.encode()
    ]
    return sorted(stale + sorted(_existing(out) - set(files)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=USAGE)
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="the docs folder (default: docs/)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a page is out of date")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    files = generate()
    if args.check:
        stale = check(files, args.out)
        for name in stale:
            print(f"out of date: {name}", file=sys.stderr)
        if stale:
            print("run: python tools/gen_docs.py", file=sys.stderr)
        return 1 if stale else 0
    changed, removed = write(files, args.out)
    elapsed = time.perf_counter() - began
    print(f"{len(files)} files, {len(changed)} written, {len(removed)} removed, in {elapsed:.1f} s")
    return 0
