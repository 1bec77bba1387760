"""chaos_tower: the reference rules engine for Tower of CHAOS (CHAOSの塔) and Crest Duel.

Card sets: :func:`load_cardset` reads and validates a set (the built-in one
by default) into frozen, typed records. The solo game: :func:`new_game`, then
:func:`legal_actions` and :func:`apply`, both pure.

>>> import chaos_tower as ct
>>> cards = ct.load_cardset()
>>> state = ct.new_game(cards, seed=7)
>>> action = ct.legal_actions(state)[0]
>>> ct.action_text(state, action)
'place 0,0 r0'
>>> after = ct.apply(state, action)
>>> after.player, state.player
(0, -1)
"""

from __future__ import annotations

from .cards import TowerCardSet
from .errors import (
    CardSetError,
    ChaosTowerError,
    IllegalActionError,
    MalformedActionError,
    Problem,
    SaveError,
)
from .loading import check_cardset, load_cardset
from .safeload import LIMITS, Limits
from .tower import actions as _actions
from .tower import engine as _engine
from .tower.actions import (
    Action,
    Discard,
    Fight,
    Flip,
    Make,
    Move,
    Place,
    PlaceRebright,
    PlaceStep,
    SetItem,
    Take,
    Use,
)
from .tower.engine import (
    action_from_index,
    action_index,
    action_space,
    apply,
    can_apply,
    check_action,
    is_terminal,
    legal_actions,
    outcome,
)
from .tower.notation import from_notation, to_notation
from .tower.prep import new_game
from .tower.render import render_text
from .tower.serial import dumps, loads
from .tower.state import Event, Outcome, State

__all__ = [
    "LIMITS",
    "Action",
    "CardSetError",
    "ChaosTowerError",
    "Discard",
    "Event",
    "Fight",
    "Flip",
    "IllegalActionError",
    "Limits",
    "Make",
    "MalformedActionError",
    "Move",
    "Outcome",
    "Place",
    "PlaceRebright",
    "PlaceStep",
    "Problem",
    "SaveError",
    "SetItem",
    "State",
    "Take",
    "TowerCardSet",
    "Use",
    "action_from_index",
    "action_index",
    "action_space",
    "action_text",
    "apply",
    "can_apply",
    "check_action",
    "check_cardset",
    "dumps",
    "from_notation",
    "is_terminal",
    "legal_actions",
    "load_cardset",
    "loads",
    "new_game",
    "outcome",
    "parse_action",
    "render_text",
    "to_notation",
]

__version__ = "0.1.0"


def action_text(state: State, action: Action) -> str:
    """The action's stable text form (``place 2,3 r90``, ``move n``, ``fight e V``)."""
    return _actions.action_text(action, state.game.grid)


def parse_action(state: State, text: str) -> Action:
    """Read an action from its text form; :class:`MalformedActionError` if it is not one
    or names a step, item or slot this card set does not have."""
    action = _actions.parse_action(text, state.game.grid)
    problem = _engine.malformed(state, action)
    if problem is not None:
        raise MalformedActionError(f"{text!r}: {problem}")
    return action
