"""The greedy one-step agent of the solo game (``fresh=False``: as it was, the golden games replay it).

It applies every legal action and scores the result with :func:`score`; the
faster :class:`~chaos_tower.tower.solo.agents.heuristic.HeuristicAgent` plays the same
idea with cheaper evaluation and no walking in circles.
"""

from __future__ import annotations

import random

from ...vocabulary import NeighboursOfOneAttribute
from ..actions import Action, PlaceStep
from ..board import connected, continuous_effects, same_attribute_neighbours, side_at
from ..effects import effective_da
from ..engine import apply, legal_actions, outcome
from ..geometry import OPPOSITE
from ..placement import path_cells
from ..state import EMPTY, State, card_of, is_flipped
from .deadend import concession

__all__ = ["GreedyAgent", "score"]


def score(state: State) -> float:
    """How good a position looks to the greedy agent: not dying first, then progress.

    Progress is, in order of weight: Rebright's values falling, distinct steps
    used or being used (Seqlrith needs the other four used), then, with those
    four used, all five attributes on the floor (Seqlrith's other condition),
    a healthy life and elements, items held, and a little for the floor number
    (a higher floor costs extra da, `TOC-ZAP-03`, so it is no goal in itself).
    """
    result = outcome(state)
    if result is not None:
        return {"won": 1e9, "lost": -1e9}.get(result.result, 0.0)
    game = state.game
    value = 0.0
    if state.level == 0:
        value -= 600.0  # ZAP throws away everything gained
    # A step on the floor goes to the used area when the player leaves it
    # (TOC-STEP-05): counting it already makes entering a step progress at once.
    on_floor = {card_of(code) for code in state.floor if code != EMPTY and card_of(code) in game.steps}
    used = len(set(state.used_steps) | on_floor)
    value += 10.0 * state.level + 400.0 * used
    if state.rebright is not None:
        # Summoning Rebright is the big step; each value brought to 0 is progress.
        value += 4000.0 + 150.0 * (sum(game.rebright_values) - sum(state.rebright))
    attributes = set()
    for code in state.floor:
        if code != EMPTY:
            card = game.table[card_of(code)]
            attributes.add(card.attribute)
            value += 2.0
            if is_flipped(code):
                value += 6.0 if card.kind == "monster" else 4.0
    if used >= len(game.steps) - 1:
        value += 80.0 * len(attributes - {-1})
    value += _step_prospects(state)
    value += 25.0 * (len(state.carry) + sum(1 for i in state.slots if i != EMPTY))
    value += 20.0 * state.life + 3.0 * sum(state.elements) + 10.0 * min(state.elements)
    if state.life <= 2:
        value -= 60.0  # one more da and the game is over
    return value + 8.0 * _cheapest_way_on(state)


def _step_prospects(state: State) -> float:
    """Reward positions from which a step not yet used could be placed, or nearly could.

    Steps are the way up, and their conditions rarely hold by chance; the
    greedy agent looks one action ahead, so it is told when an action makes a
    new step placeable, and (for "next to N cards of one attribute") when it
    brings such a cell closer.
    """
    game = state.game
    used = {game.table[s].id for s in state.used_steps}
    ready = {a.step for a in legal_actions(state) if isinstance(a, PlaceStep) and a.step not in used}
    value = 150.0 * len(ready)
    if state.player < 0 or state.floor[state.player] == EMPTY:
        return value
    for step in state.step_area:
        condition = game.table[step].condition
        if isinstance(condition, NeighboursOfOneAttribute) and game.table[step].id not in ready:
            best = max((same_attribute_neighbours(state, cell) for cell in path_cells(state)), default=0)
            value += 40.0 * min(best, condition.count)
    return value


def _cheapest_way_on(state: State) -> int:
    """The life change of the cheapest move to a connected card (0 if none): cheap roads keep a game alive."""
    if state.player < 0 or state.floor[state.player] == EMPTY:
        return 0
    effects = continuous_effects(state)
    best = None
    for direction in range(4):
        other = connected(state, state.player, direction)
        if other == -1:
            continue
        cost = effective_da(state, state.player, side_at(state, state.player, direction), effects)
        cost += effective_da(state, other, side_at(state, other, OPPOSITE[direction]), effects)
        best = cost if best is None else max(best, cost)
    return best if best is not None else 0


class GreedyAgent:
    """Looks one action ahead and takes the best-scoring result; ties are broken at random.

    It remembers the positions it has made and counts each revisit against
    them, so that it does not walk back and forth for ever when no action
    scores better than another (the manual sets no move limit). With ``fresh``
    (the default) it does not walk in circles at all (issue 24): a position it has
    made twice is ruled out while an action that does not lose makes a fresher one,
    and where no way on is left (:func:`~chaos_tower.tower.solo.agents.deadend.dead_end`) it
    takes the loss instead of walking to the action cap. ``fresh=False`` is the
    agent as it was, which the golden games replay: it shuttled between two rooms
    in about a quarter of the games capped at 600 actions.
    """

    _REVISIT = 2.0

    def __init__(self, seed: int = 0, *, fresh: bool = True) -> None:
        self._rng = random.Random(seed)
        self._visits: dict[tuple[object, ...], int] = {}
        self._fresh = fresh

    def choose_in(self, state: State) -> Action:
        """The legal action whose result scores best (:func:`score`, less the revisit cost), in a
        world drawn for the player (or, for the golden games, the state itself)."""
        if not isinstance(state, State):
            raise TypeError(f"the solo greedy agent plays the solo game, not {type(state).__name__}")
        if self._fresh and self._visits.get(_position(state), 0) >= 2:
            way_out = concession(state)  # back where it has been: is any way on left?
            if way_out is not None:
                return way_out
        options = []
        for action in legal_actions(state):
            after = apply(state, action)
            key = _position(after)
            seen = self._visits.get(key, 0)
            lost = after.result is not None and after.result.result == "lost"
            options.append((action, key, score(after) - self._REVISIT * seen, seen >= 2 or lost))
        if self._fresh:
            options = [o for o in options if not o[3]] or options
        best: list[tuple[Action, tuple[object, ...]]] = []
        best_value = float("-inf")
        for action, key, value, _stale in options:
            if value > best_value + 1e-9:
                best, best_value = [(action, key)], value
            elif abs(value - best_value) <= 1e-9:
                best.append((action, key))
        action, key = self._rng.choice(best)
        self._visits[key] = self._visits.get(key, 0) + 1
        return action


def _position(state: State) -> tuple[object, ...]:
    """What tells two positions apart for the revisit count (not the deck order or the events)."""
    return (
        state.player,
        state.floor,
        state.life,
        state.elements,
        state.carry,
        state.slots,
        state.counters,
        state.level,
        state.rebright,
    )
