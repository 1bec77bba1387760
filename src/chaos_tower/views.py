"""A player's view in the front door: saved and read back like a game, never played.

``ct.dumps(ct.observation(state, p))`` is a player-safe save and ``ct.loads``
reads it back, for every game; every function that would play a view raises
:class:`TypeError` (a view is one player's knowledge, not a position to go on from).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import api

__all__ = ["view_rules"]


def _not_playable(view: object, *args: Any) -> Any:
    raise TypeError("an observation is one player's view, not a game to play; use the referee's state")


def view_rules(
    *,
    name: str,
    save_format: str,
    players: Callable[[Any], int],
    decider: Callable[[Any], int | None],
    over: Callable[[Any], bool],
    dumps: Callable[[Any], str],
    loads: Callable[..., Any],
) -> api.GameRules:
    """The front door's record for one game's views: saves, loads, text; nothing that plays."""
    return api.GameRules(
        name=name,
        save_format=save_format,
        players=players,
        legal_actions=_not_playable,
        apply=_not_playable,
        check_action=_not_playable,
        can_apply=_not_playable,
        outcome=_not_playable,
        is_terminal=over,
        current_player=decider,
        returns=_not_playable,
        dumps=dumps,
        loads=loads,
        action_text=_not_playable,
        parse_action=_not_playable,
        action_index=_not_playable,
        action_from_index=_not_playable,
        action_space=_not_playable,
        render_text=str,
    )
