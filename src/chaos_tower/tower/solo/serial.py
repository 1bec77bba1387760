"""Saving and loading a solo game as JSON (``dumps`` / ``loads``).

A save names the card set by name, version and a SHA-256 fingerprint of its
content, holds the position in :mod:`notation <chaos_tower.tower.solo.notation>`
form and the last action's events. Loading refuses a save for another card
set, a malformed one, or a position that breaks the game's invariants, with a
:class:`~chaos_tower.kernel.errors.SaveError`; nothing is half-loaded.
"""

from __future__ import annotations

import attrs

from ...kernel import saves
from ...kernel.errors import SaveError
from ..cards import TowerCardSet
from .invariants import violations
from .notation import from_notation, to_notation
from .reach import counted
from .state import Event, State
from .tables import compile_game

__all__ = ["FORMAT", "dumps", "loads"]

FORMAT = "chaos-tower/tower-solo/1"


def dumps(state: State) -> str:
    """The whole state as JSON text; ``loads(dumps(s), cards) == s``."""
    header = state.game.cards.header
    return saves.write(
        FORMAT,
        name=header.name,
        version=header.version,
        fingerprint=state.game.fingerprint,
        position=to_notation(state),
        events=state.events,
    )


def loads(text: str | bytes, cards: TowerCardSet) -> State:
    """Read a save made by :func:`dumps` for the same card set."""
    if not isinstance(cards, TowerCardSet):
        raise SaveError(f"a solo Tower save needs a Tower of CHAOS card set, not a {type(cards).__name__}")
    game = compile_game(cards)
    position, events = saves.read(text, fmt=FORMAT, what="solo Tower", fingerprint=game.fingerprint)
    if not isinstance(position, str):
        raise SaveError("the position must be a string")
    state = from_notation(position, game)
    problems = violations(state) or counted(state)
    if problems:
        raise SaveError("the saved position is impossible: " + "; ".join(problems))
    return attrs.evolve(state, events=saves.read_events(events, Event))
