"""What must hold in every reachable position; used by loads() and by the property tests.

The numbers are checked first, each against the bound the card set and the rules
give it (:mod:`.reach`), and nothing else is looked at while one is out of bounds,
so a huge number in a save is refused before any arithmetic is done with it.
"""

from __future__ import annotations

from collections import Counter

from .board import shows_normal_item
from .reach import numbers, outcome
from .state import EMPTY, State, card_of, is_flipped

__all__ = ["violations"]


def violations(state: State) -> list[str]:
    """Every broken invariant of a position, in words; empty when the position is sound."""
    game = state.game
    grid = game.grid
    found = numbers(state)
    if found:
        return found
    if len(state.floor) != grid.cells:
        return [f"the floor has {len(state.floor)} cells, not {grid.cells}"]
    on_floor = [card_of(code) for code in state.floor if code != EMPTY]
    if any(not 0 <= c < len(game.table) for c in on_floor):
        return ["a floor cell holds an unknown card"]
    # Each chaos card in exactly one place: the deck or the floor.
    chaos = Counter(c for c in on_floor if game.table[c].kind in ("room", "monster"))
    chaos.update(state.deck)
    if any(game.table[c].kind not in ("room", "monster") for c in state.deck):
        found.append("the chaos deck holds a card that is not a room or a monster")
    if chaos != Counter(game.chaos):
        found.append("chaos cards are missing or duplicated between the deck and the floor")
    steps = Counter(c for c in on_floor if game.table[c].kind == "step")
    steps.update(state.step_area)
    steps.update(state.used_steps)
    if steps != Counter(game.steps):
        found.append("steps are missing or duplicated between the step area, used area and floor")
    if sum(1 for c in on_floor if game.table[c].kind == "rebright") > 1:
        found.append("Rebright lies on the floor twice")
    rebright_on_floor = game.rebright in on_floor
    if rebright_on_floor and (state.rebright is None or state.rebright_pending):
        found.append("Rebright lies on the floor without having appeared")
    if state.rebright_pending and state.rebright is None:
        found.append("Rebright waits to be placed without having appeared")
    # Each item in exactly one place: its area, carry, a slot or lost.
    placed = Counter(state.carry)
    placed.update(i for i in state.slots if i != EMPTY)
    placed.update(state.lost)
    if any(not 0 <= i < len(game.items) for i in placed):
        found.append("an unknown item is in play")
    elif any(n > 1 for n in placed.values()):
        found.append("an item is in two places at once")
    if len(state.carry) > game.carry_limit:
        found.append(f"carry holds {len(state.carry)} items; the limit is {game.carry_limit}")
    for i in state.slots:
        if i != EMPTY and 0 <= i < len(game.items) and not game.items[i].settable:
            found.append(f"{game.items[i].id} cannot be set in a slot")
    if state.rebright is not None and not state.rebright_pending and not rebright_on_floor:
        # TOC-STEP-11E: once summoned Rebright waits to be placed, then lies on the floor (a ZAP
        # clears both, TOC-ZAP-04).
        found.append("Rebright has values but neither waits to be placed nor lies on the floor")
    if state.player == -1 and on_floor:
        found.append("cards lie on the floor but the player has not started")
    if state.player >= 0 and state.floor[state.player] == EMPTY and (on_floor or state.level != 0):
        # TOC-ZAP-05: only a fall leaves the player on an empty cell, and it clears the floor.
        found.append("the player stands on an empty cell outside a ZAP (TOC-ZAP-05)")
    if state.step_returns and state.level == 0:
        # TOC-STEP-03 / TOC-ZAP-04: a step leaves the player on level 1 at least, and a ZAP resets the mark.
        found.append("the step's return is pending on the ZAP level (TOC-STEP-03)")
    if state.item_on_entry and not _shows_normal_item(state):
        # TOC-ITEM-01D: the mark is made on entering a flipped room whose icon is a normal item's.
        found.append("a normal item's condition is marked met where no room shows one (TOC-ITEM-01D)")
    found += outcome(state, bool(on_floor))
    return found


def _shows_normal_item(state: State) -> bool:
    game = state.game
    if state.player < 0 or state.floor[state.player] == EMPTY or not is_flipped(state.floor[state.player]):
        return False
    card = game.table[card_of(state.floor[state.player])]
    return card.kind == "room" and shows_normal_item(game, card.back.icon)
