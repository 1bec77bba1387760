"""A scratch copy of a state that one action edits, then freezes into the next state.

The engine's functions stay pure from the outside: :func:`begin` copies the
parts of a frozen :class:`CrestState` that an action may change into lists,
the rules edit the copy, and :meth:`Work.freeze` makes the next frozen state.
The input state is never touched. Chance (shuffles, dice, random discards)
comes only from the generator state carried here (:mod:`chaos_tower.kernel.rng`).
"""

from __future__ import annotations

import attrs

from ..kernel.events import Event
from ..kernel.rng import next_u64, shuffle
from .cards import STATUSES, Boost, Guard, RingCard, Status, Ward
from .state import HAND_SIZE, NO_RING, CrestGame, CrestOutcome, CrestState, Phase

__all__ = ["Work", "begin"]


class Work:
    """The mutable copy of one state while an action is resolved."""

    def __init__(self, state: CrestState) -> None:
        self.state = state
        self.game: CrestGame = state.game
        self.rng = state.rng
        self.hp = list(state.hp)
        self.alive = list(state.alive)
        self.hands = [list(h) for h in state.hands]
        self.marks = [[list(stack) for stack in seat] for seat in state.marks]
        self.rings = list(state.rings)
        self.statuses = [list(s) for s in state.statuses]
        self.deck = list(state.deck)
        self.discard = list(state.discard)
        self.phase: Phase = state.phase
        self.seat = state.seat
        self.setup_count = state.setup_count
        self.first = state.first
        self.used = list(state.used)
        self.dying = list(state.dying)
        self.resume: Phase = state.resume
        self.turns = state.turns
        self.rounds = state.rounds
        self.result: CrestOutcome | None = state.result
        self.events: list[Event] = []

    # -- events and chance ------------------------------------------------
    def event(self, rule: str, kind: str, text: str, amount: int | None = None) -> None:
        """Record what happened, citing the rule that made it happen."""
        self.events.append(Event(rule=rule, kind=kind, text=text, amount=amount))

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

    # -- names ------------------------------------------------------------
    def name(self, seat: int) -> str:
        """How events name a seat: its number and monster."""
        return f"seat {seat} ({self.game.monster(self.state.monsters[seat]).name})"

    def card_name(self, instance: int) -> str:
        """A card instance's id, for events."""
        return self.game.card(instance).id

    # -- stats --------------------------------------------------------------
    def ring_effects(self, seat: int) -> tuple[object, ...]:
        """The worn ring's effects (`CRD-WIELD-E`), or none."""
        ring = self.rings[seat]
        if ring == NO_RING:
            return ()
        card = self.game.card(ring)
        assert isinstance(card, RingCard)
        return card.effects

    def stat(self, seat: int, which: str) -> int:
        """A monster's DX, MDX or RG including its ring's boosts."""
        base: int = getattr(self.game.monster(self.state.monsters[seat]), which)
        return base + sum(
            e.amount for e in self.ring_effects(seat) if isinstance(e, Boost) and e.stat == which
        )

    def guard(self, seat: int, against: str) -> int:
        """How much the worn ring lowers damage by DX or MDX."""
        return sum(e.amount for e in self.ring_effects(seat) if isinstance(e, Guard) and e.against == against)

    def warded(self, seat: int, status: Status) -> bool:
        """The worn ring keeps this status off."""
        return any(isinstance(e, Ward) and e.status is status for e in self.ring_effects(seat))

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
        instance = next(i for i in self.hands[seat] if self.game.kind_of[i] == kind)
        self.hands[seat].remove(instance)
        return instance

    def draw(self, seat: int) -> bool:
        """Draw the deck's top card; an empty deck is first remade from the discards (`CRD-BEAST-D`)."""
        if not self.deck:
            if not self.discard:
                return False
            self.deck = self.shuffled(sorted(self.discard))
            self.discard = []
            self.event(
                "CRD-BEAST-D", "reshuffle", f"the deck ran out: {len(self.deck)} discards shuffled into it"
            )
        self.hands[seat].append(self.deck.pop(0))
        self.hands[seat].sort()
        return True

    def refill(self, seat: int) -> int:
        """Draw until the hand holds five cards or nothing is left; the number drawn (`CRD-BEAST-C`)."""
        drawn = 0
        while len(self.hands[seat]) < HAND_SIZE and self.draw(seat):
            drawn += 1
        return drawn

    # -- the result -----------------------------------------------------------
    def freeze(self) -> CrestState:
        """The next frozen state, with one more action counted and this action's events."""
        s = self.state
        return attrs.evolve(
            s,
            rng=self.rng,
            hp=tuple(self.hp),
            alive=tuple(self.alive),
            hands=tuple(tuple(h) for h in self.hands),
            marks=tuple(tuple(tuple(stack) for stack in seat) for seat in self.marks),
            rings=tuple(self.rings),
            statuses=tuple(tuple(x) for x in self.statuses),
            deck=tuple(self.deck),
            discard=tuple(self.discard),
            phase=self.phase,
            seat=self.seat,
            setup_count=self.setup_count,
            first=self.first,
            used=tuple(self.used),
            dying=tuple(self.dying),
            resume=self.resume,
            turns=self.turns,
            rounds=self.rounds,
            actions=s.actions + 1,
            result=self.result,
            events=tuple(self.events),
        )


def begin(state: CrestState) -> Work:
    """A scratch copy of ``state`` for one action."""
    return Work(state)
