"""A scratch copy of a state that one action edits, then freezes into the next state.

The engine's functions stay pure from the outside: :func:`begin` copies the
parts of a frozen :class:`CrestState` that an action may change into lists,
the rules edit the copy, and :meth:`Work.freeze` makes the next frozen state.
The input state is never touched. Chance (shuffles, dice, random discards)
comes only from the generator state carried here (:mod:`chaos_tower.kernel.rng`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from ..kernel.events import Event
from ..kernel.memo import remember
from ..kernel.rng import next_u64, shuffle
from . import knowledge
from .cards import STATUSES, Status
from .state import HAND_SIZE, CrestGame, CrestOutcome, CrestState, Phase, StateMemo

__all__ = ["Work", "begin"]

T = TypeVar("T")


class Work:
    """The mutable copy of one state while an action is resolved."""

    # The parts kept in lists while an action edits them. Each is copied from the state on first
    # use (__getattr__), so an action pays only for what it touches: copying every seat's
    # rows before each action and freezing them back was a third of a Crest step (issue 13).
    hp: list[int]
    alive: list[bool]
    hands: list[tuple[int, ...] | list[int]]
    """Per seat: the state's own tuple until the action changes that hand (:meth:`hand`)."""
    marks: list[list[list[int]]]
    rings: list[int]
    statuses: list[tuple[int, ...] | list[int]]
    """Per seat: the state's own tuple until the action changes that row (:meth:`status_row`)."""
    deck: list[int]
    discard: list[int]
    used: list[bool]
    dying: list[int]

    def __init__(self, state: CrestState) -> None:
        self.state = state
        self.game: CrestGame = state.game
        self.rng = state.rng
        self.phase: Phase = state.phase
        self.seat = state.seat
        self.setup_count = state.setup_count
        self.first = state.first
        self.resume: Phase = state.resume
        self.turns = state.turns
        self.rounds = state.rounds
        self.result: CrestOutcome | None = state.result
        # What the table keeps knowing (.knowledge): a chain, which the draws, the cards shown
        # and the swaps of hands below extend by one entry per action (once there is a chain).
        self.known = state.known
        self.notes: list[int] = []
        """What this action adds to ``known``: ``what, seat, kind`` after another."""
        self.events: list[Event] = []
        self._shared_events, self._seat_names = _shared(state.game)

    def __getattr__(self, name: str) -> Any:
        # Only called for a part not yet copied (or not a part at all).
        copy = _COPIES.get(name)
        if copy is None:
            raise AttributeError(name)
        value = copy(getattr(self.state, name))
        self.__dict__[name] = value
        return value

    # -- events and chance ------------------------------------------------
    def event(self, rule: str, kind: str, text: str, amount: int | None = None) -> None:
        """Record what happened, citing the rule that made it happen."""
        # Most events recur word for word (a seat's turn, its beast phase, a refill of n cards):
        # one record per card set is kept, so retained states share them instead of each
        # holding its own record and text (about 0.45 KB per Crest state, issue 13). Capped, so
        # that texts with running values (HP, damage) cannot make the table grow without end.
        key = (rule, kind, text, amount)
        shared = self._shared_events
        record = shared.get(key)
        if record is None:
            record = Event(rule=rule, kind=kind, text=text, amount=amount)
            if len(shared) < _EVENTS_KEPT:
                shared[key] = record
        self.events.append(record)

    def below(self, bound: int) -> int:
        """A uniform integer in ``0 .. bound-1`` from the state's generator."""
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value, self.rng = next_u64(self.rng)
            if value < limit:
                return value % bound

    def die(self) -> int:
        """One six-sided die (`CRD-START-E`)."""
        return self.below(6) + 1

    def shuffled(self, items: list[int]) -> list[int]:
        """The items in a random order from the state's generator."""
        out, self.rng = shuffle(items, self.rng)
        return list(out)

    # -- reading without copying -------------------------------------------------
    def now(self, name: str) -> Any:
        """A part as it is now, read without copying it: the copy if made, else the state's own
        tuple (not to be changed). Most actions only read HP, the living seats or the statuses."""
        value = self.__dict__.get(name)
        return getattr(self.state, name) if value is None else value

    def ring_of(self, seat: int) -> int:
        """The seat's worn ring as it is now, read without copying the rings."""
        rings = self.__dict__.get("rings")
        return self.state.rings[seat] if rings is None else rings[seat]

    def none_used(self, seat: int) -> None:
        """A new beast phase for ``seat`` (`CRD-BEAST-A`): none of its stacks used yet. One shared
        tuple per mark count, which the next state keeps as it is (a Use copies it, as any part)."""
        count = len(self.state.marks[seat])
        used = _NONE_USED[count] if count < len(_NONE_USED) else (False,) * count
        self.__dict__["used"] = used

    def mark_count(self, seat: int) -> int:
        """How many marks the seat's monster has (fixed by its card), read without copying."""
        return len(self.state.marks[seat])

    def hand(self, seat: int) -> list[int]:
        """The seat's hand, to change: copied on first use, one seat at a time (issue 27: an
        action changes one or two hands of up to six)."""
        hands = self.hands
        row = hands[seat]
        if type(row) is not list:
            row = hands[seat] = list(row)
        return row

    def status_row(self, seat: int) -> list[int]:
        """The seat's statuses, to change: copied on first use, one seat at a time."""
        rows = self.statuses
        row = rows[seat]
        if type(row) is not list:
            row = rows[seat] = list(row)
        return row

    # -- names ------------------------------------------------------------
    def name(self, seat: int) -> str:
        """How events name a seat: its number and monster."""
        return self._deal()[0][seat]

    def _deal(self) -> _Deal:
        deal = self._seat_names.get(self.state.monsters)
        if deal is None:
            deal = _names(self.game, self.state.monsters, self._seat_names)
        return deal

    def beast_phase_event(self, seat: int) -> None:
        """`CRD-BEAST-A`: the event of ``seat``'s beast phase beginning (one record per deal and
        seat: every turn makes it)."""
        self.events.append(self._deal()[1][seat])

    def turn_event(self, seat: int) -> None:
        """`CRD-BEAST-D`: the event of ``seat``'s turn beginning (one record per deal and seat)."""
        self.events.append(self._deal()[2][seat])

    def card_name(self, instance: int) -> str:
        """A card instance's id, for events."""
        return self.game.card(instance).id

    # -- stats (a worn ring's boosts are read by .effects: stat, guard, warded) -------------
    def max_hp(self, seat: int) -> int:
        """The monster card's HP: its maximum."""
        return self.game.monster(self.state.monsters[seat]).hp

    def has(self, seat: int, status: Status) -> bool:
        """The seat's monster has the status now."""
        return self.statuses[seat][STATUSES.index(status)] > 0

    # -- zones --------------------------------------------------------------
    def take_from_hand(self, seat: int, kind_id: str) -> int:
        """Remove the lowest-numbered instance of a kind from a hand and return it."""
        kind = self.game.kind_ids[kind_id]
        hand = self.hand(seat)
        instance = next(i for i in hand if self.game.kind_of[i] == kind)
        hand.remove(instance)
        self.showed(seat, (instance,))
        return instance

    def showed(self, seat: int, instances: list[int] | tuple[int, ...]) -> None:
        """Cards that left ``seat``'s hand face up: everybody saw them go (`CRD-BEAST-D`), and
        whoever knew them there knows they are gone (`CRD-DEATH-A`, :mod:`.knowledge`)."""
        if self.known is not None or self.notes:
            for instance in instances:
                self.notes += (knowledge.SHOW, seat, self.game.kind_of[instance])

    def swapped(self, killer: int, dead: int) -> None:
        """The killer has taken the dead seat's hand, which the dead seat saw (`CRD-DEATH-A`)."""
        self.notes += (knowledge.SWAP, killer, dead)
        for instance in self.hands[killer]:
            self.notes += (knowledge.PASS, dead, self.game.kind_of[instance])

    def draw(self, seat: int) -> bool:
        """Draw the deck's top card; an empty deck is first remade from the discards (`CRD-BEAST-D`)."""
        if not self.deck:
            if not self.discard:
                return False
            self.deck = self.shuffled(sorted(self.discard))
            self.discard = []
            # CRD-BEAST-D: every wielder saw what went into the new deck.
            kind_of = self.game.kind_of
            players = self.state.players
            known = knowledge.extended(self.known, players, self.notes)
            self.known = knowledge.rooted(known, players, tuple(sorted(kind_of[i] for i in self.deck)))
            self.notes = []
            self.event(
                "CRD-BEAST-D", "reshuffle", f"the deck ran out: {len(self.deck)} discards shuffled into it"
            )
        card = self.deck.pop(0)
        hand = self.hand(seat)
        hand.append(card)
        hand.sort()
        if self.known is not None:
            self.notes += (knowledge.DRAW, seat, self.game.kind_of[card])
        return True

    def refill(self, seat: int) -> int:
        """Draw until the hand holds five cards or nothing is left; the number drawn (`CRD-BEAST-C`)."""
        drawn = 0
        if len(self.now("hands")[seat]) >= HAND_SIZE:
            return drawn  # a full hand is not copied
        while len(self.hands[seat]) < HAND_SIZE and self.draw(seat):
            drawn += 1
        return drawn

    # -- the result -----------------------------------------------------------
    def freeze(self) -> CrestState:
        """The next frozen state, with one more action counted and this action's events.

        Every part the action left as it was is the previous state's own tuple, not an equal
        copy: successive states share them (a retained Crest state cost 3 KB when each held
        copies of every seat's tuples and of the deck).
        """
        s = self.state
        copied = self.__dict__
        # A part never copied is the previous state's own; a copied one is frozen back. Built
        # field by field (not through an updater's dict): this runs once per action.
        # tests/crest/test_change_freeze.py checks that no field is left out.
        marks = s.marks
        if "marks" in copied:
            new_marks = tuple(tuple(map(tuple, seat)) for seat in copied["marks"])
            if new_marks != marks:  # only a changed seat is new
                marks = tuple(old if new == old else new for new, old in zip(new_marks, marks, strict=True))
        return _make(
            s.game,
            s.seed,
            self.rng,
            s.players,
            s.teams,
            s.monsters,
            _keep(tuple(copied["hp"]), s.hp) if "hp" in copied else s.hp,
            _keep(tuple(copied["alive"]), s.alive) if "alive" in copied else s.alive,
            _rows(copied["hands"], s.hands) if "hands" in copied else s.hands,
            marks,
            _keep(tuple(copied["rings"]), s.rings) if "rings" in copied else s.rings,
            _rows(copied["statuses"], s.statuses) if "statuses" in copied else s.statuses,
            _keep(tuple(copied["deck"]), s.deck) if "deck" in copied else s.deck,
            _keep(tuple(copied["discard"]), s.discard) if "discard" in copied else s.discard,
            self.phase,
            self.seat,
            self.setup_count,
            self.first,
            _keep(tuple(copied["used"]), s.used) if "used" in copied else s.used,
            _keep(tuple(copied["dying"]), s.dying) if "dying" in copied else s.dying,
            self.resume,
            self.turns,
            self.rounds,
            s.actions + 1,
            s.max_actions,
            s.more,
            self.result,
            knowledge.extended(self.known, s.players, self.notes) if self.notes else self.known,
            tuple(self.events),
        )


