"""What must hold in every reachable position; used by loads() and by the property tests."""

from __future__ import annotations

from collections import Counter

from .state import EMPTY, State, card_of

__all__ = ["violations"]


def violations(state: State) -> list[str]:
    """Every broken invariant of a position, in words; empty when the position is sound."""
    game = state.game
    found: list[str] = []
    grid = game.grid
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
    if len(state.slots) != len(game.slot_ids) or len(state.counters) != len(game.slot_ids):
        found.append("the slots do not match the sheet")
    else:
        for item, count in zip(state.slots, state.counters, strict=True):
            if item == EMPTY and count != -1:
                found.append("an empty slot has counters")
            if item != EMPTY and (count == 0 or count < -1):
                found.append("a set item has no uses left but is still set")
    for i in state.slots:
        if i != EMPTY and 0 <= i < len(game.items) and not game.items[i].settable:
            found.append(f"{game.items[i].id} cannot be set in a slot")
    if not game.life_min <= state.life <= game.life_max:
        found.append(f"life {state.life} is outside {game.life_min}..{game.life_max}")
    if state.life == game.life_min and state.result is None:
        found.append("life is 0 but the game goes on")
    if len(state.elements) != 5 or any(not game.element_min <= e <= game.element_max for e in state.elements):
        found.append(f"elements {state.elements} are outside {game.element_min}..{game.element_max}")
    if state.rebright is not None and (len(state.rebright) != 5 or any(v < 0 for v in state.rebright)):
        found.append("Rebright's values are not five numbers of at least 0")
    if not -1 <= state.player < grid.cells:
        found.append("the player is off the sheet")
    if state.player == -1 and on_floor:
        found.append("cards lie on the floor but the player has not started")
    if state.level < 0:
        found.append("the floor number is negative")
    if state.actions < 0 or (state.max_actions is not None and state.max_actions < 1):
        found.append("the action count is negative")
    if not 0 <= state.rng < 1 << 64:
        found.append("the generator state is not a 64-bit number")
    return found
