"""A solo position with no way on, and the one way out of it (issue 24: agents do not stall).

Some floors close in on the player: two cards whose paths lead only to each
other and off the floor. Every action then either loses at once (walking off
the floor, `TOC-OVER-01`) or walks back to a position already reached, with no
card drawn or placed. Nothing can change any more; the game can no longer be
won, only lost or played on until the action cap. An agent that recognises such
a dead end takes the loss instead of walking in circles to the cap, which tells
the lab nothing and costs hundreds of actions.

:func:`dead_end` proves it by search: the positions reachable without a way on
are few and all known, and none of the actions from them wins. A way on is what
can open the game again: a card drawn and placed, a step placed or used, a floor
climbed or fallen from, Rebright summoned. Flipping a room, fighting, and taking,
setting, using or throwing away an item are walks inside the region: each can
happen only so often, and a flip may close the floor (solo seed 16: the rollout
agent flipped the room next door, after which the two rooms' paths led only to
each other; every such cap of its first 143 seeds was one flip or one item thrown
away). It reads nothing the player cannot see: no card is drawn on the way (any
draw counts as a way on).
"""

from __future__ import annotations

import attrs

from ..actions import Action
from ..engine import apply, legal_actions
from ..state import State

__all__ = ["closed", "concession", "dead_end", "standing", "way_on"]

LIMIT = 256
"""The most positions searched; a larger closed region is not called a dead end."""


def _key(state: State) -> tuple[object, ...]:
    return (
        state.player,
        state.floor,
        state.life,
        state.elements,
        state.carry,
        state.slots,
        state.counters,
        state.step_area,
        state.used_steps,
        state.step_returns,
        state.item_on_entry,
        state.rebright,
        state.rebright_pending,
        state.rearranging,
        state.combat_bonus,
        state.lost,
    )


def standing(state: State) -> tuple[object, ...]:
    """Where the player stands, on which floor, with what: a search's revisit key (issue 24 item 3).

    Life and elements are left out: rooms that heal or give an element on entry change them on
    every lap of a closed walk, so a key with them never repeats; a search that liked the gains
    walked such a loop for hundreds of actions while a card could be placed a few rooms away
    (solo seed 34 at 32 rollouts: its last 144 actions were moves, to the action cap).
    """
    return (
        state.player,
        state.floor,
        state.carry,
        state.slots,
        state.counters,
        state.level,
        state.rebright,
        state.step_area,
        state.used_steps,
    )


def _changes(state: State, after: State) -> bool:
    # A way on (the module): a card drawn, a step placed or used, a floor climbed or fallen from,
    # Rebright summoned, a win; a flip, a fight or an item is not (it may close the floor).
    if after.result is not None:
        return after.result.result == "won"
    return (
        len(after.deck) != len(state.deck)
        or after.level != state.level
        or after.step_area != state.step_area
        or after.used_steps != state.used_steps
        or after.rebright_pending != state.rebright_pending
    )


def way_on(state: State, limit: int = LIMIT) -> tuple[Action, ...] | None:
    """The way on from a circle: the actions here that are a way on (the module: a card drawn, a
    step, a floor climbed, a win), or else the first action of a shortest walk to a place that has
    some (breadth first over the positions :func:`dead_end` tells apart, life, elements and the
    floor's faces included: a walk may have to heal or flip a room before it can go on; at most
    ``limit`` of them); ``None`` if none is in reach. It reads nothing the player cannot see: a
    walk draws no card."""
    if state.result is not None:
        return None
    start = attrs.evolve(state, max_actions=None)  # the cap is no way out: look past it
    here = tuple(a for a in legal_actions(start) if _changes(start, apply(start, a)))
    if here:
        return here
    first, _closed = _explore(start, limit)
    return None if first is None else (first,)


def _explore(start: State, limit: int) -> tuple[Action | None, bool]:
    """Breadth first over the walks from ``start`` (positions told apart by :func:`_key`, at most
    ``limit``): the first action of a shortest walk to an action that changes the game or wins,
    else ``None``; and whether the whole closed region was searched (``False`` when the limit cut
    it off or a way on was found). A losing action is an exit, not a way on."""
    seen = {_key(start)}
    frontier: list[tuple[State, Action | None]] = [(start, None)]
    while frontier:
        following: list[tuple[State, Action | None]] = []
        for position, first in frontier:
            for action in legal_actions(position):
                after = apply(position, action)
                if after.result is not None:
                    if after.result.result == "won":
                        return first or action, False
                    continue  # an exit, not a way on
                if _changes(position, after):
                    return first or action, False  # a way on (the module)
                key = _key(after)
                if key not in seen:
                    if len(seen) >= limit:
                        return None, False
                    seen.add(key)
                    following.append((after, first or action))
        frontier = following
    return None, True


def dead_end(state: State, limit: int = LIMIT) -> bool:
    """Whether the game can no longer be won and every action that does not lose walks in a circle."""
    if state.result is not None:
        return False
    start = attrs.evolve(state, max_actions=None)  # the cap is no way out: look past it
    return _explore(start, limit)[1]


def closed(state: State, limit: int = LIMIT) -> bool:
    """Whether no way on is in reach: none among the first ``limit`` positions of the walks from
    ``state`` (a game over is not closed). Weaker than :func:`dead_end`, which needs the whole
    region searched: an item that may be set in any of ten slots makes a closed region larger than
    the limit (solo seed 90: one card placed left two rooms and an item, and no card to place).
    What a search asks before it chooses an action (``AgentKit.dead_end``)."""
    if state.result is not None:
        return False
    return _explore(attrs.evolve(state, max_actions=None), limit)[0] is None


def concession(state: State) -> Action | None:
    """In a :func:`dead_end`, the first legal action that ends the game; otherwise ``None``."""
    if not dead_end(state):
        return None
    for action in legal_actions(state):
        if apply(attrs.evolve(state, max_actions=None), action).result is not None:
            return action
    return None  # a closed loop with no exit at all: only the cap ends it
