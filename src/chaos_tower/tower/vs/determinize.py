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
    # The attributes: the hidden places are the others' face-down counters and the leftover.
    places = [(q, i) for q in range(n) if q != player for i in range(k) if not state.revealed[q][i]]
    places += [(-1, i) for i in range(len(state.leftover))]
    known = {*state.attributes[player]}
    known |= {
        a for q in range(n) for a, shown in zip(state.attributes[q], state.revealed[q], strict=True) if shown
    }
    pool = sorted(set(range(5)) - known)
    wrong = {(d.target, d.attribute) for d in state.named if not d.right}
    # The leftover is ruled out by nothing; a counter by the record and the wrong declarations.
    allowed = [ALL if q < 0 else state.possible[q][i] for q, i in places]
    # Per place, the pool's attributes it may hold; a permutation fits when each place's is one
    # (checked by map in C: the check of every permutation was a tenth of a VS search, issue 27).
    may = [
        frozenset(a for a in pool if mask >> a & 1 and (q, a) not in wrong)
        for (q, _), mask in zip(places, allowed, strict=True)
    ]
    fits = [perm for perm in itertools.permutations(pool) if all(map(operator.contains, may, perm))]
    value, rng = next_u64(rng)
    chosen = dict(zip(places, fits[value % len(fits)], strict=True))  # the real one is among the fits
    attributes = tuple(
        state.attributes[q]
        if q == player
        else tuple(chosen.get((q, i), a) for i, a in enumerate(state.attributes[q]))
        for q in range(n)
    )
    leftover = tuple(chosen[(-1, i)] for i in range(len(state.leftover)))
    # The items: all but one's own and those given, dealt again by hand size; the rest unused.
    given = {g.item for g in state.gifts}
    items = sorted(set(range(len(state.table.item_ids))) - given - set(state.hands[player]))
    dealt, rng = shuffle(items, rng)
    hands: list[tuple[int, ...]] = []
    at = 0
    for q in range(n):
        if q == player:
            hands.append(tuple(sorted(state.hands[player])))
            continue
        size = len(state.hands[q])
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
