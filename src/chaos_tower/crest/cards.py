"""The Crest Duel (紋章使い) card set as typed, frozen records.

These classes mirror ``schemas/crest-cardset.schema.json`` one to one. The
rules summary prints no card (shared/manual/README.md): it names monster stat
cards with HP, DX, MDX, RG and marks (印), and a 92-card deck of crests (紋章),
chaos rings (混沌の輪) and spells (呪文) (`CRD-START-A`, `CRD-START-B`). What
a card does is written with the closed effect vocabulary below, tagged by
``op``; the engine interprets the vocabulary and never looks at a card's name.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import ClassVar, Literal

from attrs import field, frozen

from ..cardsets.header import Reconstructed
from ..kernel.memo import Memo

__all__ = [
    "CREST_EFFECT_TYPES",
    "STATUSES",
    "Boost",
    "BreakRing",
    "CrestCard",
    "CrestCardSet",
    "CrestEffect",
    "CrestHeader",
    "Cure",
    "Damage",
    "DiscardCards",
    "Guard",
    "Heal",
    "Inflict",
    "MarkKind",
    "MonsterStats",
    "RingCard",
    "SpellCard",
    "SpellTarget",
    "Status",
    "Ward",
]


class Status(enum.Enum):
    """The four statuses of `CRD-BEAST-B`."""

    PETRIFIED = "petrified"
    """石化: no recovery."""
    BOUND = "bound"
    """金縛り: no recovery."""
    PARALYSED = "paralysed"
    """麻痺: no recovery."""
    ASLEEP = "asleep"
    """眠り: recovery only."""


STATUSES: tuple[Status, ...] = tuple(Status)
"""The statuses in a fixed order: the order of a state's duration tuples."""

Stat = Literal["dx", "mdx", "rg"]
Attack = Literal["dx", "mdx"]


@frozen(kw_only=True)
class Damage:
    """Damage to the target: the acting monster's DX or MDX (``by``), plus ``plus``; ``by: none`` is fixed."""

    OP: ClassVar[str] = "damage"
    by: Literal["dx", "mdx", "none"]
    plus: int = 0


@frozen(kw_only=True)
class Inflict:
    """Give the target a status for ``turns`` of its own turns (`CRD-BEAST-B`)."""

    OP: ClassVar[str] = "inflict"
    status: Status
    turns: int


@frozen(kw_only=True)
class Heal:
    """Restore ``amount`` HP to the acting monster, never above its maximum."""

    OP: ClassVar[str] = "heal"
    amount: int


@frozen(kw_only=True)
class Cure:
    """Remove a status (or every status, when ``status`` is absent) from the acting monster."""

    OP: ClassVar[str] = "cure"
    status: Status | None = None


@frozen(kw_only=True)
class DiscardCards:
    """The target's wielder discards ``count`` cards of their hand, chosen at random."""

    OP: ClassVar[str] = "discard"
    count: int


@frozen(kw_only=True)
class BreakRing:
    """The target's worn chaos ring goes to the discard pile."""

    OP: ClassVar[str] = "break_ring"


@frozen(kw_only=True)
class Boost:
    """While the ring is worn: the monster's DX, MDX or RG is raised by ``amount``."""

    OP: ClassVar[str] = "boost"
    stat: Stat
    amount: int


@frozen(kw_only=True)
class Guard:
    """While the ring is worn: damage by DX or MDX (``against``) taken is lowered by ``amount``."""

    OP: ClassVar[str] = "guard"
    against: Attack
    amount: int


@frozen(kw_only=True)
class Ward:
    """While the ring is worn: the monster cannot get ``status``."""

    OP: ClassVar[str] = "ward"
    status: Status


