"""Chance as data: a small, fully specified generator whose state lives in the game state.

SplitMix64 is used because it is a few lines, has no hidden state and gives
the same numbers on every machine and every Python version, unlike relying on
the details of :mod:`random`. Every shuffle takes the generator's state and
returns the shuffled items with the next state (`TOC-PREP-03`, `TOC-STEP-03`,
`TOC-ZAP-04`).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import cache
from typing import TypeVar

__all__ = ["next_u64", "seed_state", "shuffle", "shuffle_reference"]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LANE = 128
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a user's seed (any integer)."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: ``(value, next_state)``."""
    state = (state + _GAMMA) & _MASK
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


def shuffle_reference(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """Fisher–Yates shuffle of ``items``, one :func:`next_u64` draw at a time: the specification.

    The last item is swapped with one drawn from all of them, then the one
    before it with one drawn from the rest, and so on; each draw is
    ``value % bound`` after rejection sampling. :func:`shuffle` gives the same
    result faster.
    """
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = _below(i + 1, state)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


@cache
def _lanes(draws: int) -> tuple[int, int, int, struct.Struct, int, tuple[int, ...]]:
    ones = sum(1 << (_LANE * k) for k in range(draws))
    offsets = sum((((k + 1) * _GAMMA) & _MASK) << (_LANE * k) for k in range(draws))
    limits = tuple((1 << 64) - ((1 << 64) % (draws + 1 - k)) for k in range(draws))
    return ones, offsets, _MASK * ones, struct.Struct("<" + "Q8x" * draws), min(limits), limits


def shuffle(items: Sequence[T], state: int) -> tuple[tuple[T, ...], int]:
    """Fisher–Yates shuffle of ``items``; returns the new order and the next state.

    Exactly :func:`shuffle_reference`, computed all at once: SplitMix64's k-th
    state is the seed plus k times a constant, so the draws of a whole shuffle
    are independent. They are packed into one integer, 128 bits apart, and
    mixed together (an add, three xor-shifts and two multiplications of that
    one integer, each done by Python in C). The products of two 64-bit numbers
    fit in a lane, and what a shift brings in from the next lane lands above
    bit 64, where the mask clears it. A reshuffle of the chaos deck is on the
    engine's hot path (`TOC-STEP-03`, `TOC-ZAP-04`); this is about twice as fast.
    If any draw would be rejected (for a deck of dozens of cards, a chance below
    one in 10^17 per draw), the
    reference is used instead.
    """
    out = list(items)
    draws = len(out) - 1
    if draws <= 0:
        return tuple(out), state
    ones, offsets, mask, lanes, lowest, limits = _lanes(draws)
    z = (state * ones + offsets) & mask
    z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
    z = (z ^ (z >> 31)) & mask
    values = lanes.unpack(z.to_bytes(_LANE // 8 * draws, "little"))
    if max(values) >= lowest:  # only then can a draw be rejected: each one is checked
        for value, limit in zip(values, limits, strict=True):
            if value >= limit:
                return shuffle_reference(items, state)
    i = draws
    for value in values:
        j = value % (i + 1)
        out[i], out[j] = out[j], out[i]
        i -= 1
    return tuple(out), (state + draws * _GAMMA) & _MASK
