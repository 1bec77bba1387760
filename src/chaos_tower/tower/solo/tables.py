"""A card set compiled into flat tables that the rules read quickly.

The rules never walk the card-set records during play: every card that can lie
on the floor gets a small integer, and its faces become tuples. The compiled
:class:`Game` is built once per card set and shared by every state of every
game played with it.
"""

from __future__ import annotations

import copyreg
from collections.abc import Callable
from typing import Any, Literal

from attrs import field, frozen

from ...kernel.cardref import cardset_reduce, lookup, register
from ...kernel.memo import Memo, remember
from ..cards import Da, Icon, ItemKind, NormalItem, RareItem, Recipe, SimpleItem, TowerCardSet
from ..fingerprint import digest, fingerprint
from ..vocabulary import ATTRIBUTES, Condition, Effect, Elements, Trigger
from .geometry import Grid, grid

__all__ = ["CardKind", "CardTable", "FaceTable", "Game", "ItemTable", "compile_game"]

CardKind = Literal["room", "monster", "step", "rebright"]
Vector = tuple[int, int, int, int, int]


def _vector(elements: Elements) -> Vector:
    return elements.as_tuple()


@frozen(kw_only=True)
class FaceTable:
    """One face: sides f r b l, its element vector, its effects and icon."""

    sides: tuple[Da, Da, Da, Da]
    element: Vector
    """room-element (rooms), monster-element (living monsters), mg-element (defeated), step-element."""
    effects: tuple[Effect, ...]
    icon: Icon | None
    open_toward: tuple[int, int, int, int]
    """For each rotation 0..3, a bit mask of the sheet directions (n=1, e=2, s=4, w=8) the
    face has paths toward: a precomputed form of the sides for fast move generation."""


@frozen(kw_only=True)
class CardTable:
    """A card that can lie on the floor."""

    index: int
    id: str
    name: str
    kind: CardKind
    attribute: int
    """Index into G W V S D; Rebright has -1."""
    front: FaceTable
    back: FaceTable
    flip_cost: Vector
    condition: Condition | None
    """Steps: the placement condition."""
    anywhere: bool
    """Steps: may be placed on any empty cell (Marnit)."""


@frozen(kw_only=True)
class ItemTable:
    """An item: where it starts, what it does where."""

    id: str
    name: str
    kind: Literal["normal", "rare", "monster", "change", "growth"]
    carry_effects: tuple[Effect, ...]
    front_effects: tuple[Effect, ...]
    rear_effects: tuple[Effect, ...]
    front_counters: int | None
    rear_counters: int | None
    recipe: Recipe | None

    @property
    def settable(self) -> bool:
        """Normal and rare items may be set in slots; icon items are carry only (`TOC-ITEM-01A` to `C`)."""
        return self.kind in ("normal", "rare")


@frozen(kw_only=True, eq=False)
class Game:
    """The compiled card set: cards by number, items by id, sheet and track."""

    cards: TowerCardSet
    fingerprint: str
    grid: Grid
    table: tuple[CardTable, ...]
    chaos: tuple[int, ...]
    """The rooms and monsters: the chaos deck (`TOC-PREP-03`)."""
    steps: tuple[int, ...]
    rebright: int
    card_ids: dict[str, int]
    step_ids: frozenset[str]
    reset_ids: frozenset[str]
    """Ids a reset may name: chaos cards, steps and items."""
    monsters: frozenset[int]
    """Numbers of the monster cards."""
    lasting_codes: frozenset[int]
    """The floor codes (``card * 8 + rotation * 2 + flipped``) showing a face with a "while here" or
    "while on floor" effect."""
    items: tuple[ItemTable, ...]
    item_index: dict[str, int]
    slot_ids: tuple[str, ...]
    slot_side: tuple[str, ...]
    slot_row: tuple[int, ...]
    """Row a slot is aligned with, or -1."""
    slot_column: tuple[int, ...]
    """Column a slot is aligned with, or -1."""
    floor_extra: tuple[int, ...]
    zap_extra: int
    life_min: int
    life_max: int
    element_min: int
    element_max: int
    start_life: int
    start_element: int
    carry_limit: int
    rebright_values: Vector
    _memo: Memo = field(factory=Memo, init=False, eq=False, repr=False, hash=False)
    """What the engine derives once per card set (the action space, move tables, conditions)."""

    def extra_da(self, floor: int) -> int:
        """The number card's extra da on a floor; 0 is ZAP (`TOC-ZAP-03`, `TOC-ZAP-06`)."""
        if floor == 0:
            return self.zap_extra
        return self.floor_extra[min(floor, len(self.floor_extra)) - 1]

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as its card set's fingerprint, not its tables (chaos_tower.kernel.cardref): 64 KB a state.
        return (game_of, (self.fingerprint,))

    def card_index(self, card_id: str) -> int:
        """The number of a floor card by id; ``KeyError`` if none."""
        return self.card_ids[card_id]