CrestEffect = Damage | Inflict | Heal | Cure | DiscardCards | BreakRing | Boost | Guard | Ward
CREST_EFFECT_TYPES: tuple[type, ...] = (
    Damage,
    Inflict,
    Heal,
    Cure,
    DiscardCards,
    BreakRing,
    Boost,
    Guard,
    Ward,
)
TARGETED: tuple[type, ...] = (Damage, Inflict, DiscardCards, BreakRing)
"""Effects that reach the target (an enemy); the others act on the acting monster."""
WORN: tuple[type, ...] = (Boost, Guard, Ward)
"""Effects that hold while a ring is worn: only rings have them."""


class SpellTarget(enum.Enum):
    """Whom a spell reaches (`CRD-WIELD-F`)."""

    ENEMY = "enemy"
    ENEMIES = "enemies"
    SELF = "self"


@frozen(kw_only=True)
class MarkKind:
    """A kind of mark (印, 系列): crests of a kind go only on marks of that kind (`CRD-WIELD-D`)."""

    id: str
    name: str
    ja: str = ""


@frozen(kw_only=True)
class MonsterStats:
    """An abominable one's stat card (`CRD-START-A`)."""

    id: str
    name: str
    ja: str = ""
    hp: int
    dx: int
    mdx: int
    rg: int
    marks: tuple[str, ...]
    """The kinds of its marks, in order; a mark is named by its index."""
    text: str = ""


@frozen(kw_only=True)
class CrestCard:
    """A crest (紋章): put on a mark of its kind (`CRD-WIELD-D`), used with its stack in the beast
    phase (`CRD-BEAST-A`)."""

    id: str
    name: str
    ja: str = ""
    mark: str
    count: int = 1
    effects: tuple[CrestEffect, ...]
    text: str = ""


@frozen(kw_only=True)
class RingCard:
    """A chaos ring (混沌の輪): worn by one's monster, its effects hold while worn (`CRD-WIELD-E`)."""

    id: str
    name: str
    ja: str = ""
    count: int = 1
    effects: tuple[CrestEffect, ...]
    text: str = ""


@frozen(kw_only=True)
class SpellCard:
    """A spell (呪文): cast from the hand, single use (`CRD-WIELD-F`)."""

    id: str
    name: str
    ja: str = ""
    target: SpellTarget
    count: int = 1
    effects: tuple[CrestEffect, ...]
    text: str = ""


@frozen(kw_only=True)
class CrestHeader:
    """Identity of a Crest Duel card set and what in it is not from the manual."""

    game: Literal["crest"]
    name: str
    version: str
    language: str
    complete: bool = False
    """The set claims to be a full set: 92 deck cards and at least 6 monsters."""
    description: str = ""
    reconstructed: tuple[Reconstructed, ...] = ()


DeckCard = CrestCard | RingCard | SpellCard


@frozen(kw_only=True)
class CrestCardSet:
    """A whole Crest Duel card set."""

    header: CrestHeader
    marks: tuple[MarkKind, ...]
    monsters: tuple[MonsterStats, ...]
    crests: tuple[CrestCard, ...]
    rings: tuple[RingCard, ...]
    spells: tuple[SpellCard, ...]
    _memo: Memo = field(factory=Memo, init=False, eq=False, repr=False, hash=False)
    """What the engines derive from this set (compiled tables, the replay's id), freed with it."""

    def all_cards(self) -> Iterator[MonsterStats | DeckCard]:
        """Every card record (monsters, then the deck's kinds), in file order."""
        yield from self.monsters
        yield from self.deck_kinds()

    def deck_kinds(self) -> Iterator[DeckCard]:
        """The kinds of deck card: crests, rings, spells, in file order."""
        yield from self.crests
        yield from self.rings
        yield from self.spells

    @property
    def deck_size(self) -> int:
        """The number of deck cards: every kind ``count`` times."""
        return sum(card.count for card in self.deck_kinds())

    @property
    def reconstructed_ids(self) -> frozenset[str]:
        """Ids of the cards that are wholly or partly reconstructed."""
        return frozenset(r.card for r in self.header.reconstructed)
