"""The VS observation tensor's named layout (``ct.observation_layout(state)``).

See :mod:`chaos_tower.kernel.layout` for the scaling every game shares. Seats are
counted from the observing player: ``seat+0`` is the player, ``seat+1`` the
next in seat order, and so on; the layout is the same for every player of a
game, and depends on the card set and the number of players.
"""

from __future__ import annotations

from typing import get_args

from ...kernel.layout import Layout, Slice
from ..vocabulary import LETTERS
from .start import declaration_limit
from .state import Phase, VsState

__all__ = ["observation_layout"]

_PHASES: tuple[str, ...] = get_args(Phase)
"""The phases in the order of the tensor's one-hot (as :mod:`chaos_tower.tower.vs.observe` writes it)."""


def observation_layout(state: VsState) -> tuple[Slice, ...]:
    """The layout of :func:`~chaos_tower.tower.vs.observe.observation_tensor` for this card set and
    player count."""
    t = state.table
    n, k = state.players, state.slots()
    span = t.high - t.low or 1
    items, chaos = len(t.item_ids), len(t.chaos_ids) or 1
    letters = ".".join(LETTERS)
    out = Layout()
    for i in range(k):
        out.add(f"own attribute {i}", 5, f"the attribute counter {i} stands for ({letters})", "one-hot")
    for j in range(n):
        out.add(f"seat+{j} counters", k, "its counters", f"(x - {t.low}) / {span}")
    for j in range(n):
        for i in range(k):
            out.add(f"seat+{j} face up {i}", 5, "counter i's attribute, once named rightly", "one-hot")
    for j in range(n):
        out.add(f"seat+{j} out", 1, "out of the game (TOC-VS3-051)")
        out.add(f"seat+{j} declarations", 1, "declarations made", f"x / {declaration_limit(n)}")
        out.add(f"seat+{j} items", 1, "items in hand", f"x / {items or 1}")
        out.add(f"seat+{j} decides", 1, "its decision now")
        out.add(f"seat+{j} turn", 1, "its turn")
    for j in range(n):
        out.add(f"seat+{j} not", 5, "attributes named wrongly for it: it holds none of them", "multi-hot")
    out.add("own items", items, "the items in the player's hand (card-set order)", "multi-hot")
    out.add("items given", items, "the items handed over (TOC-VS2-028)", "multi-hot")
    out.add("drawn", len(t.chaos_ids), "the chaos cards drawn", "multi-hot")
    out.add("deck", 1, "chaos cards left", f"x / {chaos}")
    out.add("round", 1, "the round", f"x / {chaos}")
    out.add("phase", len(_PHASES), f"the phase ({', '.join(_PHASES)})", "one-hot")
    out.add("applying", 5, f"the VS value being adjusted for ({letters})", f"x / {span}", low=-1.0)
    out.add("extra rule", 1, "the extra rule is played (TOC-VS2-032)")
    out.add("due", 1, "the da the extra rule takes now", f"x / {span}")
    out.add("over", 1, "the game is over")
    out.add("all adjust", 1, "option adjust_after_draw is 'all' (TOC-VS2-027)")
    out.add("any-time declarations", 1, "option declare_when is 'any_time' (TOC-VS2-029)")
    out.add("own-attribute bluffs", 1, "option own_attribute_bluff (TOC-VS2-029)")
    return out.done()
