"""The solo observation tensor's named layout (``ct.observation_layout(state)``).

See :mod:`chaos_tower.kernel.layout` for the scaling every game shares. The bounds
come from the card set: life and the elements from the sheet, the
effect-counters from the items; the floor, the combat bonus and the actions
have no bound and are squashed.
"""

from __future__ import annotations

from ...kernel.layout import Layout, Slice
from ...kernel.memo import remember
from ..vocabulary import LETTERS
from .state import State
from .tables import Game

__all__ = ["ACTIONS_SCALE", "BONUS_SCALE", "LEVEL_SCALE", "layout", "most_counters", "observation_layout"]

LEVEL_SCALE = 10
"""The floor is squashed as ``x / (x + 10)``: 0 at ZAP, 0.5 on floor 10."""
BONUS_SCALE = 10
"""The combat bonus (signed) is squashed as ``x / (|x| + 10)``."""
ACTIONS_SCALE = 100
"""The actions taken are squashed as ``x / (x + 100)``."""


def most_counters(game: Game) -> int:
    """The most effect-counters an item side starts with (at least 1)."""
    sides = [c for i in game.items for c in (i.front_counters, i.rear_counters) if c is not None]
    return max([1, *sides])


def observation_layout(state: State) -> tuple[Slice, ...]:
    """The layout of :func:`~chaos_tower.tower.solo.observe.observation_tensor` for this state's card set."""
    return layout(state.game)


def layout(game: Game) -> tuple[Slice, ...]:
    """The layout for a compiled card set (kept with it)."""
    return remember(game._memo, "tower.layout", lambda: _layout(game))


def _layout(game: Game) -> tuple[Slice, ...]:
    out = Layout()
    cards = len(game.table)
    grid = game.grid
    for cell in range(grid.cells):
        at = f"floor {grid.name(cell)}"
        out.add(f"{at} occupied", 1, "a card lies in the cell")
        out.add(f"{at} card", cards, "which card (card-set order)", "one-hot")
        out.add(f"{at} rotation", 4, "quarter turns clockwise, 0..3", "one-hot")
        out.add(f"{at} back", 1, "the card shows its back face")
        out.add(f"{at} player", 1, "the player stands here")
    out.add("deck top", cards + 1, "the deck's face-up top card; the last: the deck is empty", "one-hot")
    out.add("step area", cards, "the steps in the step area", "multi-hot")
    out.add("used steps", cards, "the steps used", "multi-hot")
    places = 3 + len(game.slot_ids)
    for item in game.items:
        out.add(f"item {item.id}", places, "where it is: own area, carried, lost, then each slot", "one-hot")
    most = most_counters(game)
    out.add(
        "slot counters",
        len(game.slot_ids),
        "per slot: effect-counters left; 0 for no limit or nothing set",
        f"(x + 1) / {most + 1}",
    )
    low, high = game.element_min, game.element_max
    span = high - low or 1
    out.add("rebright summoned", 1, "Rebright has appeared (TOC-STEP-11E)")
    out.add("rebright values", 5, f"Rebright's values {'.'.join(LETTERS)}", f"(x - {low}) / {span}")
    out.add("rebright pending", 1, "Rebright waits to be placed")
    life_span = game.life_max - game.life_min or 1
    out.add("life", 1, "the player's life", f"(x - {game.life_min}) / {life_span}")
    out.add("elements", 5, f"the player's elements {'.'.join(LETTERS)}", f"(x - {low}) / {span}")
    out.add("floor", 1, "the number card's floor; 0 is ZAP", f"x / (x + {LEVEL_SCALE})")
    out.add("deck size", 1, "chaos cards left in the deck", f"x / {len(game.chaos) or 1}")
    out.add("combat bonus", 1, "da added to the next fight", f"x / (|x| + {BONUS_SCALE})", low=-1.0)
    out.add("rearranging", 1, "Sword Of Light's rear is being used (TOC-NORMAL-09E)")
    out.add("step returns", 1, "the step stood on goes back unused (TOC-ZAP-07)")
    out.add("item on entry", 1, "the room's normal item had its condition met on entry (TOC-ITEM-01D)")
    out.add("actions", 1, "actions taken", f"x / (x + {ACTIONS_SCALE})")
    out.add("over", 1, "the game is over")
    return out.done()
