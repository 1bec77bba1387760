"""Determinisation: a full state consistent with what one player has seen, drawn from a seed.

Searches over hidden information (:class:`~chaos_tower.agents.MctsAgent`)
call :func:`determinize`, which uses the kernel's hook ``ct.determinize(state,
player, seed)`` as soon as the library has one.

TEMPORARY, to be replaced by the kernel's hook: until ``ct.determinize``
exists, the small determinisers below stand in, one per game. Each builds the
hidden part only from what the player sees (the pools it draws from are
sorted first), so re-dealing a state first changes nothing:
``determinize(determinize(s, p, a), p, b) == determinize(s, p, b)``. Once the
hook lands, delete ``_temporary`` and the three ``_solo``/``_vs``/``_crest``
functions; the callers need no change.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs

import chaos_tower as ct

__all__ = ["determinize"]


def determinize(state: Any, player: int, seed: int) -> Any:
    """A full state that ``player`` cannot tell from ``state``, its hidden part drawn from ``seed``."""
    hook = getattr(ct, "determinize", None)
    if hook is not None:
        return hook(state, player, seed)
    return _temporary(state, player, seed)


def _temporary(state: Any, player: int, seed: int) -> Any:
    """TEMPORARY (replaced by ``ct.determinize``): the per-game stand-ins."""
    rng = random.Random(seed)
    # The game's own seed would give every hidden card away, so it is replaced too.
    new_seed = rng.getrandbits(63)
    if isinstance(state, ct.State):
        return _solo(state, rng, new_seed)
    if isinstance(state, ct.VsState):
        return _vs(state, player, rng, new_seed)
    if isinstance(state, ct.CrestState):
        return _crest(state, player, rng, new_seed)
    raise TypeError(f"not a game state: {type(state).__name__}")


def _solo(state: ct.State, rng: random.Random, seed: int) -> ct.State:
    """The solo game hides the deck below its top card, which shows (`TOC-PREP-03`), and the generator."""
    below = sorted(state.deck[1:])
    rng.shuffle(below)
    return attrs.evolve(state, deck=state.deck[:1] + tuple(below), seed=seed, rng=rng.getrandbits(64))


def _vs(state: ct.VsState, player: int, rng: random.Random, seed: int) -> ct.VsState:
    """VS: hidden and leftover attributes, the others' hands and the unused items, the deck.

    Public facts kept: attributes named rightly (face up), attributes named
    wrongly for a seat (it cannot hold them), one's own attributes and hand,
    hand sizes, gifts, the cards drawn.
    """
    # Attributes: every counter not face up and not the player's own, and the leftover ones.
    places: list[tuple[int, int]] = []  # (seat, counter); seat -1 is the leftover pile
    pool: list[int] = []
    for seat, held in enumerate(state.attributes):
        if seat == player:
            continue
        for counter, attribute in enumerate(held):
            if not state.revealed[seat][counter]:
                places.append((seat, counter))
                pool.append(attribute)
    places += [(-1, i) for i in range(len(state.leftover))]
    pool += list(state.leftover)
    wrong = {(d.target, d.attribute) for d in state.named if not d.right}
    fits = [
        perm
        for perm in itertools.permutations(sorted(pool))
        if all((seat, a) not in wrong for (seat, _c), a in zip(places, perm, strict=True))
    ]
    deal = rng.choice(fits)  # the true deal is among them, so there is at least one
    attributes = [list(held) for held in state.attributes]
    leftover = list(state.leftover)
    for (seat, counter), attribute in zip(places, deal, strict=True):
        if seat == -1:
            leftover[counter] = attribute
        else:
            attributes[seat][counter] = attribute
    # Items: the others' hands and the unused pile, re-dealt with their sizes kept.
    items = sorted(
        [i for s, hand in enumerate(state.hands) if s != player for i in hand] + list(state.unused)
    )
    rng.shuffle(items)
    hands = []
    for s, hand in enumerate(state.hands):
        if s == player:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(items[: len(hand)])))
            items = items[len(hand) :]
    deck = sorted(state.deck)
    rng.shuffle(deck)
    return attrs.evolve(
        state,
        attributes=tuple(tuple(a) for a in attributes),
        leftover=tuple(leftover),
        hands=tuple(hands),
        unused=tuple(sorted(items)),
        deck=tuple(deck),
        seed=seed,
        rng=rng.getrandbits(64),
    )


def _crest(state: ct.CrestState, player: int, rng: random.Random, seed: int) -> ct.CrestState:
    """Crest Duel: the others' hands, the deck, in setup their face-down cards (`CRD-START-C`, `D`).

    Face-down cards are re-dealt as a legal setup: each seat keeps how many it
    put out, drawn from the hidden cards that could go out (a crest on a mark
    of its kind, one ring).
    """
    game = state.game
    setup = state.phase == "setup"
    hidden_seats = [s for s in range(state.players) if s != player]
    pool = [i for s in hidden_seats for i in state.hands[s]] + list(state.deck)
    down = {s: 0 for s in hidden_seats}
    if setup:
        for s in hidden_seats:
            down[s] = sum(len(stack) for stack in state.marks[s]) + (state.rings[s] != _no_ring())
            pool += [i for stack in state.marks[s] for i in stack]
            if state.rings[s] != _no_ring():
                pool.append(state.rings[s])
    pool.sort()
    marks = [list(list(stack) for stack in seat_marks) for seat_marks in state.marks]
    rings = list(state.rings)
    for _attempt in range(200):
        rng.shuffle(pool)
        left = list(pool)
        if setup and not _deal_face_down(state, hidden_seats, down, left, marks, rings, rng):
            continue
        break
    else:  # pragma: no cover - the true deal is always possible; only bad luck 200 times over
        raise RuntimeError("no consistent face-down deal found")
    hands = []
    for s, hand in enumerate(state.hands):
        if s == player:
            hands.append(hand)
        else:
            hands.append(tuple(sorted(left[: len(hand)])))
            left = left[len(hand) :]
    del game
    return attrs.evolve(
        state,
        hands=tuple(hands),
        deck=tuple(left),
        marks=tuple(tuple(tuple(stack) for stack in seat_marks) for seat_marks in marks),
        rings=tuple(rings),
        seed=seed,
        rng=rng.getrandbits(64),
    )


def _no_ring() -> int:
    from ..crest.state import NO_RING  # TEMPORARY, with the rest of this stand-in

    return NO_RING


def _deal_face_down(
    state: ct.CrestState,
    seats: list[int],
    down: dict[int, int],
    left: list[int],
    marks: list[list[list[int]]],
    rings: list[int],
    rng: random.Random,
) -> bool:
    """Put out each seat's face-down cards again from ``left`` (shuffled); ``False`` if the draw failed."""
    from ..crest.cards import CrestCard, RingCard  # TEMPORARY, with the rest of this stand-in

    game = state.game
    for s in seats:
        kinds = game.monster(state.monsters[s]).marks
        marks[s] = [[] for _ in kinds]
        rings[s] = _no_ring()
        for _ in range(down[s]):
            usable = []
            for position, instance in enumerate(left):
                card = game.card(instance)
                crest = isinstance(card, CrestCard) and card.mark in kinds
                if crest or (isinstance(card, RingCard) and rings[s] == _no_ring()):
                    usable.append(position)
            if not usable:
                return False
            instance = left.pop(rng.choice(usable))
            card = game.card(instance)
            if isinstance(card, RingCard):
                rings[s] = instance
            else:
                assert isinstance(card, CrestCard)
                mark = rng.choice([m for m, kind in enumerate(kinds) if kind == card.mark])
                marks[s][mark].append(instance)
    return True
