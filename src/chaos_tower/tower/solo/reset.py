"""Resets: Sack Of Fly's rear effect, one card or item back to its preparation state
(``TOC-NORMAL-09D``), and the term ``reset_uses``, every set item's effect-counters full again
(``TOC-STEP-05``: an item that resets uses).

Kept apart from :mod:`.items` (which uses it) because what may be reset, and
what a reset does, is one idea with its own reading: 全カードから1つをリセット.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...kernel.rng import shuffle
from .actions import Use
from .change import Change
from .state import EMPTY, State

__all__ = [
    "apply_reset",
    "apply_reset_uses",
    "full_counters",
    "reset_targets",
    "reset_uses_targets",
    "slot_of",
]


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
    counts = list(change.counters)
    counts[slot] = full_counters(change.original, slot, item)
    change.counters = tuple(counts)
    change.event(rule, "reset", f"{game.items[item].name}'s effect-counters are full again")


def reset_uses_targets(state: State, using: int = -1) -> Iterator[int]:
    """The slots whose item has used some of its effect-counters (`TOC-STEP-05`), but ``using``,
    the slot of the item that resets them (a use costs one use, `TOC-NORMAL-08`)."""
    for slot, item in enumerate(state.slots):
        if item == EMPTY or slot == using or state.counters[slot] == -1:
            continue
        if state.counters[slot] < full_counters(state, slot, item):
            yield slot


def apply_reset_uses(change: Change, rule: str, why: str, *, using: int = -1) -> None:
    """Every set item but the one in ``using`` has its effect-counters full again (`TOC-STEP-05`:
    使用回数をリセットするアイテム; the term ``reset_uses``)."""
    state = change.now()
    slots = tuple(reset_uses_targets(state, using))
    if not slots:
        return
    counts = list(change.counters)
    for slot in slots:
        counts[slot] = full_counters(state, slot, change.slots[slot])
    change.counters = tuple(counts)
    names = ", ".join(state.game.items[change.slots[slot]].name for slot in slots)
    change.event(rule, "reset", f"effect-counters full again: {names} ({why})")


def slot_of(change: Change, use: Use) -> int:
    """The slot a use names."""
    return change.original.game.slot_ids.index(use.slot)


def full_counters(state: State, slot: int, item: int) -> int:
    """The effect-counters of ``item`` set in ``slot`` when full: set-text-f's in a front slot,
    set-text-r's in a rear slot (`TOC-NORMAL-08`); -1 for no limit."""
    table = state.game.items[item]
    full = table.front_counters if state.game.slot_side[slot] == "front" else table.rear_counters
    return -1 if full is None else full
