"""A user's script against the public front door, as tests/test_typing.py runs it: mypy --strict, no Any.

``disallow_any_expr`` (below) makes any expression typed ``Any`` an error, so a
result of the front door that leaked ``Any`` fails the run; the ``reveal_type``
lines are read by the test. Never run: tests/test_typing.py only type-checks it.
"""

# mypy: disallow-any-expr

from __future__ import annotations

import random
from typing import reveal_type

import chaos_tower as ct
from chaos_tower import conformance


def play_solo(seed: int) -> int:
    """Random play of the solo game; the floor reached."""
    chooser = random.Random(seed)
    state = ct.new_game(ct.load_cardset(), seed=seed, max_actions=200)
    while not ct.is_terminal(state):
        state = ct.apply(state, chooser.choice(ct.legal_actions(state)))
    reveal_type(state)
    end = ct.outcome(state)
    reveal_type(end)
    return state.level


def play_vs(seed: int) -> tuple[float, ...]:
    """Random play of a 3-player VS game; the returns."""
    chooser = random.Random(seed)
    state = ct.new_game(ct.load_cardset(), mode="vs", players=3, seed=seed, max_actions=300)
    while ct.current_player(state) is not None:
        action = chooser.choice(ct.legal_actions(state))
        reveal_type(action)
        state = ct.apply(state, action)
    view = ct.observation(state, 0)
    reveal_type(view)
    return ct.returns(state)


def play_crest(seed: int) -> str:
    """Random play of a Crest duel; the last position's notation."""
    chooser = random.Random(seed)
    cards = ct.load_cardset(game="crest")
    state = ct.new_game(cards, players=2, seed=seed, max_actions=300)
    while not ct.is_terminal(state):
        state = ct.apply(state, chooser.choice(ct.legal_actions(state)))
    reveal_type(state)
    again = ct.from_notation(ct.to_notation(state), cards)
    reveal_type(again)
    world = ct.determinize(state, 1, seed)
    reveal_type(world)
    return ct.to_notation(world)


def my_game_conforms() -> int:
    """A plugin author's test: the conformance suite that ships in the package, typed (issue 23)."""
    report = conformance.check("crest", depth="smoke", agents=False)
    reveal_type(report)
    broken = [f"{failure.check} {failure.mode}" for failure in report.failures]
    return len(report.passed) + len(broken)