def _face(
    sides: tuple[Da, Da, Da, Da], element: Elements, effects: tuple[Effect, ...], icon: Icon | None
) -> FaceTable:
    open_toward = tuple(
        sum(1 << ((side + rotation) % 4) for side in range(4) if sides[side] is not None)
        for rotation in range(4)
    )
    return FaceTable(
        sides=sides,
        element=_vector(element),
        effects=effects,
        icon=icon,
        open_toward=open_toward,  # type: ignore[arg-type]
    )


def _item(item: NormalItem | RareItem | SimpleItem) -> ItemTable:
    if isinstance(item, NormalItem):
        return ItemTable(
            id=item.id,
            name=item.name,
            kind="normal",
            carry_effects=item.carry.effects,
            front_effects=item.set_front.effects,
            rear_effects=item.set_rear.effects,
            front_counters=item.set_front.counters,
            rear_counters=item.set_rear.counters,
            recipe=None,
        )
    if isinstance(item, RareItem):
        return ItemTable(
            id=item.id,
            name=item.name,
            kind="rare",
            carry_effects=item.carry.effects,
            front_effects=item.set.effects,
            rear_effects=item.set.effects,
            front_counters=item.set.counters,
            rear_counters=item.set.counters,
            recipe=item.recipe,
        )
    kind: Literal["monster", "change", "growth"] = (
        "monster" if item.kind is ItemKind.MONSTER else "change" if item.kind is ItemKind.CHANGE else "growth"
    )
    return ItemTable(
        id=item.id,
        name=item.name,
        kind=kind,
        carry_effects=item.effects,
        front_effects=(),
        rear_effects=(),
        front_counters=None,
        rear_counters=None,
        recipe=item.recipe,
    )


def compile_game(cards: TowerCardSet) -> Game:
    """Compile a validated card set; the result is kept on that card-set object (``cards._memo``).

    Kept per object, not looked up by value: hashing a whole card set costs
    more than a game's first move, and a card set is loaded once and reused.
    On the object, it is freed with it.
    """
    return remember(cards._memo, "tower.game", lambda: _registered(_compile(cards)))


def _registered(game: Game) -> Game:
    # Known by fingerprint in this process, so that a pickled state can name its card set.
    register(game.fingerprint, game.cards)
    return game


def game_of(fingerprint: str) -> Game:
    """The compiled game of a card set known by its fingerprint (how a pickled state's game comes back)."""
    return compile_game(lookup(fingerprint))


def _fingerprint(cards: TowerCardSet) -> str:
    # What a card set's pickle names to register it by (kernel.cardref.restore_cardset): defined
    # here, so that unpickling imports this module, which hands the kernel the built-in sets'
    # loader (tower.fingerprint); computed afresh, so an unpickled set's memo starts empty.
    return digest(cards)


def _reduce_cards(cards: TowerCardSet) -> tuple[Callable[..., TowerCardSet], tuple[Any, ...]]:
    return cardset_reduce(cards, _fingerprint)


# A pickled card set registers itself when unpickled (chaos_tower.kernel.cardref).
copyreg.pickle(TowerCardSet, _reduce_cards)




