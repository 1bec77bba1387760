"""Random VS play for 2 to 5 players, with the invariants checked at every step."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.tower.vs import SimpleVsAgent, tensor_size, violations
from chaos_tower.tower.vs.setup import declaration_limit

from .scenario import CARDS

SETTINGS = settings(max_examples=25, deadline=None)


def _check(state: ct.VsState) -> None:
    assert violations(state) == []
    for row in state.counters:
        assert all(0 <= c <= 8 for c in row)
    assert all(d <= declaration_limit(state.players) for d in state.declarations)
    legal = ct.legal_actions(state)
    if ct.is_terminal(state):
        assert legal == () and ct.current_player(state) is None and ct.outcome(state) is not None
    else:
        assert legal and ct.current_player(state) is not None and ct.outcome(state) is None


def _random_game(players: int, seed: int, agent_seed: int, extra_rule: bool, simple: bool) -> None:
    state = ct.new_game(CARDS, mode="vs", players=players, seed=seed, extra_rule=extra_rule)
    rng = random.Random(agent_seed)
    agent = SimpleVsAgent(agent_seed)
    size = len(ct.action_space(state))
    width = tensor_size(state)
    steps = 0
    while not ct.is_terminal(state):
        _check(state)
        legal = ct.legal_actions(state)
        action = agent.choose_in(state) if simple and rng.random() < 0.8 else rng.choice(legal)
        assert action in legal
        index = ct.action_index(state, action)
        assert 0 <= index < size and ct.action_from_index(state, index) == action
        assert ct.parse_action(state, ct.action_text(state, action)) == action
        me = ct.current_player(state)
        assert me is not None
        assert len(ct.observation_tensor(state, me)) == width
        before = ct.dumps(state)
        after = ct.apply(state, action)
        assert ct.dumps(state) == before, "apply must not change its input"
        assert all(e.rule.startswith(("TOC-VS2-", "TOC-VS3-")) for e in after.events)
        state = after
        steps += 1
    _check(state)
    results = ct.outcome(state).results  # type: ignore[union-attr]
    assert len(results) == players and ("won" in results or "draw" in results)
    assert steps <= 45 * (players + 1) + 10 * 2 + players * 3 + 45 * 2


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 2**16), st.booleans(), st.booleans())
def test_random_play_2_players(seed: int, agent: int, extra: bool, simple: bool) -> None:
    _random_game(2, seed, agent, extra, simple)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 2**16), st.booleans(), st.booleans())
def test_random_play_3_players(seed: int, agent: int, extra: bool, simple: bool) -> None:
    _random_game(3, seed, agent, extra, simple)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 2**16), st.booleans(), st.booleans())
def test_random_play_4_players(seed: int, agent: int, extra: bool, simple: bool) -> None:
    _random_game(4, seed, agent, extra, simple)


@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 2**16), st.booleans(), st.booleans())
def test_random_play_5_players(seed: int, agent: int, extra: bool, simple: bool) -> None:
    _random_game(5, seed, agent, extra, simple)


def test_action_space_is_fixed_per_card_set_and_player_count() -> None:
    sizes = {}
    for players in (2, 3, 4, 5):
        a = ct.new_game(CARDS, mode="vs", players=players, seed=1)
        b = ct.new_game(CARDS, mode="vs", players=players, seed=99, extra_rule=True)
        assert ct.action_space(a) == ct.action_space(b)
        space = ct.action_space(a)
        assert len(set(space)) == len(space)
        assert [ct.action_index(a, x) for x in space] == list(range(len(space)))
        sizes[players] = len(space)
    # 1 draw + items*N*K gifts + N*5*K declarations + 17^K adjustments + 9^K subtractions.
    assert sizes == {
        2: 1 + 40 + 20 + 289 + 81,
        3: 1 + 30 + 15 + 17 + 9,
        4: 1 + 40 + 20 + 17 + 9,
        5: 1 + 50 + 25 + 17 + 9,
    }
