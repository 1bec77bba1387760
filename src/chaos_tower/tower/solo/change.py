"""A private, short-lived record of what one action changes.

Rules write their changes here; :meth:`Change.finish` makes the one new state
with :func:`attrs.evolve`. The input state is never touched, and a rule that
raises leaves nothing behind.
"""

from __future__ import annotations

from functools import cache
from operator import add
from typing import Any

from ...kernel.records import updater
from ..vocabulary import (
    LETTERS,
    Effect,
    ElementChoice,
    ElementsAdd,
    FloorUp,
    Life,
    RebrightValue,
    SummonRebright,
)
from .board import holds
from .state import Event, Outcome, State

__all__ = ["Change"]


class Change:
    """Field updates and events gathered while one action is applied."""

    __slots__ = ("events", "original", "updates")

    def __init__(self, state: State) -> None:
        self.original = state
        self.updates: dict[str, Any] = {}
        self.events: list[Event] = []

    def get(self, name: str) -> Any:
        """A field's value as changed so far."""
        return self.updates[name] if name in self.updates else getattr(self.original, name)

    def set(self, **fields: Any) -> None:
        """Change fields."""
        self.updates.update(fields)

    def now(self) -> State:
        """The position as changed so far (for questions asked halfway through an action)."""
        return _evolve(self.original, self.updates) if self.updates else self.original

    def event(self, rule: str, kind: str, text: str, amount: int | None = None) -> None:
        """Record what happened and why."""
        self.events.append(Event(rule=rule, kind=kind, text=text, amount=amount))

    @property
    def over(self) -> bool:
        """The game has ended during this action."""
        return self.get("result") is not None

    def end(self, outcome: Outcome, text: str) -> None:
        """End the game (the first ending in an action stands)."""
        if not self.over:
            self.set(result=outcome)
            self.event(outcome.rule, "end", text)

    # -- values ---------------------------------------------------------
    def life(self, delta: int, rule: str, why: str, *, absolute: bool = False) -> None:
        """Change life, clamped to the sheet; life 0 is GameOver (`TOC-OVER-01`)."""
        game = self.original.game
        old = self.get("life")
        new = delta if absolute else old + delta
        new = max(game.life_min, min(game.life_max, new))
        if new != old:
            self.set(life=new)
            self.event(rule, "life", f"life {old} → {new}: {why}", new - old)
        if new <= game.life_min:
            self.end(
                Outcome(result="lost", cause="life-zero", rule="TOC-OVER-01"), "life reached 0: GameOver"
            )

    def elements(self, vector: tuple[int, ...], rule: str, why: str) -> None:
        """Add a vector to the player's elements, clamped to the sheet's bounds."""
        if not any(vector):
            return
        game = self.original.game
        low, high = game.element_min, game.element_max
        old = self.get("elements")
        new = tuple([low if v < low else high if v > high else v for v in map(add, old, vector)])
        if new != old:
            self.set(elements=new)
            self.event(rule, "elements", f"elements {_shown(vector)}: {why}")

    def element(self, attribute: int, delta: int, rule: str, why: str) -> None:
        """Change one element (pay for a flip or a fight, or a chosen +n)."""
        vector = [0] * 5
        vector[attribute] = delta
        self.elements(tuple(vector), rule, why)

    def rebright_falls(self) -> None:
        """Victory when all five of Rebright's values are 0 (`TOC-STEP-11E`); an earlier end stands."""
        values = self.get("rebright")
        if values is not None and not any(values):
            self.end(
                Outcome(result="won", cause="rebright-fell", rule="TOC-STEP-11E"), "Rebright falls: victory"
            )

    def instant(self, effect: Effect, rule: str, why: str, *, attribute: int | None = None) -> None:
        """Apply an effect that acts at once (life, elements, floor, Rebright)."""
        if effect.when is not None and not holds(self.now(), effect.when, self.get("player")):
            return
        if isinstance(effect, Life):
            if effect.set is not None:
                self.life(effect.set, rule, why, absolute=True)
            elif effect.add is not None:
                self.life(effect.add, rule, why)
        elif isinstance(effect, ElementsAdd):
            self.elements(effect.add.as_tuple(), rule, why)
        elif isinstance(effect, ElementChoice) and attribute is not None:
            self.element(attribute, effect.add, rule, why)
        elif isinstance(effect, FloorUp):
            level = self.get("level")
            self.set(level=level + effect.add)
            self.event(rule, "floor", f"floor {level} → {level + effect.add}: {why}", effect.add)
        elif isinstance(effect, SummonRebright):
            if self.get("rebright") is None:
                self.set(rebright=self.original.game.rebright_values, rebright_pending=True)
                self.event(rule, "rebright", f"Rebright appears: {why}")
        elif isinstance(effect, RebrightValue):
            self.rebright_value(effect, rule, why)

    def rebright_value(self, effect: RebrightValue, rule: str, why: str) -> None:
        """Change Rebright's values (rare items' set-effects, `TOC-RARE-07`)."""
        values = self.get("rebright")
        if values is None:
            return
        new = list(values)
        top = self.original.game.element_max
        for attribute in effect.attributes:
            i = LETTERS.index(attribute.value)
            value = effect.set if effect.set is not None else new[i] + (effect.add or 0)
            # Like every value a card shows, Rebright's stay within the sheet's
            # element bounds; otherwise Sword Of Black could lift one past what
            # any player can pay and leave the game unwinnable yet unending.
            new[i] = max(0, min(top, value))
        self.set(rebright=tuple(new))
        self.event(rule, "rebright", f"Rebright {values} → {tuple(new)}: {why}")
        self.rebright_falls()

    def finish(self) -> State:
        """The new state."""
        self.updates["events"] = tuple(self.events)
        return _evolve(self.original, self.updates)


@cache
def _shown(vector: tuple[int, ...]) -> str:
    # A card's element vector is one of a few dozen; its text is made once.
    return " ".join(f"{LETTERS[i]}{d:+d}" for i, d in enumerate(vector) if d)


_evolve = updater(State)
"""``_evolve(state, updates)``: the state with ``updates`` (field name → value) applied."""
