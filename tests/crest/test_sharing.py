"""Successive Crest Duel states share every part an action left unchanged (issue 13: memory).

Each action used to rebuild every seat's nested tuples and the deck, so 10,000 retained
states cost 3 KB each; now an unchanged part is the previous state's own tuple.
"""

from __future__ import annotations

import random

import pytest

import chaos_tower as ct

CREST = ct.load_cardset(game="crest")
_FLAT = ("hp", "alive", "rings", "deck", "discard", "used", "dying", "hands", "statuses", "marks")


def _shared_or_changed(before: ct.CrestState, after: ct.CrestState) -> int:
    """Assert that every equal part is the same object; return how many were shared."""
    shared = 0
    for name in _FLAT:
        old, new = getattr(before, name), getattr(after, name)
        if new == old:
            assert new is old, name
            shared += 1
    for name in ("hands", "statuses", "marks"):
        for old, new in zip(getattr(before, name), getattr(after, name), strict=True):
            if new == old:
                assert new is old, name
    return shared


@pytest.mark.parametrize("players", [2, 6])
def test_unchanged_parts_are_shared_between_successive_states(players: int) -> None:
    rng = random.Random(players)
    state = ct.new_game(CREST, seed=players, players=players)
    shared = 0
    for _ in range(300):
        actions = ct.legal_actions(state)
        if not actions:
            break
        after = ct.apply(state, rng.choice(actions))
        shared += _shared_or_changed(state, after)
        state = after
    assert shared > 300  # most actions leave most parts as they were


def test_CRD_WIELD_G_discard_records_are_shared_between_the_legal_lists_of_states() -> None:
    """CRD-WIELD-G: a discard listed in two states is one record, so cached lists hold pointers."""
    rng = random.Random(5)
    state = ct.new_game(CREST, seed=5, players=2)
    seen: dict[object, object] = {}
    repeated = 0
    for _ in range(200):
        actions = ct.legal_actions(state)
        if not actions:
            break
        for action in actions:
            if type(action).__name__ == "Discard":
                repeated += action in seen
                first = seen.setdefault(action, action)
                assert first is action
        state = ct.apply(state, rng.choice(actions))
    assert repeated > 50
