"""Placing cards on the floor: the first chaos card (``TOC-START``), the next ones (``TOC-PLAY``),
steps (``TOC-STEP-01``, ``02``, ``11``) and Rebright (``TOC-STEP-04``).

A reason is ``(rule id, message)``; ``None`` means the placement is allowed.
"""

from __future__ import annotations

from ..vocabulary import Trigger
from .actions import Place, PlaceRebright, PlaceStep
from .board import holds, side_at
from .change import Change
from .effects import perform
from .geometry import OPPOSITE, side_facing
from .state import EMPTY, Reason, State, encode
from .tables import FaceTable

__all__ = [
    "apply_place",
    "apply_place_rebright",
    "path_cells",
    "place_reason",
    "rebright_reason",
    "step_reason",
]


def in_start_phase(state: State) -> bool:
    """No card lies under the player: the game's start, or just after a ZAP fall (`TOC-ZAP-06`)."""
    return state.player == -1 or state.floor[state.player] == EMPTY


def path_cells(state: State) -> tuple[int, ...]:
    """Empty cells that a path of the player's card points to (`TOC-PLAY-A`, `E`, `F`).

    A tuple, not a generator: callers ask ``cell in path_cells(state)``, which a generator of the
    compiled build (``chaos_tower.buildinfo``) does not answer."""
    neighbours = state.game.grid.neighbours[state.player]
    return tuple(
        cell
        for direction, cell in enumerate(neighbours)
        if cell != -1 and state.floor[cell] == EMPTY and side_at(state, state.player, direction) is not None
    )


def points_into_floor(state: State, cell: int, face: FaceTable, rotation: int) -> bool:
    """At least one path of the card points into the floor area (`TOC-START-B`)."""
    neighbours = state.game.grid.neighbours[cell]
    return any(neighbours[d] != -1 and face.sides[side_facing(d, rotation)] is not None for d in range(4))


def blocked_road(state: State, cell: int, face: FaceTable, rotation: int) -> int:
    """A direction in which the card would block a neighbour's road, or -1 (`TOC-PLAY-D`)."""
    neighbours = state.game.grid.neighbours[cell]
    for d in range(4):
        other = neighbours[d]
        if other == -1 or state.floor[other] == EMPTY:
            continue
        if side_at(state, other, OPPOSITE[d]) is not None and face.sides[side_facing(d, rotation)] is None:
            return d
    return -1


def _cell_reason(
    state: State, cell: int, face: FaceTable, rotation: int, *, anywhere: bool = False, step: bool = False
) -> Reason:
    grid = state.game.grid
    if state.floor[cell] != EMPTY:
        return ("TOC-PLAY-E", f"cell {grid.name(cell)} is not empty")
    if step:
        return _step_cell_reason(state, cell, face, rotation, anywhere=anywhere)
    if in_start_phase(state):
        if state.player != -1 and cell != state.player:
            return (
                "TOC-ZAP-06",
                f"after a fall the first card goes where the player fell, {grid.name(state.player)}",
            )
        if not points_into_floor(state, cell, face, rotation):
            return ("TOC-START-B", "the first card needs a path pointing into the floor")
    elif not anywhere and cell not in path_cells(state):
        return ("TOC-PLAY-F", f"cell {grid.name(cell)} is not next to a path of the player's card")
    d = blocked_road(state, cell, face, rotation)
    if d != -1 and not in_start_phase(state):
        return (
            "TOC-PLAY-D",
            f"the card would block the road of its neighbour at {grid.name(grid.neighbours[cell][d])}",
        )
    return None


