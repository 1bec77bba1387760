"""The closed vocabulary of effects and conditions that card texts are written in.

Every text on a Tower card (r-text, n-text, set-text, r-text of rare items,
s-text of steps, get-text recipes) is data built from these records; the engine
interprets them, and nothing anywhere is keyed on a card's name. The JSON form
of each record is tagged: effects by ``op``, conditions by ``test``. The schema
(``schemas/tower-vocabulary.schema.json``) describes the same set, property by
property; :func:`chaos_tower.cardsets.converter.make_converter` maps one onto the other.
"""

from __future__ import annotations

import enum
from typing import ClassVar

from attrs import field, frozen

__all__ = [
    "CONDITION_TYPES",
    "EFFECT_TYPES",
    "LETTERS",
    "AllAttributesOnFloor",
    "AllOf",
    "AnyOf",
    "Attribute",
    "CombatDa",
    "Condition",
    "Corner",
    "DaAdd",
    "DaNullify",
    "Effect",
    "ElementAtLeast",
    "ElementChoice",
    "Elements",
    "ElementsAdd",
    "FloorUp",
    "HoldsItems",
    "Life",
    "LivingMonstersAtLeast",
    "MonsterElementAdd",
    "MoveCard",
    "NeighbourMonster",
    "NeighboursOfOneAttribute",
    "Rearrange",
    "RebrightValue",
    "ResetCard",
    "ResetUses",
    "Scope",
    "StepsUsed",
    "SummonRebright",
    "Teleport",
    "Trigger",
]


class Attribute(enum.Enum):
    """The five attributes (属性): 地水火風闇, written G W V S D (`TOC-START-F`)."""

    G = "G"
    W = "W"
    V = "V"
    S = "S"
    D = "D"


ATTRIBUTES: tuple[Attribute, ...] = tuple(Attribute)
LETTERS = "GWVSD"
"""The attributes' letters in order: an attribute's number is its index here."""


@frozen(kw_only=True)
class Elements:
    """A signed amount for each attribute; absent attributes are 0.

    Used for room-elements, monster-elements, mg-elements, step-elements, VS
    values, Rebright's values and flip costs alike.
    """

    G: int = 0
    W: int = 0
    V: int = 0
    S: int = 0
    D: int = 0

    def get(self, attribute: Attribute) -> int:
        """The amount for one attribute."""
        return int(getattr(self, attribute.value))

    def items(self) -> tuple[tuple[Attribute, int], ...]:
        """The non-zero amounts, in G W V S D order."""
        return tuple((a, self.get(a)) for a in ATTRIBUTES if self.get(a))

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        """The five amounts in G W V S D order."""
        return (self.G, self.W, self.V, self.S, self.D)


class Trigger(enum.Enum):
    """When an effect acts."""

    WHILE_CARRIED = "while_carried"
    """Continuously, while the item lies in the carry area (n-text, r-text of items)."""
    ON_USE = "on_use"
    """Each time the player uses the item from a set slot; costs one effect-counter."""
    ON_ENTER = "on_enter"
    """Each time the player enters the card (room r-text, step s-text)."""
    ON_PLACE = "on_place"
    """Once, when the card is placed on the floor."""
    ON_STEP = "on_step"
    """Each time the player uses a step (carry effects such as Power Of Destiny)."""
    WHILE_HERE = "while_here"
    """Continuously, while the player stands on this card (a room's text acting on a fight)."""
    WHILE_ON_FLOOR = "while_on_floor"
    """Continuously, while this card lies on the floor."""


@frozen(kw_only=True)
class Scope:
    """Which cards an effect touches: a kind, narrowed by attribute and/or name."""

    cards: str = "any"
    """``any``, ``room``, ``monster``, ``step`` or ``rebright``."""
    attribute: Attribute | None = None
    name: str | None = None
    """A card name, as printed (``Gnom``): the effect follows the name, not an id."""


# -- conditions ---------------------------------------------------------------


