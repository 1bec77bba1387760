"""A player's view in the front door: saved and read back like a game, never played.

``ct.dumps(ct.observation(state, p))`` is a player-safe save and ``ct.loads``
reads it back, for every game; every function that would play a view raises
:class:`TypeError` (a view is one player's knowledge, not a position to go on from).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .registry import GameRules, ViewCodec

__all__ = ["view_rules"]


def view_rules(
    *,
    name: str,
    save_format: str,
    players: Callable[[Any], int],
    decider: Callable[[Any], int | None],
    over: Callable[[Any], bool],
    dumps: Callable[[Any], str],
    loads: Callable[..., Any],
) -> GameRules:
    """The front door's record for one game's views: saves, loads, text; nothing that plays.

    Kept for one release: a mode's :class:`~chaos_tower.registry.ViewCodec` (its ``view``) now
    describes its views, and the registry makes this record from it.
    """
    codec = ViewCodec(
        name=name,
        view_type=object,
        format=save_format,
        players=players,
        decider=decider,
        over=over,
        dumps=dumps,
        loads=loads,
    )
    return codec.rules()
