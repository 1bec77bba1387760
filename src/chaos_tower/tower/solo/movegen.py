"""Fast generation of the common legal actions: placements, steps, moves, flips and fights.

The rules' own ``*_reason`` functions decide legality; enumerating every
candidate and asking each one costs most of a playout's time. In the ordinary
phase (a card under the player, nothing pending) this module computes the same
actions directly from bit masks of open sides, in the same order.
``tests/tower/solo/test_movegen.py`` checks on many random positions that it gives
exactly what filtering the candidates through the reasons gives.
"""

from __future__ import annotations

from functools import cache

from attrs import frozen

from .actions import Action, Fight, Flip, Move, Place, PlaceStep
from .board import Predicate, continuous_effects, depends_on_cell, predicate
from .effects import monster_cost
from .geometry import Grid
from .state import EMPTY, State
from .tables import Game

__all__ = ["board_actions", "start_placements"]

_OPPOSITE = (2, 3, 0, 1)


@frozen(kw_only=True, eq=False)
class _Tables:
    """Per card set: each encoded cell's open directions, and one shared record per action."""

    open_mask: tuple[int, ...]
    """``open_mask[code]``: the directions a cell's content has paths toward (0 when empty)."""
    place: tuple[Place, ...]
    """``place[cell * 4 + rotation]``."""
    move: tuple[Move, ...]
    flip: tuple[Flip, ...]
    """``flip[direction * 5 + attribute]``; the same layout for ``fight``."""
    fight: tuple[Fight, ...]
    fit: tuple[tuple[tuple[int, ...], ...], ...]
    """``fit[card][need]``: the rotations in which the card's front has a path in every direction of
    the ``need`` mask (`TOC-PLAY-C`, `TOC-PLAY-D`)."""
    open_toward: tuple[tuple[tuple[tuple[int, int], ...], ...], ...]
    """``open_toward[cell][mask]``: ``(direction, neighbour)`` for each direction of ``mask`` in order,
    the neighbour -1 off the floor: the directions a card's paths point to, looked up at once."""
    step_info: dict[int, _StepInfo]
    """Per step, what :func:`board_actions` reads of it, in one tuple (:data:`_StepInfo`)."""
    payable: tuple[tuple[tuple[int, int], ...], ...]
    """``payable[card]``: ``(attribute, cost)`` for each attribute with a positive cost: a room's
    flip cost, a monster's monster-element (its fight's cost with no effect in force)."""
    recent: list[tuple[object, list[int], dict[int, list[PlaceStep]]]]
    """The last floor whose empty cells were listed (by identity: a move keeps the floor), those
    cells, and per step placed anywhere its records there; only to save time. Given by
    :func:`_make_tables`, not by an attrs default factory, which the compiled build cannot
    take (``chaos_tower.buildinfo``)."""


_StepInfo = tuple[
    bool,  # placed anywhere (Marnit)
    Predicate | None,  # its condition, asked once
    Predicate | None,  # its condition, asked per cell
    tuple[tuple[PlaceStep, ...], ...],  # per cell, its records in the rotations that fit
    # per cell, the rotations with a path into the floor (TOC-STEP-04; the road rule does not
    # bind a step, TOC-STEP-02 reading, unless the option step_on_road)
    tuple[tuple[int, ...], ...],
    tuple[PlaceStep, ...],  # placed[cell * 4 + rotation]
    tuple[int, int, int, int],  # its front's open directions per rotation (option step_on_road)
]
"""What :func:`board_actions` reads of a step, unpacked at once."""


def _step_checks(game: Game, step: int) -> tuple[Predicate | None, Predicate | None]:
    condition = game.table[step].condition
    if condition is None:
        return None, None
    if depends_on_cell(condition):
        return None, predicate(game, condition)
    return predicate(game, condition), None


def _tables(game: Game) -> _Tables:
    # Kept on the compiled game (freed with its card set), not in a module-level cache.
    tables: _Tables | None = game._memo.get("movegen")
    if tables is None:
        tables = game._memo["movegen"] = _make_tables(game)
    return tables


def _make_tables(game: Game) -> _Tables:
    cells = game.grid.cells
    step_fit = {
        s: tuple(
            tuple(r for r in range(4) if game.table[s].front.open_toward[r] & _inward(game.grid, c))
            for c in range(cells)
        )
        for s in game.steps
    }
    place_step = {
        s: tuple(PlaceStep(step=game.table[s].id, cell=c, rotation=r) for c in range(cells) for r in range(4))
        for s in game.steps
    }
    masks = [0] * (len(game.table) * 8)
    for card in game.table:
        for flipped, face in ((0, card.front), (1, card.back)):
            for rotation in range(4):
                masks[card.index * 8 + rotation * 2 + flipped] = face.open_toward[rotation]
    return _Tables(
        recent=[((), [], {})],
        open_mask=tuple(masks),
        place=tuple(Place(cell=c, rotation=r) for c in range(cells) for r in range(4)),
        move=tuple(Move(direction=d) for d in range(4)),
        flip=tuple(Flip(direction=d, attribute=a) for d in range(4) for a in range(5)),
        fight=tuple(Fight(direction=d, attribute=a) for d in range(4) for a in range(5)),
        fit=tuple(
            tuple(
                tuple(r for r in range(4) if not need & ~card.front.open_toward[r]) for need in range(16)
            )
            for card in game.table
        ),
        open_toward=_open_toward(game.grid),
        payable=tuple(
            tuple(
                (a, cost)
                for a, cost in enumerate(card.flip_cost if card.kind == "room" else card.front.element)
                if cost > 0
            )
            for card in game.table
        ),
        step_info={
            s: (
                game.table[s].anywhere,
                *_step_checks(game, s),
                tuple(tuple(place_step[s][c * 4 + r] for r in step_fit[s][c]) for c in range(cells)),
                step_fit[s],
                place_step[s],
                game.table[s].front.open_toward,
            )
            for s in game.steps
        },
    )


