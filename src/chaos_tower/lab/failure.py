"""The lab's error (its own module, so that the agents table and the run spec need not import each other)."""

from __future__ import annotations

import chaos_tower as ct

__all__ = ["LabError"]


class LabError(ct.ChaosTowerError, ValueError):
    """A lab run, results directory or comparison that cannot be: wrong options, mismatched runs."""
