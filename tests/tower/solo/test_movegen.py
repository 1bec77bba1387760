"""The fast move generator gives exactly what asking every candidate's reason gives.

Legality has one source, the ``*_reason`` functions; :mod:`chaos_tower.tower.solo.movegen`
is an optimisation of enumerating them, so it is checked against them on many
positions reached by play that avoids losing at once (so that games go deep).
"""

from __future__ import annotations

import random

import pytest

import chaos_tower as ct
from chaos_tower.kernel.rng import _below, next_u64, shuffle
from chaos_tower.tower.solo.engine import legal_actions_by_reasons

from .scenario import cards


def _positions(seed: int, length: int, **options: object) -> list[ct.State]:
    rng = random.Random(seed)
    state = ct.new_game(cards(), seed=seed, max_actions=length, **options)
    seen = [state]
    while ct.legal_actions(state):
        actions = list(ct.legal_actions(state))
        rng.shuffle(actions)
        for action in actions[:8]:
            after = ct.apply(state, action)
            if after.result is None or after.result.result != "lost":
                break
        state = after
        seen.append(state)
    return seen


@pytest.mark.parametrize("seed", range(12))
def test_fast_generation_equals_the_reasons(seed: int) -> None:
    for state in _positions(seed, 250):
        fast = ct.legal_actions(state)
        slow = legal_actions_by_reasons(state)
        assert fast == slow, ct.to_notation(state)


@pytest.mark.parametrize("seed", range(6))
def test_TOC_STEP_02_fast_generation_equals_the_reasons_with_step_on_road(seed: int) -> None:
    """TOC-STEP-02 with option step_on_road: the fast generator applies TOC-PLAY-D to steps, as the
    reasons do."""
    steps = 0
    for state in _positions(seed, 250, step_on_road=True, da_order="sequential"):
        fast = ct.legal_actions(state)
        assert fast == legal_actions_by_reasons(state), ct.to_notation(state)
        steps += sum(1 for a in fast if type(a).__name__ == "PlaceStep")
    assert steps > 0  # the games offer steps, so the option's filter is exercised


def test_unrolled_shuffle_equals_the_reference_definition() -> None:
    """TOC-PREP-03, TOC-STEP-03, TOC-ZAP-04: every reshuffle is the specified SplitMix64 Fisher–Yates."""

    def reference(items: range, state: int) -> tuple[tuple[int, ...], int]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j, state = _below(i + 1, state)
            out[i], out[j] = out[j], out[i]
        return tuple(out), state

    for seed in range(500):
        assert shuffle(range(45), seed * 7919) == reference(range(45), seed * 7919)
    # Fixed values pin the generator itself, so a change to it cannot pass unseen:
    # SplitMix64's published first outputs for seed 0, and one shuffle.
    first, state = next_u64(0)
    second, _ = next_u64(state)
    assert (first, second) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)
    assert shuffle(range(10), 1)[0] == (4, 2, 8, 1, 9, 3, 0, 6, 7, 5)


@pytest.mark.parametrize("seed", range(4))
def test_TOC_STEP_11C_compiled_conditions_equal_their_definitions(seed: int) -> None:
    """TOC-STEP-11C: the compiled step conditions (tables per card set, unrolled AllOf/AnyOf) answer
    as their definitions do, on every cell of positions reached by play."""
    from chaos_tower.tower.solo.board import predicate, same_attribute_neighbours
    from chaos_tower.tower.vocabulary import AllOf, AnyOf, Corner, NeighbourMonster, NeighboursOfOneAttribute

    game = ct.new_game(cards(), seed=seed).game
    conditions: list[tuple[object, object]] = [
        (NeighboursOfOneAttribute(count=n), lambda s, c, n=n: same_attribute_neighbours(s, c) >= n)
        for n in (1, 2, 3)
    ]
    corner = frozenset(game.grid.corners)
    two = NeighboursOfOneAttribute(count=2)
    conditions += [
        (AllOf(of=(Corner(), two)), lambda s, c: c in corner and same_attribute_neighbours(s, c) >= 2),
        (AnyOf(of=(Corner(), two)), lambda s, c: c in corner or same_attribute_neighbours(s, c) >= 2),
    ]
    def next_to(state: ct.State, cell: int, flips: tuple[int, ...]) -> bool:
        around = [o for o in game.grid.neighbours[cell] if o != -1 and state.floor[o] != -1]
        return any(state.floor[o] >> 3 in game.monsters and state.floor[o] & 1 in flips for o in around)

    for which, flips in (("any", (0, 1)), ("living", (0,)), ("defeated", (1,))):
        conditions.append((NeighbourMonster(state=which), lambda s, c, f=flips: next_to(s, c, f)))
    answers = set()
    for state in _positions(seed, 120):
        for condition, definition in conditions:
            compiled = predicate(game, condition)
            for cell in range(game.grid.cells):
                answer = definition(state, cell)
                assert compiled(state, cell) == answer, (condition, cell, ct.to_notation(state))
                answers.add(answer)
    assert answers == {True, False}
