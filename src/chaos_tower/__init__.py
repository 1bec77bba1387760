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

from . import games as _games  # noqa: F401  (describes every built-in game to the registry)
from . import oldpaths as _oldpaths
from .api import (
    GameRules,
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
    option_specs,
    options,
    outcome,
    parse_action,
    render_svg,
    render_text,
    returns,
    rules_of,
    to_notation,
)
from .cardsets.loading import check_cardset, load_cardset
from .cardsets.safeload import LIMITS, Limits
from .crest import front as _crest_front  # noqa: F401  (registers Crest Duel with the front door)
from .crest.cards import CrestCardSet
from .crest.state import CrestOutcome, CrestState
from .kernel.errors import (
    CardSetError,
    ChaosTowerError,
    IllegalActionError,
    MalformedActionError,
    OptionError,
    Problem,
    SaveError,
)
from .kernel.events import Event
from .kernel.options import Options, OptionSpec
from .tower.cards import TowerCardSet
from .tower.solo import front as _front  # noqa: F401  (registers the solo game with the front door)
from .tower.solo.actions import (
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
from .tower.solo.state import Outcome, State
from .tower.vs import front as _vs_front  # noqa: F401  (registers the VS modes with the front door)
from .tower.vs.actions import Adjust, Declare, Draw, Give, Subtract
from .tower.vs.observe import VsObservation
from .tower.vs.state import VsOutcome, VsState

__all__ = [
    "LIMITS",
    "Action",
    "Adjust",
    "CardSetError",
    "ChaosTowerError",
    "CrestCardSet",
    "CrestOutcome",
    "CrestState",
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
    "VsObservation",
    "VsOutcome",
    "VsState",
    "action_from_index",
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
    "to_notation",
]

__version__ = "0.1.0"

_oldpaths.link_loaded()  # last: the old paths of the modules imported above (see oldpaths)
