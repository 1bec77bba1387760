"""The VS game state (`TOC-VS2`, `TOC-VS3`): one frozen record, changed only through ``evolve``
(typed as :func:`attrs.evolve`, so mypy's attrs plugin checks each field name and type; at run time
a field-by-field updater, and on an action's working copy, :class:`VsDraft`, a change in place).

Zones (each card in exactly one):

* chaos cards (rooms and monsters): ``deck`` (face down, top first) or ``drawn`` (face up, in order);
* normal and rare items: a player's hand, ``unused`` (dealt to nobody, `TOC-VS3-043`), or
  given (``gifts``: handed over and applied, `TOC-VS2-028`; then out of play, face up);
* attributes: one player's ``attributes`` or ``leftover`` (hidden from all, `TOC-VS2-020`).

A player's counters (the step r cards, `TOC-VS2-021`) stand one by one for the
attributes in ``attributes[p]``, in the order they were dealt: the order on the
table says nothing about which attribute a card stands for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

import attrs
from attrs import field, frozen

from ...kernel.cardref import lookup
from ...kernel.events import Event
from ...kernel.memo import Memo, remember
from ...kernel.options import Options
from ...kernel.records import updater
from ..cards import MonsterCard, NormalItem, RareItem, RoomCard, TowerCardSet
from ..fingerprint import fingerprint as set_fingerprint
from ..vocabulary import LETTERS

__all__ = [
    "Adjusters",
    "Declaration",
    "DeclareWhen",
    "Gift",
    "Phase",
    "VsDraft",
    "VsOutcome",
    "VsState",
    "VsTable",
    "compile_table",
    "draft",
    "evolve",
    "freeze",
]

Adjusters = Literal["drawer", "all"]
"""Who adjusts after a draw (the option ``adjust_after_draw``, `TOC-VS2-027`)."""
DeclareWhen = Literal["own_turn", "any_time"]
"""When a declaration may be made (the option ``declare_when``, `TOC-VS2-029`)."""

Phase = Literal["turn", "adjust", "pay", "over"]
"""Whose decision and of what kind: the turn player's turn action, an adjustment after a draw or a
gift (``queue[0]`` decides), the extra rule's subtraction at a turn's end, or nothing (game over)."""


@frozen(kw_only=True)
class VsTable:
    """What the VS modes read from a card set: the chaos cards' and items' VS values and the track."""

    cards: TowerCardSet = field(eq=False, repr=False)
    fingerprint: str
    chaos_ids: tuple[str, ...]
    chaos_names: tuple[str, ...]
    chaos_vs: tuple[tuple[int, ...], ...]
    item_ids: tuple[str, ...]
    item_names: tuple[str, ...]
    item_vs: tuple[tuple[int, ...], ...]
    track: tuple[int, ...]
    """Extra da of the number card for rounds 1, 2, …; rounds past the end keep the last."""
    low: int
    high: int
    start: int
    _memo: Memo = field(factory=Memo, init=False, eq=False, repr=False, hash=False)
    """The action spaces by player count (:func:`~chaos_tower.tower.vs.actions.action_space`);
    freed with it."""

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as its card set's fingerprint (chaos_tower.kernel.cardref), compiled again on unpickling.
        return (table_of, (self.fingerprint,))

    def extra_da(self, round_: int) -> int:
        """The number card's extra da for a round (counted like floors, `TOC-VS2-032`)."""
        if not self.track:
            return 0
        return self.track[min(round_, len(self.track)) - 1]


def table_of(fingerprint: str) -> VsTable:
    """The VS table of a card set known by its fingerprint (how a pickled VS state's table comes back)."""
    return compile_table(lookup(fingerprint))


def compile_table(cards: TowerCardSet) -> VsTable:
    """The VS view of a card set: rooms and monsters are the chaos deck; normal and rare items are dealt.

    Kept on that card-set object (``cards._memo``), as its
    :func:`~chaos_tower.tower.fingerprint.fingerprint` is.
    """
    return remember(cards._memo, "vs.table", lambda: _compile_table(cards))


def _compile_table(cards: TowerCardSet) -> VsTable:
    chaos: tuple[RoomCard | MonsterCard, ...] = (*cards.rooms, *cards.monsters)
    items: tuple[NormalItem | RareItem, ...] = (*cards.normal_items, *cards.rare_items)
    marks = sorted(cards.number.floors, key=lambda m: m.floor)
    return VsTable(
        cards=cards,
        fingerprint=set_fingerprint(cards),
        chaos_ids=tuple(c.id for c in chaos),
        chaos_names=tuple(c.name for c in chaos),
        chaos_vs=tuple(c.vs.as_tuple() for c in chaos),
        item_ids=tuple(i.id for i in items),
        item_names=tuple(i.name for i in items),
        item_vs=tuple(i.vs.as_tuple() for i in items),
        track=tuple(m.extra_da for m in marks),
        low=cards.sheet.element.min,
        high=cards.sheet.element.max,
        start=cards.sheet.start_element,
    )


