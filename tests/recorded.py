"""Solo positions from real games, kept as a seed and the actions that reach them (``tests/data``)."""

from __future__ import annotations

import json
from pathlib import Path

import chaos_tower as ct

DATA = Path(__file__).resolve().parent / "data"


def recorded(name: str, cards: ct.TowerCardSet) -> ct.State:
    """The position of ``tests/data/NAME``: ``seed``, ``max_actions`` and ``actions`` (their text)
    played from a new game of ``cards``."""
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    state = ct.new_game(cards, seed=data["seed"], max_actions=data["max_actions"])
    for text in data["actions"]:
        state = ct.apply(state, ct.parse_action(state, text))
    return state
