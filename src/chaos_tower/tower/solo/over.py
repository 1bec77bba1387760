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
are dropped; what it found is kept per card set (:func:`_verdicts`), for every position of the
walk that would find the same by its own walk, so the game, which makes the same moves, asks
each position once: a forced walk costs about two steps a move, not one walk a move. (Keeping
each position's successor state instead cost memory: a state listed after its successor was
made kept a second copy of it, and of the walk beyond; issue 27's retained-state figure.)
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ...kernel.memo import remember
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
        state.item_on_entry,
        state.rebright,
    )


_KEPT = 100_000
"""Verdicts kept per card set; past that, the table starts again (only time is lost)."""


def _verdicts(state: State) -> dict[tuple[object, ...], bool]:
    """The card set's table of walks told: a position's :func:`_position` to whether it is closed."""
    table: dict[tuple[object, ...], bool] = remember(state.game._memo, "over.verdicts", dict)
    if len(table) >= _KEPT:
        table.clear()
    return table


def _position(state: State) -> tuple[object, ...]:
    # Everything the walk from a position reads: every field that takes part in a state's equality
    # except the action count and the limit (the walk looks past the cap) and the result (none,
    # while a move is listed). A walk is a function of these alone.
    return (
        state.seed,
        state.rng,
        state.floor,
        state.player,
        state.life,
        state.elements,
        state.deck,
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
        state.step_on_road,
        state.da_order,
        state.more,
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
    With ``remember``, what the walk found is kept for each of its positions whose own walk
    would find the same (the card set's table), and read instead of walking again (the engine's
    own list); without, nothing is read or kept (the reference list by reasons)."""
    if len(found) != 1 or type(found[0]) is not Move or not _loses(state):
        return found
    table = _verdicts(state) if remember else None
    first = _position(state) if table is not None else ()
    if table is not None:
        known = table.get(first)
        if known is not None:
            return () if known else found
    walk: list[State] = [state]
    seen = {_key(state)}
    closed = limited = False
    current = state
    listed: tuple[Action, ...] = found
    while len(walk) <= LIMIT:
        after = apply(current, listed[0])
        if after.result is not None and after.result.cause == "max-actions":
            # The cap is no way out of the circuit: look past it.
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
            break  # a choice: the walk is open
        walk.append(after)
        current = after
    else:
        limited = True  # cut at the limit, no end reached
    if table is not None:
        # A circuit closes, or an end is reached, within the limit from every later position of
        # the walk too; a walk cut at the limit is told for its first position only (a later
        # one's own walk reaches further).
        table[first] = closed
        if not limited:
            for position in walk[1:]:
                table[_position(position)] = closed
    return () if closed else found
