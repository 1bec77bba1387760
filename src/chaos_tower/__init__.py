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
import importlib.util
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .oldpaths import install as _install_old_paths

_install_old_paths()  # the paths before issue 12's layout: an import of one warns, then answers

# `import chaos_tower` imports nothing else: each public name is imported on first use
# (PEP 562), so the command line's --help and --version, and programs that use one game,
# do not pay for every game's rules (issue 13: import time). The built-in games register
# with the front door when the front door is first used (chaos_tower.api._built_in).
if TYPE_CHECKING:
    from .api import GameRules, action_grammar, option_specs, rules_of, seat_view
    from .cardsets.loading import check_cardset, load_cardset
    from .cardsets.safeload import LIMITS, Limits
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
    from .kernel.errors import (
        CardSetError,
        ChaosTowerError,
        IllegalActionError,
        MalformedActionError,
        OptionError,
        Problem,
        SaveError,
    )
    from .kernel.options import Options, OptionSpec
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
    from .tower.cards import TowerCardSet
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
    from .tower.solo.observe import Observation
    from .tower.solo.state import Event, Outcome, State
    from .tower.vs.actions import Adjust, Declare, Draw, Give, Subtract, VsAction
    from .tower.vs.observe import VsObservation
    from .tower.vs.state import VsOutcome, VsState

_LAZY: dict[str, tuple[str, str]] = {
    "Action": (".tower.solo.actions", "Action"),
    "Adjust": (".tower.vs.actions", "Adjust"),
    "CardSetError": (".kernel.errors", "CardSetError"),
    "ChaosTowerError": (".kernel.errors", "ChaosTowerError"),
    "CrestAction": (".crest.actions", "CrestAction"),
    "CrestCardSet": (".crest.cards", "CrestCardSet"),
    "CrestCast": (".crest.actions", "Cast"),
    "CrestDiscard": (".crest.actions", "Discard"),
    "CrestDone": (".crest.actions", "Done"),
    "CrestObservation": (".crest.observe", "CrestObservation"),
    "CrestOutcome": (".crest.state", "CrestOutcome"),
    "CrestPlace": (".crest.actions", "Place"),
    "CrestRecover": (".crest.actions", "Recover"),
    "CrestState": (".crest.state", "CrestState"),
    "CrestSwapHands": (".crest.actions", "SwapHands"),
    "CrestSwapMarks": (".crest.actions", "SwapMarks"),
    "CrestUse": (".crest.actions", "Use"),
    "CrestWear": (".crest.actions", "Wear"),
    "Declare": (".tower.vs.actions", "Declare"),
    "Discard": (".tower.solo.actions", "Discard"),
    "Draw": (".tower.vs.actions", "Draw"),
    "Event": (".tower.solo.state", "Event"),
    "Fight": (".tower.solo.actions", "Fight"),
    "Flip": (".tower.solo.actions", "Flip"),
    "GameRules": (".api", "GameRules"),
    "Give": (".tower.vs.actions", "Give"),
    "IllegalActionError": (".kernel.errors", "IllegalActionError"),
    "LIMITS": (".cardsets.safeload", "LIMITS"),
    "Limits": (".cardsets.safeload", "Limits"),
    "Make": (".tower.solo.actions", "Make"),
    "MalformedActionError": (".kernel.errors", "MalformedActionError"),
    "Move": (".tower.solo.actions", "Move"),
    "Observation": (".tower.solo.observe", "Observation"),
    "OptionError": (".kernel.errors", "OptionError"),
    "OptionSpec": (".kernel.options", "OptionSpec"),
    "Options": (".kernel.options", "Options"),
    "Outcome": (".tower.solo.state", "Outcome"),
    "Place": (".tower.solo.actions", "Place"),
    "PlaceRebright": (".tower.solo.actions", "PlaceRebright"),
    "PlaceStep": (".tower.solo.actions", "PlaceStep"),
    "Problem": (".kernel.errors", "Problem"),
    "SaveError": (".kernel.errors", "SaveError"),
    "SetItem": (".tower.solo.actions", "SetItem"),
    "State": (".tower.solo.state", "State"),
    "Subtract": (".tower.vs.actions", "Subtract"),
    "Take": (".tower.solo.actions", "Take"),
    "TowerCardSet": (".tower.cards", "TowerCardSet"),
    "Use": (".tower.solo.actions", "Use"),
    "VsAction": (".tower.vs.actions", "VsAction"),
    "VsObservation": (".tower.vs.observe", "VsObservation"),
    "VsOutcome": (".tower.vs.state", "VsOutcome"),
    "VsState": (".tower.vs.state", "VsState"),
    "action_from_index": (".signatures", "action_from_index"),
    "action_grammar": (".api", "action_grammar"),
    "action_index": (".signatures", "action_index"),
    "action_space": (".signatures", "action_space"),
    "action_text": (".signatures", "action_text"),
    "apply": (".signatures", "apply"),
    "can_apply": (".signatures", "can_apply"),
    "check_action": (".signatures", "check_action"),
    "check_cardset": (".cardsets.loading", "check_cardset"),
    "current_player": (".signatures", "current_player"),
    "determinize": (".signatures", "determinize"),
    "dumps": (".signatures", "dumps"),
    "from_notation": (".signatures", "from_notation"),
    "is_terminal": (".signatures", "is_terminal"),
    "legal_actions": (".signatures", "legal_actions"),
    "load_cardset": (".cardsets.loading", "load_cardset"),
    "loads": (".signatures", "loads"),
    "new_game": (".signatures", "new_game"),
    "observation": (".signatures", "observation"),
    "observation_layout": (".signatures", "observation_layout"),
    "observation_tensor": (".signatures", "observation_tensor"),
    "option_specs": (".api", "option_specs"),
    "options": (".signatures", "options"),
    "outcome": (".signatures", "outcome"),
    "parse_action": (".signatures", "parse_action"),
    "render_svg": (".signatures", "render_svg"),
    "render_text": (".signatures", "render_text"),
    "returns": (".signatures", "returns"),
    "rules_of": (".api", "rules_of"),
    "seat_view": (".api", "seat_view"),
    "to_notation": (".signatures", "to_notation"),
}
"""Each public name: the module it lives in and its name there (Crest's actions carry a prefix here).

The one list of the public surface: ``__all__``, the ``TYPE_CHECKING`` imports above and the typed
functions of :mod:`chaos_tower.signatures` are checked against it (tests/test_public_surface.py,
which prints the lines to paste when they differ)."""


class _Package(ModuleType):
    """The package: an import of an old path (``chaos_tower.options``, now kernel.options) sets the
    package's attribute of that name, which must not hide the public function (``ct.options``)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in _LAZY and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str) -> Any:
    where = _LAZY.get(name)
    if where is None:
        # A submodule (``ct.api``, ``ct.registry``): the eager imports of old made them attributes.
        if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
            return importlib.import_module(f".{name}", __name__)
        raise AttributeError(f"module 'chaos_tower' has no attribute {name!r}")
    value = getattr(importlib.import_module(where[0], __name__), where[1])
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
