"""Old path of :mod:`chaos_tower.tower.vs`, deprecated (importing it warns; it goes in chaos_tower 0.3.0).

Its ``play`` module stays here until the one terminal play loop replaces it; every other old
module path below ``chaos_tower.vs`` is answered by :mod:`chaos_tower.oldpaths`.
"""

from __future__ import annotations

from ..oldpaths import warn_old_path
from ..tower.vs import (
    FORMAT,
    Adjust,
    Declaration,
    Declare,
    Draw,
    Gift,
    Give,
    RandomVsAgent,
    SimpleVsAgent,
    Subtract,
    VsAction,
    VsObservation,
    VsOutcome,
    VsState,
    apply,
    can_apply,
    check_action,
    current_player,
    declaration_limit,
    dumps,
    is_terminal,
    legal_actions,
    loads,
    new_game,
    observation,
    observation_tensor,
    outcome,
    play_game,
    render_text,
    returns,
    tensor_size,
    view_text,
    violations,
)

warn_old_path("vs")

__all__ = [
    "FORMAT",
    "Adjust",
    "Declaration",
    "Declare",
    "Draw",
    "Gift",
    "Give",
    "RandomVsAgent",
    "SimpleVsAgent",
    "Subtract",
    "VsAction",
    "VsObservation",
    "VsOutcome",
    "VsState",
    "apply",
    "can_apply",
    "check_action",
    "current_player",
    "declaration_limit",
    "dumps",
    "is_terminal",
    "legal_actions",
    "loads",
    "new_game",
    "observation",
    "observation_tensor",
    "outcome",
    "play_game",
    "render_text",
    "returns",
    "tensor_size",
    "view_text",
    "violations",
]
