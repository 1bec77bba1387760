"""Helpers and layouts shared by the scenarios for the normal items, rare items, steps and the
number card / ZAP (``test_rules_items_normal.py``, ``test_rules_items_normal_09.py``,
``test_rules_items_rare.py``, ``test_rules_steps.py``, ``test_rules_zap.py``). Each test there is
named after the rule ID it checks (`shared/manual/README.md`) and asserts exact outcomes.

Geometry used throughout: cells ``x,y`` from the top left; a card at rotation
``k`` shows side ``s`` (f=0 r=1 b=2 l=3) toward direction ``(s + k) % 4``
(n=0 e=1 s=2 w=3). The default sheet has front slots ``front-0..4`` over the
columns and rear slots ``rear-0..4`` beside the rows, so a player at ``1,1``
may use ``front-1`` and ``rear-1`` but not ``front-3`` or ``rear-3``.

Recurring layouts (row ``y=1``, the player on Root Cellar at ``1,1``):

* ``room.root-cellar@3f``: its ``b`` side (``-``) faces east, its ``f`` side
  (da -1) faces west; ``room.root-cellar@1f`` turns the da -1 side east.
* ``monster.gnom@1f`` at ``2,1``: its ``b`` side (da -3) faces west, toward
  the player; a fight with G costs 4, its back gives G +3.
* ``room.ash-hall@0f`` at ``2,1``: its ``l`` side (da -1) faces west.
"""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.invariants import violations

from .scenario import act, game, legal, position

E = ". . . . ."
ALL_STEPS_BUT_SEQLRITH = "step.besiont,step.marnit,step.elerint,step.piant"

# Row y=1 layouts; the player stands on Root Cellar at 1,1.
GNOM = ". room.root-cellar@3f monster.gnom@1f . ."
ONDINE = ". room.root-cellar@3f monster.ondine@0f . ."  # Ondine's l side, da -2, faces west
VULCAN = ". room.root-cellar@3f monster.vulcan@0f . ."  # Vulcan's l side, da -2, faces west
SILVESTRE = ". room.root-cellar@3f monster.silvestre@0f . ."  # every side da -2
DASH_EXIT = ". room.root-cellar@3f room.ash-hall@0f . ."  # leave by '-', enter by da -1
NUMERIC_EXIT = ". room.root-cellar@1f room.ash-hall@0f . ."  # leave by da -1, enter by da -1

# Rebright on the floor at 1,1, the player on Seqlrith at 2,1 (its only path faces west).
REBRIGHT_ROWS = [E, ". rebright@0f step.seqlrith@3f . .", E, E, E]
# Root Cellar at 1,0 beside the corner 0,0, where Besiont may be placed.
BESIONT_ROWS = [". room.root-cellar@3f . . .", E, ". . monster.kelpie@0f . .", E, E]  # player at 1,0


def pos(rows: list[str], player: str, **fields: object) -> ct.State:
    """A hand-built position that is sound (every card and item in exactly one place)."""
    state = position(rows, player, **fields)
    assert violations(state) == []
    return state


def row1(cells: str) -> list[str]:
    """A floor whose only cards lie in row ``y=1``."""
    return [E, cells, E, E, E]


def rebright_position(values: str = "5.5.5.5.5", **fields: object) -> ct.State:
    """Rebright placed next to the player, who stands on Seqlrith after using the four other steps.

    The player holds 8 of every element by default, so that fighting Rebright stays possible
    (a position with no legal action at all is GameOver, `TOC-OVER-01`).
    """
    fields.setdefault("used", ALL_STEPS_BUT_SEQLRITH)
    fields.setdefault("el", "8.8.8.8.8")
    fields.setdefault("life", 8)
    return pos(REBRIGHT_ROWS, "2,1", rebright=values, **fields)


def rules(state: ct.State, kind: str | None = None) -> list[str]:
    """The rule IDs of the events of the action that made ``state`` (of one kind, if given)."""
    return [e.rule for e in state.events if kind is None or e.kind == kind]


def illegal(state: ct.State, text: str) -> str:
    """Assert that ``text`` is not legal (neither offered nor applicable); return the rule cited."""
    assert text not in legal(state)
    with pytest.raises(ct.IllegalActionError) as info:
        act(state, text)
    return info.value.rule


def item(item_id: str) -> int:
    return game().item_index[item_id]


def card(card_id: str) -> int:
    return game().card_index(card_id)


def slot(state: ct.State, slot_id: str) -> tuple[str | None, int]:
    """The item id set in a slot (or None) and its counters."""
    index = game().slot_ids.index(slot_id)
    held = state.slots[index]
    return (None if held == -1 else game().items[held].id), state.counters[index]


def ids(items: tuple[int, ...]) -> list[str]:
    return [game().items[i].id for i in items]


def card_ids(cards_: tuple[int, ...]) -> list[str]:
    return [game().table[c].id for c in cards_]


def at(state: ct.State, x: int, y: int) -> str | None:
    """The id of the card on a cell, or None."""
    code = state.floor[game().grid.cell(x, y)]
    return None if code == -1 else game().table[code >> 3].id


def cell(x: int, y: int) -> int:
    return game().grid.cell(x, y)


NORMAL_IDS = [
    "normal.armor-of-gnom",
    "normal.potion-of-life",
    "normal.ring-of-vulcan",
    "normal.sack-of-fly",
    "normal.sword-of-light",
]
