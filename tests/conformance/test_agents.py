"""Agent conformance: every agent of :data:`chaos_tower.agents.AGENTS` in every registered mode (issue 14).

Generated from :data:`~chaos_tower.agents.AGENTS` times
:func:`.modes.registered_modes`, so a new agent or a new mode is checked with
no edit here. Each agent must (1) choose only legal actions, (2) play the same
game again from the same seeds, and (3) not peek: its choice is unchanged when
what its seat cannot see is re-dealt with :func:`chaos_tower.agents.determinize`
(`TOC-PREP-03`: the solo deck below its top card; `TOC-VS2-020`,
`TOC-VS2-024`: VS attributes and deck; `CRD-START-C`, `CRD-START-D`: Crest
hands, deck and face-down cards).

The quick run keeps searches small: an agent that takes a ``budget`` gets
:data:`BUDGET` simulations a decision (a few, enough to build a tree).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.agents import AGENTS, determinize, make_agent

from .modes import ConformanceMode, random_games, registered_modes

BUDGET = 4
"""Simulations a decision for every agent that takes a budget (MCTS), in the quick run."""
DECISIONS = 24
"""Decisions per agent game: enough to leave the opening in every mode, few enough for CI."""


def agent(name: str, seat: int, seed: int) -> Any:
    """``name``'s agent for ``seat``, with a small budget if it takes one (any searching agent does)."""
    try:
        return make_agent(name, seat, seed, budget=BUDGET)
    except ValueError as error:
        if "no parameter budget" not in str(error):
            raise
        return make_agent(name, seat, seed)


@cache
def _mode(name: str) -> ConformanceMode:
    return next(m for m in registered_modes() if m.name == name)


def agent_game(name: str, mode: ConformanceMode, seed: int) -> list[tuple[Any, Any]]:
    """(state, action chosen) for up to :data:`DECISIONS` decisions, agent ``name`` in every seat."""
    state = mode.start(seed)
    agents: dict[int, Any] = {}
    moves = []
    while len(moves) < DECISIONS and (seat := ct.current_player(state)) is not None:
        chooser = agents.setdefault(seat, agent(name, seat, seed * 10 + seat))
        action = chooser.choose(state)
        moves.append((state, action))
        state = ct.apply(state, action)
    return moves


@cache
def _probes(name: str) -> tuple[tuple[Any, int, Any], ...]:
    """(state, seat to move, a re-deal of what that seat cannot see) from short random games of a mode."""
    rng = random.Random(14)
    probes = []
    for game in random_games(_mode(name), first_seed=3, budget=60, cap=60):
        for state in game.states[::5]:
            seat = ct.current_player(state)
            if seat is not None:
                probes.append((state, seat, determinize(state, seat, rng.randrange(2**32))))
    return tuple(probes[:8])


def peeks(make: Callable[[int, int], Any], name: str) -> tuple[int, int]:
    """(choices compared, choices changed by the re-deal): a fresh agent in the state and in its re-deal."""
    compared = changed = 0
    for number, (state, seat, redealt) in enumerate(_probes(name)):
        changed += make(seat, number).choose(state) != make(seat, number).choose(redealt)
        compared += 1
    return compared, changed


CASES = [
    pytest.param(agent_name, mode.name, id=f"{agent_name}-{mode.name}")
    for agent_name in AGENTS
    for mode in registered_modes()
]


@pytest.mark.parametrize(("agent_name", "name"), CASES)
def test_agent_chooses_only_legal_actions(agent_name: str, name: str) -> None:
    """Every choice of the agent, in every seat, is among the legal actions of the state it was given."""
    for seed in (0, 1):
        moves = agent_game(agent_name, _mode(name), seed)
        assert moves
        for state, action in moves:
            assert action in ct.legal_actions(state), (seed, action)


@pytest.mark.parametrize(("agent_name", "name"), CASES)
def test_agent_is_reproducible_from_its_seed(agent_name: str, name: str) -> None:
    """The same game seed and agent seeds give the same game, action by action."""
    first = [action for _state, action in agent_game(agent_name, _mode(name), 5)]
    again = [action for _state, action in agent_game(agent_name, _mode(name), 5)]
    assert first and first == again


@pytest.mark.parametrize(("agent_name", "name"), CASES)
def test_agent_does_not_peek(agent_name: str, name: str) -> None:
    """A fresh agent chooses the same in a state and in a re-deal of what its seat cannot see."""
    compared, changed = peeks(lambda seat, seed: agent(agent_name, seat, seed), name)
    assert compared >= 4
    assert changed == 0


@pytest.mark.parametrize("name", [m.name for m in registered_modes()])
def test_the_redeal_is_drawn_from_the_view_alone(name: str) -> None:
    """Re-dealing a re-deal with one seed gives what re-dealing the state gives: nothing hidden leaks in.

    This is what makes the searching agents' determinisations blind to the true
    deal (the no-peeking check above relies on it); somewhere the re-deal differs
    from the state, or the check would compare a state with itself.
    """
    differs = 0
    for state, seat, redealt in _probes(name):
        assert ct.observation(redealt, seat) == ct.observation(state, seat)
        assert determinize(redealt, seat, 99) == determinize(state, seat, 99)
        differs += redealt != state
    assert differs > 0


class _DeckReader:
    """A cheat: its choice depends on the order of the deck, which no seat sees."""

    def choose(self, state: Any) -> Any:
        legal = ct.legal_actions(state)
        return legal[hash(state.deck) % len(legal)]


@pytest.mark.parametrize("name", ["chaos_tower_solo", "chaos_tower_vs2", "crest_duel_2"])
def test_the_peeking_check_catches_an_agent_that_reads_the_deck(name: str) -> None:
    """The no-peeking check is not vacuous: an agent reading the hidden deck order fails it."""
    _compared, changed = peeks(lambda seat, seed: _DeckReader(), name)
    assert changed > 0


def test_every_agent_and_mode_is_in_the_suite() -> None:
    """The agent checks cover the registry's agents times the registered modes, nothing hand-listed."""
    assert {(p.values[0], p.values[1]) for p in CASES} == {
        (a, m.name) for a in AGENTS for m in registered_modes()
    }
    assert len(CASES) == len(AGENTS) * len(registered_modes())


def test_the_quick_run_gives_searching_agents_a_small_budget() -> None:
    """MCTS runs at :data:`BUDGET` simulations a decision here, not its default of hundreds."""
    searcher = agent("mcts", 0, 0)
    searcher.choose(_mode("chaos_tower_vs2").start(0))
    assert searcher.last_simulations == BUDGET
