"""Reading a person's choice among the legal actions, the same way in every game's terminal play.

>>> import chaos_tower as ct
>>> state = ct.new_game(ct.load_cardset(), seed=7)
>>> actions = ct.legal_actions(state)
>>> pick(state, actions, "1") == actions[0], pick(state, actions, "place 0,0 r0") == actions[0]
(True, True)
>>> pick(state, actions, "0")
Traceback (most recent call last):
chaos_tower.kernel.errors.ChaosTowerError: choose a number from 1 to 100
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import api
from ..kernel.errors import ChaosTowerError

__all__ = ["pick"]


def pick(state: Any, actions: Sequence[Any], choice: str) -> Any:
    """The action a person typed: its number in the shown list (from 1), or its text form.

    :class:`~chaos_tower.kernel.errors.ChaosTowerError` (or its
    :class:`~chaos_tower.kernel.errors.MalformedActionError`) when it is neither; the
    rules still decide, when it is applied, whether a typed action is legal.
    """
    if choice.isdigit():
        index = int(choice) - 1
        if not 0 <= index < len(actions):
            raise ChaosTowerError(f"choose a number from 1 to {len(actions)}")
        return actions[index]
    return api.parse_action(state, choice)
