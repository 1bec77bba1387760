"""Perft counts, as chess engines keep them: regression data for the move generator.

``perft(state, d)`` is the number of distinct action sequences of length ``d``
from ``state``; a finished game has none beyond depth 0. A change in the rules
or the generator that alters any count shows up at once, and :func:`divide`
tells under which first action.
"""

from __future__ import annotations

from .actions import action_text
from .engine import apply, legal_actions
from .state import State

__all__ = ["divide", "perft"]


def perft(state: State, depth: int) -> int:
    """The number of action sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(apply(state, a), depth - 1) for a in actions)


def divide(state: State, depth: int) -> dict[str, int]:
    """``perft(depth - 1)`` under each first action, keyed by the action's text."""
    grid = state.game.grid
    return {action_text(a, grid): perft(apply(state, a), depth - 1) for a in legal_actions(state)}
