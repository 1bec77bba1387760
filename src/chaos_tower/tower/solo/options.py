"""The solo mode's options as data: their specs, and which of them the state holds as fields of its own.

An option of :data:`OPTIONS` that is not in :data:`OWN_FIELDS` is carried generically, in the
state's one record :attr:`State.more <chaos_tower.tower.solo.state.State.more>`: its save, its
one-line position, its player's view and :func:`chaos_tower.options` write and read it through
the kernel's option helpers, judged by its spec. So a new solo option is its spec here, its rule
code (reading ``state.more["name"]``) and its test (issue 23).
"""

from __future__ import annotations

from ...kernel.options import OptionSpec
from .over import CLOSED_WALKS
from .state import DA_ORDERS, NORMAL_ITEMS

__all__ = ["OPTIONS", "OWN_FIELDS", "carried", "registered"]


OPTIONS = (
    OptionSpec(
        name="max_actions",
        types=(int,),
        default=None,
        low=1,
        rule="TOC-OVER-01",
        doc="end the game, neither won nor lost, after this many actions (the manual sets no limit)",
    ),
    OptionSpec(
        name="step_on_road",
        types=(bool,),
        default=False,
        rule="TOC-STEP-02",
        doc="the road rule TOC-PLAY-D binds steps too: a step may not close a neighbour's open path "
        "(default: it binds chaos cards and Rebright only)",
    ),
    OptionSpec(
        name="da_order",
        types=(str,),
        default="summed",
        allowed=DA_ORDERS,
        rule="TOC-PROG1-02",
        doc="a move's two da: added up, then life clamped once ('summed'), or paid one after the "
        "other, life clamped after each and life 0 after the first ending the game ('sequential')",
    ),
    OptionSpec(
        name="closed_walk",
        types=(str,),
        default="lost",
        allowed=CLOSED_WALKS,
        absent=("lost",),  # replays from before it: as saves and positions, read at the default
        rule="TOC-OVER-01",
        doc="a position whose only legal action is a move, and every position that move leads to "
        "likewise, round a closed circuit (no card can ever be placed, no way off the floor): "
        "GameOver, lost with the cause no-action ('lost'), or let the walk continue until "
        "max_actions, if any ('continues')",
    ),
    OptionSpec(
        name="normal_item",
        types=(str,),
        default="on_entry",
        allowed=NORMAL_ITEMS,
        absent=("while_inside",),  # replays from before it were played so
        rule="TOC-ITEM-01D",
        doc="a normal item's condition is met as the player enters its room, and the item may then "
        "be taken until they leave ('on_entry', the manual's 条件を揃えたそのroomに入る事で), or it is "
        "asked when the item is taken, while the player stands in the room ('while_inside')",
    ),
)
"""The solo game's options (:func:`chaos_tower.new_game` keywords)."""

OWN_FIELDS = ("max_actions", "step_on_road", "da_order")
"""The options a :class:`~chaos_tower.tower.solo.state.State` holds as fields of its own (the rules
read them on every action); every other option is in its ``more`` record."""


def registered() -> tuple[OptionSpec, ...]:
    """The solo mode's option specs as registered (:data:`OPTIONS`, unless a program registered the
    mode with others): what positions, views and ``ct.options`` write and read."""
    from ...registry import mode_of
    from .state import State

    return mode_of(State).options


def carried(specs: tuple[OptionSpec, ...]) -> tuple[str, ...]:
    """The names of the options of ``specs`` that a state carries in its ``more`` record."""
    return tuple(spec.name for spec in specs if spec.name not in OWN_FIELDS)
