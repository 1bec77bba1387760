"""The solo game's one check of an action's form (not its legality): :func:`malformed`.

Every entry of the front door that takes an action (``apply``,
``check_action``, ``can_apply``, ``action_text``, ``action_index``) asks it
first, so that nothing else ever sees a field of the wrong type: an action
class of this game, each required field set, each number an ``int`` (a bool
is not one) within its range, each name one this card set has.
"""

from __future__ import annotations

from typing import Literal

from ...kernel.shapes import MISSING, field, is_index, show
from .actions import (
    Discard,
    Fight,
    Finish,
    Flip,
    Make,
    Move,
    Place,
    PlaceRebright,
    PlaceStep,
    Relocate,
    SetItem,
    Stand,
    Take,
    Use,
)
from .tables import Game

__all__ = ["ACTION_TYPES", "malformed"]

Kind = Literal["cell", "rotation", "direction", "attribute", "item", "slot", "step", "target"]

_R, _O = False, True  # required, optional (None allowed)
_FIELDS: dict[type, tuple[tuple[str, Kind, bool], ...]] = {
    Place: (("cell", "cell", _R), ("rotation", "rotation", _R)),
    PlaceStep: (("step", "step", _R), ("cell", "cell", _R), ("rotation", "rotation", _R)),
    PlaceRebright: (("cell", "cell", _R), ("rotation", "rotation", _R)),
    Move: (("direction", "direction", _R),),
    Flip: (("direction", "direction", _R), ("attribute", "attribute", _R)),
    Fight: (("direction", "direction", _R), ("attribute", "attribute", _R)),
    Take: (("item", "item", _R), ("drop", "item", _O)),
    Make: (("item", "item", _R),),
    SetItem: (("item", "item", _R), ("slot", "slot", _R)),
    Use: (
        ("slot", "slot", _R),
        ("attribute", "attribute", _O),
        ("cell", "cell", _O),
        ("to", "cell", _O),
        ("target", "target", _O),
    ),
    Discard: (("item", "item", _R),),
    Relocate: (("cell", "cell", _R), ("to", "cell", _R), ("rotation", "rotation", _R)),
    Stand: (("cell", "cell", _R),),
    Finish: (),
}
"""Each action class's fields: name, what it holds, and whether ``None`` may stand for it."""

ACTION_TYPES: frozenset[type] = frozenset(_FIELDS)

_SIZES = {"rotation": 4, "direction": 4, "attribute": 5}
_WHAT = {"item": "item", "slot": "slot", "step": "step", "target": "card or item"}


def malformed(game: Game, action: object) -> str | None:
    """What is wrong with the form of ``action`` for this card set (not its legality), or ``None``."""
    fields = _FIELDS.get(type(action))
    if fields is None:
        return f"a {type(action).__name__} is not an action of the solo game"
    for name, kind, optional in fields:
        value = field(action, name)
        if value is None and optional:
            continue
        if value is MISSING:
            return f"{type(action).__name__} has no {name}"
        if kind == "cell":
            if not is_index(value, game.grid.cells):
                return f"{name} {show(value)} is not on the floor (0..{game.grid.cells - 1})"
        elif kind in _SIZES:
            if not is_index(value, _SIZES[kind]):
                return f"{name} {show(value)} is out of range 0..{_SIZES[kind] - 1}"
        elif type(value) is not str or value not in _names(game, kind):
            return f"this card set has no {_WHAT[kind]} {show(value)}"
    return None


def _names(game: Game, kind: Kind) -> frozenset[str] | tuple[str, ...] | dict[str, int]:
    if kind == "item":
        return game.item_index
    if kind == "slot":
        return game.slot_ids
    if kind == "step":
        return game.step_ids
    return game.reset_ids
