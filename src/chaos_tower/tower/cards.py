"""The Tower of CHAOS card set as typed, frozen records.

These classes mirror ``schemas/tower-cardset.schema.json`` one to one; the
schema's descriptions are the field documentation users read, and the comments
here cite the manual clause each field comes from.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Literal

from attrs import field, frozen

from ..cardsets.header import Reconstructed
from ..kernel.memo import Memo
from .vocabulary import Attribute, Condition, Effect, Elements

__all__ = [
    "PLAIN",
    "Bounds",
    "CardSetHeader",
    "Da",
    "FloorMark",
    "Icon",
    "ItemKind",
    "ItemUse",
    "MonsterBack",
    "MonsterCard",
    "MonsterFront",
    "NormalItem",
    "NumberCard",
    "RareItem",
    "Rebright",
    "Recipe",
    "Reconstructed",
    "RoomCard",
    "RoomFace",
    "Sheet",
    "Sides",
    "SimpleItem",
    "Slot",
    "StepCard",
    "TowerCardSet",
]

PLAIN: Literal["-"] = "-"

Da = int | Literal["-"] | None
"""One side of a card: ``None`` is a wall, ``"-"`` a plain path that no ± touches
(`TOC-START-L`), an integer a path whose da changes life each time it is passed."""


@frozen(kw_only=True)
class Sides:
    """The da of a face's four sides: front, right, back, left (`TOC-START-M`)."""

    f: Da
    r: Da
    b: Da
    l: Da  # noqa: E741 - the manual's own letter for "left"

    def as_tuple(self) -> tuple[Da, Da, Da, Da]:
        """The four sides in f, r, b, l order (clockwise from the card's front)."""
        return (self.f, self.r, self.b, self.l)

    def paths(self) -> int:
        """How many sides are paths (`TOC-PLAY-A` counts placements by them)."""
        return sum(side is not None for side in self.as_tuple())


@frozen(kw_only=True)
class Icon:
    """An item-gain icon on a flipped face (`TOC-ITEM-01`).

    For a normal item, ``when`` is the condition to meet on entering the room
    (`TOC-ITEM-01D`); for the other kinds it is normally absent.
    """

    item: str
    when: Condition | None = None


@frozen(kw_only=True)
class RoomFace:
    """One face of a room card: room-element, r-text and da (`TOC-START-C`)."""

    room_element: Elements
    da: Sides
    text: str = ""
    effects: tuple[Effect, ...] = ()
    icon: Icon | None = None


@frozen(kw_only=True)
class RoomCard:
    """A room card: both faces, and the price of flipping it with elements (`TOC-PROG1-03`).

    ``vs`` is the VS value, used only in the VS modes (`TOC-START-I`)."""

    id: str
    name: str
    ja: str | None = None
    attribute: Attribute
    vs: Elements
    flip_cost: Elements
    front: RoomFace
    back: RoomFace


@frozen(kw_only=True)
class MonsterFront:
    """A living monster: its monster-element (the price of a fight) and da (`TOC-START-D`)."""

    monster_element: Elements
    da: Sides
    text: str = ""
    effects: tuple[Effect, ...] = ()


@frozen(kw_only=True)
class MonsterBack:
    """A defeated monster: mg-element applied once, da, and the item icon (`TOC-PROG2-03`)."""

    mg_element: Elements
    da: Sides
    text: str = ""
    effects: tuple[Effect, ...] = ()
    icon: Icon | None = None


@frozen(kw_only=True)
class MonsterCard:
    """A monster card; ``m_text`` is the name in katakana (`TOC-START-K`)."""

    id: str
    name: str
    ja: str | None = None
    m_text: str
    attribute: Attribute
    vs: Elements
    front: MonsterFront
    back: MonsterBack


@frozen(kw_only=True)
class StepCard:
    """A step card (`TOC-STEP-06`): name (`TOC-STEP-07`), step-element (`TOC-STEP-08`),
    s-text and its condition (`TOC-STEP-09`), da (`TOC-STEP-10`), effects on entry."""

    id: str
    name: str
    ja: str | None = None
    step_element: Elements
    text: str
    """The s-text, as printed."""
    condition: Condition | None = None
    placement: str = "path"
    """``path``: on a cell a path of the player's card points to; ``anywhere`` (Marnit)."""
    da: Sides
    effects: tuple[Effect, ...] = ()


@frozen(kw_only=True)
class ItemUse:
    """One area's text of an item: what it says, what it does, how often (`TOC-NORMAL-08`)."""

    text: str
    effects: tuple[Effect, ...] = ()
    counters: int | None = None
    """Effect-counters when set; ``None`` means no limit (制限なし)."""


@frozen(kw_only=True)
class Recipe:
    """How an item is gained by consuming others (a rare item's get-text, `TOC-RARE-06`)."""

    text: str
    consume: tuple[str, ...]
    when: Condition | None = None