@frozen(kw_only=True)
class HoldsItems:
    """The player holds every listed item (carry or slots)."""

    TEST: ClassVar[str] = "holds"
    items: tuple[str, ...]


@frozen(kw_only=True)
class ElementAtLeast:
    """The player's element of one attribute is at least ``value``."""

    TEST: ClassVar[str] = "element_at_least"
    attribute: Attribute
    value: int


@frozen(kw_only=True)
class Corner:
    """The cell is one of the floor's four corners (Besiont, `TOC-STEP-11A`)."""

    TEST: ClassVar[str] = "corner"


@frozen(kw_only=True)
class LivingMonstersAtLeast:
    """At least ``count`` undefeated monsters lie on the floor (Marnit, `TOC-STEP-11B`)."""

    TEST: ClassVar[str] = "living_monsters_at_least"
    count: int


@frozen(kw_only=True)
class NeighboursOfOneAttribute:
    """The cell has at least ``count`` neighbours of one same attribute (Elerint, `TOC-STEP-11C`)."""

    TEST: ClassVar[str] = "neighbours_of_one_attribute_at_least"
    count: int


@frozen(kw_only=True)
class NeighbourMonster:
    """The cell neighbours a monster: ``any``, ``living`` or ``defeated`` (Piant, `TOC-STEP-11D`)."""

    TEST: ClassVar[str] = "neighbour_monster"
    state: str = "any"


@frozen(kw_only=True)
class StepsUsed:
    """Every listed step has been used (Seqlrith, `TOC-STEP-11E`)."""

    TEST: ClassVar[str] = "steps_used"
    steps: tuple[str, ...]


@frozen(kw_only=True)
class AllAttributesOnFloor:
    """Cards of all five attributes lie on the floor (Seqlrith, `TOC-STEP-11E`)."""

    TEST: ClassVar[str] = "all_attributes_on_floor"


@frozen(kw_only=True)
class AllOf:
    """Every listed condition holds."""

    TEST: ClassVar[str] = "all"
    of: tuple[Condition, ...]


@frozen(kw_only=True)
class AnyOf:
    """At least one listed condition holds."""

    TEST: ClassVar[str] = "any"
    of: tuple[Condition, ...]


Condition = (
    HoldsItems
    | ElementAtLeast
    | Corner
    | LivingMonstersAtLeast
    | NeighboursOfOneAttribute
    | NeighbourMonster
    | StepsUsed
    | AllAttributesOnFloor
    | AllOf
    | AnyOf
)

CONDITION_TYPES: tuple[type, ...] = (
    HoldsItems,
    ElementAtLeast,
    Corner,
    LivingMonstersAtLeast,
    NeighboursOfOneAttribute,
    NeighbourMonster,
    StepsUsed,
    AllAttributesOnFloor,
    AllOf,
    AnyOf,
)


# -- effects -------------------------------------------------------------------


@frozen(kw_only=True)
class Life:
    """Life changes by ``add``, or becomes ``set`` (exactly one of the two is given).

    Potion Of Life (`TOC-NORMAL-09B`), Power Of Destiny (`TOC-RARE-08B`), Power Of Addition
    (`TOC-RARE-08D`).
    """

    OP: ClassVar[str] = "life"
    trigger: Trigger
    add: int | None = None
    set: int | None = None
    when: Condition | None = None


@frozen(kw_only=True)
class ElementsAdd:
    """The player's elements change by a vector."""

    OP: ClassVar[str] = "elements"
    trigger: Trigger
    add: Elements
    when: Condition | None = None


@frozen(kw_only=True)
class ElementChoice:
    """One element of the player's choice changes by ``add`` (Ring Of Vulcan)."""

    OP: ClassVar[str] = "element_choice"
    trigger: Trigger
    add: int
    choices: tuple[Attribute, ...] = field(default=ATTRIBUTES)
    when: Condition | None = None


@frozen(kw_only=True)
class DaAdd:
    """Every numeric da of the cards in ``scope`` changes by ``add``; ``-`` never changes.

    Sword Of Light (`TOC-NORMAL-09E`), Power Of Guard (`TOC-RARE-08A`), Sword Of Black (`TOC-RARE-08E`).
    """

    OP: ClassVar[str] = "da"
    trigger: Trigger
    add: int
    scope: Scope = field(factory=Scope)
    when: Condition | None = None


