"""Deprecated (importing it warns; it goes in chaos_tower 0.3.0): ``chaos-tower play`` at its old
path; the loop is :mod:`chaos_tower.app.play`, one for every game."""

from __future__ import annotations

from .app.play import play, run
from .app.table import VS_FLAGS
from .oldpaths import warn_old_path

warn_old_path("play")

__all__ = ["VS_FLAGS", "play", "run"]