@frozen(kw_only=True)
class NormalItem:
    """A normal item (`TOC-NORMAL-01`, `TOC-NORMAL-02`): name (`TOC-NORMAL-03`), VS value (`TOC-NORMAL-04`),
    n-text in carry (`TOC-NORMAL-05`), set-text-f (`TOC-NORMAL-06`), set-text-r (`TOC-NORMAL-07`)."""

    id: str
    name: str
    ja: str | None = None
    note: str | None = None
    vs: Elements
    carry: ItemUse
    set_front: ItemUse
    set_rear: ItemUse


@frozen(kw_only=True)
class RareItem:
    """A rare item (`TOC-RARE-01`, `TOC-RARE-02`): name (`TOC-RARE-03`), VS value (`TOC-RARE-04`), r-text
    in carry (`TOC-RARE-05`), get-text recipe (`TOC-RARE-06`), set-effect on Rebright (`TOC-RARE-07`)."""

    id: str
    name: str
    ja: str | None = None
    vs: Elements
    carry: ItemUse
    set: ItemUse
    """The set-effect, the same in a front or a rear slot (`TOC-RARE-07`)."""
    recipe: Recipe


class ItemKind(enum.Enum):
    """The icon items of `TOC-ITEM-01A` to `01C`: carry only."""

    MONSTER = "monster"
    CHANGE = "change"
    GROWTH = "growth"


@frozen(kw_only=True)
class SimpleItem:
    """A monster, change or growth item (`TOC-ITEM-01A` to `01C`); kept in carry only."""

    id: str
    name: str
    ja: str | None = None
    kind: ItemKind
    vs: Elements = field(factory=Elements)
    text: str = ""
    effects: tuple[Effect, ...] = ()
    recipe: Recipe | None = None
    """For change and growth items gained by trading others in."""


@frozen(kw_only=True)
class Rebright:
    """The great spirit gone wrong: a value per attribute, and da per side."""

    id: str
    name: str
    ja: str | None = None
    text: str = ""
    values: Elements
    da: Sides


@frozen(kw_only=True)
class FloorMark:
    """One floor on the number card: outer number and inner extra da (`TOC-ZAP-02`)."""

    floor: int
    extra_da: int


@frozen(kw_only=True)
class NumberCard:
    """The number card's track (`TOC-ZAP-01` to `03`); floors past the last keep its extra da."""

    floors: tuple[FloorMark, ...]
    zap_extra_da: int = 0


@frozen(kw_only=True)
class Slot:
    """A set-item slot beside the floor, aligned with one row or one column (`TOC-NORMAL-06`)."""

    id: str
    side: str
    """``front`` (set item front) or ``rear`` (set item rear)."""
    row: int | None = None
    column: int | None = None


@frozen(kw_only=True)
class Bounds:
    """The least and greatest value a status card can show."""

    min: int
    max: int


@frozen(kw_only=True)
class Sheet:
    """The tower-sheet: floor size, slots, value bounds and starting values (`TOC-PREP-*`)."""

    columns: int
    rows: int
    slots: tuple[Slot, ...]
    life: Bounds
    element: Bounds
    start_life: int = 4
    start_element: int = 4
    carry_limit: int = 5


@frozen(kw_only=True)
class CardSetHeader:
    """Identity of a card set and what in it is not from the manual."""

    game: Literal["tower"]
    name: str
    version: str
    language: str
    complete: bool = False
    """The set claims to be a full Tower set: its counts per kind are checked."""
    description: str = ""
    reconstructed: tuple[Reconstructed, ...] = ()


@frozen(kw_only=True)
class TowerCardSet:
    """A whole Tower of CHAOS card set."""

    header: CardSetHeader
    sheet: Sheet
    number: NumberCard
    rebright: Rebright
    rooms: tuple[RoomCard, ...]
    monsters: tuple[MonsterCard, ...]
    steps: tuple[StepCard, ...]
    normal_items: tuple[NormalItem, ...]
    rare_items: tuple[RareItem, ...]
    items: tuple[SimpleItem, ...] = ()
    _memo: Memo = field(factory=Memo, init=False, eq=False, repr=False, hash=False)
    """What the engines derive from this set (compiled tables, the replay's id), freed with it."""

    def all_cards(self) -> Iterator[CardLike]:
        """Every record that has an ``id``, in file order."""
        yield self.rebright
        yield from self.rooms
        yield from self.monsters
        yield from self.steps
        yield from self.normal_items
        yield from self.rare_items
        yield from self.items

    def by_id(self, card_id: str) -> CardLike:
        """The card with this id; ``KeyError`` if none."""
        for card in self.all_cards():
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    @property
    def reconstructed_ids(self) -> frozenset[str]:
        """Ids of the cards that are wholly or partly reconstructed."""
        return frozenset(r.card for r in self.header.reconstructed)


CardLike = Rebright | RoomCard | MonsterCard | StepCard | NormalItem | RareItem | SimpleItem
