"""Fast generation of the common legal actions: placements, steps, moves, flips and fights.

The rules' own ``*_reason`` functions decide legality; enumerating every
candidate and asking each one costs most of a playout's time. In the ordinary
phase (a card under the player, nothing pending) this module computes the same
actions directly from bit masks of open sides, in the same order.
``tests/tower/test_movegen.py`` checks on many random positions that it gives
exactly what filtering the candidates through the reasons gives.
"""

from __future__ import annotations

from functools import cache

from .actions import Action, Fight, Flip, Move, Place, PlaceStep
from .board import continuous_effects, depends_on_cell, holds, monster_cost
from .geometry import Grid
from .state import EMPTY, State
from .tables import FaceTable

__all__ = ["board_actions", "start_placements"]

_OPPOSITE = (2, 3, 0, 1)


def _face(state: State, code: int) -> tuple[FaceTable, int]:
    card = state.game.table[code >> 3]
    return (card.back if code & 1 else card.front), (code >> 1) & 3


def _needs(state: State, cell: int) -> int:
    """Directions (bit mask) in which a card laid on ``cell`` must have a path (`TOC-PLAY-D`)."""
    floor = state.floor
    neighbours = state.game.grid.neighbours[cell]
    mask = 0
    for d in range(4):
        other = neighbours[d]
        if other != -1:
            code = floor[other]
            if code != EMPTY:
                face, rotation = _face(state, code)
                if face.open_toward[rotation] >> _OPPOSITE[d] & 1:
                    mask |= 1 << d
    return mask


def board_actions(state: State) -> list[Action]:
    """Legal placements, steps, moves, flips and fights in the ordinary phase, in engine order."""
    game = state.game
    floor = state.floor
    table = game.table
    player = state.player
    neighbours = game.grid.neighbours[player]
    here, here_rotation = _face(state, floor[player])
    open_here = here.open_toward[here_rotation]
    out: list[Action] = []
    path_cells = [
        neighbours[d]
        for d in range(4)
        if open_here >> d & 1 and neighbours[d] != -1 and floor[neighbours[d]] == EMPTY
    ]
    needs = {cell: _needs(state, cell) for cell in path_cells}
    if state.deck:
        top = table[state.deck[0]].front.open_toward
        for cell in path_cells:
            need = needs[cell]
            for rotation in range(4):
                if not need & ~top[rotation]:
                    out.append(Place(cell=cell, rotation=rotation))
    steps = state.step_area + state.used_steps
    if steps:
        empty = [c for c in range(len(floor)) if floor[c] == EMPTY]
        for step in steps:
            card = table[step]
            opens = card.front.open_toward
            condition = card.condition
            if condition is not None and not depends_on_cell(condition):
                if not holds(state, condition, player):
                    continue
                condition = None
            for cell in empty if card.anywhere else path_cells:
                if condition is not None and not holds(state, condition, cell):
                    continue
                need = needs[cell] if cell in needs else _needs(state, cell)
                for rotation in range(4):
                    if not need & ~opens[rotation]:
                        out.append(PlaceStep(step=card.id, cell=cell, rotation=rotation))
    elements = state.elements
    effects = None
    for d in range(4):
        if not open_here >> d & 1:
            continue
        target = neighbours[d]
        if target == -1 or floor[target] == EMPTY:
            out.append(Move(direction=d))
            continue
        code = floor[target]
        card = table[code >> 3]
        face, rotation = _face(state, code)
        if not face.open_toward[rotation] >> _OPPOSITE[d] & 1:
            continue
        if card.kind != "rebright":
            out.append(Move(direction=d))
        for a in range(5):
            if card.kind == "room":
                cost = card.flip_cost[a]
                if not code & 1 and 0 < cost <= elements[a]:
                    out.append(Flip(direction=d, attribute=a))
            elif card.kind == "monster":
                if not code & 1:
                    if effects is None:
                        effects = continuous_effects(state)
                    cost = monster_cost(state, card, a, effects)
                    if 0 < cost <= elements[a]:
                        out.append(Fight(direction=d, attribute=a))
            elif card.kind == "rebright" and state.rebright is not None:
                value = state.rebright[a]
                if 0 < value <= elements[a]:
                    out.append(Fight(direction=d, attribute=a))
    return out


def start_placements(state: State) -> list[Action]:
    """The first card's placements (`TOC-START-B`, `TOC-ZAP-06`): any rotation with a path into the floor."""
    if not state.deck:
        return []
    game = state.game
    return list(_start_placements(game.grid, game.table[state.deck[0]].front.open_toward, state.player))


@cache
def _start_placements(grid: Grid, top: tuple[int, int, int, int], player: int) -> tuple[Action, ...]:
    out: list[Action] = []
    for cell in range(grid.cells) if player == -1 else (player,):
        inward = sum(1 << d for d, other in enumerate(grid.neighbours[cell]) if other != -1)
        for rotation in range(4):
            if top[rotation] & inward:
                out.append(Place(cell=cell, rotation=rotation))
    return tuple(out)