_FLAT = ("hp", "alive", "rings", "deck", "discard", "used", "dying")
_COPIES: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(_FLAT, list),
    "hands": list,  # the rows themselves are copied one by one (Work.hand, Work.status_row)
    "statuses": list,
    "marks": lambda seats: [[list(stack) for stack in seat] for seat in seats],
}


_NONE_USED = tuple((False,) * count for count in range(16))
"""Per mark count: no stack used (:meth:`Work.none_used`)."""

_EVENTS_KEPT = 10_000
"""Distinct events kept per card set for sharing; past that, events are made afresh."""


class _Part:
    """A part of :class:`Work` copied from the state on first use: a non-data descriptor, so
    the copy, once in the instance's ``__dict__``, is read from there directly. Issue 27: the
    same as ``Work.__getattr__`` (kept for any part without one), without the failed lookup
    that Python makes before calling ``__getattr__`` (a twelfth of a Crest step)."""

    __slots__ = ("copy", "name")

    def __init__(self, name: str, copy: Callable[[Any], Any]) -> None:
        self.name = name
        self.copy = copy

    def __get__(self, work: Work | None, owner: type | None = None) -> Any:
        if work is None:
            return self
        value = work.__dict__[self.name] = self.copy(getattr(work.state, self.name))
        return value


