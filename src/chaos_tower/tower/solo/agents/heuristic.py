"""The fast heuristic player of each game; in the solo game, the greedy idea made cheap.

The solo :class:`HeuristicAgent` judges positions by the greedy agent's
measure (:func:`~chaos_tower.tower.solo.agents.greedy.score`) but spends far less on each move:

* a step placed anywhere clears the floor and leaves much the same position
  (`TOC-STEP-03`), so each step is judged once, by its first placement, and
  only for the chosen step are its cells compared;
* the expensive part of the measure (which unused steps become placeable, one
  more generation of legal actions per candidate) is computed only for the
  few best candidates of the cheap part;
* a game lost by the action itself shows in the state after it; the agent does
  not generate that state's actions to find a "no action left" loss, which
  would also depend on the next card of the deck, unseen when choosing.

It does not walk in circles: a position it has already made ``repeat`` times
is ruled out while any other action makes a fresher one, and each earlier
visit costs more than a card's worth of score, so it places a card or goes
elsewhere instead of shuttling between two rooms. And where no way on is left at all
(:func:`~chaos_tower.tower.solo.agents.deadend.dead_end`: every action loses or walks back to a
position already reached), it takes the loss instead of walking to the action cap.

It is the solo mode's ``heuristic`` rung (:mod:`.kit`): the game-independent agents hand it a
world drawn for the player, never the true deck.
"""

from __future__ import annotations

import random

from ....kernel.errors import ChaosTowerError
from ..actions import Action, PlaceStep
from ..engine import apply, legal_actions
from ..placement import path_cells
from ..state import State
from .deadend import concession
from .greedy import _cheapest_way_on, _position
from .greedy import _step_prospects as _full_prospects

__all__ = ["HeuristicAgent", "HeuristicParameterError", "quick_score"]


class HeuristicParameterError(ChaosTowerError, ValueError):
    """A parameter of the heuristic player is out of its bounds."""

_EMPTY = -1


def quick_score(state: State) -> float:
    """The greedy agent's :func:`~chaos_tower.tower.solo.agents.greedy.score` without its costly parts.

    Left out: the "no legal action" loss (it would generate the next
    position's actions) and the reward for steps made placeable; the agent adds
    the latter back for its best few candidates only.
    """
    result = state.result
    if result is not None:
        return {"won": 1e9, "lost": -1e9}.get(result.result, 0.0)
    game = state.game
    table = game.table
    value = 0.0
    if state.level == 0:
        value -= 600.0  # ZAP throws away everything gained (TOC-ZAP-04)
    on_floor = set()
    attributes = set()
    for code in state.floor:
        if code != _EMPTY:
            index = code >> 3
            card = table[index]
            if index in game.steps:
                on_floor.add(index)
            attributes.add(card.attribute)
            value += 2.0
            if code & 1:
                value += 6.0 if card.kind == "monster" else 4.0
    # A step on the floor goes to the used area when the player leaves it (TOC-STEP-05).
    used = len(set(state.used_steps) | on_floor)
    value += 10.0 * state.level + 400.0 * used
    if state.rebright is not None:
        value += 4000.0 + 150.0 * (sum(game.rebright_values) - sum(state.rebright))
    if used >= len(game.steps) - 1:
        value += 80.0 * len(attributes - {-1})
    value += 25.0 * (len(state.carry) + sum(1 for i in state.slots if i != _EMPTY))
    value += 20.0 * state.life + 3.0 * sum(state.elements) + 10.0 * min(state.elements)
    if state.life <= 2:
        value -= 60.0  # one more da and the game is over (TOC-OVER-01)
    return value + 8.0 * _cheapest_way_on(state)


