"""A scratch copy of a state that one action edits, then freezes into the next state.

The engine's functions stay pure from the outside: :func:`begin` copies the
parts of a frozen :class:`CrestState` that an action may change into lists,
the rules edit the copy, and :meth:`Work.freeze` makes the next frozen state.
The input state is never touched. Chance (shuffles, dice, random discards)
comes only from the generator state carried here (:mod:`chaos_tower.kernel.rng`).
"""

from __future__ import annotations

from typing import Any, TypeVar

from ..kernel.events import Event
from ..kernel.memo import remember
from ..kernel.rng import next_u64, shuffle
from . import knowledge
from .cards import STATUSES, Status
from .fill import make_state
from .state import HAND_SIZE, CrestGame, CrestOutcome, CrestState, Phase

__all__ = ["Work", "begin"]

T = TypeVar("T")


class Work:
    """The mutable copy of one state while an action is resolved."""

    # The parts kept in lists while an action edits them. Each is copied from the state on first
    # use (its property below), so an action pays only for what it touches: copying every seat's
    # rows before each action and freezing them back was a third of a Crest step (issue 13).
    # Plain fields and properties, not descriptors that store into the instance's dict: the
    # compiled build (chaos_tower.buildinfo) compiles this class, and a field left None is a
    # part never copied, the previous state's own tuple (freeze). Only the parts the rules
    # replace whole (the deck, the discards, the dying seats) have setters.

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
        # Each part: None until first used (then the copy, which freeze turns back into a tuple).
        self._hp: list[int] | None = None
        self._alive: list[bool] | None = None
        self._hands: list[tuple[int, ...] | list[int]] | None = None
        self._marks: list[list[list[int]]] | None = None
        self._rings: list[int] | None = None
        self._statuses: list[tuple[int, ...] | list[int]] | None = None
        self._deck: list[int] | None = None
        self._discard: list[int] | None = None
        self._used: list[bool] | None = None
        self._dying: list[int] | None = None
        self._fresh_used: tuple[bool, ...] | None = None
        """A new beast phase's shared tuple of unused stacks (:meth:`none_used`)."""

    @property
    def hp(self) -> list[int]:
        """The part as this action changes it, copied from the state on first use."""
        value = self._hp
        if value is None:
            value = self._hp = list(self.state.hp)
        return value

    @property
    def alive(self) -> list[bool]:
        """The part as this action changes it, copied from the state on first use."""
        value = self._alive
        if value is None:
            value = self._alive = list(self.state.alive)
        return value

    @property
    def hands(self) -> list[tuple[int, ...] | list[int]]:
        """Per seat: the state's own tuple until the action changes that hand (:meth:`hand`)."""
        value = self._hands
        if value is None:
            value = self._hands = list(self.state.hands)
        return value

    @property
    def marks(self) -> list[list[list[int]]]:
        """The part as this action changes it, copied from the state on first use."""
        value = self._marks
        if value is None:
            value = self._marks = [[list(stack) for stack in seat] for seat in self.state.marks]
        return value

    @property
    def rings(self) -> list[int]:
        """The part as this action changes it, copied from the state on first use."""
        value = self._rings
        if value is None:
            value = self._rings = list(self.state.rings)
        return value

    @property
    def statuses(self) -> list[tuple[int, ...] | list[int]]:
        """Per seat: the state's own tuple until the action changes that row (:meth:`status_row`)."""
        value = self._statuses
        if value is None:
            value = self._statuses = list(self.state.statuses)
        return value

    @property
    def deck(self) -> list[int]:
        """The part as this action changes it, copied from the state on first use."""
        value = self._deck
        if value is None:
            value = self._deck = list(self.state.deck)
        return value

    @deck.setter
    def deck(self, value: list[int]) -> None:
        self._deck = value

    @property
    def discard(self) -> list[int]:
        """The part as this action changes it, copied from the state on first use."""
        value = self._discard
        if value is None:
            value = self._discard = list(self.state.discard)
        return value

    @discard.setter
    def discard(self, value: list[int]) -> None:
        self._discard = value

    @property
    def used(self) -> list[bool]:
        """The part as this action changes it, copied from the state on first use."""
        value = self._used
        if value is None:
            value = self._used = list(self.state.used if self._fresh_used is None else self._fresh_used)
        return value

    @property
    def dying(self) -> list[int]:
        """The part as this action changes it, copied from the state on first use."""
        value = self._dying
        if value is None:
            value = self._dying = list(self.state.dying)
        return value

    @dying.setter
    def dying(self, value: list[int]) -> None:
        self._dying = value

    def copied(self, name: str) -> Any:
        """The part ``name`` as copied by this action, or ``None`` if the action has not used it."""
        return getattr(self, "_" + name)

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
        value = self.copied(name)
        if value is None and name == "used":
            value = self._fresh_used
        return getattr(self.state, name) if value is None else value

    def ring_of(self, seat: int) -> int:
        """The seat's worn ring as it is now, read without copying the rings."""
        rings = self._rings
        return self.state.rings[seat] if rings is None else rings[seat]

    def none_used(self, seat: int) -> None:
        """A new beast phase for ``seat`` (`CRD-BEAST-A`): none of its stacks used yet. One shared
        tuple per mark count, which the next state keeps as it is (a Use copies it, as any part)."""
        count = len(self.state.marks[seat])
        self._fresh_used = _NONE_USED[count] if count < len(_NONE_USED) else (False,) * count
        self._used = None

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
        # A part never copied is the previous state's own; a copied one is frozen back. Built
        # field by field (not through an updater's dict): this runs once per action.
        # tests/crest/test_change_freeze.py checks that no field is left out.
        marks = s.marks
        if self._marks is not None:
            new_marks = tuple(tuple(map(tuple, seat)) for seat in self._marks)
            if new_marks != marks:  # only a changed seat is new
                marks = tuple(old if new == old else new for new, old in zip(new_marks, marks, strict=True))
        used = s.used
        if self._used is not None:
            used = _keep(tuple(self._used), s.used)
        elif self._fresh_used is not None:
            used = _keep(self._fresh_used, s.used)
        return make_state(
            s.game,
            s.seed,
            self.rng,
            s.players,
            s.teams,
            s.monsters,
            s.hp if self._hp is None else _keep(tuple(self._hp), s.hp),
            s.alive if self._alive is None else _keep(tuple(self._alive), s.alive),
            s.hands if self._hands is None else _rows(self._hands, s.hands),
            marks,
            s.rings if self._rings is None else _keep(tuple(self._rings), s.rings),
            s.statuses if self._statuses is None else _rows(self._statuses, s.statuses),
            s.deck if self._deck is None else _keep(tuple(self._deck), s.deck),
            s.discard if self._discard is None else _keep(tuple(self._discard), s.discard),
            self.phase,
            self.seat,
            self.setup_count,
            self.first,
            used,
            s.dying if self._dying is None else _keep(tuple(self._dying), s.dying),
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


_NONE_USED = tuple((False,) * count for count in range(16))
"""Per mark count: no stack used (:meth:`Work.none_used`)."""

_EVENTS_KEPT = 10_000
"""Distinct events kept per card set for sharing; past that, events are made afresh."""


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


def begin(state: CrestState) -> Work:
    """A scratch copy of ``state`` for one action."""
    return Work(state)
