"""Saving and loading a solo game as JSON (``dumps`` / ``loads``).

A save names the card set by name, version and a SHA-256 fingerprint of its
content, holds the position in :mod:`notation <chaos_tower.tower.notation>`
form and the last action's events. Loading refuses a save for another card
set, a malformed one, or a position that breaks the game's invariants, with a
:class:`~chaos_tower.errors.SaveError`; nothing is half-loaded.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from ..cards import TowerCardSet
from ..errors import SaveError
from .invariants import violations
from .notation import from_notation, to_notation
from .state import Event, State
from .tables import compile_game

__all__ = ["FORMAT", "MAX_SAVE_BYTES", "dumps", "loads"]

FORMAT = "chaos-tower/tower-solo/1"
MAX_SAVE_BYTES = 1_048_576


def dumps(state: State) -> str:
    """The whole state as JSON text; ``loads(dumps(s), cards) == s``."""
    header = state.game.cards.header
    data = {
        "format": FORMAT,
        "cardset": {"name": header.name, "version": header.version, "sha256": state.game.fingerprint},
        "position": to_notation(state),
        "events": [attrs.asdict(e) for e in state.events],
    }
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SaveError(f"duplicate key {key!r} in the save")
        out[key] = value
    return out


def _refuse_constant(name: str) -> Any:
    raise SaveError(f"{name} is not allowed in a save")


def loads(text: str | bytes, cards: TowerCardSet) -> State:
    """Read a save made by :func:`dumps` for the same card set."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"the save is larger than {MAX_SAVE_BYTES} bytes")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
    except SaveError:
        raise
    except (ValueError, RecursionError) as exc:
        raise SaveError(f"the save is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"not a solo Tower save (expected format {FORMAT!r})")
    if set(data) != {"format", "cardset", "position", "events"}:
        raise SaveError(f"a save has the keys format, cardset, position, events; found {sorted(data)}")
    if not isinstance(cards, TowerCardSet):
        raise SaveError("a Tower save is loaded with a Tower card set")
    game = compile_game(cards)
    cardset = data["cardset"]
    if not isinstance(cardset, dict) or cardset.get("sha256") != game.fingerprint:
        name = cardset.get("name") if isinstance(cardset, dict) else None
        raise SaveError(f"the save was made with another card set ({name!r}); load it with that set")
    if not isinstance(data["position"], str):
        raise SaveError("the position must be a string")
    state = from_notation(data["position"], game)
    problems = violations(state)
    if problems:
        raise SaveError("the saved position is impossible: " + "; ".join(problems))
    events = data["events"]
    if not isinstance(events, list):
        raise SaveError("events must be a list")
    try:
        restored = tuple(Event(**e) for e in events)
    except TypeError as exc:
        raise SaveError(f"a bad event in the save: {exc}") from None
    for event in restored:
        if not (
            isinstance(event.rule, str)
            and isinstance(event.kind, str)
            and isinstance(event.text, str)
            and (event.amount is None or type(event.amount) is int)
        ):
            raise SaveError("a bad event in the save")
    return attrs.evolve(state, events=restored)
