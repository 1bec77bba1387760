"""Chance as data: a small, fully specified generator whose state lives in the game state.

SplitMix64 is used because it is a few lines, has no hidden state and gives
the same numbers on every machine and every Python version, unlike relying on
the details of :mod:`random`. Every shuffle takes the generator's state and
returns the shuffled items with the next state (`TOC-PREP-03`, `TOC-STEP-03`,
`TOC-ZAP-04`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["next_u64", "seed_state", "shuffle"]

_MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any integer)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: ``(value, next_state)``."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def _below(bound: int, state: int) -> tuple[int, int]:
    # Rejection sampling keeps every index equally likely.
    limit = (1 << 64) - ((1 << 64) % bound)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % bound, state


def shuffle(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """Fisher–Yates shuffle of ``items``; returns the new order and the next state.

    The SplitMix64 step and the rejection test of :func:`_below` are written out
    here because a reshuffle of the chaos deck is on the engine's hot path.
    """
    out = list(items)
    mask = _MASK
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limit:
                break
        j = z % bound
        out[i], out[j] = out[j], out[i]
    return tuple(out), state
