"""Crest Duel (紋章使い): a 2–6 player card duel on the same engine machinery as the Tower.

The package holds the card records (:mod:`.cards`), the semantic checks
(:mod:`.checks`), the engine split by the rules summary's sections
(:mod:`.start`, :mod:`.wield`, :mod:`.beast`, :mod:`.death`, :mod:`.players`),
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

from importlib import import_module
from typing import Any

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

# Loaded on first use: the card-set converter imports `crest.cards` while this
# package is being imported, so the engine modules cannot be imported here eagerly.
_HOMES = {
    "CrestCardSet": "cards",
    "CrestState": "state",
    "CrestGreedyAgent": "agents",
    "CrestRandomAgent": "agents",
    "new_game": "start",
    "dumps": "serial",
    "loads": "serial",
    "observation": "observe",
    "observation_tensor": "observe",
    "render_text": "render",
    **{
        name: "engine"
        for name in (
            "apply",
            "can_apply",
            "check_action",
            "current_player",
            "is_terminal",
            "legal_actions",
            "outcome",
            "returns",
        )
    },
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{home}", __name__), name)
