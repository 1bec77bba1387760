"""Questions about a position that several rules ask: sides, paths, da, effects, conditions."""

from __future__ import annotations

from collections.abc import Callable

from ...kernel.memo import remember
from ..cards import Da, Icon
from ..vocabulary import (
    LETTERS,
    AllAttributesOnFloor,
    AllOf,
    AnyOf,
    Condition,
    Corner,
    Effect,
    ElementAtLeast,
    HoldsItems,
    LivingMonstersAtLeast,
    NeighbourMonster,
    NeighboursOfOneAttribute,
    Scope,
    StepsUsed,
    Trigger,
)
from .geometry import OPPOSITE
from .state import EMPTY, State, card_of, is_flipped
from .tables import CardTable, FaceTable, Game

__all__ = [
    "attribute_index",
    "card_at",
    "connected",
    "continuous_effects",
    "depends_on_cell",
    "face_at",
    "holds",
    "is_living_monster",
    "matches",
    "predicate",
    "same_attribute_neighbours",
    "shows_normal_item",
    "side_at",
]


def attribute_index(letter: str) -> int:
    """G W V S D → 0..4."""
    return LETTERS.index(letter)


def card_at(state: State, cell: int) -> CardTable | None:
    """The card lying on a cell, if any."""
    code = state.floor[cell]
    return None if code == EMPTY else state.game.table[card_of(code)]


def shows_normal_item(game: Game, icon: Icon | None) -> bool:
    """The icon is a normal item's: a room's back that gives its item to a player who enters with
    the icon's condition met (`TOC-ITEM-01D`)."""
    return (
        icon is not None
        and icon.item in game.item_index
        and game.items[game.item_index[icon.item]].kind == "normal"
    )


def face_at(state: State, cell: int) -> FaceTable:
    """The face shown by the card on a (non-empty) cell."""
    code = state.floor[cell]
    card = state.game.table[card_of(code)]
    return card.back if is_flipped(code) else card.front


def side_at(state: State, cell: int, direction: int) -> Da:
    """The side of the card on ``cell`` that faces ``direction`` (`TOC-START-M`)."""
    code = state.floor[cell]
    if code == EMPTY:
        return None
    # face_at and side_facing(direction, rotation_of(code)), written out: asked on every move.
    card = state.game.table[code >> 3]
    return (card.back if code & 1 else card.front).sides[(direction - (code >> 1 & 3)) % 4]


def is_living_monster(state: State, cell: int) -> bool:
    """A monster not yet defeated lies on the cell."""
    code = state.floor[cell]
    return code != EMPTY and not is_flipped(code) and state.game.table[card_of(code)].kind == "monster"


def connected(state: State, cell: int, direction: int) -> int:
    """The neighbour reached through connected paths (`TOC-PROG1-03`), or -1.

    Two cards are connected when each has a path on the side facing the other.
    """
    if side_at(state, cell, direction) is None:
        return -1
    other = state.game.grid.neighbours[cell][direction]
    if other == -1 or state.floor[other] == EMPTY:
        return -1
    if side_at(state, other, OPPOSITE[direction]) is None:
        return -1
    return other


def matches(scope: Scope, card: CardTable) -> bool:
    """Whether a card is in an effect's scope."""
    if scope.cards != "any" and scope.cards != card.kind:
        return False
    if scope.attribute is not None and LETTERS.index(scope.attribute.value) != card.attribute:
        return False
    return scope.name is None or scope.name == card.name


def continuous_effects(state: State, entering: int = -1) -> tuple[Effect, ...]:
    """The effects acting now: carried items, cards on the floor, the card the player is on.

    The card the player stands on acts on fights from it (`TOC-PROG2-01`: the
    room's r-text may affect the monster).

    ``entering`` is a cell the player is moving into: its "while here" effects
    count too, since progress Ⅰ–Ⅳ read the texts of both cards of a move
    (`TOC-PROG1-01`, `TOC-PROG3-01`).
    """
    game = state.game
    floor = state.floor
    # Most faces have no lasting effect: find, in one set operation, the floor
    # codes that show one, and look only at their cells.
    lasting = game.lasting_codes.intersection(floor)
    if not lasting and not state.carry:
        return ()  # the usual case: nothing carried, no lasting face on the floor
    found: list[Effect] = []
    for item in state.carry:
        found.extend(e for e in game.items[item].carry_effects if e.trigger is Trigger.WHILE_CARRIED)
    for cell, code in enumerate(floor if lasting else ()):
        if code not in lasting:
            continue
        card = game.table[card_of(code)]
        face = card.back if is_flipped(code) else card.front
        for effect in face.effects:
            if effect.trigger is Trigger.WHILE_ON_FLOOR or (
                effect.trigger is Trigger.WHILE_HERE and (cell == state.player or cell == entering)
            ):
                found.append(effect)
    return tuple(e for e in found if e.when is None or holds(state, e.when, state.player))


def same_attribute_neighbours(state: State, cell: int) -> int:
    """The most neighbours of ``cell`` that share one attribute (Elerint, `TOC-STEP-11C`)."""
    table = state.game.table
    floor = state.floor
    tally = [0] * 5
    for other in state.game.grid.neighbours[cell]:
        if other != -1 and floor[other] != EMPTY:
            attribute = table[floor[other] >> 3].attribute
            if attribute >= 0:
                tally[attribute] += 1
    return max(tally)


