"""A solo world the player cannot tell from the real one (``ct.determinize``), for information-set search.

The solo player sees everything on the table (:mod:`chaos_tower.tower.solo.observe`)
but the deck's order below its face-up top card and the chance state. So the
deck's top card stays; the cards below it are put in card-set order, then
shuffled from ``seed``; the generator continues from that shuffle, and the
state records ``seed``. Nothing of the real order or chance state is read.
"""

from __future__ import annotations

from ...kernel.records import updater
from ...kernel.rng import seed_state, shuffle
from .observe import _check_player
from .state import State

__all__ = ["determinize"]

_update = updater(State)  # attrs.evolve without looking the fields up: one per search simulation


def determinize(state: State, player: int, seed: int) -> State:
    """``state`` with its hidden parts (deck below the top, generator, seed) drawn from ``seed``."""
    _check_player(player)
    top, below = state.deck[:1], sorted(state.deck[1:])  # sorted: the real order is not read
    order, rng = shuffle(below, seed_state(seed))
    return _update(state, {"deck": (*top, *order), "rng": rng, "seed": seed, "events": ()})
