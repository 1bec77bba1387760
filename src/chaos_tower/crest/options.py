"""Crest Duel's options as data: their specs, and which of them the state holds as fields of its own.

An option of :data:`OPTIONS` that is not in :data:`OWN_FIELDS` is carried generically, in the
state's one record :attr:`CrestState.more <chaos_tower.crest.state.CrestState.more>`: its save, its
one-line position, each wielder's view and :func:`chaos_tower.options` write and read it through
the kernel's option helpers, judged by its spec. So a new Crest option is its spec here, its rule
code (reading ``state.more["name"]``) and its test (issue 23).
"""

from __future__ import annotations

from ..kernel.options import OptionSpec

__all__ = ["OPTIONS", "OWN_FIELDS", "carried", "registered"]


OPTIONS = (
    OptionSpec(
        name="players", types=(int,), default=2, low=2, high=6, rule="CRD-PLAYERS-A", doc="how many play"
    ),
    OptionSpec(
        name="teams",
        types=(bool, tuple),
        items=int,
        default=None,
        rule="CRD-PLAYERS-C",
        doc="two equal teams with 4 or 6 players: True (alternating seats) or the team (0 or 1) of each seat",
    ),
    OptionSpec(
        name="max_actions",
        types=(int,),
        default=None,
        low=1,
        rule="CRD-DEATH-C",
        doc="end the game, nobody winning, after this many actions (the manual sets no limit)",
    ),
)
"""Crest Duel's options (:func:`chaos_tower.new_game` keywords)."""

OWN_FIELDS = ("players", "teams", "max_actions")
"""The options a :class:`~chaos_tower.crest.state.CrestState` holds as fields of its own (the rules
read them on every action); every other option is in its ``more`` record."""


def registered() -> tuple[OptionSpec, ...]:
    """The duel mode's option specs as registered (:data:`OPTIONS`, unless a program registered the
    mode with others): what saves, positions, views and ``ct.options`` write and read."""
    from ..registry import mode_of
    from .state import CrestState

    return mode_of(CrestState).options


def carried(specs: tuple[OptionSpec, ...]) -> tuple[str, ...]:
    """The names of the options of ``specs`` that a state carries in its ``more`` record."""
    return tuple(spec.name for spec in specs if spec.name not in OWN_FIELDS)
