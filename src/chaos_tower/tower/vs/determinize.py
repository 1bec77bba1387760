"""A VS world one player cannot tell from the real one (``ct.determinize``), for information-set search.

Hidden from a player (:mod:`chaos_tower.tower.vs.observe`): the others' attributes
still face down and the ones dealt to nobody (`TOC-VS2-020`, `TOC-VS3-040`),
the others' items and the unused ones (`TOC-VS3-043`), the deck's order
(`TOC-VS2-024`), and the chance state. They are drawn again from ``seed``,
keeping every public fact:

* a face-up attribute stays where it lies, and one's own stay one's own;
* every counter stands for an attribute the table has not ruled out
  (``VsState.possible``, :mod:`~chaos_tower.tower.vs.knowledge`): after ``adjust +3 0``
  for a card with G+3, counter 0 is a G in every world; a wrong declaration
  ("player 0 named G for player 1: wrong", `TOC-VS2-029`) means player 1 holds no G.
  Only assignments that keep every such fact are drawn, each of them equally likely
  (there are at most 5! of them);
* the hand sizes, the unused count, the items given (`TOC-VS2-028`) and the cards drawn stay.

So every world agrees with everything the player has seen since the start: the
game's actions, replayed from the world's own deal (its hands with the items
given, its deck with the cards drawn on top), are each legal and show the player
what the player was shown (``tests/capabilities/test_determinize_history.py``).
What is drawn is built from the sorted pools alone, never from the real
order, so two states the player cannot tell apart give the same world for
the same seed.
"""

from __future__ import annotations

import itertools
import operator

from ...kernel.rng import next_u64, seed_state, shuffle
from .knowledge import ALL
from .observe import check_seat
from .state import VsState, evolve

__all__ = ["determinize"]


def determinize(state: VsState, player: int, seed: int) -> VsState:
    """``state`` with what ``player`` cannot see drawn from ``seed`` (see the module's docstring)."""
    check_seat(state, player)  # the observation's refusal of a player who is not a seat
    rng = seed_state(seed)
    n, k = state.players, state.slots()
    attributes, revealed, possible = state.attributes, state.revealed, state.possible
    # The attributes: the hidden places are the others' face-down counters and the leftover. The
    # leftover is ruled out by nothing; a counter by the record and the wrong declarations.
    known = 0  # one's own attributes and those face up, as bits
    for a in attributes[player]:
        known |= 1 << a
    wrong = [0] * n  # per seat, the attributes named wrongly for it
    for d in state.named:
        if not d.right:
            wrong[d.target] |= 1 << d.attribute
    places: list[tuple[int, int]] = []
    allowed: list[int] = []
    for q in range(n):
        shown, held = revealed[q], attributes[q]
        for i in range(k):
            if shown[i]:
                known |= 1 << held[i]
            elif q != player:
                places.append((q, i))
                allowed.append(possible[q][i] & ~wrong[q])
    for i in range(len(state.leftover)):
        places.append((-1, i))
        allowed.append(ALL)
    pool = tuple(a for a in range(5) if not known >> a & 1)
    fits = _fits(state, pool, tuple(allowed))
    value, rng = next_u64(rng)
    rows = [list(row) for row in attributes]
    left: list[int] = []
    for (q, i), a in zip(places, fits[value % len(fits)], strict=True):  # the real one is among the fits
        if q < 0:
            left.append(a)
        else:
            rows[q][i] = a
    attributes = tuple(attributes[q] if q == player else tuple(rows[q]) for q in range(n))
    leftover = tuple(left)
    # The items: all but one's own and those given, dealt again by hand size; the rest unused.
    given = {g.item for g in state.gifts}
    items = sorted(set(range(len(state.table.item_ids))) - given - set(state.hands[player]))
    dealt, rng = shuffle(items, rng)
    hands: list[tuple[int, ...]] = []
    at = 0
    for q, hand in enumerate(state.hands):
        if q == player:
            hands.append(tuple(sorted(hand)))
            continue
        size = len(hand)
        hands.append(tuple(sorted(dealt[at : at + size])))
        at += size
    deck, rng = shuffle(sorted(state.deck), rng)
    return evolve(
        state,
        seed=seed,
        rng=rng,
        attributes=attributes,
        leftover=leftover,
        hands=tuple(hands),
        unused=tuple(sorted(dealt[at:])),
        deck=deck,
        events=(),
    )


_FITS_KEPT = 10_000
"""Distinct (pool, places) answers of :func:`_fits` kept per card set; past that, computed afresh."""


def _fits(state: VsState, pool: tuple[int, ...], allowed: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The permutations of ``pool`` (in :func:`itertools.permutations` order) that give each place
    an attribute it may hold (``allowed``, as bits). A function of small integers, kept per answer
    on the card set's VS table (issue 27: a fifth of a VS search was its worlds)."""
    try:
        known: dict[tuple[tuple[int, ...], tuple[int, ...]], list[tuple[int, ...]]] = state.table._memo[
            "vs.fits"
        ]
    except KeyError:
        known = state.table._memo["vs.fits"] = {}
    key = (pool, allowed)
    found = known.get(key)
    if found is None:
        # Per place, the pool's attributes it may hold; a permutation fits when each place's is one
        # (checked by map in C: the check of every permutation was a tenth of a VS search).
        may = [frozenset(a for a in pool if mask >> a & 1) for mask in allowed]
        found = [perm for perm in itertools.permutations(pool) if all(map(operator.contains, may, perm))]
        if len(known) < _FITS_KEPT:
            known[key] = found
    return found
