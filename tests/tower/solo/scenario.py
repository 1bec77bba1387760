"""Small helpers to build Tower of CHAOS positions by hand and act on them.

A position is written as rows of space-separated cells, each ``.`` (empty) or
``<card id>@<quarter turns><f|b>``::

    position([
        ". . . . .",
        ". room.tide-gallery@0f monster.kelpie@1f . .",
        ". . . . .",
        ". . . . .",
        ". . . . .",
    ], player="1,1", life=5)

Every other field of the notation (``chaos_tower.tower.solo.notation``) may be
given as a keyword; a missing one takes its all-reset value.
"""

from __future__ import annotations

from functools import cache

import chaos_tower as ct

__all__ = ["act", "cards", "game", "legal", "position"]


@cache
def cards() -> ct.TowerCardSet:
    """The built-in card set (loaded once)."""
    return ct.load_cardset()


def game():  # type: ignore[no-untyped-def]
    """The compiled game of the built-in card set."""
    return ct.new_game(cards()).game


def position(rows: list[str], player: str, **fields: object) -> ct.State:
    """A hand-built position: ``rows`` top first, cells separated by spaces."""
    floor = "/".join(",".join(row.split()) for row in rows)
    words = [f"floor={floor}", f"player={player}"]
    words += [f"{key}={value}" for key, value in fields.items()]
    return ct.from_notation(" ".join(words), game())


def act(state: ct.State, text: str) -> ct.State:
    """Apply an action given by its text form."""
    return ct.apply(state, ct.parse_action(state, text))


def legal(state: ct.State) -> set[str]:
    """The text forms of every legal action."""
    return {ct.action_text(state, a) for a in ct.legal_actions(state)}
