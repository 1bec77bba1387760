"""The Crest Duel state: one frozen record, changed only through :func:`attrs.evolve`.

Each seat is a crest wielder with one abominable one (`CRD-ABOUT-A`); the deck
holds the three kinds of card the wielders feed it: crests, chaos rings, spells.

Every deck card is a numbered instance (0 to 91 in a complete set): the kinds of
card in file order (crests, rings, spells), each repeated ``count`` times, so
the instances of one kind are consecutive. Every instance is always in exactly
one zone (`CRD-START-B`): the ``deck``, one seat's hand, a stack on one of its
monster's marks, its worn ring, or the ``discard`` pile.
"""

from __future__ import annotations

import copyreg
import hashlib
import json
from collections.abc import Callable, Hashable
from typing import Any, Literal

from attrs import field, frozen

from ..cardsets.converter import converter
from ..kernel.cardref import add_builtin, cardset_reduce, lookup, register
from ..kernel.events import Event
from ..kernel.memo import Memo, remember
from ..kernel.options import Options
from .cards import STATUSES, CrestCard, CrestCardSet, DeckCard, MonsterStats, RingCard, SpellCard, Status
from .knowledge import Chain, Records, key, records

__all__ = [
    "HAND_SIZE",
    "MAX_PLAYERS",
    "NO_MORE",
    "NO_RING",
    "CrestGame",
    "CrestOutcome",
    "CrestState",
    "Phase",
    "compile_game",
]

HAND_SIZE = 5
"""Cards dealt and refilled to (`CRD-START-C`, `CRD-BEAST-C`)."""
MAX_PLAYERS = 6
"""The most seats (`CRD-PLAYERS-A`); the action space is sized for it."""
NO_RING = -1
"""A monster that wears no chaos ring."""
SETUP_LIMIT = 3
"""Cards put out face down at the start (`CRD-START-D`)."""

Phase = Literal["setup", "wield", "beast", "death", "over"]


@frozen(kw_only=True)
class CrestGame:
    """A card set compiled for play: the deck's instances and the lookups the engine needs."""

    cards: CrestCardSet
    kinds: tuple[DeckCard, ...]
    """The kinds of deck card: crests, rings, spells, in file order."""
    kind_of: tuple[int, ...]
    """The kind (index into ``kinds``) of each instance."""
    kind_ids: dict[str, int] = field(eq=False)
    max_marks: int
    fingerprint: str

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as its card set's fingerprint, not its tables (chaos_tower.kernel.cardref).
        return (game_of, (self.fingerprint,))

    @property
    def deck_size(self) -> int:
        """The number of instances (92 in a complete set)."""
        return len(self.kind_of)

    def card(self, instance: int) -> DeckCard:
        """The card record of an instance."""
        return self.kinds[self.kind_of[instance]]

    def monster(self, index: int) -> MonsterStats:
        """A monster card by its index in the set."""
        return self.cards.monsters[index]

    def is_crest(self, instance: int) -> bool:
        """The instance is a crest."""
        return isinstance(self.card(instance), CrestCard)

    def is_ring(self, instance: int) -> bool:
        """The instance is a chaos ring."""
        return isinstance(self.card(instance), RingCard)

    def is_spell(self, instance: int) -> bool:
        """The instance is a spell."""
        return isinstance(self.card(instance), SpellCard)