@frozen(kw_only=True)
class Declaration:
    """A "見えた" declaration, public at the table (`TOC-VS2-029`, `TOC-VS3-049`)."""

    player: int
    target: int
    attribute: int
    right: bool

    def __str__(self) -> str:
        verdict = "right" if self.right else "wrong"
        return f"player {self.player} named {LETTERS[self.attribute]} for player {self.target}: {verdict}"


@frozen(kw_only=True)
class Gift:
    """An item handed over and applied, public at the table (`TOC-VS2-028`, `TOC-VS3-048`)."""

    giver: int
    recipient: int
    item: int


@frozen(kw_only=True)
class VsOutcome:
    """How a VS game ended: one result per seat."""

    results: tuple[Literal["won", "lost", "draw", "ended"], ...]
    """``draw``: tied for the best when the deck ran out; ``ended``: the ``max_actions`` limit ran out."""
    cause: str
    """``named``, ``counters-zero``, ``last-in``, ``deck-out``, ``max-actions``."""
    rule: str

    def winners(self) -> tuple[int, ...]:
        """The seats that won."""
        return tuple(i for i, r in enumerate(self.results) if r == "won")


NO_MORE = Options(mode="vs", values=())
"""A VS state's ``more`` when the mode has no option beyond its own fields."""


@frozen(kw_only=True)
class VsState:
    """A VS position: the referee's whole view, hidden parts included."""

    table: VsTable = field(eq=False, repr=False)
    seed: int
    rng: int
    players: int
    extra_rule: bool
    first: int
    """The seat that played first (`TOC-VS2-025`, `TOC-VS3-045`); rounds are counted from it."""
    attributes: tuple[tuple[int, ...], ...]
    """Per seat, the attributes held (0..4 for G W V S D), in dealt order, one per counter."""
    leftover: tuple[int, ...]
    """The attributes dealt to nobody, hidden from every player."""
    counters: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[bool, ...], ...]
    """Per seat and counter: its attribute was named rightly and lies face up."""
    possible: tuple[tuple[int, ...], ...]
    """Per seat and counter, the attributes the table has not ruled out for it (bit ``1 << a`` for
    attribute ``a``): what every adjustment and declaration seen so far reveals (:mod:`.knowledge`).
    Public, so every world drawn for a player keeps to it (``ct.determinize``)."""
    declarations: tuple[int, ...]
    """Per seat, the declarations made."""
    out: tuple[bool, ...]
    """Per seat, out of the game (3–5 players: named, or counter at 0, `TOC-VS3-051`)."""
    hands: tuple[tuple[int, ...], ...]
    unused: tuple[int, ...]
    gifts: tuple[Gift, ...] = ()
    named: tuple[Declaration, ...] = ()
    deck: tuple[int, ...]
    drawn: tuple[int, ...] = ()
    turn: int
    round: int = 1
    phase: Phase = "turn"
    queue: tuple[int, ...] = ()
    """In the ``adjust`` phase, the seats still to adjust, the deciding one first."""
    source: int = -1
    """In the ``adjust`` phase, what is applied: a chaos card ``n >= 0`` or the item ``-1 - n``."""
    actions: int = 0
    max_actions: int | None = None
    adjust_after_draw: Adjusters
    """The reading of `TOC-VS2-027` / `TOC-VS3-047` played: the drawer adjusts, or every player still in."""
    declare_when: DeclareWhen
    """The reading of `TOC-VS2-029` / `TOC-VS3-049` played: on one's turn, or at any of one's decisions."""
    own_attribute_bluff: bool
    """Whether a declaration may name one of the declarer's own attributes (a bluff, always wrong)."""
    more: Options = NO_MORE
    """The mode's other options (:data:`~chaos_tower.tower.vs.options.MORE`), as one record: saved,
    notated and given by ``ct.options`` generically, so a new option needs no field here."""
    result: VsOutcome | None = None
    events: tuple[Event, ...] = field(default=(), eq=False)
    """What the last action did (not part of the position)."""
    _memo: Memo = field(factory=Memo, init=False, eq=False, repr=False, hash=False)
    """The legal actions, once listed (:func:`~chaos_tower.tower.vs.engine.legal_actions`); not copied."""

    def slots(self) -> int:
        """Counters per player: 2 with two players (`TOC-VS2-021`), 1 with more (`TOC-VS3-041`)."""
        return 2 if self.players == 2 else 1

    def source_vs(self) -> tuple[int, ...]:
        """The VS value being applied in the ``adjust`` phase."""
        if self.source >= 0:
            return self.table.chaos_vs[self.source]
        return self.table.item_vs[-1 - self.source]

    def source_name(self) -> str:
        """The name of the card being applied in the ``adjust`` phase."""
        if self.source >= 0:
            return self.table.chaos_names[self.source]
        return self.table.item_names[-1 - self.source]

    def decider(self) -> int | None:
        """The seat whose decision it is, or ``None`` once the game is over."""
        if self.phase == "over":
            return None
        if self.phase == "adjust":
            return self.queue[0]
        return self.turn

    def _repr_svg_(self) -> str:
        from .svg import render_svg  # Jupyter shows a state as its (referee's) picture

        return render_svg(self)

    def __repr__(self) -> str:
        from .notation import to_notation  # the one-line position, as the solo State shows it

        return f"<VsState {to_notation(self)}>"