for _name, _copy in _COPIES.items():
    setattr(Work, _name, _Part(_name, _copy))


_Deal = tuple[tuple[str, ...], tuple[Event, ...], tuple[Event, ...]]
"""Per seat of one deal of monsters: its name in events, its beast phase's and its turn's event."""
_Names = dict[tuple[int, ...], _Deal]


def _names(game: CrestGame, monsters: tuple[int, ...], deals: _Names) -> _Deal:
    """Each seat's name and its turn's two events for one deal of monsters, kept per card set (a
    game's deal is fixed, so every action of it reads the same tuples)."""
    names = tuple(f"seat {seat} ({game.monster(m).name})" for seat, m in enumerate(monsters))
    found = (
        names,
        tuple(Event(rule="CRD-BEAST-A", kind="phase", text=f"{name}'s beast phase") for name in names),
        tuple(
            Event(rule="CRD-BEAST-D", kind="turn", text=f"{name}'s turn: the wielder phase") for name in names
        ),
    )
    if len(deals) < _EVENTS_KEPT:
        deals[monsters] = found
    return found


def _shared(game: CrestGame) -> tuple[dict[tuple[str, str, str, int | None], Event], _Names]:
    """The card set's shared events and seat names (one lookup per action)."""
    shared: tuple[dict[tuple[str, str, str, int | None], Event], _Names] = remember(
        game.cards._memo, "crest.shared", lambda: (remember(game.cards._memo, "crest.events", dict), {})
    )
    return shared


