"""The solo Tower as a Gymnasium environment (issue 24, item 10): registered, checked, vectorised."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import chaos_tower as ct
from chaos_tower.integrations.gymnasium import ENV_ID, SoloEnv
from chaos_tower.integrations.pettingzoo import env as aec_env


def test_the_environment_is_registered_and_passes_gymnasiums_checker() -> None:
    env = gymnasium.make(ENV_ID, max_actions=80)
    check_env(env.unwrapped, skip_render_check=True)
    assert isinstance(env.unwrapped, SoloEnv)
    assert env.observation_space.low.min() == -1.0 and env.observation_space.high.max() == 1.0


def test_TOC_PREP_01_a_masked_random_episode_plays_to_its_end_with_the_games_returns() -> None:
    """Masked actions are the game's legal ones; the episode's reward is ct.returns at the end."""
    env = SoloEnv(max_actions=200)
    observation, info = env.reset(seed=11)
    rewards = 0.0
    for _ in range(300):
        mask = info["action_mask"]
        assert int(mask.sum()) == len(ct.legal_actions(env.state))
        assert env.observation_space.contains(observation)
        action = env.action_space.sample(mask)
        observation, reward, terminated, truncated, info = env.step(action)
        rewards += float(reward)
        if terminated or truncated:
            break
    assert terminated or truncated
    assert rewards == float(ct.returns(env.state)[0])
    assert truncated == (ct.outcome(env.state).cause == "max-actions")


def test_an_illegal_action_changes_nothing_or_raises_or_loses_as_chosen() -> None:
    env = SoloEnv(max_actions=50)
    _, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state
    _, reward, terminated, _, info = env.step(illegal)
    assert env.state is before and reward == 0.0 and not terminated and info["illegal_action"]
    strict = SoloEnv(max_actions=50, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(ct.IllegalActionError):
        strict.step(illegal)
    losing = SoloEnv(max_actions=50, illegal="lose")
    losing.reset(seed=2)
    assert losing.step(illegal)[1:3] == (-1.0, True)
    with pytest.raises(ValueError, match="illegal"):
        SoloEnv(illegal="maybe")
    with pytest.raises(ct.OptionError):
        SoloEnv(max_actions=50, mode="vs")


def test_the_same_seed_gives_the_same_episode() -> None:
    a, b = SoloEnv(max_actions=60), SoloEnv(max_actions=60)
    oa, ia = a.reset(seed=5)
    ob, ib = b.reset(seed=5)
    assert np.array_equal(oa, ob) and np.array_equal(ia["action_mask"], ib["action_mask"])
    assert ct.dumps(a.state) == ct.dumps(b.state)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_vector_of_environments_steps_together(mode: str) -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=2, vectorization_mode=mode, max_actions=40)
    try:
        observations, infos = envs.reset(seed=[1, 2])
        assert observations.shape == (2, envs.single_observation_space.shape[0])
        for _ in range(5):
            actions = [envs.single_action_space.sample(mask) for mask in infos["action_mask"]]
            observations, rewards, _, _, infos = envs.step(np.array(actions))
            assert observations.shape[0] == 2 and rewards.shape == (2,)
    finally:
        envs.close()


@pytest.mark.parametrize("name", ["chaos_tower_solo", "chaos_tower_vs3", "crest_duel_4_teams"])
def test_observations_hold_the_bounds_their_spaces_declare(name: str) -> None:
    """Every value of a played game's observations lies in [-1, 1], which the spaces now say."""
    environment = aec_env(name, max_actions=120)
    for seed in range(4):
        environment.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            space = environment.observation_space(agent)
            assert space["observation"].low.min() == -1.0
            assert space.contains(observation), agent
            raw = ct.observation_tensor(environment.game_state, environment.possible_agents.index(agent))
            assert min(raw) >= -1.0 and max(raw) <= 1.0
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(rng.choice(legal)))
