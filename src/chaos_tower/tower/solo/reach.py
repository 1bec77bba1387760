"""The bounds of a solo position's numbers, and the results consistent with a position.

Every number of the state has a range the card set and the rules give it; a
save holding another is refused (:func:`numbers`), before anything computes
with it. The bounds of values that grow with play (the floor number, the next
fight's bonus) are what the card set's effects could add in the actions counted.
A saved result is one the engine ends a game with, and the position shows its
cause (:func:`outcome`).
"""

from __future__ import annotations

from ...kernel.memo import remember
from ...kernel.saves import MAX_COUNT, action_count_problem
from ..vocabulary import CombatDa, Effect, FloorUp
from .state import EMPTY, State
from .tables import Game

__all__ = ["OUTCOMES", "counted", "numbers", "outcome"]

OUTCOMES = frozenset(
    {
        ("won", "rebright-fell", "TOC-STEP-11E"),
        ("lost", "life-zero", "TOC-OVER-01"),
        ("lost", "left-floor", "TOC-OVER-01"),
        ("ended", "max-actions", "TOC-OVER-01"),
    }
)
"""Every (result, cause, rule) a game ends with. ``no-action`` is never saved: a position
without a legal action is told lost by ``outcome()``, its ``result`` stays empty."""

def _growth(game: Game) -> tuple[int, int, int]:
    """Per action at most: the floors gained, the bonus added and the bonus taken away."""
    # Kept on the compiled game, so that it lives exactly as long (chaos_tower.kernel.memo).
    return remember(game._memo, "reach.growth", lambda: _count_growth(game))


def _count_growth(game: Game) -> tuple[int, int, int]:
    effects: list[Effect] = []
    for card in game.table:
        effects += (*card.front.effects, *card.back.effects)
    for item in game.items:
        effects += (*item.carry_effects, *item.front_effects, *item.rear_effects)
    # TOC-STEP-11 / TOC-NORMAL-06: every "floor +n" that one action could set off, at most.
    up = sum(e.add for e in effects if isinstance(e, FloorUp) and e.add > 0)
    # TOC-NORMAL-06: one use from a slot per action adds that side's "combat da" effects.
    sides = [side for item in game.items for side in (item.front_effects, item.rear_effects)]
    gain = max((sum(e.add for e in s if isinstance(e, CombatDa) and e.add > 0) for s in sides), default=0)
    loss = max((sum(-e.add for e in s if isinstance(e, CombatDa) and e.add < 0) for s in sides), default=0)
    return up, gain, loss


def _is_int(value: object) -> bool:
    return type(value) is int


def _shown(value: int) -> str:
    """A number for a message: a huge one is not written out (nor converted at length)."""
    return str(value) if -(10**20) < value < 10**20 else "(a huge number)"


def numbers(state: State) -> list[str]:
    """Each number of ``state`` that leaves its bounds (nothing else is looked at)."""
    game = state.game
    found: list[str] = []
    # (Every value is an int: from_notation reads only integers, and this runs on every
    # state of the property tests, so types are not checked again.)
    if not 0 <= state.rng < 1 << 64:
        found.append("the generator state is not a 64-bit number")
    if not -1 <= state.player < game.grid.cells or len(state.floor) != game.grid.cells:
        found.append("the player is off the sheet")
    if not game.life_min <= state.life <= game.life_max:
        found.append(f"life {_shown(state.life)} is outside {game.life_min}..{game.life_max}")
    if len(state.elements) != 5 or any(not game.element_min <= e <= game.element_max for e in state.elements):
        shown = "(" + ", ".join(_shown(e) for e in state.elements) + ")"
        found.append(f"elements {shown} are outside {game.element_min}..{game.element_max}")
    counted = action_count_problem(state.actions, state.max_actions, "TOC-OVER-01")
    if counted is not None:
        found.append(counted)
    if found:
        return found
    up, gain, loss = _growth(game)
    # The floor number and the next fight's bonus grow by at most (up, gain, loss) an action,
    # and a save counts at most MAX_COUNT actions (see counted() for why not the count itself).
    if not 0 <= state.level <= 1 + up * MAX_COUNT:
        found.append("the floor number is negative or higher than the steps and items could raise it")
    if not -loss * MAX_COUNT <= state.combat_bonus <= gain * MAX_COUNT:
        found.append("the combat bonus is not one the items could add (TOC-NORMAL-06)")
    found += _slots(state)
    found += _rebright(state)
    return found


