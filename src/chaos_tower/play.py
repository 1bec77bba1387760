"""``chaos-tower play``, kept at its old path: the loop is :mod:`chaos_tower.app.play`, one for every game."""

from __future__ import annotations

from .app.play import play, run
from .app.table import VS_FLAGS

__all__ = ["VS_FLAGS", "play", "run"]