class HeuristicAgent:
    """The fast heuristic player of the solo game (a mode's player: it chooses in a world).

    ``top``: how many of the cheaply best candidates get the full measure.
    ``repeat``: how often it may make the same position while a fresher one is on offer.
    """

    _REVISIT = 120.0

    def __init__(self, seed: int = 0, *, top: int = 2, repeat: int = 2) -> None:
        for key, value in (("top", top), ("repeat", repeat)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
                raise HeuristicParameterError(f"{key} is a whole number from 1 to 1000, not {value!r}")
        self._seed = seed
        self._rng = random.Random(seed)
        self._top = top
        self._repeat = repeat
        self._visits: dict[tuple[object, ...], int] = {}
        self._judged: dict[tuple[object, ...], _Judged] = {}

    def choose_in(self, world: State) -> Action:
        """The chosen legal action in ``world`` (a solo state drawn for the player)."""
        if not isinstance(world, State):
            raise TypeError(f"the solo heuristic plays the solo game, not {type(world).__name__}")
        return self._solo(world)

    def _solo(self, state: State) -> Action:
        if self._visits.get(_position(state), 0) >= self._repeat:
            # Back where it has been: if no way on is left, take the loss now (agents.deadend).
            way_out = concession(state)
            if way_out is not None:
                return way_out
        judged = self._judge(state)
        scored = []
        for index, (_action, _after, value, lost, key) in enumerate(judged.options):
            seen = self._visits.get(key, 0)
            scored.append((value - self._REVISIT * seen, seen >= self._repeat, lost, index))
        # Fresh and alive first; then alive (a dead end: every way on was made often already).
        fresh = [j for j in scored if not j[1] and not j[2]] or [j for j in scored if not j[2]] or scored
        fresh.sort(key=lambda j: -j[0])  # stable: equals keep the legal order
        best: list[int] = []
        top = float("-inf")
        for value, _stale, _lost, index in fresh[: self._top]:
            value += judged.prospects(index)
            if value > top + 1e-9:
                top, best = value, [index]
            elif abs(value - top) <= 1e-9:
                best.append(index)
        action, _after, _value, _lost, key = judged.options[self._rng.choice(best)]
        if type(action) is PlaceStep:
            action, key = self._where(state, judged.steps[action.step])
        self._visits[key] = self._visits.get(key, 0) + 1
        return action

    def _judge(self, state: State) -> _Judged:
        """Each candidate's result and cheap value, remembered per position (walking back costs nothing)."""
        full = _full_key(state)
        last = state.max_actions is not None and state.actions + 1 >= state.max_actions
        judged = None if last else self._judged.get(full)
        if judged is not None:
            return judged
        steps: dict[str, list[PlaceStep]] = {}
        options = []
        for action in legal_actions(state):
            if type(action) is PlaceStep:
                same = steps.setdefault(action.step, [])
                same.append(action)
                if len(same) > 1:
                    continue
            after = apply(state, action)
            lost = after.result is not None and after.result.result == "lost"
            options.append((action, after, quick_score(after), lost, _position(after)))
        judged = _Judged(options, steps)
        if not last:
            if len(self._judged) >= _REMEMBER:
                self._judged.clear()
            self._judged[full] = judged
        return judged

    def _where(self, state: State, placements: list[PlaceStep]) -> tuple[Action, tuple[object, ...]]:
        """Where to lay the chosen step: the cell nearest the middle, then the most open rotation.

        The new floor is built out from the step (`TOC-STEP-03`): from the middle
        there is room on every side, and every open path is a way on.
        """
        grid = state.game.grid
        middle_x, middle_y = (grid.columns - 1) / 2, (grid.rows - 1) / 2

        def off_centre(cell: int) -> float:
            x, y = grid.xy(cell)
            return abs(x - middle_x) + abs(y - middle_y)

        nearest = min(off_centre(p.cell) for p in placements)
        options = []
        for placement in placements:
            if off_centre(placement.cell) <= nearest + 1e-9:
                after = apply(state, placement)
                options.append((_open_paths(after), placement, after))
        most = max(o[0] for o in options)
        chosen = self._rng.choice([o for o in options if o[0] == most])
        return chosen[1], _position(chosen[2])


_REMEMBER = 4096
"""Positions whose judged candidates an agent remembers (then it forgets them all and starts again)."""


class _Judged:
    """One position's candidates: (action, result, cheap value, lost at once, revisit key) each."""

    # No __slots__: the compiled build makes this a native class (slotted by construction).
    def __init__(
        self,
        options: list[tuple[Action, State, float, bool, tuple[object, ...]]],
        steps: dict[str, list[PlaceStep]],
    ) -> None:
        self.options = options
        self.steps = steps
        self._prospects: dict[int, float] = {}

    def prospects(self, index: int) -> float:
        """The costly part of the measure, for one candidate, computed once."""
        value = self._prospects.get(index)
        if value is None:
            after = self.options[index][1]
            value = self._prospects[index] = _full_prospects(after) if after.result is None else 0.0
        return value


def _full_key(state: State) -> tuple[object, ...]:
    """Everything an action's result depends on but the hidden deck below the top and the generator."""
    return (
        state.floor,
        state.player,
        state.life,
        state.elements,
        state.step_area,
        state.used_steps,
        state.level,
        state.step_returns,
        state.item_on_entry,
        state.carry,
        state.slots,
        state.counters,
        state.lost,
        state.rebright,
        state.rebright_pending,
        state.rearranging,
        state.combat_bonus,
        state.deck[:1],
        len(state.deck),
    )


def _open_paths(state: State) -> int:
    """How many paths of the player's card lead to an empty cell of the floor (not the deck's next card)."""
    if state.player < 0 or state.floor[state.player] == _EMPTY:
        return 0
    return sum(1 for _ in path_cells(state))
