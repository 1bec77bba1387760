"""A private, short-lived draft of what one action changes.

A :class:`Change` holds, as typed attributes, every part of a position that an
action may change; rules assign to them (``change.life = 3``), so a misspelt
field or a value of the wrong type is a mypy error, not a runtime surprise.
:meth:`Change.finish` makes the one new state. The input state is never
touched, and a rule that raises leaves nothing behind.

What effects do (life, elements, floor, Rebright) is interpreted in
:mod:`.effects`; this module only clamps values and records events.
"""

from __future__ import annotations

from functools import cache
from operator import add

from ..vocabulary import (
    LETTERS,
)
from .fill import make_event, make_state
from .state import Event, Outcome, State

__all__ = ["Change"]


class Change:
    """The position's changeable parts, edited in place while one action is applied, and its events."""

    # No __slots__: the compiled build (chaos_tower.buildinfo) makes this a native class, which
    # is slotted by construction and refuses a __slots__ of its own. The parts a draft carries
    # are .fill.DRAFTED (tests/tower/solo/test_change.py checks both lists against State).
    def __init__(self, state: State) -> None:
        self.original = state
        self.rng: int = state.rng
        self.floor: tuple[int, ...] = state.floor
        self.player: int = state.player
        self.life: int = state.life
        self.elements: tuple[int, int, int, int, int] = state.elements
        self.deck: tuple[int, ...] = state.deck
        self.step_area: tuple[int, ...] = state.step_area
        self.used_steps: tuple[int, ...] = state.used_steps
        self.level: int = state.level
        self.step_returns: bool = state.step_returns
        self.item_on_entry: bool = state.item_on_entry
        self.carry: tuple[int, ...] = state.carry
        self.slots: tuple[int, ...] = state.slots
        self.counters: tuple[int, ...] = state.counters
        self.lost: tuple[int, ...] = state.lost
        self.rebright: tuple[int, int, int, int, int] | None = state.rebright
        self.rebright_pending: bool = state.rebright_pending
        self.rearranging: bool = state.rearranging
        self.combat_bonus: int = state.combat_bonus
        self.actions: int = state.actions
        self.result: Outcome | None = state.result
        self.events: list[Event] = []

    def now(self, events: tuple[Event, ...] = ()) -> State:
        """The position as changed so far (for questions asked halfway through an action)."""
        # Everything an action cannot change (the card set, the seed, the options) comes from
        # the original; tests/tower/solo/test_change.py checks that no State field is left out.
        return make_state(self, events)

    def event(
        self, rule: str, kind: str, text: str, amount: int | None = None, card: str | None = None
    ) -> None:
        """Record what happened and why (``card``: the ID of the card it is about, :attr:`Event.card`)."""
        self.events.append(make_event(rule, kind, text, amount, card))

    @property
    def over(self) -> bool:
        """The game has ended during this action."""
        return self.result is not None

    def end(self, outcome: Outcome, text: str) -> None:
        """End the game (the first ending in an action stands)."""
        if not self.over:
            self.result = outcome
            self.event(outcome.rule, "end", text)

    # -- values ---------------------------------------------------------
    def change_life(self, delta: int, rule: str, why: str, *, absolute: bool = False) -> None:
        """Change life, clamped to the sheet; life 0 is GameOver (`TOC-OVER-01`)."""
        game = self.original.game
        old = self.life
        new = delta if absolute else old + delta
        new = max(game.life_min, min(game.life_max, new))
        if new != old:
            self.life = new
            self.event(rule, "life", f"life {old} → {new}: {why}", new - old)
        if new <= game.life_min:
            self.end(
                Outcome(result="lost", cause="life-zero", rule="TOC-OVER-01"), "life reached 0: GameOver"
            )

    def add_elements(self, vector: tuple[int, ...], rule: str, why: str) -> None:
        """Add a vector to the player's elements, clamped to the sheet's bounds."""
        if not any(vector):
            return
        game = self.original.game
        low, high = game.element_min, game.element_max
        old = self.elements
        g, w, v, s, d = (low if x < low else high if x > high else x for x in map(add, old, vector))
        new = (g, w, v, s, d)
        if new != old:
            self.elements = new
            self.event(rule, "elements", f"elements {_shown(vector)}: {why}")

    def add_element(self, attribute: int, delta: int, rule: str, why: str) -> None:
        """Change one element (pay for a flip or a fight, or a chosen +n)."""
        vector = [0] * 5
        vector[attribute] = delta
        self.add_elements(tuple(vector), rule, why)

    def rebright_falls(self) -> None:
        """Victory when all five of Rebright's values are 0 (`TOC-STEP-11E`); an earlier end stands."""
        values = self.rebright
        if values is not None and not any(values):
            self.end(
                Outcome(result="won", cause="rebright-fell", rule="TOC-STEP-11E"), "Rebright falls: victory"
            )

    def finish(self) -> State:
        """The new state."""
        return make_state(self, tuple(self.events))


@cache
def _shown(vector: tuple[int, ...]) -> str:
    # A card's element vector is one of a few dozen; its text is made once.
    return " ".join(f"{LETTERS[i]}{d:+d}" for i, d in enumerate(vector) if d)
