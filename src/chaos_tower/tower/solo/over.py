"""GameOver (`TOC-OVER-01`): a forced walk round a closed circuit, read as 移動不可能.

The manual's GameOver conditions include "no chaos card can be placed" and "no move is
possible". The engine reads the last two together as "no legal action left" (the reading's page
says why). A floor can close in on the player so that the only legal action, in every position
that follows, is one move, and the moves lead round a circuit back to where the player stood: two
rooms whose paths lead only to each other, say, with no card to place, nothing to flip and no way
off the floor. No card can ever be placed again and the player can go nowhere new, yet a legal
action is always left, so the game would go on for ever (random play walked into such a circuit
in 3 of 300 solo games; a search agent in several more). The engine decision (option
``closed_walk``, default ``"lost"``): such a position is GameOver, lost with the cause
``no-action``, as if no move were possible; ``"continues"`` keeps the plain reading, where only
``max_actions`` ends that game.

It is told by following the forced moves (each position with exactly one legal action, a move)
until a position repeats (closed: GameOver in every position of the walk) or the walk reaches a
position with a choice, or ends, or is longer than :data:`LIMIT` (open). The states the walk makes
are the ones the game would make: each position keeps its successor (its memo's ``"forced"``: the
move and the state it makes), which the engine's ``apply`` returns, so playing the forced move
costs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from .actions import Action, Move
from .state import State

__all__ = ["CLOSED_WALKS", "LIMIT", "closed_walk"]

CLOSED_WALKS = ("lost", "continues")
"""The values of the option ``closed_walk``."""

LIMIT = 64
"""The most forced moves followed; a longer walk is not called closed."""


def _loses(state: State) -> bool:
    try:
        return bool(state.more["closed_walk"] == "lost")
    except KeyError:  # a state made without the option (a mode registered with other options)
        return True


def _key(state: State) -> tuple[object, ...]:
    # Everything a move can change or depend on; the action count aside.
    return (
        state.player,
        state.life,
        state.elements,
        state.floor,
        state.carry,
        state.slots,
        state.counters,
        state.combat_bonus,
        state.level,
        state.step_returns,
        state.rebright,
    )


def closed_walk(
    state: State,
    found: tuple[Action, ...],
    raw: Callable[[State], tuple[Action, ...]],
    apply: Callable[[State, Action], State],
    *,
    remember: bool = True,
) -> tuple[Action, ...]:
    """The legal actions of ``state`` given the rules' list ``found``: ``()`` when ``found`` is one
    move that begins a closed forced walk and the option says it is lost, else ``found``.

    ``raw`` lists a position's actions by the rules alone (no walk followed), ``apply`` plays one
    of them (unchecked: it was just listed).
    With ``remember``, every position of the walk is given its legal list and its successor as it
    is decided, so the game, which makes the same moves, reads them instead of deriving them
    again (the engine's own list); without, nothing is kept (the reference list by reasons)."""
    if len(found) != 1 or type(found[0]) is not Move or not _loses(state):
        return found
    walk: list[tuple[State, tuple[Action, ...]]] = [(state, found)]
    seen = {_key(state)}
    closed = False
    current = state
    listed: tuple[Action, ...] = found
    while len(walk) <= LIMIT:
        after = apply(current, listed[0])
        if remember:
            current._memo["forced"] = (listed[0], after)
        if after.result is not None and after.result.cause == "max-actions":
            # The cap is no way out of the circuit: look past it (the capped state stays the
            # successor the game plays).
            after = apply(attrs.evolve(current, max_actions=None), listed[0])
        if after.result is not None:
            break  # the walk ends the game (life 0, a fall off the floor): no circuit
        key = _key(after)
        if key in seen:
            closed = True
            break
        seen.add(key)
        listed = raw(after)
        if len(listed) != 1 or type(listed[0]) is not Move:
            if remember:
                after._memo["legal"] = listed
            break  # a choice: the walk is open
        walk.append((after, listed))
        current = after
    if remember:
        for position, actions in walk:
            position._memo["legal"] = () if closed else actions
            if closed:
                position._memo.pop("forced", None)  # no move is legal there any more
    return () if closed else found
