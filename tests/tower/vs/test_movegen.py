"""The VS turn actions generated directly equal asking every candidate Give and Declare its rule.

TOC-VS2-028 (gifts), TOC-VS2-029 (declarations), TOC-VS2-030 (draws): legality has one
source, the rules' ``reason`` functions; the direct generation in ``vs.listing`` is an
optimisation of enumerating them, checked against them on positions of random play in
every player count and every reading of the open options.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.tower.vs.engine import legal_actions_by_reasons

CARDS = ct.load_cardset()
_OPTIONS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "extra_rule": True, "declare_when": "any_time"},
    {"players": 3, "own_attribute_bluff": True},
    {"players": 4, "adjust_after_draw": "all", "declare_when": "any_time"},
    {"players": 5, "extra_rule": True, "own_attribute_bluff": True},
]


@pytest.mark.parametrize("options", _OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
@pytest.mark.parametrize("seed", range(6))
def test_TOC_VS2_028_029_direct_generation_equals_the_rules(options: dict[str, Any], seed: int) -> None:
    """TOC-VS2-028, TOC-VS2-029, TOC-VS2-030: the same actions, in the same order."""
    rng = random.Random(seed)
    game = seed * 100
    state = ct.new_game(CARDS, mode="vs", seed=game, max_actions=300, **options)
    gifts = declarations = 0
    for _ in range(60):  # positions, new games chained (random VS games are short)
        fast = ct.legal_actions(state)
        assert fast == legal_actions_by_reasons(state), ct.to_notation(state)
        gifts += sum(type(a) is ct.Give for a in fast)
        declarations += sum(type(a) is ct.Declare for a in fast)
        if not fast:
            game += 1
            state = ct.new_game(CARDS, mode="vs", seed=game, max_actions=300, **options)
            continue
        state = ct.apply(state, rng.choice(fast))
    assert gifts and declarations  # both kinds were generated, so both were compared