def _compile(cards: TowerCardSet) -> Game:
    table: list[CardTable] = []
    no_cost: Vector = (0, 0, 0, 0, 0)

    def add(**kwargs: object) -> int:
        index = len(table)
        table.append(CardTable(index=index, **kwargs))  # type: ignore[arg-type]
        return index

    attr = {a: i for i, a in enumerate(ATTRIBUTES)}
    for room in cards.rooms:
        add(
            id=room.id,
            name=room.name,
            kind="room",
            attribute=attr[room.attribute],
            front=_face(
                room.front.da.as_tuple(), room.front.room_element, room.front.effects, room.front.icon
            ),
            back=_face(room.back.da.as_tuple(), room.back.room_element, room.back.effects, room.back.icon),
            flip_cost=_vector(room.flip_cost),
            condition=None,
            anywhere=False,
        )
    for monster in cards.monsters:
        add(
            id=monster.id,
            name=monster.name,
            kind="monster",
            attribute=attr[monster.attribute],
            front=_face(
                monster.front.da.as_tuple(), monster.front.monster_element, monster.front.effects, None
            ),
            back=_face(
                monster.back.da.as_tuple(), monster.back.mg_element, monster.back.effects, monster.back.icon
            ),
            flip_cost=no_cost,
            condition=None,
            anywhere=False,
        )
    chaos = tuple(range(len(table)))
    steps = []
    for step in cards.steps:
        face = _face(step.da.as_tuple(), step.step_element, step.effects, None)
        steps.append(
            add(
                id=step.id,
                name=step.name,
                kind="step",
                attribute=-1,
                front=face,
                back=face,
                flip_cost=no_cost,
                condition=step.condition,
                anywhere=step.placement == "anywhere",
            )
        )
    reb = cards.rebright
    reb_face = _face(reb.da.as_tuple(), Elements(), (), None)
    rebright = add(
        id=reb.id,
        name=reb.name,
        kind="rebright",
        attribute=-1,
        front=reb_face,
        back=reb_face,
        flip_cost=no_cost,
        condition=None,
        anywhere=False,
    )
    items = (
        *(_item(i) for i in cards.normal_items),
        *(_item(i) for i in cards.rare_items),
        *(_item(i) for i in cards.items),
    )
    sheet = cards.sheet
    return Game(
        cards=cards,
        fingerprint=fingerprint(cards),
        grid=grid(sheet.columns, sheet.rows),
        table=tuple(table),
        chaos=chaos,
        steps=tuple(steps),
        rebright=rebright,
        card_ids={card.id: card.index for card in table},
        step_ids=frozenset(table[s].id for s in steps),
        reset_ids=frozenset(
            [table[c].id for c in chaos] + [table[s].id for s in steps] + [item.id for item in items]
        ),
        monsters=frozenset(card.index for card in table if card.kind == "monster"),
        lasting_codes=frozenset(
            card.index * 8 + rotation * 2 + back
            for card in table
            for back, face in ((0, card.front), (1, card.back))
            if any(e.trigger in (Trigger.WHILE_HERE, Trigger.WHILE_ON_FLOOR) for e in face.effects)
            for rotation in range(4)
        ),
        items=items,
        item_index={item.id: i for i, item in enumerate(items)},
        slot_ids=tuple(s.id for s in sheet.slots),
        slot_side=tuple(s.side for s in sheet.slots),
        slot_row=tuple(-1 if s.row is None else s.row for s in sheet.slots),
        slot_column=tuple(-1 if s.column is None else s.column for s in sheet.slots),
        floor_extra=tuple(mark.extra_da for mark in cards.number.floors),
        zap_extra=cards.number.zap_extra_da,
        life_min=sheet.life.min,
        life_max=sheet.life.max,
        element_min=sheet.element.min,
        element_max=sheet.element.max,
        start_life=sheet.start_life,
        start_element=sheet.start_element,
        carry_limit=sheet.carry_limit,
        rebright_values=_vector(reb.values),
    )
