"""The bounds of a Crest Duel position's numbers, and an ending consistent with the count.

:func:`numbers` holds each number to the range the card set and the rules give
it, before anything computes with it: status durations to the longest the set
inflicts (`CRD-BEAST-B`), HP to what one action's damage can take from a living
monster, turn and round counts to the actions counted.
"""

from __future__ import annotations

from ..kernel.memo import remember
from ..kernel.saves import MAX_COUNT, action_count_problem
from .cards import STATUSES, Boost, Damage, Inflict, RingCard
from .state import CrestGame, CrestState

__all__ = ["counted", "numbers", "outcome"]

def _bounds(game: CrestGame) -> tuple[int, int]:
    """The longest duration the set inflicts, and the most damage one action deals."""
    # Kept on the card set, so that it lives exactly as long (chaos_tower.kernel.memo).
    return remember(game.cards._memo, "crest.reach.bounds", lambda: _count_bounds(game))


def _count_bounds(game: CrestGame) -> tuple[int, int]:
    longest = hits = plus = boost = 0
    for kind in game.kinds:
        for effect in kind.effects:
            if isinstance(effect, Inflict):
                longest = max(longest, effect.turns)
            elif isinstance(effect, Damage):
                hits += kind.count
                plus += kind.count * max(0, effect.plus)
        if isinstance(kind, RingCard):
            boost = max(boost, sum(max(0, e.amount) for e in kind.effects if isinstance(e, Boost)))
    stat = max((max(m.dx, m.mdx) for m in game.cards.monsters), default=0)
    # Every damage effect of every card at once, each by the strongest monster with the best ring.
    damage = hits * (stat + boost) + plus
    return longest, damage


def numbers(state: CrestState) -> list[str]:
    """The numbers of ``state`` that leave their bounds (the per-seat shapes are checked already)."""
    counts = (state.turns, state.rounds, state.actions, *state.hp)
    if not all(type(v) is int for v in (*counts, *(t for s in state.statuses for t in s))):
        return ["the counts, HP and statuses are integers"]
    found = []
    counted = action_count_problem(state.actions, state.max_actions)
    if counted is not None:
        found.append(counted)
    if not 0 <= state.rounds <= state.turns <= MAX_COUNT:
        # CRD-BEAST-D: a round ends only with a turn (counted() holds turns to the actions).
        found.append("turns and rounds are counts from 0, rounds <= turns (CRD-BEAST-D)")
    if found:
        return found
    longest, damage = _bounds(state.game)
    for seat, durations in enumerate(state.statuses):
        # CRD-BEAST-B: an inflicted status lasts its card's turns, the longer of two holding. The
        # bound is the set's longest of any status, not of each: hand-arranged positions of the
        # tests let one status outlast another whatever the set inflicts.
        for status, left in zip(STATUSES, durations, strict=True):
            if not 0 <= left <= longest:
                found.append(f"seat {seat}: {status.value} lasts outside 0..{longest} turns (CRD-BEAST-B)")
    for seat, hp in enumerate(state.hp):
        # A monster is alive at HP 1 or more before an action (CRD-DEATH-A), and one action
        # deals at most ``damage``.
        if hp < 1 - damage:
            found.append(f"seat {seat}: HP below what one action's damage could leave")
    return found


def outcome(state: CrestState) -> list[str]:
    """An ending by ``max_actions`` exactly at the limit, and no game going on past it."""
    reached = state.max_actions is not None and state.actions >= state.max_actions
    result = state.result
    if result is None:
        return ["the max_actions limit is reached but the game goes on"] if reached else []
    if result.rule != "CRD-DEATH-C":
        return ["a duel ends by CRD-DEATH-C"]
    if result.cause == "max-actions" and not (reached and state.actions == state.max_actions):
        return ["ended by max_actions, yet the count is not at the limit"]
    return []


def counted(state: CrestState) -> list[str]:
    """What the action count allows (saves only): the turns ended, an ending.

    Hand-arranged positions (tests, puzzles) stand at a turn with no action counted, so
    :func:`~chaos_tower.crest.invariants.violations` leaves these out; a save's count is real.
    """
    if state.turns > state.actions:
        # CRD-BEAST-D: an action ends at most one turn.
        return ["more turns than actions (CRD-BEAST-D)"]
    if state.result is not None and state.actions < 1:
        return ["a result needs an action to have ended the game"]
    return []