class VsDraft(VsState):
    """The working copy of a state while one action is applied (issue 13: one rebuild per action).

    The rules change the draft in place, field by field (``work.counters = ...``: issue 27, an
    attribute set instead of an ``evolve`` call per change), and :func:`freeze` makes the draft
    itself the one new frozen state. Only the engine makes drafts (:func:`draft`, from a state it
    never touches), and no rule keeps an earlier value of the state it changes, so the in-place
    changes are not seen from outside. ``evolve`` on a draft changes it in place too.
    """

    __slots__ = ()
    # Writable while it is a draft, frozen again by freeze(). Both hooks are object's own, so
    # Python sets a draft's attributes as plain slots (about 20 ns, not 250 through a hook).
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    # The fields the rules change, writable on a draft (for the type checker; the slots are the state's).
    counters: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[bool, ...], ...]
    possible: tuple[tuple[int, ...], ...]
    declarations: tuple[int, ...]
    out: tuple[bool, ...]
    hands: tuple[tuple[int, ...], ...]
    gifts: tuple[Gift, ...]
    named: tuple[Declaration, ...]
    deck: tuple[int, ...]
    drawn: tuple[int, ...]
    turn: int
    round: int
    phase: Phase
    queue: tuple[int, ...]
    source: int
    actions: int
    result: VsOutcome | None
    events: tuple[Event, ...]


_update = updater(VsState)


def _draft_copier() -> Callable[[VsState], VsDraft]:
    """A draft of a state: every init field read from the state and stored on a new draft, written
    out once (kernel.records.copier's work, with plain attribute stores: a draft's are fast)."""
    names = [f.name for f in attrs.fields(VsState) if f.init]
    namespace: dict[str, Any] = {"new": object.__new__, "VsDraft": VsDraft, "Memo": Memo}
    body = "".join(f"    o.{n} = s.{n}\n" for n in names)
    exec(f"def copy(s):\n    o = new(VsDraft)\n{body}    o._memo = Memo()\n    return o\n", namespace)
    copy: Callable[[VsState], VsDraft] = namespace["copy"]
    return copy


_copy = _draft_copier()
_set = object.__setattr__


def _evolve(state: Any, **changes: Any) -> Any:
    cls = type(state)
    if cls is VsDraft:
        try:
            for name, value in changes.items():
                _set(state, name, value)  # a slotted class: a name not among its fields raises
        except AttributeError:
            raise TypeError(f"VsState has no field {name}") from None
        return state
    if cls is VsState:
        return _update(state, changes)
    return attrs.evolve(state, **changes)


if TYPE_CHECKING:
    from attrs import evolve
else:
    evolve = _evolve


def draft(state: VsState) -> VsDraft:
    """A working copy of ``state`` (its legal-action cache not copied)."""
    return _copy(state)


def freeze(work: VsDraft, **changes: Any) -> VsState:
    """The frozen state of a draft, with ``changes`` (the action count, the events) applied.

    The draft itself becomes the state: a draft adds no slot to a state, so Python lets its
    class be set to :class:`VsState` (the layouts are the same), and the one action makes one
    state, not a copy of its draft. The engine drops the draft once frozen, so nothing can
    change the state after.
    """
    if changes:
        evolve(work, **changes)
    if work._memo:
        _set(work, "_memo", Memo())  # nothing listed on the draft halfway through is kept
    _set(work, "__class__", VsState)
    return work