_CELL_TESTS = (Corner, NeighboursOfOneAttribute, NeighbourMonster)

Predicate = Callable[[State, int], bool]
"""A compiled condition: ``predicate(state, cell)``, ``cell`` being where it is asked."""


def depends_on_cell(condition: Condition) -> bool:
    """Whether a condition looks at the cell it is asked about (corner, neighbours)."""
    if isinstance(condition, AllOf | AnyOf):
        return any(depends_on_cell(part) for part in condition.of)
    return isinstance(condition, _CELL_TESTS)


def holds(state: State, condition: Condition, cell: int) -> bool:
    """Whether a condition holds, ``cell`` being where it is asked (a step's target cell)."""
    return predicate(state.game, condition)(state, cell)


def predicate(game: Game, condition: Condition) -> Predicate:
    """The condition turned, once per card set, into a function of the position.

    Steps' conditions are asked for every path cell on every step of a game;
    looking the card set up once (item and step numbers, the corners, which
    card numbers are monsters) keeps that cheap. Kept on the compiled game,
    so freed with it.
    """
    return remember(game._memo, ("predicate", condition), lambda: _predicate(game, condition))


def _predicate(game: Game, condition: Condition) -> Predicate:
    match condition:
        case Corner():
            corners = frozenset(game.grid.corners)
            return lambda state, cell: cell in corners
        case HoldsItems(items=items):
            wanted = tuple(game.item_index[i] for i in items)

            def holds_items(state: State, cell: int) -> bool:
                return all(i in state.carry or i in state.slots for i in wanted)

            return holds_items
        case ElementAtLeast(attribute=attribute, value=value):
            index = LETTERS.index(attribute.value)
            return lambda state, cell: state.elements[index] >= value
        case LivingMonstersAtLeast(count=count):
            # The codes of a monster face up (not flipped: not defeated), in any rotation; counted
            # over the floor by map in C (issue 27).
            living_codes = frozenset(m << 3 | r << 1 for m in game.monsters for r in range(4)).__contains__

            def living_at_least(state: State, cell: int) -> bool:
                return sum(map(living_codes, state.floor)) >= count

            return living_at_least
        case NeighboursOfOneAttribute(count=count):
            # same_attribute_neighbours(state, cell) >= count, from tables: each cell's neighbours
            # on the floor, and each floor code's card attribute (-1 for none, and for EMPTY, the
            # last entry).
            on_floor = tuple(tuple(o for o in around if o != -1) for around in game.grid.neighbours)
            attribute_of = (*(card.attribute for card in game.table for _ in range(8)), -1)

            if count == 2:  # Elerint's: two neighbours share an attribute (a bit seen twice)
                bit_of = tuple(1 << a if a >= 0 else 0 for a in attribute_of)

                def two_of_one(state: State, cell: int) -> bool:
                    floor = state.floor
                    seen = 0
                    for other in on_floor[cell]:
                        bit = bit_of[floor[other]]
                        if bit & seen:
                            return True
                        seen |= bit
                    return False

                return two_of_one

            def one_attribute(state: State, cell: int) -> bool:
                floor = state.floor
                found = [a for a in [attribute_of[floor[o]] for o in on_floor[cell]] if a >= 0]
                return len(found) >= count and max(map(found.count, found)) >= count

            return one_attribute
        case NeighbourMonster(state=which):
            neighbours = game.grid.neighbours
            monsters = game.monsters
            # A flipped monster (code & 1) is a defeated one.
            wanted_flips = {"any": (0, 1), "living": (0,), "defeated": (1,)}[which]

            # wanted[code]: the floor code shows such a monster (the last entry, False, is EMPTY's);
            # each cell's neighbours on the floor.
            codes = {m << 3 | r << 1 | f for m in monsters for r in range(4) for f in wanted_flips}
            wanted = (*(code in codes for code in range(len(game.table) * 8)), False)
            around = tuple(tuple(o for o in cells if o != -1) for cells in neighbours)

            def next_to_monster(state: State, cell: int) -> bool:
                floor = state.floor
                for other in around[cell]:  # noqa: SIM110 (a loop: any() of a generator is slower here)
                    if wanted[floor[other]]:
                        return True
                return False

            return next_to_monster
        case StepsUsed(steps=steps):
            needed = frozenset(game.card_ids[s] for s in steps)
            return lambda state, cell: needed.issubset(state.used_steps)
        case AllAttributesOnFloor():
            attribute_of = tuple(card.attribute for card in game.table)

            def all_attributes(state: State, cell: int) -> bool:
                present = {attribute_of[code >> 3] for code in state.floor if code != EMPTY}
                return all(a in present for a in range(5))

            return all_attributes
        case AllOf(of=parts):
            checks = tuple(predicate(game, part) for part in parts)
            if len(checks) == 2:  # the usual case, without a generator per question
                first, second = checks
                return lambda state, cell: first(state, cell) and second(state, cell)
            return lambda state, cell: all(check(state, cell) for check in checks)
        case AnyOf(of=parts):
            checks = tuple(predicate(game, part) for part in parts)
            if len(checks) == 2:
                first, second = checks
                return lambda state, cell: first(state, cell) or second(state, cell)
            return lambda state, cell: any(check(state, cell) for check in checks)
    raise TypeError(f"unknown condition {condition!r}")
