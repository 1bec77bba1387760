"""Crest Duel (紋章使い): a 2–6 player card duel on the same engine machinery as the Tower.

The package holds the card records (:mod:`.cards`), the semantic checks
(:mod:`.checks`), the engine split by the rules summary's sections
(:mod:`chaos_tower.crest.start`, :mod:`.wield`, :mod:`.beast`, :mod:`.death`, :mod:`.players`),
the state and actions, saves, observations, text rendering and agents.
:mod:`.front` registers the game with the front door (:mod:`chaos_tower.api`),
so the top-level functions of :mod:`chaos_tower` play it; the names below are
the same functions, reachable as ``chaos_tower.crest.new_game`` and so on.

>>> import chaos_tower as ct
>>> from chaos_tower import crest
>>> state = crest.new_game(ct.load_cardset(game="crest"), players=3, seed=2)
>>> crest.current_player(state), len(crest.legal_actions(state)) > 1
(0, True)
"""

from __future__ import annotations

from .agents import CrestGreedyAgent, CrestRandomAgent
from .cards import CrestCardSet
from .engine import (
    apply,
    can_apply,
    check_action,
    current_player,
    is_terminal,
    legal_actions,
    outcome,
    returns,
)
from .observe import observation, observation_tensor
from .render import render_text
from .serial import dumps, loads
from .start import new_game
from .state import CrestState

__all__ = [
    "CrestCardSet",
    "CrestGreedyAgent",
    "CrestRandomAgent",
    "CrestState",
    "apply",
    "can_apply",
    "check_action",
    "current_player",
    "dumps",
    "is_terminal",
    "legal_actions",
    "loads",
    "new_game",
    "observation",
    "observation_tensor",
    "outcome",
    "render_text",
    "returns",
]
