"""Deprecated (importing it warns; it goes in chaos_tower 0.3.0): ``chaos-tower play --mode vs`` at
its old path; hot-seat VS games are played by the one terminal loop, :mod:`chaos_tower.app.play`
(the hand-over, each player's view, agents per seat)."""

from __future__ import annotations

import argparse
from typing import TextIO

from ..oldpaths import warn_old_path

warn_old_path("vs.play")

__all__ = ["run_vs"]


def run_vs(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    """Run ``chaos-tower play --mode vs`` with parsed arguments; returns the exit code."""
    from ..app.play import run

    return run(argparse.Namespace(**{**vars(args), "mode": "vs"}), inp, out)