def counted(state: State) -> list[str]:
    """What the action count allows (saves only): an ending needs an action.

    Hand-written positions (notation without ``acts``) count no action yet may stand on
    any floor with any bonus, and the project saves them (puzzles, tests), so the floor
    number and the bonus are held to what ``MAX_COUNT`` actions could reach, not to the
    count itself.
    """
    if state.result is not None and state.actions < 1:
        return ["a result needs an action to have ended the game (TOC-OVER-01)"]
    return []


def _slots(state: State) -> list[str]:
    game = state.game
    if len(state.slots) != len(game.slot_ids) or len(state.counters) != len(game.slot_ids):
        return ["the slots do not match the sheet"]
    found = []
    for slot, (item, count) in enumerate(zip(state.slots, state.counters, strict=True)):
        if item == EMPTY:
            if count != -1:
                found.append("an empty slot has counters")
            continue
        if not 0 <= item < len(game.items):
            continue  # an unknown item: violations() names it
        table = game.items[item]
        full = table.front_counters if game.slot_side[slot] == "front" else table.rear_counters
        # TOC-NORMAL-08: set with full effect-counters, one less a use; at 0 it is lost (TOC-NORMAL-06).
        if full is None and count != -1:
            found.append(f"{table.id} has no effect-counters, yet its slot counts some")
        elif full is not None and not 1 <= count <= full:
            found.append(f"{table.id}'s effect-counters are outside 1..{full} (TOC-NORMAL-08)")
    return found


def _rebright(state: State) -> list[str]:
    values = state.rebright
    if values is None:
        return []
    game = state.game
    if len(values) != 5:
        return ["Rebright's values are not five numbers"]
    # TOC-STEP-11E / TOC-RARE-07: they start at the card's values and are changed within 0 and the
    # sheet's top (change.rebright_value), or fall to 0 in a fight.
    tops = [max(game.element_max, v) for v in game.rebright_values]
    if any(not 0 <= v <= top for v, top in zip(values, tops, strict=True)):
        return [f"a value of Rebright is outside 0..{max(tops)} (TOC-RARE-07)"]
    return []


def outcome(state: State, cards_on_floor: bool) -> list[str]:
    """How the saved result, or its absence, disagrees with the position (`TOC-OVER-01`)."""
    game = state.game
    result = state.result
    limit_reached = state.max_actions is not None and state.actions >= state.max_actions
    fallen = state.rebright is not None and not any(state.rebright)
    if result is None:
        found = []
        if state.life == game.life_min:
            found.append("life is 0 but the game goes on (TOC-OVER-01)")
        if limit_reached:
            found.append("the max_actions limit is reached but the game goes on (TOC-OVER-01)")
        if fallen and any(game.rebright_values):  # (a card set may summon it at 0: nothing falls)
            found.append("Rebright has fallen but the game goes on (TOC-STEP-11E)")
        return found
    key = (result.result, result.cause, result.rule)
    if key not in OUTCOMES:
        return [f"the result {':'.join(key)!r} is none the game ends with"]
    if result.cause == "rebright-fell" and not fallen:
        return ["won by Rebright's fall, yet Rebright has not fallen (TOC-STEP-11E)"]
    if result.cause == "life-zero" and state.life != game.life_min:
        return ["lost at life 0, yet life is not 0 (TOC-OVER-01)"]
    if result.cause == "max-actions" and not (limit_reached and state.actions == state.max_actions):
        return ["ended by max_actions, yet the count is not at the limit (TOC-OVER-01)"]
    if result.cause == "left-floor" and (
        state.player < 0 or not cards_on_floor or -1 not in game.grid.neighbours[state.player]
    ):
        return ["lost by leaving the floor, yet the player is not on an edge cell (TOC-OVER-01)"]
    return []