@frozen(kw_only=True)
class DaNullify:
    """The da of the cards in ``scope`` does nothing (Armor Of Gnom: "Gnomのda無効化", `TOC-NORMAL-09A`)."""

    OP: ClassVar[str] = "da_nullify"
    trigger: Trigger
    scope: Scope
    when: Condition | None = None


@frozen(kw_only=True)
class MonsterElementAdd:
    """Monster-elements of the monsters in ``scope`` change by ``add`` (Power Of Robust, `TOC-RARE-08C`)."""

    OP: ClassVar[str] = "monster_element"
    trigger: Trigger
    add: int
    scope: Scope = field(factory=lambda: Scope(cards="monster"))
    when: Condition | None = None


@frozen(kw_only=True)
class CombatDa:
    """The da of the current or next fight changes by ``add`` (Armor Of Gnom, set)."""

    OP: ClassVar[str] = "combat_da"
    trigger: Trigger
    add: int
    when: Condition | None = None


@frozen(kw_only=True)
class Teleport:
    """The player moves to any cell, da ignored (Sack Of Fly, front)."""

    OP: ClassVar[str] = "teleport"
    trigger: Trigger
    when: Condition | None = None


@frozen(kw_only=True)
class ResetCard:
    """One card of any kind goes back to its preparation state (Sack Of Fly, rear)."""

    OP: ClassVar[str] = "reset_card"
    trigger: Trigger
    when: Condition | None = None


@frozen(kw_only=True)
class ResetUses:
    """Every item set in a slot has its effect-counters full again (`TOC-STEP-05`: an item that
    resets uses, checked in carry when a step is used; used from a slot, the item itself is left
    out, since a use costs one use)."""

    OP: ClassVar[str] = "reset_uses"
    trigger: Trigger
    when: Condition | None = None


@frozen(kw_only=True)
class MoveCard:
    """One floor card moves to another cell (Sword Of Light, front)."""

    OP: ClassVar[str] = "move_card"
    trigger: Trigger
    when: Condition | None = None


@frozen(kw_only=True)
class Rearrange:
    """Every floor card and the player are laid out again (Sword Of Light, rear)."""

    OP: ClassVar[str] = "rearrange"
    trigger: Trigger
    when: Condition | None = None


@frozen(kw_only=True)
class FloorUp:
    """The tower floor rises by ``add`` (a step's "階層+1")."""

    OP: ClassVar[str] = "floor"
    trigger: Trigger
    add: int = 1
    when: Condition | None = None


@frozen(kw_only=True)
class SummonRebright:
    """Rebright appears and is placed from this step (Seqlrith, "Rebright出現")."""

    OP: ClassVar[str] = "summon_rebright"
    trigger: Trigger
    when: Condition | None = None


@frozen(kw_only=True)
class RebrightValue:
    """Rebright's value of the listed attributes becomes ``set`` or changes by ``add``."""

    OP: ClassVar[str] = "rebright"
    trigger: Trigger
    attributes: tuple[Attribute, ...]
    add: int | None = None
    set: int | None = None
    when: Condition | None = None


Effect = (
    Life
    | ElementsAdd
    | ElementChoice
    | DaAdd
    | DaNullify
    | MonsterElementAdd
    | CombatDa
    | Teleport
    | ResetCard
    | ResetUses
    | MoveCard
    | Rearrange
    | FloorUp
    | SummonRebright
    | RebrightValue
)

EFFECT_TYPES: tuple[type, ...] = (
    Life,
    ElementsAdd,
    ElementChoice,
    DaAdd,
    DaNullify,
    MonsterElementAdd,
    CombatDa,
    Teleport,
    ResetCard,
    ResetUses,
    MoveCard,
    Rearrange,
    FloorUp,
    SummonRebright,
    RebrightValue,
)