def _rows(
    rows: list[tuple[T, ...] | list[T]], old: tuple[tuple[T, ...], ...]
) -> tuple[tuple[T, ...], ...]:
    """Per-seat rows frozen, each unchanged row (or the whole, if unchanged) the old tuple itself.
    A row never copied is the old tuple (``n is o``); a copied or moved one is compared."""
    new = tuple([o if n is o else _keep(tuple(n), o) for n, o in zip(rows, old, strict=True)])
    return old if new == old else new


def _keep(new: tuple[T, ...], old: tuple[T, ...]) -> tuple[T, ...]:
    """``old`` itself when ``new`` equals it (so states share it), else ``new``."""
    return old if new == old else new


class _Filling(CrestState):
    """A :class:`CrestState` while :func:`_make` fills it: the same slots, with plain stores.

    A frozen attrs class stores each field through ``object.__setattr__`` bound per instance
    (its own ``__setattr__`` refuses): about 2.5 µs for a state's 30 fields, a tenth of a Crest
    step. A subclass that adds no slot and sets ``__setattr__`` and ``__delattr__`` back to
    :class:`object`'s stores them as any slotted class does (about 0.1 µs); once filled, the
    instance becomes a plain :class:`CrestState` (``__class__`` assignment: the same layout).
    """

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def _maker() -> Callable[..., CrestState]:
    """``make(game, seed, ...)``: a new state from every init field, in field order, positional
    (issue 27); the same object as ``CrestState(**fields)`` makes (tests/crest/test_change_freeze.py)."""
    fields = attrs.fields(CrestState)
    names = [f.name for f in fields if f.init]
    late = [f.name for f in fields if not f.init]
    assert late == ["_memo"], late  # the one field made afresh per state, as its factory does
    source = (
        f"def make({', '.join(names)}):\n"
        "    o = new(Filling)\n"
        + "".join(f"    o.{name} = {name}\n" for name in names)
        + "    o._memo = Memo()\n"
        "    o.__class__ = State\n"
        "    return o\n"
    )
    namespace: dict[str, Any] = {
        "new": object.__new__,
        "Filling": _Filling,
        "State": CrestState,
        "Memo": StateMemo,
    }
    exec(source, namespace)
    make: Callable[..., CrestState] = namespace["make"]
    return make


_make = _maker()


def begin(state: CrestState) -> Work:
    """A scratch copy of ``state`` for one action."""
    return Work(state)
