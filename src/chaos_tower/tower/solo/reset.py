"""Sack Of Fly's rear effect: one card or item back to its preparation state (``TOC-NORMAL-09D``).

Kept apart from :mod:`.items` (which uses it) because what may be reset, and
what a reset does, is one idea with its own reading: 全カードから1つをリセット.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...kernel.rng import shuffle
from .change import Change
from .state import EMPTY, State

__all__ = ["apply_reset", "reset_targets"]


def reset_targets(state: State, using: int = -1) -> Iterator[str]:
    """What Sack Of Fly's rear can reset (`TOC-NORMAL-09D`: 全カードから1つをリセット).

    Read as every card or item not in its preparation place that can be put
    back without touching the player: a room or monster on the floor other
    than the one under the player (back into the chaos deck, reshuffled), a
    used step (back to the step area), a lost item (back to its area), and an
    item set in a slot (its effect-counters back to full; the step clause
    TOC-STEP-05 speaks of items that reset use counts).

    ``using`` is the slot whose item does the resetting: that item is no target
    of its own, since a use costs one use (`TOC-NORMAL-08`) and refilling its own
    counters would undo the cost: unlimited uses, each changing nothing.
    """
    game = state.game
    for cell, code in enumerate(state.floor):
        if code != EMPTY and cell != state.player and game.table[code >> 3].kind in ("room", "monster"):
            yield game.table[code >> 3].id
    for step in state.used_steps:
        yield game.table[step].id
    for item in state.lost:
        yield game.items[item].id
    for slot, item in enumerate(state.slots):
        if item != EMPTY and state.counters[slot] != -1 and slot != using:
            yield game.items[item].id


def apply_reset(change: Change, target: str) -> None:
    """Put one card or item back as at all-reset (`TOC-NORMAL-09D`)."""
    game = change.original.game
    rule = "TOC-NORMAL-09D"
    if target in game.card_ids:
        index = game.card_ids[target]
        if index in change.used_steps:
            change.used_steps = tuple(s for s in change.used_steps if s != index)
            change.step_area = (*change.step_area, index)
            change.event(rule, "reset", f"{game.table[index].name} goes back to the step area")
            return
        change.floor = tuple(EMPTY if code != EMPTY and code >> 3 == index else code for code in change.floor)
        change.deck, change.rng = shuffle((*change.deck, index), change.rng)
        change.event(rule, "reset", f"{game.table[index].name} goes back into the chaos deck, reshuffled")
        return
    item = game.item_index[target]
    if item in change.lost:
        change.lost = tuple(i for i in change.lost if i != item)
        change.event(rule, "reset", f"{game.items[item].name} goes back to its area")
        return
    slot = change.slots.index(item)
    table = game.items[item]
    full = table.front_counters if game.slot_side[slot] == "front" else table.rear_counters
    counts = list(change.counters)
    counts[slot] = -1 if full is None else full
    change.counters = tuple(counts)
    change.event(rule, "reset", f"{table.name}'s effect-counters are full again")
