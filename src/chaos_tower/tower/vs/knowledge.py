"""What the table has learnt of each counter's attribute: ``VsState.possible``, the public record.

Everyone at the table sees every adjustment and every declaration (`TOC-VS2-027`
to `TOC-VS2-029`, `TOC-VS3-047` to `TOC-VS3-049`), and each of them rules out
attributes for the counters concerned:

* an adjustment: a counter's change must be one the card's VS value on its attribute
  allows. ``adjust +3 0`` after a card with G+3 and W-1 says counter 0 stands for an
  attribute valued +3 and counter 1 for one valued 0 or more; a counter lowered says
  nothing, as every value allows a loss;
* a declaration: a wrong one says the target holds no such attribute; a right one puts it
  face up on its counter; and unless ``own_attribute_bluff`` is played, nobody may name
  one of their own attributes, so the declarer holds none of the one named.

The record is kept per seat and counter as a set of attributes (bit ``1 << a`` for
attribute ``a``), all five at the start. It is public, so it is part of every
player's observation, and :func:`~chaos_tower.tower.vs.determinize.determinize` draws
only worlds that keep to it: every world then agrees with everything the table has
seen since the start.
"""

from __future__ import annotations

import functools

from ..vocabulary import LETTERS
from .state import Declaration, VsDraft

__all__ = ["ALL", "after_declaration", "letters", "narrow", "shown_by", "start"]

ALL = (1 << len(LETTERS)) - 1
"""Every attribute still possible: nothing learnt yet."""


def start(players: int, slots: int) -> tuple[tuple[int, ...], ...]:
    """The record at the deal: nothing is known of anybody's counters."""
    return tuple((ALL,) * slots for _ in range(players))


def letters(mask: int) -> str:
    """The attributes of a set, as letters in the order of ``GWVSD``."""
    return "".join(x for a, x in enumerate(LETTERS) if mask >> a & 1)


def narrow(work: VsDraft, player: int, masks: tuple[int, ...]) -> None:
    """Narrow what is known of ``player``'s counters to ``masks``, one per counter, on the working copy."""
    old = work.possible[player]
    row = tuple(map(int.__and__, old, masks))
    if row != old:
        possible = list(work.possible)
        possible[player] = row
        work.possible = tuple(possible)


def after_declaration(work: VsDraft, record: Declaration) -> None:
    """What a declaration shows (`TOC-VS2-029`, `TOC-VS3-049`); ``work`` holds the target's attributes.

    Right: the named attribute lies face up on its counter, so that counter is it and no
    other counter is. Wrong: no counter of the target is it. Either way, without
    ``own_attribute_bluff`` the declarer was allowed to name it, so holds none of it.
    """
    slot = work.attributes[record.target].index(record.attribute) if record.right else -1
    target, declarer = shown_by(work.slots(), record.attribute, slot, work.own_attribute_bluff)
    narrow(work, record.target, target)
    if declarer is not None:
        narrow(work, record.player, declarer)


@functools.lru_cache(maxsize=256)
def shown_by(
    slots: int, attribute: int, slot: int, bluff: bool
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """What a declaration naming ``attribute`` shows of the target's counters (it lies face up on
    counter ``slot``, or ``-1``: it was wrong) and, unless ``bluff`` (``own_attribute_bluff``), of
    the declarer's, as one mask per counter; a function of small integers, kept per answer."""
    bit = 1 << attribute
    if slot >= 0:
        target = tuple(bit if i == slot else ALL & ~bit for i in range(slots))
    else:
        target = (ALL & ~bit,) * slots
    return target, None if bluff else (ALL & ~bit,) * slots