def _open_toward(grid: Grid) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    # Each (direction, neighbour) pair made once per cell and shared by the masks (memory: the
    # tables are per card set, but counted in the retained-state figure).
    pairs = [[(d, grid.neighbours[c][d]) for d in range(4)] for c in range(grid.cells)]
    return tuple(
        tuple(tuple(pairs[c][d] for d in range(4) if mask >> d & 1) for mask in range(16))
        for c in range(grid.cells)
    )


def _inward(grid: Grid, cell: int) -> int:
    """Directions (bit mask) from ``cell`` that stay on the floor."""
    return sum(1 << d for d, other in enumerate(grid.neighbours[cell]) if other != -1)


def _needs(floor: tuple[int, ...], neighbours: tuple[int, ...], masks: tuple[int, ...]) -> int:
    """Directions (bit mask) in which a card laid on a cell must have a path (`TOC-PLAY-D`)."""
    # Unrolled over the four directions (n e s w; the opposite of each is two further on).
    mask = 0
    n, e, s, w = neighbours
    if n != -1 and (code := floor[n]) != EMPTY and masks[code] & 4:
        mask = 1
    if e != -1 and (code := floor[e]) != EMPTY and masks[code] & 8:
        mask |= 2
    if s != -1 and (code := floor[s]) != EMPTY and masks[code] & 1:
        mask |= 4
    if w != -1 and (code := floor[w]) != EMPTY and masks[code] & 2:
        mask |= 8
    return mask


def board_actions(state: State) -> list[Action]:
    """Legal placements, steps, moves, flips and fights in the ordinary phase, in engine order."""
    game = state.game
    tables = _tables(game)
    masks = tables.open_mask
    floor = state.floor
    player = state.player
    all_neighbours = game.grid.neighbours
    toward = tables.open_toward[player][masks[floor[player]]]
    out: list[Action] = []
    path_cells = [cell for _, cell in toward if cell != -1 and floor[cell] == EMPTY]
    if path_cells and state.deck:
        fit = tables.fit[state.deck[0]]
        place = tables.place
        for cell in path_cells:
            base = cell * 4
            for rotation in fit[_needs(floor, all_neighbours[cell], masks)]:
                out.append(place[base + rotation])
    steps = state.step_area + state.used_steps
    if steps:
        info = tables.step_info
        on_road = state.step_on_road
        for step in steps:
            anywhere, once, per_cell, on_cell, fit, placed, road = info[step]
            if once is not None and not once(state, player):
                continue
            cells = path_cells
            if anywhere:
                # Every empty cell, and the records there of a step with no condition per cell,
                # listed once per floor (a move keeps the floor's tuple).
                last, empty, records = tables.recent[0]
                if last is not floor:
                    empty = [c for c, code in enumerate(floor) if code == EMPTY]
                    records = {}
                    tables.recent[0] = (floor, empty, records)
                if per_cell is None and not on_road:
                    known = records.get(step)
                    if known is None:
                        known = records[step] = [a for c in empty for a in on_cell[c]]
                    out += known
                    continue
                cells = empty
            if not on_road:
                if per_cell is None:
                    for cell in cells:
                        out += on_cell[cell]
                else:
                    for cell in cells:
                        if per_cell(state, cell):
                            out += on_cell[cell]
                continue
            for cell in cells:
                if per_cell is not None and not per_cell(state, cell):
                    continue
                base = cell * 4
                # Option step_on_road (TOC-STEP-02): the road rule TOC-PLAY-D binds the step too.
                need = _needs(floor, all_neighbours[cell], masks)
                for rotation in fit[cell]:
                    if not need & ~road[rotation]:
                        out.append(placed[base + rotation])
    elements = state.elements
    effects = None
    table = game.table
    for d, target in toward:
        if target == -1:
            out.append(tables.move[d])
            continue
        code = floor[target]
        if code == EMPTY:
            out.append(tables.move[d])
            continue
        if not masks[code] >> _OPPOSITE[d] & 1:
            continue
        card = table[code >> 3]
        kind = card.kind
        if kind == "room":
            out.append(tables.move[d])
            if not code & 1:
                for a, cost in tables.payable[code >> 3]:
                    if cost <= elements[a]:
                        out.append(tables.flip[d * 5 + a])
        elif kind == "monster":
            out.append(tables.move[d])
            if not code & 1:
                if effects is None:
                    effects = continuous_effects(state)
                if not effects:  # monster_cost with nothing in force: the monster-element itself
                    for a, cost in tables.payable[code >> 3]:
                        if cost <= elements[a]:
                            out.append(tables.fight[d * 5 + a])
                    continue
                for a in range(5):
                    cost = monster_cost(state, card, a, effects)
                    if 0 < cost <= elements[a]:
                        out.append(tables.fight[d * 5 + a])
        elif kind == "rebright":
            if state.rebright is not None:
                for a in range(5):
                    if 0 < state.rebright[a] <= elements[a]:
                        out.append(tables.fight[d * 5 + a])
        else:
            out.append(tables.move[d])
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
        inward = _inward(grid, cell)
        for rotation in range(4):
            if top[rotation] & inward:
                out.append(Place(cell=cell, rotation=rotation))
    return tuple(out)
