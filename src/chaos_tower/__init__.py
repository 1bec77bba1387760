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

from .api import GameRules, action_grammar, option_specs, rules_of, seat_view
from .cards import TowerCardSet
from .crest import front as _crest_front  # noqa: F401  (registers Crest Duel with the front door)
from .crest.actions import Cast as CrestCast
from .crest.actions import CrestAction
from .crest.actions import Discard as CrestDiscard
from .crest.actions import Done as CrestDone
from .crest.actions import Place as CrestPlace
from .crest.actions import Recover as CrestRecover
from .crest.actions import SwapHands as CrestSwapHands
from .crest.actions import SwapMarks as CrestSwapMarks
from .crest.actions import Use as CrestUse
from .crest.actions import Wear as CrestWear
from .crest.cards import CrestCardSet
from .crest.observe import CrestObservation
from .crest.state import CrestOutcome, CrestState
from .errors import (
    CardSetError,
    ChaosTowerError,
    IllegalActionError,
    MalformedActionError,
    OptionError,
    Problem,
    SaveError,
)
from .loading import check_cardset, load_cardset
from .options import Options, OptionSpec
from .safeload import LIMITS, Limits
from .signatures import (
    action_from_index,
    action_index,
    action_space,
    action_text,
    apply,
    can_apply,
    check_action,
    current_player,
    determinize,
    dumps,
    from_notation,
    is_terminal,
    legal_actions,
    loads,
    new_game,
    observation,
    observation_layout,
    observation_tensor,
    options,
    outcome,
    parse_action,
    render_svg,
    render_text,
    returns,
    to_notation,
)
from .tower import front as _front  # noqa: F401  (registers the solo game with the front door)
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
from .tower.observe import Observation
from .tower.state import Event, Outcome, State
from .vs import front as _vs_front  # noqa: F401  (registers the VS modes with the front door)
from .vs.actions import Adjust, Declare, Draw, Give, Subtract, VsAction
from .vs.observe import VsObservation
from .vs.state import VsOutcome, VsState

__all__ = [
    "LIMITS",
    "Action",
    "Adjust",
    "CardSetError",
    "ChaosTowerError",
    "CrestAction",
    "CrestCardSet",
    "CrestCast",
    "CrestDiscard",
    "CrestDone",
    "CrestObservation",
    "CrestOutcome",
    "CrestPlace",
    "CrestRecover",
    "CrestState",
    "CrestSwapHands",
    "CrestSwapMarks",
    "CrestUse",
    "CrestWear",
    "Declare",
    "Discard",
    "Draw",
    "Event",
    "Fight",
    "Flip",
    "GameRules",
    "Give",
    "IllegalActionError",
    "Limits",
    "Make",
    "MalformedActionError",
    "Move",
    "Observation",
    "OptionError",
    "OptionSpec",
    "Options",
    "Outcome",
    "Place",
    "PlaceRebright",
    "PlaceStep",
    "Problem",
    "SaveError",
    "SetItem",
    "State",
    "Subtract",
    "Take",
    "TowerCardSet",
    "Use",
    "VsAction",
    "VsObservation",
    "VsOutcome",
    "VsState",
    "action_from_index",
    "action_grammar",
    "action_index",
    "action_space",
    "action_text",
    "apply",
    "can_apply",
    "check_action",
    "check_cardset",
    "current_player",
    "determinize",
    "dumps",
    "from_notation",
    "is_terminal",
    "legal_actions",
    "load_cardset",
    "loads",
    "new_game",
    "observation",
    "observation_layout",
    "observation_tensor",
    "option_specs",
    "options",
    "outcome",
    "parse_action",
    "render_svg",
    "render_text",
    "returns",
    "rules_of",
    "seat_view",
    "to_notation",
]

__version__ = "0.1.0"
