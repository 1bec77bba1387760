"""Agent conformance: every agent of :data:`chaos_tower.agents.AGENTS` in every game and mode (issue 14).

Each agent must (1) choose only legal actions, (2) play the same game again
from the same seeds, and (3) not peek: its choice is unchanged when what its
seat cannot see is re-dealt with :func:`chaos_tower.agents.determinize`
(`TOC-PREP-03`: the solo deck below its top card; `TOC-VS2-020`,
`TOC-VS2-024`: VS attributes and deck; `CRD-START-C`, `CRD-START-D`: Crest
hands, deck and face-down cards). MCTS runs at a small budget here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.agents import AGENTS, determinize, make_agent

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")

MODES: dict[str, Callable[[int, int], Any]] = {
    "solo": lambda seed, cap: ct.new_game(TOWER, seed=seed, max_actions=cap),
    "vs2": lambda seed, cap: ct.new_game(TOWER, seed=seed, mode="vs", players=2, max_actions=cap),
    "vs3": lambda seed, cap: ct.new_game(TOWER, seed=seed, mode="vs", players=3, max_actions=cap),
    "vs2-extra": lambda seed, cap: ct.new_game(
        TOWER, seed=seed, mode="vs", players=2, extra_rule=True, max_actions=cap
    ),
    "crest2": lambda seed, cap: ct.new_game(CREST, seed=seed, players=2, max_actions=cap),
    "crest4-teams": lambda seed, cap: ct.new_game(CREST, seed=seed, players=4, teams=True, max_actions=cap),
}
SMALL = {"mcts": {"simulations": 6}}


def _agent(name: str, seat: int, seed: int) -> Any:
    return make_agent(name, seat, seed, **SMALL.get(name, {}))


def _game(name: str, mode: str, seed: int, cap: int) -> list[tuple[Any, Any, Any]]:
    """(state, action, state after) for a game of agent ``name`` in every seat."""
    state = MODES[mode](seed, cap)
    agents: dict[int, Any] = {}
    moves = []
    while (seat := ct.current_player(state)) is not None:
        agent = agents.setdefault(seat, _agent(name, seat, seed * 10 + seat))
        action = agent.choose(state)
        after = ct.apply(state, action)
        moves.append((state, action, after))
        state = after
    return moves


CASES = [(name, mode) for name in AGENTS for mode in MODES]


@pytest.mark.parametrize(("name", "mode"), CASES)
def test_agent_chooses_only_legal_actions(name: str, mode: str) -> None:
    """Every choice is among the legal actions, over several whole (capped) games."""
    for seed in range(3):
        moves = _game(name, mode, seed, 60)
        assert moves
        for state, action, _after in moves:
            assert action in ct.legal_actions(state)


@pytest.mark.parametrize(("name", "mode"), CASES)
def test_agent_is_reproducible_from_its_seed(name: str, mode: str) -> None:
    """The same game seed and agent seeds give the same game, action by action."""
    first = [action for _s, action, _a in _game(name, mode, 5, 50)]
    again = [action for _s, action, _a in _game(name, mode, 5, 50)]
    assert first == again


def _peeks(make: Callable[[int, int], Any], mode: str) -> tuple[int, int]:
    """(choices compared, choices changed by a re-deal of the hidden part) over a few games."""
    rng = random.Random(14)
    compared = changed = 0
    for seed in range(4):
        for state, _action, _after in _game("random", mode, seed, 40)[::3]:
            seat = ct.current_player(state)
            assert seat is not None
            redealt = determinize(state, seat, rng.randrange(2**32))
            assert ct.observation(redealt, seat) == ct.observation(state, seat)
            changed += make(seat, seed).choose(state) != make(seat, seed).choose(redealt)
            compared += 1
    return compared, changed


@pytest.mark.parametrize(("name", "mode"), CASES)
def test_agent_does_not_peek(name: str, mode: str) -> None:
    """A fresh agent chooses the same in a state and in any re-deal of what its seat cannot see."""
    compared, changed = _peeks(lambda seat, seed: _agent(name, seat, seed), mode)
    assert compared >= 8
    assert changed == 0


class _DeckReader:
    """A cheat: its choice depends on the order of the deck, which no seat sees."""

    def choose(self, state: Any) -> Any:
        legal = ct.legal_actions(state)
        return legal[hash(state.deck) % len(legal)]


@pytest.mark.parametrize("mode", ["solo", "vs2", "crest2"])
def test_the_peeking_check_catches_an_agent_that_reads_the_deck(mode: str) -> None:
    """The no-peeking check is not vacuous: an agent reading the hidden deck order fails it."""
    _compared, changed = _peeks(lambda seat, seed: _DeckReader(), mode)
    assert changed > 0


@pytest.mark.parametrize("mode", list(MODES))
def test_determinize_redeals_only_what_the_seat_cannot_see(mode: str) -> None:
    """The re-deal keeps the seat's observation and legal actions, and changes the hidden part somewhere."""
    changed = 0
    for seed in range(4):
        for state, _action, _after in _game("random", mode, seed, 40)[::4]:
            seat = ct.current_player(state)
            assert seat is not None
            redealt = determinize(state, seat, seed + 1)
            assert ct.observation(redealt, seat) == ct.observation(state, seat)
            assert ct.legal_actions(redealt) == ct.legal_actions(state)
            # Drawn only from the view: re-dealing a re-deal with the same seed gives the same state.
            assert determinize(redealt, seat, 99) == determinize(state, seat, 99)
            changed += redealt != state
    assert changed > 0


def test_unknown_agent_names_and_parameters_are_refused() -> None:
    """A name or parameter the registry does not know is a clear ValueError, not a silent default."""
    with pytest.raises(ValueError, match="unknown agent 'strong'"):
        make_agent("strong")
    with pytest.raises(ValueError, match="no parameter depth"):
        make_agent("mcts", depth=3)
    with pytest.raises(ValueError, match="no parameter simulations"):
        make_agent("random", simulations=3)
