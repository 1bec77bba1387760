"""``chaos-tower play --game crest``, kept at its old path: duels are played by the one terminal
loop, :mod:`chaos_tower.app.play` (each seat sees only its own hand, `CRD-START-C`)."""

from __future__ import annotations

import argparse
from typing import TextIO

__all__ = ["run_crest"]


def run_crest(args: argparse.Namespace, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Run ``chaos-tower play --game crest`` with parsed arguments; returns the exit code."""
    from ..app.play import run

    return run(argparse.Namespace(**{**vars(args), "game": "crest"}), inp, out)
