"""MCTS's root search (issue 24 item 1): sequential halving over the heuristic's best few actions."""

from __future__ import annotations

import random

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.agents import MctsAgent, decide, decision, make_agent
from chaos_tower.agents.mcts import _cost
from chaos_tower.crest.agents import KIT as CREST_KIT

TOWER, CREST = ct.load_cardset(), ct.load_cardset(game="crest")


def _states() -> list[ct.State]:
    """Positions with several legal actions in VS 2p, VS 4p, Crest 2p and Crest 4p teams."""
    starts = [
        ct.new_game(TOWER, seed=3, mode="vs", players=2),
        ct.new_game(TOWER, seed=3, mode="vs", players=4),
        ct.new_game(CREST, seed=3, players=2),
        ct.new_game(CREST, seed=3, players=4, teams=True),
    ]
    found = []
    for state in starts:
        rng = random.Random(5)
        for _ in range(12):
            if ct.is_terminal(state):
                break
            if len(ct.legal_actions(state)) > 2:
                found.append(state)
            state = ct.apply(state, rng.choice(ct.legal_actions(state)))
    return found


def _hint(state: ct.State, seed: int) -> object:
    """The heuristic player's choice that the agent seeded ``seed`` asks for first."""
    draws = random.Random(random.Random(seed).getrandbits(64))
    kit = registry.mode_of(type(state)).agent_kit
    assert kit is not None
    return kit.heuristic(draws.getrandbits(32)).choose_in(decision(state).world())


@pytest.mark.parametrize("budget", [1, 2, 7, 13, 40])
def test_halving_runs_exactly_its_simulation_budget(budget: int) -> None:
    """Each round affords a sweep of what is left, and the remainder is spent: the count is exact."""
    for state in _states()[::3]:
        agent = MctsAgent(1, simulations=budget, width=8)
        assert decide(agent, state) in ct.legal_actions(state)
        assert agent.last_simulations == budget


def test_halving_cost_is_one_sweep_a_round() -> None:
    """8 candidates: 8 + 4 + 2 simulations for one sweep of each round; one candidate costs one."""
    assert [_cost(w) for w in (1, 2, 3, 8)] == [1, 2, 5, 14]


def test_width_one_plays_the_heuristic_and_width_zero_is_the_tree_over_every_action() -> None:
    """width=1 leaves only the heuristic's choice to search; width=0 searches every action at the
    root by UCB (the SO-ISMCTS root), which does not always play it."""
    differs = 0
    for state in _states():
        assert decide(MctsAgent(4, simulations=6, width=1), state) == _hint(state, 4)
        differs += decide(MctsAgent(4, simulations=6, width=0, prior=0), state) != _hint(state, 4)
    assert differs > 0


def test_halving_leaves_the_heuristic_when_the_search_finds_better() -> None:
    """With a budget the search overrules the heuristic's first choice somewhere (it is not a copy)."""
    differs = sum(decide(MctsAgent(2, simulations=30, width=8), s) != _hint(s, 2) for s in _states())
    assert differs > 0


def test_halving_is_reproducible_from_the_seed() -> None:
    """The same seed and budget give the same choice; the decision's worlds are the agent's own draws."""
    for state in _states()[::2]:
        assert decide(MctsAgent(9, simulations=20, width=8), state) == decide(
            MctsAgent(9, simulations=20, width=8), state
        )


def test_the_mode_chooses_the_root_unless_width_is_given() -> None:
    """Crest's kit halves its root over 8 actions, VS's and solo's search it by UCB (each as
    measured against the heuristic); ``width=`` overrides the mode's choice."""
    assert CREST_KIT.root_width == 8
    vs_kit = registry.mode_of(type(ct.new_game(TOWER, seed=1, mode="vs", players=2))).agent_kit
    assert vs_kit is not None and vs_kit.root_width == 0
    crest = next(s for s in _states() if type(s) is type(ct.new_game(CREST, seed=1, players=2)))
    assert decide(MctsAgent(3, simulations=12), crest) == decide(MctsAgent(3, simulations=12, width=8), crest)


def test_width_is_checked() -> None:
    """A negative, fractional or boolean width is a clear error naming it."""
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="width"):
            MctsAgent(0, width=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="width"):
        make_agent("mcts", width=2000)
    assert isinstance(make_agent("mcts", width=3), MctsAgent)


def test_halving_with_a_time_budget_answers_in_every_round() -> None:
    """A time budget splits the time among the rounds, each sweeps at least once, and it answers."""
    for state in _states()[::4]:
        agent = MctsAgent(5, simulations=None, seconds=0.02, width=8)
        assert decide(agent, state) in ct.legal_actions(state)
        assert agent.last_simulations >= 1
