"""Deprecated (importing it warns; it goes in chaos_tower 0.3.0): ``run_crest``, the old entry point of
``chaos-tower play --game crest``; duels are played by the one terminal loop, :mod:`chaos_tower.app.play`."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..oldpaths import warn_old_path

warn_old_path("crest.play")

__all__ = ["run_crest"]


def run_crest(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run ``chaos-tower play --game crest`` with parsed arguments; returns the exit code."""
    from ..app.play import run

    return run(argparse.Namespace(**{**vars(args), "game": "crest"}), inp, out)
