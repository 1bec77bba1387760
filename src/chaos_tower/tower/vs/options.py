"""The VS modes' options as data: their specs, and which of them the state holds as fields of its own.

An option of :data:`OPTIONS` that is not in :data:`OWN_FIELDS` is carried generically, in the
state's one record :attr:`VsState.more <chaos_tower.tower.vs.state.VsState.more>`: its save, its
one-line position and :func:`chaos_tower.options` write and read it through the kernel's option
helpers, judged by its spec. So a new VS option is its spec here, its rule code (reading
``state.more["name"]``) and its test (issue 23).
"""

from __future__ import annotations

from ...kernel.options import OptionSpec

__all__ = ["MORE", "OPTIONS", "OWN_FIELDS", "carried", "registered"]


OPTIONS = (
    OptionSpec(
        name="players",
        types=(int,),
        default=None,
        required=True,
        low=2,
        high=5,
        rule="TOC-VS2-01",
        doc="how many play: 2 (TOC-VS2) or 3 to 5 (TOC-VS3)",
    ),
    OptionSpec(
        name="extra_rule",
        types=(bool,),
        default=False,
        rule="TOC-VS2-032",
        doc="the extra rule: counters start at 8, and from round 4 each turn costs the track's da",
    ),
    OptionSpec(
        name="max_actions",
        types=(int,),
        default=None,
        low=1,
        rule="TOC-VS2-026",
        doc="end the game, nobody winning, after this many actions (the manual sets no limit)",
    ),
    OptionSpec(
        name="adjust_after_draw",
        types=(str,),
        default="drawer",
        allowed=("drawer", "all"),
        rule="TOC-VS2-027",
        doc="who adjusts after a draw: the drawer only ('drawer'), or every player still in ('all')",
    ),
    OptionSpec(
        name="declare_when",
        types=(str,),
        default="own_turn",
        allowed=("own_turn", "any_time"),
        rule="TOC-VS2-029",
        doc="when one may declare: on one's own turn before the draw or gift ('own_turn'), or before "
        "any of one's own decisions, an adjustment or the extra rule's payment included ('any_time')",
    ),
    OptionSpec(
        name="own_attribute_bluff",
        types=(bool,),
        default=False,
        rule="TOC-VS2-029",
        doc="a declaration may name one of one's own attributes, as a bluff (it is always wrong)",
    ),
)
"""The VS modes' options (:func:`chaos_tower.new_game` keywords)."""

OWN_FIELDS = (
    "players",
    "extra_rule",
    "max_actions",
    "adjust_after_draw",
    "declare_when",
    "own_attribute_bluff",
)
"""The options a :class:`~chaos_tower.tower.vs.state.VsState` holds as fields of its own (the rules
read them on every action); every other option is in its ``more`` record."""

MORE = tuple(spec.name for spec in OPTIONS if spec.name not in OWN_FIELDS)
"""The options carried in ``VsState.more``, in the order of :data:`OPTIONS`."""


def registered() -> tuple[OptionSpec, ...]:
    """The VS mode's option specs as registered (:data:`OPTIONS`, unless a program registered the
    mode with others): what saves, positions and ``ct.options`` write and read."""
    from ...registry import mode_of
    from .state import VsState

    return mode_of(VsState).options


def carried(specs: tuple[OptionSpec, ...]) -> tuple[str, ...]:
    """The names of the options of ``specs`` that a state carries in its ``more`` record."""
    return tuple(spec.name for spec in specs if spec.name not in OWN_FIELDS)
