"""Helpers shared by the board-rule scenarios (``test_rules_board_*.py``) of Tower of CHAOS.

Positions are written with :mod:`.scenario`; cells are ``x,y`` from the top left,
directions n e s w, and a card at rotation ``k`` shows its side ``s`` (f r b l = 0 1 2 3)
toward direction ``(s + k) % 4``.
"""

from __future__ import annotations

import pytest

import chaos_tower as ct

from .scenario import game, legal, position

E = ". . . . ."
ALL_RESET = (4, 4, 4, 4, 4)


def with_top(rows: list[str], player: str, *top: str, **fields: object) -> ct.State:
    """A position whose chaos deck starts with ``top`` (then every other chaos card)."""
    on_floor = {cell.split("@")[0] for row in rows for cell in row.split() if cell != "."}
    g = game()
    rest = [g.table[c].id for c in g.chaos if g.table[c].id not in on_floor and g.table[c].id not in top]
    return position(rows, player, deck=",".join([*top, *rest]), **fields)


def illegal(state: ct.State, text: str) -> str:
    """Apply an action that must be illegal; return the rule it names.

    The input state must come out untouched (same notation, equal state)."""
    before = ct.to_notation(state)
    action = ct.parse_action(state, text)
    assert not ct.can_apply(state, action)
    assert text not in legal(state)
    with pytest.raises(ct.IllegalActionError) as info:
        ct.apply(state, action)
    assert ct.to_notation(state) == before
    assert info.value.rule.startswith("TOC-")
    return info.value.rule


def rules(state: ct.State) -> list[str]:
    return [e.rule for e in state.events]


def events(state: ct.State, kind: str) -> list[ct.Event]:
    return [e for e in state.events if e.kind == kind]


def cell(state: ct.State, x: int, y: int) -> str:
    """The notation of one floor cell (``room.x@1b`` or ``.``)."""
    return ct.to_notation(state).split()[0].removeprefix("floor=").split("/")[y].split(",")[x]


def places(state: ct.State) -> set[str]:
    return {a for a in legal(state) if a.startswith("place ")}


def starting_with(state: ct.State, word: str) -> set[str]:
    return {a for a in legal(state) if a.startswith(word + " ")}
