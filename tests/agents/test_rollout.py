"""The ``rollout`` agent (issue 24 item 2): rollouts from the heuristic, for the solo game."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.agents import AGENTS, AgentParameterError, MctsAgent, decide, make_agent, parse_agent
from chaos_tower.agents.registry import ROLLOUT_DEFAULTS

CARDS = ct.load_cardset()


def _solo() -> registry.ModeSpec:
    return registry.mode_of(type(ct.new_game(CARDS, seed=0)))


def _branching(seed: int) -> ct.State:
    """The first position of solo seed ``seed`` (the heuristic playing) with several tree actions."""
    state = ct.new_game(CARDS, seed=seed, max_actions=200)
    heuristic = make_agent("heuristic", 0, seed)
    while len(ct.legal_actions(state)) < 3:
        state = ct.apply(state, decide(heuristic, state))
    return state


def test_rollout_is_registered_for_the_solo_mode_only() -> None:
    """Issue 24 item 6: the solo mode lists it; VS refuses it with the typed error."""
    assert "rollout" in AGENTS and _solo().plays("rollout")
    vs = registry.mode_of(type(ct.new_game(CARDS, mode="vs", players=2, seed=0)))
    with pytest.raises(AgentParameterError, match="no agent 'rollout' plays the vs mode"):
        make_agent("rollout", mode=vs)


def test_rollout_takes_exactly_one_budget_and_its_own_parameters() -> None:
    """Issue 24 item 7: ``simulations=`` or ``seconds=``, one of them; MCTS's other knobs are not its."""
    assert parse_agent("rollout:seconds=0.1") == ("rollout", (("seconds", 0.1),))
    with pytest.raises(AgentParameterError, match="one budget"):
        make_agent("rollout", simulations=4, seconds=0.1)
    with pytest.raises(AgentParameterError, match="no parameter prior"):
        make_agent("rollout", prior=1.0)
    with pytest.raises(AgentParameterError, match="rollout is at least 0"):
        make_agent("rollout", rollout=-1)
    agent = make_agent("rollout", 0, 1, simulations=6)
    assert isinstance(agent, MctsAgent)
    state = _branching(2)
    assert decide(agent, state) in ct.legal_actions(state)
    assert agent.last_simulations == 6


def test_rollout_plays_the_heuristic_in_its_playouts() -> None:
    """The defaults play ``rollout`` heuristic actions a simulation (MCTS in the solo game plays
    none), and the halving root keeps ``width`` candidates."""
    assert ROLLOUT_DEFAULTS["rollout"] > 0 and ROLLOUT_DEFAULTS["width"] > 1
    agent = make_agent("rollout", 0, 1, simulations=6)
    assert isinstance(agent, MctsAgent)
    assert agent._rollout == ROLLOUT_DEFAULTS["rollout"] and agent._playout == "heuristic"
    shorter = make_agent("rollout", 0, 1, simulations=6, rollout=3)
    assert isinstance(shorter, MctsAgent) and shorter._rollout == 3


def test_rollout_is_reproducible_from_its_seed() -> None:
    """Determinism: the same seed and position give the same choice, decision after decision."""
    for seed in (1, 4):
        state = _branching(seed)
        first = make_agent("rollout", 0, seed, simulations=8)
        second = make_agent("rollout", 0, seed, simulations=8)
        for _ in range(4):
            if ct.is_terminal(state):
                break
            action = decide(first, state)
            assert decide(second, state) == action
            state = ct.apply(state, action)


def test_rollout_decides_alike_in_positions_its_seat_cannot_tell_apart() -> None:
    """Honest by construction: the deck re-dealt below its top card (``ct.determinize``) changes
    nothing the agent sees, so it changes nothing it chooses."""
    for seed in (3, 5, 8):
        state = _branching(seed)
        redealt = ct.determinize(state, 0, 1234 + seed)
        assert redealt.deck != state.deck or len(state.deck) < 3
        choices = {decide(make_agent("rollout", 0, seed, simulations=8), s) for s in (state, redealt)}
        assert len(choices) == 1
