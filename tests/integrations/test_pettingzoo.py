"""PettingZoo: an AEC environment per mode, with action masks, that copies and pickles with its game."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import chaos_tower as ct
from chaos_tower.integrations import MODES
from chaos_tower.integrations import pettingzoo as ct_pettingzoo


@pytest.mark.parametrize("name", [mode.name for mode in MODES])
def test_api_test(name: str) -> None:
    api_test(ct_pettingzoo.env(name, max_actions=60), num_cycles=200)


@pytest.mark.parametrize("name", [mode.name for mode in MODES])
def test_seed_test(name: str) -> None:
    seed_test(lambda: ct_pettingzoo.env(name, max_actions=60), num_cycles=200)


def _stepped(steps: int, seed: int = 7) -> ct_pettingzoo.ChaosTowerEnv:
    env = ct_pettingzoo.env(max_actions=100)
    env.reset(seed=seed)
    for _ in range(steps):
        _, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            break
        env.step(info["legal_actions"][0])
    assert not ct.is_terminal(env.game_state)  # seed 7 lasts 12 actions this way
    return env


def test_action_mask_is_the_legal_actions() -> None:
    env = _stepped(3)
    observation, _, _, _, info = env.last()
    state = env.game_state
    legal = sorted(ct.action_index(state, a) for a in ct.legal_actions(state))
    assert np.flatnonzero(observation["action_mask"]).tolist() == legal == info["legal_actions"]
    tensor = ct.observation_tensor(state, 0)
    assert observation["observation"].tolist() == pytest.approx(list(tensor))


def test_deepcopy_and_pickle_keep_the_running_game() -> None:
    env = _stepped(3)
    before = ct.dumps(env.game_state)
    twin = copy.deepcopy(env)
    restored = pickle.loads(pickle.dumps(env))
    assert twin.game_state == env.game_state and restored.game_state == env.game_state
    assert ct.dumps(restored.game_state) == before
    # all three go on alike; stepping a copy leaves the original where it was
    action = env.last()[4]["legal_actions"][0]
    twin.step(action)
    restored.step(action)
    assert ct.dumps(env.game_state) == before
    expected = ct.apply(env.game_state, ct.action_from_index(env.game_state, action))
    assert twin.game_state == restored.game_state == expected


def test_end_reward_and_termination_follow_the_outcome() -> None:
    env = ct_pettingzoo.env(max_actions=4)
    env.reset(seed=2)
    while True:
        _, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            break
        env.step(info["legal_actions"][-1])
    result = ct.outcome(env.game_state)
    assert result is not None
    assert truncated == (result.result == "ended") and terminated == (result.result != "ended")
    assert reward == ct.returns(env.game_state)[0]
    env.step(None)  # the finished agent leaves
    assert env.agents == []


def test_render_modes() -> None:
    env = ct_pettingzoo.env(render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == ct.render_text(env.game_state)
    env = ct_pettingzoo.env(render_mode="svg")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and text.startswith("<svg")
    with pytest.raises(ValueError):
        ct_pettingzoo.env(render_mode="human")
    with pytest.raises(ValueError, match="unknown mode"):
        ct_pettingzoo.env("chess")


@pytest.mark.parametrize("name", ["chaos_tower_vs3", "crest_duel_2", "crest_duel_4_teams"])
def test_a_game_cut_short_is_truncated_in_every_mode(name: str) -> None:
    env = ct_pettingzoo.env(name, max_actions=3)
    env.reset(seed=1)
    while not ct.is_terminal(env.game_state):
        env.step(env.last()[4]["legal_actions"][-1])
    result = ct.outcome(env.game_state)
    assert result is not None and result.cause == "max-actions"  # these three actions end none of them
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert set(env.rewards.values()) == {0.0}


def test_a_game_played_out_is_terminated_not_truncated() -> None:
    env = ct_pettingzoo.env("chaos_tower_vs2", max_actions=500)
    env.reset(seed=1)
    while not ct.is_terminal(env.game_state):
        env.step(env.last()[4]["legal_actions"][0])
    assert ct.outcome(env.game_state).cause != "max-actions"
    assert all(env.terminations.values()) and not any(env.truncations.values())
    assert [env.rewards[a] for a in env.possible_agents] == list(ct.returns(env.game_state))


@pytest.mark.parametrize("name", [mode.name for mode in MODES if mode.name != "chaos_tower_solo"])
def test_deepcopy_and_pickle_keep_the_running_game_in_every_mode(name: str) -> None:
    env = ct_pettingzoo.env(name, max_actions=100)
    env.reset(seed=4)
    for _ in range(3):
        env.step(env.last()[4]["legal_actions"][-1])
    assert not ct.is_terminal(env.game_state)
    twin, restored = copy.deepcopy(env), pickle.loads(pickle.dumps(env))
    assert twin.game_state == restored.game_state == env.game_state
    assert restored.agent_selection == env.agent_selection
    action = env.last()[4]["legal_actions"][0]
    before = ct.dumps(env.game_state)
    twin.step(action)
    restored.step(action)
    assert ct.dumps(env.game_state) == before
    assert ct.dumps(twin.game_state) == ct.dumps(restored.game_state) != before
