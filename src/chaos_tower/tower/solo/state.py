"""The solo game state: one frozen record, changed only through :func:`attrs.evolve`.

Everything is small integers and tuples, so that a state is cheap to copy,
hash and compare, and successive states share every part that did not change.

Zones (each card and item is in exactly one):

* chaos cards (rooms, monsters): ``deck`` or ``floor``;
* steps: ``step_area``, ``used_steps`` or ``floor``;
* Rebright: nowhere until summoned, then ``floor`` (``rebright`` holds its values);
* items: their own area (normal, rare, or still an icon), ``carry``, a slot, or ``lost``.
"""

from __future__ import annotations

from typing import Literal

from attrs import field, frozen

from ...kernel.events import Event, Reason
from ...kernel.memo import Memo
from ...kernel.options import Options
from .tables import Game

__all__ = [
    "DA_ORDERS",
    "EMPTY",
    "NORMAL_ITEMS",
    "NO_MORE",
    "DaOrder",
    "Event",
    "Outcome",
    "Reason",
    "State",
    "card_of",
    "encode",
    "is_flipped",
    "rotation_of",
]

EMPTY = -1
"""A floor cell with no card."""

DaOrder = Literal["summed", "sequential"]
"""How the two da of a move are paid (the option ``da_order``, `TOC-PROG1-02`)."""
DA_ORDERS: tuple[DaOrder, ...] = ("summed", "sequential")
NORMAL_ITEMS = ("on_entry", "while_inside")
"""The values of the option ``normal_item``: when a normal item's condition is asked (`TOC-ITEM-01D`)."""


def encode(card: int, rotation: int, flipped: bool) -> int:
    """A floor cell's content: card number, rotation 0..3, face."""
    return card * 8 + rotation * 2 + int(flipped)


def card_of(cell: int) -> int:
    """The card number in an encoded cell."""
    return cell >> 3


def rotation_of(cell: int) -> int:
    """The rotation (quarter turns clockwise) in an encoded cell."""
    return (cell >> 1) & 3


def is_flipped(cell: int) -> bool:
    """Whether the card in an encoded cell shows its back face."""
    return bool(cell & 1)


NO_MORE = Options(mode="solo", values=())
"""A solo state's ``more`` when the mode has no option beyond its own fields (shared by every state)."""


@frozen(kw_only=True)
class Outcome:
    """How a game ended."""

    result: Literal["won", "lost", "ended"]
    """``ended``: the ``max_actions`` limit ran out; neither won nor lost."""
    cause: str
    """``rebright-fell``, ``life-zero``, ``left-floor``, ``no-action``, ``max-actions``."""
    rule: str


@frozen(kw_only=True)
class State:
    """A solo Tower of CHAOS position, with the chance state that continues it."""

    game: Game = field(eq=False, repr=False)
    seed: int
    rng: int
    floor: tuple[int, ...]
    player: int
    """The player's cell, or -1 before the first card is placed."""
    life: int
    elements: tuple[int, int, int, int, int]
    deck: tuple[int, ...]
    """Chaos cards, top first; face up, so the top card is known (`TOC-PREP-03`)."""
    step_area: tuple[int, ...]
    used_steps: tuple[int, ...]
    level: int
    """The tower floor shown by the number card; 0 is ZAP."""
    step_returns: bool = False
    """The step the player stands in ended a ZAP and goes back unused (`TOC-ZAP-07`)."""
    item_on_entry: bool = False
    """The player entered the room they stand in with its normal item's condition met: the item
    may be taken while they stay (`TOC-ITEM-01D`; the option ``normal_item``)."""
    carry: tuple[int, ...] = ()
    slots: tuple[int, ...] = ()
    """Per sheet slot: the item set there, or -1."""
    counters: tuple[int, ...] = ()
    """Per sheet slot: effect-counters left, -1 for no limit."""
    lost: tuple[int, ...] = ()
    rebright: tuple[int, int, int, int, int] | None = None
    """Rebright's values once summoned (`TOC-STEP-11E`)."""
    rebright_pending: bool = False
    """Summoned, not yet placed on the floor."""
    rearranging: bool = False
    """Sword Of Light's rear is being used: only relocations until finished (`TOC-NORMAL-09E`)."""
    combat_bonus: int = 0
    """da added to the next fight by items used from slots (Armor Of Gnom)."""
    actions: int = 0
    max_actions: int | None = None
    step_on_road: bool = False
    """The option ``step_on_road``: the road rule `TOC-PLAY-D` binds steps too (`TOC-STEP-02`)."""
    da_order: DaOrder = "summed"
    """The option ``da_order``: a move's two da summed before clamping, or paid one after the
    other (`TOC-PROG1-02`)."""
    more: Options = NO_MORE
    """The mode's other options (those beyond :data:`~chaos_tower.tower.solo.options.OWN_FIELDS`),
    as one record: noted, saved, viewed and given by ``ct.options`` generically, so a new option
    needs no field here (issue 23)."""
    result: Outcome | None = None
    events: tuple[Event, ...] = field(default=(), eq=False)
    """What the action that made this state did (not part of the position: equal
    positions reached by different actions are equal)."""
    _memo: Memo = field(factory=Memo, init=False, eq=False, repr=False, hash=False)
    """A private cache of values the state determines (its legal actions), filled by the engine
    the first time they are asked for.
    Never part of the position, equality or hash; a copy or a pickle starts without it."""

    def __repr__(self) -> str:
        from .notation import to_notation

        return f"<State {to_notation(self)}>"

    def _repr_svg_(self) -> str:
        from .svg import render_svg  # Jupyter shows a state as its picture (tower/svg.py)

        return render_svg(self)
