"""The named layout of an observation tensor: which numbers mean what, and within which range.

Every game's :func:`~chaos_tower.observation_tensor` is described by a tuple
of :class:`Slice` records (``ct.observation_layout(state)``) that cover it
exactly, in order, with no gap or overlap. The scaling is the same in every
game: a flag or a one-hot is 0 or 1; a count or an amount with a bound is
divided by it; an amount without one is squashed (``x / (x + c)``) so that it
stays below 1 and still grows; a signed amount lies in -1..1. So every number
of every game's tensor lies in -1..1, most in 0..1; each slice states its own
range (``low``, ``high``) and how it was scaled (``scaling``).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

__all__ = ["Layout", "Slice", "problems"]


@frozen(kw_only=True)
class Slice:
    """One named run of numbers in an observation tensor: ``tensor[start:stop]``."""

    name: str
    start: int
    stop: int
    low: float
    """Every number of the slice is at least this."""
    high: float
    """Every number of the slice is at most this."""
    scaling: str
    """How a value of the game became the number: ``0/1``, ``one-hot``, ``x / 8``, ``x / (x + 10)``, …"""
    meaning: str


class Layout:
    """Builds a layout slice by slice, each starting where the last one stopped."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0

    def add(
        self,
        name: str,
        size: int,
        meaning: str,
        scaling: str = "0/1",
        low: float = 0.0,
        high: float = 1.0,
    ) -> None:
        """The next ``size`` numbers are ``name``."""
        self.slices.append(
            Slice(
                name=name,
                start=self.size,
                stop=self.size + size,
                low=low,
                high=high,
                scaling=scaling,
                meaning=meaning,
            )
        )
        self.size += size

    def done(self) -> tuple[Slice, ...]:
        """The slices, in order."""
        return tuple(self.slices)


def problems(layout: Sequence[Slice], tensor: Sequence[float]) -> list[str]:
    """Every way ``tensor`` breaks ``layout``: gaps, overlaps, a length that differs, values out of range."""
    found: list[str] = []
    at = 0
    for s in layout:
        if s.start != at or s.stop < s.start:
            found.append(f"slice {s.name} starts at {s.start}, not {at}")
        at = s.stop
        for i, value in enumerate(tensor[s.start : s.stop]):
            if not s.low <= value <= s.high:
                found.append(f"{s.name}[{i}] = {value} leaves {s.low}..{s.high}")
    if at != len(tensor):
        found.append(f"the layout covers {at} numbers; the tensor has {len(tensor)}")
    return found