def crest_fingerprint(cards: CrestCardSet) -> str:
    """The card set's content hash: saves name the set by it, pickled states too (kernel.cardref)."""
    text = json.dumps(converter().unstructure(cards), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def game_of(fingerprint: str) -> CrestGame:
    """The compiled game of a card set known by its fingerprint (how a pickled state's game comes back)."""
    return compiled(lookup(fingerprint))


def compiled(cards: CrestCardSet) -> CrestGame:
    """:func:`compile_game`, kept on the card set (``cards._memo``): once per card-set object."""
    return remember(cards._memo, "crest.game", lambda: compile_game(cards))


def _reduce_cards(cards: CrestCardSet) -> tuple[Callable[..., CrestCardSet], tuple[Any, ...]]:
    return cardset_reduce(cards, crest_fingerprint)


# A pickled card set registers itself when unpickled (chaos_tower.kernel.cardref).
copyreg.pickle(CrestCardSet, _reduce_cards)


def _builtin_sets() -> tuple[CrestCardSet]:
    """The built-in set, compiled (so registered): what a fresh process unpickling a state looks in."""
    from ..cardsets.loading import load_cardset  # by need: unpickling a built-in set's state

    cards = load_cardset(game="crest")
    compiled(cards)
    return (cards,)


add_builtin(_builtin_sets)


def compile_game(cards: CrestCardSet) -> CrestGame:
    """Number the deck's instances and fingerprint the set (saves name the set by it)."""
    kinds = tuple(cards.deck_kinds())
    kind_of = tuple(index for index, kind in enumerate(kinds) for _ in range(kind.count))
    fingerprint = crest_fingerprint(cards)
    register(fingerprint, cards)
    return CrestGame(
        cards=cards,
        kinds=kinds,
        kind_of=kind_of,
        kind_ids={kind.id: index for index, kind in enumerate(kinds)},
        max_marks=max(len(m.marks) for m in cards.monsters),
        fingerprint=fingerprint,
    )


@frozen(kw_only=True)
class CrestOutcome:
    """How a duel ended."""

    winners: tuple[int, ...]
    """The winning seats: the last monster's wielder, or a whole team (`CRD-DEATH-C`)."""
    cause: Literal["last-standing", "max-actions"]
    rule: str


class StateMemo(Memo):
    """A Crest state's memo, with its legal actions in a slot rather than a dict entry.

    Every retained state that was listed keeps its legal tuple here: as the memo's one entry it
    cost the dict's smallest table (144 B, more than the tuple), about a sixth of a retained
    state (issue 27). Read and written as the entry ``"legal"`` as every game's memo is
    (:func:`chaos_tower.kernel.transition.listed_in_memo`, ``carry_listing``); the engine reads
    the slot itself. Like any memo, a copy or a pickle starts empty.
    """

    __slots__ = ("legal",)

    def __init__(self) -> None:
        self.legal: tuple[Any, ...] | None = None

    def __reduce__(self) -> tuple[type[StateMemo], tuple[()]]:
        return (StateMemo, ())

    def get(self, key: Hashable, default: Any = None) -> Any:
        if key == "legal":
            legal = self.legal
            return default if legal is None else legal
        return dict.get(self, key, default)

    def __getitem__(self, key: Hashable) -> Any:
        if key == "legal":
            if self.legal is None:
                raise KeyError(key)
            return self.legal
        return dict.__getitem__(self, key)

    def __setitem__(self, key: Hashable, value: Any) -> None:
        if key == "legal":
            self.legal = value
        else:
            dict.__setitem__(self, key, value)

    def __delitem__(self, key: Hashable) -> None:
        if key == "legal":
            if self.legal is None:
                raise KeyError(key)
            self.legal = None
        else:
            dict.__delitem__(self, key)

    def __contains__(self, key: object) -> bool:
        return self.legal is not None if key == "legal" else dict.__contains__(self, key)

    def pop(self, key: Hashable, *default: Any) -> Any:
        if key == "legal" and self.legal is not None:
            legal, self.legal = self.legal, None
            return legal
        return dict.pop(self, key, *default)

    def clear(self) -> None:
        self.legal = None
        dict.clear(self)


NO_MORE = Options(mode="duel", values=())
"""A duel's ``more`` when the mode has no option beyond its own fields (shared by every state)."""


@frozen(kw_only=True)
class CrestState:
    """A Crest Duel position, with the chance state that continues it."""

    game: CrestGame = field(eq=False, repr=False)
    seed: int
    rng: int
    players: int
    teams: tuple[int, ...] = ()
    """The team (0 or 1) of each seat, or ``()`` when every wielder is alone (`CRD-PLAYERS-C`)."""
    monsters: tuple[int, ...]
    """The monster card dealt to each seat (`CRD-START-A`)."""
    hp: tuple[int, ...]
    alive: tuple[bool, ...]
    hands: tuple[tuple[int, ...], ...]
    """Each seat's hand, sorted (`CRD-START-C`)."""
    marks: tuple[tuple[tuple[int, ...], ...], ...]
    """Per seat, per mark of its monster: the crests on it, base first (`CRD-WIELD-D`)."""
    rings: tuple[int, ...]
    """Per seat: the worn ring, or ``NO_RING`` (`CRD-WIELD-E`)."""
    statuses: tuple[tuple[int, ...], ...]
    """Per seat, per status in ``STATUSES`` order: the own turns it still lasts (0: none)."""
    deck: tuple[int, ...]
    """Top first."""
    discard: tuple[int, ...]
    phase: Phase
    seat: int
    """Who acts: the seat putting out cards during setup, else the seat whose turn it is."""
    setup_count: int = 0
    """Cards the seat has put out face down so far (`CRD-START-D`)."""
    first: int = -1
    """The first player, once initiative is rolled (`CRD-START-E`)."""
    used: tuple[bool, ...] = ()
    """Per mark of the acting monster: its stack was used this beast phase (`CRD-BEAST-A`)."""
    dying: tuple[int, ...] = ()
    """Dead seats whose killer has yet to choose (`CRD-DEATH-A`), in seat order."""
    resume: Phase = "wield"
    """The phase to go on with once the killer's choices are made."""
    turns: int = 0
    rounds: int = 0
    actions: int = 0
    max_actions: int | None = None
    more: Options = NO_MORE
    """The mode's other options (those beyond :data:`~chaos_tower.crest.options.OWN_FIELDS`), as one
    record: saved, noted, viewed and given by ``ct.options`` generically, so a new option needs no
    field here (issue 23)."""
    result: CrestOutcome | None = None
    known: Chain = field(default=None, eq=key, repr=False)
    """What the table keeps knowing after the deck is remade or a hand is taken, as one chain
    (:mod:`chaos_tower.crest.knowledge`), read through ``remade``, ``drawn``, ``shown``, ``passed``;
    ``None`` before any. Compared by those records, not by how the chain came to be."""
    events: tuple[Event, ...] = field(default=(), eq=False)
    """What the action that made this state did (not part of the position)."""
    _memo: StateMemo = field(factory=StateMemo, init=False, eq=False, repr=False, hash=False)
    """The legal actions, once listed (:func:`~chaos_tower.crest.engine.legal_actions`); not copied."""

    def __repr__(self) -> str:
        from .notation import to_notation  # the one-line position, as the solo State shows it

        return f"<CrestState {to_notation(self)}>"

    def _repr_svg_(self) -> str:
        from .svg import render_svg  # Jupyter shows a state as its (referee's) picture

        return render_svg(self)

    def _records(self) -> Records:
        return remember(self._memo, "crest.known", lambda: records(self.known))

    @property
    def remade(self) -> tuple[int, ...]:
        """The kinds (indices into ``game.kinds``), sorted, of the discards last shuffled into a new
        deck (`CRD-BEAST-D`); ``()`` while the first deck lasts. Public: all saw the discard pile."""
        return self._records().remade

    @property
    def drawn(self) -> tuple[tuple[int, ...], ...]:
        """Once the deck has been remade: per seat, the kinds (sorted) it has drawn from it since.
        Each seat knows its own; the others see only how many."""
        return self._records().drawn

    @property
    def shown(self) -> tuple[tuple[int, ...], ...]:
        """Once the deck has been remade: per seat, the kinds (sorted) it has shown from its hand
        since, or ``(-1,)`` once its hand changed owner. Public."""
        return self._records().shown

    @property
    def passed(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, or ``()``: a dead seat whose hand its killer took (`CRD-DEATH-A`) knows that hand:
        ``(killer, kinds...)``, the kinds the killer has not shown since, or ``()``. Its own only."""
        return self._records().passed

    def status(self, seat: int, status: Status) -> int:
        """Own turns left of ``status`` on ``seat``'s monster (0: it does not have it)."""
        return self.statuses[seat][STATUSES.index(status)]


_set_state: Callable[[CrestState, Any], None] = getattr(CrestState, "__setstate__")  # noqa: B009 (attrs')


def _restore(self: CrestState, state: Any) -> None:
    # attrs' own __setstate__, then a fresh StateMemo in place of whatever memo the pickle had:
    # a state pickled before StateMemo (issue 27) brings back a plain kernel Memo.
    _set_state(self, state)
    if type(self._memo) is not StateMemo:
        object.__setattr__(self, "_memo", StateMemo())


setattr(CrestState, "__setstate__", _restore)  # noqa: B010 (mypy knows no attrs __setstate__)
