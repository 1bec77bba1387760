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

import importlib
from typing import TYPE_CHECKING, Any

# `import chaos_tower` imports nothing else: each public name is imported on first use
# (PEP 562), so the command line's --help and --version, and programs that use one game,
# do not pay for every game's rules (issue 13: import time). The built-in games register
# with the front door when the front door is first used (chaos_tower.api._built_in).
if TYPE_CHECKING:
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
    from .cards import TowerCardSet
    from .crest.cards import CrestCardSet
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
    from .tower.state import Event, Outcome, State
    from .vs.actions import Adjust, Declare, Draw, Give, Subtract
    from .vs.observe import VsObservation
    from .vs.state import VsOutcome, VsState

_LAZY: dict[str, str] = {
    "LIMITS": ".safeload",
    "Action": ".tower.actions",
    "Adjust": ".vs.actions",
    "CardSetError": ".errors",
    "ChaosTowerError": ".errors",
    "CrestCardSet": ".crest.cards",
    "CrestOutcome": ".crest.state",
    "CrestState": ".crest.state",
    "Declare": ".vs.actions",
    "Discard": ".tower.actions",
    "Draw": ".vs.actions",
    "Event": ".tower.state",
    "Fight": ".tower.actions",
    "Flip": ".tower.actions",
    "GameRules": ".api",
    "Give": ".vs.actions",
    "IllegalActionError": ".errors",
    "Limits": ".safeload",
    "Make": ".tower.actions",
    "MalformedActionError": ".errors",
    "Move": ".tower.actions",
    "OptionError": ".errors",
    "OptionSpec": ".options",
    "Options": ".options",
    "Outcome": ".tower.state",
    "Place": ".tower.actions",
    "PlaceRebright": ".tower.actions",
    "PlaceStep": ".tower.actions",
    "Problem": ".errors",
    "SaveError": ".errors",
    "SetItem": ".tower.actions",
    "State": ".tower.state",
    "Subtract": ".vs.actions",
    "Take": ".tower.actions",
    "TowerCardSet": ".cards",
    "Use": ".tower.actions",
    "VsObservation": ".vs.observe",
    "VsOutcome": ".vs.state",
    "VsState": ".vs.state",
    "action_from_index": ".api",
    "action_index": ".api",
    "action_space": ".api",
    "action_text": ".api",
    "apply": ".api",
    "can_apply": ".api",
    "check_action": ".api",
    "check_cardset": ".loading",
    "current_player": ".api",
    "determinize": ".api",
    "dumps": ".api",
    "from_notation": ".api",
    "is_terminal": ".api",
    "legal_actions": ".api",
    "load_cardset": ".loading",
    "loads": ".api",
    "new_game": ".api",
    "observation": ".api",
    "observation_layout": ".api",
    "observation_tensor": ".api",
    "option_specs": ".api",
    "options": ".api",
    "outcome": ".api",
    "parse_action": ".api",
    "render_svg": ".api",
    "render_text": ".api",
    "returns": ".api",
    "rules_of": ".api",
    "to_notation": ".api",
}


# The submodule chaos_tower.options shares its name with the function ct.options: importing a
# submodule sets the package's attribute, so it is imported now, and the name handed back to
# the function (by __getattr__), as the eager imports left it.
importlib.import_module(".options", __name__)
del globals()["options"]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'chaos_tower' has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value  # once: later lookups are plain module attributes
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