def _step_cell_reason(state: State, cell: int, face: FaceTable, rotation: int, *, anywhere: bool) -> Reason:
    # TOC-STEP-02 (reading): a step is no chaos card, so the road rule TOC-PLAY-D does not
    # bind it; entering it returns every other card to the deck (TOC-STEP-03), so no road
    # could stay blocked. What binds it: the cell (a path of the player's card points to it,
    # except Marnit's 任意の場所) and TOC-STEP-04: the cards placed from it lie inside the
    # floor, so it needs a path into the floor, as the first card does (TOC-START-B).
    # Option step_on_road=True takes the other reading: a step is placed like any card, so the
    # road rule binds it too (checked after the cell, before the path into the floor).
    grid = state.game.grid
    if not anywhere and cell not in path_cells(state):
        return ("TOC-PLAY-F", f"cell {grid.name(cell)} is not next to a path of the player's card")
    if state.step_on_road:
        d = blocked_road(state, cell, face, rotation)
        if d != -1:
            return (
                "TOC-PLAY-D",
                f"the step would block the road of its neighbour at {grid.name(grid.neighbours[cell][d])} "
                "(option step_on_road)",
            )
    if not points_into_floor(state, cell, face, rotation):
        return ("TOC-STEP-04", "a step needs a path pointing into the floor, for the cards placed from it")
    return None


def place_reason(state: State, action: Place) -> Reason:
    """Why the top chaos card cannot be placed so, or ``None``."""
    if not state.deck:
        return ("TOC-OVER-01", "the chaos deck is empty")
    if state.rebright_pending:
        return ("TOC-STEP-04", "Rebright must be placed first")
    face = state.game.table[state.deck[0]].front
    return _cell_reason(state, action.cell, face, action.rotation)


def apply_place(change: Change, action: Place) -> None:
    """Draw the top card and lay it; the first card carries the player (`TOC-START-P`)."""
    state = change.original
    game = state.game
    card = game.table[state.deck[0]]
    floor = list(state.floor)
    floor[action.cell] = encode(card.index, action.rotation, False)
    first = in_start_phase(state)
    change.floor, change.deck = tuple(floor), state.deck[1:]
    change.event(
        "TOC-START-A" if first else "TOC-PLAY-A",
        "place",
        f"{card.name} placed at {game.grid.name(action.cell)} r{action.rotation * 90}",
        card=card.id,
    )
    if first:
        change.player, change.item_on_entry = action.cell, False
        change.event("TOC-START-P", "player", f"the player stands on {card.name}")
    for effect in card.front.effects:
        if effect.trigger is Trigger.ON_PLACE:
            perform(change, effect, "TOC-START-J", f"{card.name} placed")


def step_reason(state: State, action: PlaceStep) -> Reason:
    """Why this step cannot be placed so, or ``None`` (`TOC-STEP-02`, `TOC-STEP-11`)."""
    game = state.game
    try:
        index = game.card_index(action.step)
    except KeyError:
        return ("TOC-STEP-11", f"no step {action.step!r}")
    card = game.table[index]
    if card.kind != "step":
        return ("TOC-STEP-11", f"{action.step!r} is not a step")
    if index not in state.step_area and index not in state.used_steps:
        # TOC-STEP-05: a used step may be placed again when its condition holds.
        return ("TOC-STEP-05", f"{card.name} is neither in the step area nor used")
    if in_start_phase(state):
        return ("TOC-START-A", "the first card of a floor is a chaos card")
    if state.rebright_pending:
        return ("TOC-STEP-04", "Rebright must be placed first")
    reason = _cell_reason(state, action.cell, card.front, action.rotation, anywhere=card.anywhere, step=True)
    if reason is not None:
        return reason
    if card.condition is not None and not holds(state, card.condition, action.cell):
        return ("TOC-STEP-02", f"{card.name}'s condition does not hold at {game.grid.name(action.cell)}")
    return None


def rebright_reason(state: State, action: PlaceRebright) -> Reason:
    """Why Rebright cannot be placed so, or ``None``."""
    if not state.rebright_pending:
        return ("TOC-STEP-11E", "Rebright has not appeared or is already placed")
    face = state.game.table[state.game.rebright].front
    return _cell_reason(state, action.cell, face, action.rotation)


def apply_place_rebright(change: Change, action: PlaceRebright) -> None:
    """Lay Rebright on the floor from Seqlrith (`TOC-STEP-04`)."""
    state = change.original
    floor = list(state.floor)
    floor[action.cell] = encode(state.game.rebright, action.rotation, False)
    change.floor, change.rebright_pending = tuple(floor), False
    rebright = state.game.table[state.game.rebright]
    where = state.game.grid.name(action.cell)
    change.event("TOC-STEP-04", "place", f"{rebright.name} placed at {where}", card=rebright.id)
