"""Every mode as a PettingZoo AEC environment, with action masks: ``env("chaos_tower_solo")``.

Needs the ``pettingzoo`` extra (``pip install "chaos-tower[pettingzoo]"``).
The environment speaks only to the front door (:mod:`chaos_tower.api`), so
each mode of :data:`chaos_tower.integrations.MODES` goes through the same code. Agents are
``player_0``, ``player_1``, …; an observation is a dict with
``observation`` (:func:`chaos_tower.observation_tensor`, zero-padded to one
length per mode, every value in [-1, 1]) and ``action_mask`` (1 for each legal action of the dense
encoding, :func:`chaos_tower.action_index`). The reward is
:func:`chaos_tower.returns` when the game ends: 1 won, -1 lost, 0 neither.
A game cut short by ``max_actions`` is *truncated*, one won or lost is
*terminated*.

Unlike most PettingZoo environments, a running environment survives
:func:`copy.deepcopy` and :mod:`pickle` with its game: the game state is
immutable, so a copy shares it, and a pickle holds the game as its save
(:func:`chaos_tower.dumps`).

>>> from chaos_tower.integrations.pettingzoo import env
>>> e = env("chaos_tower_solo", max_actions=50)
>>> e.reset(seed=3)
>>> observation, reward, terminated, truncated, info = e.last()
>>> int(observation["action_mask"].sum()) == len(info["legal_actions"])
True
"""

from __future__ import annotations

import copy
from functools import cache
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import api
from ..kernel.errors import OptionError
from . import DEFAULT_MAX_ACTIONS, Mode, mode

__all__ = ["ChaosTowerEnv", "env"]

@cache
def _mode(name: str) -> Mode:
    return mode(name)  # read from the registry now: a game registered later is served too


@cache
def _cards(name: str) -> Any:
    return _mode(name).cards()


def env(name: str = "chaos_tower_solo", **kwargs: Any) -> ChaosTowerEnv:
    """A new environment for the mode ``name`` (one of :func:`chaos_tower.integrations.modes`)."""
    return ChaosTowerEnv(name, **kwargs)


class ChaosTowerEnv(AECEnv):  # type: ignore[misc]
    """One mode of our games as an AEC environment.

    ``max_actions`` bounds a game (default 1000); the mode's other options that its
    name leaves open (:meth:`~chaos_tower.integrations.Mode.free_options`: for VS
    ``extra_rule``, ``adjust_after_draw``, …) are keywords too, checked by
    :func:`chaos_tower.new_game` (:class:`~chaos_tower.kernel.errors.OptionError`, also for
    one the name fixes, such as ``players``); ``render_mode`` is ``None``,
    ``"ansi"`` (:func:`chaos_tower.render_text`) or ``"svg"``
    (:func:`chaos_tower.render_svg`). Without a seed, :meth:`reset` draws the
    game's seed from the environment's own generator (seeded by the last seed
    given).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "chaos_tower_v0",
        "render_modes": ["ansi", "svg"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        name: str = "chaos_tower_solo",
        max_actions: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi", "svg"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}")
        self.name = name
        fixed = sorted(set(options) & set(_mode(name).options))
        if fixed:
            raise OptionError(f"{name}: {', '.join(fixed)} is fixed by the mode's name")
        self.kwargs = {**_mode(name).options, **options}
        # The rules' own bound (the mode's max_length), else the adapters' default: 1000.
        self.max_actions = max_actions or _mode(name).facts.max_length or DEFAULT_MAX_ACTIONS
        self.render_mode = render_mode
        probe = self._new(0)
        players = api.rules_of(probe).players(probe)
        if render_mode == "svg" and api.rules_of(probe).render_svg is None:
            # Say so now rather than at the first render() of a running game.
            raise ValueError(f"render_mode 'svg': {api.rules_of(probe).name} has no SVG pictures yet")
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.size = max(len(api.observation_tensor(probe, p)) for p in range(players))
        self.actions = len(api.action_space(probe))
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    # The layouts scale a reachable position's values into [-1, 1] (see observe).
                    "observation": spaces.Box(-1.0, 1.0, (self.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.actions) for agent in self.possible_agents}
        self.state_: Any = None
        self._rng = np.random.default_rng()

    def _new(self, seed: int) -> Any:
        return api.new_game(_cards(self.name), seed=seed, max_actions=self.max_actions, **self.kwargs)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation dict's space (the same object each time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The dense action numbers (the same object each time)."""
        return self.action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The current game state (a :mod:`chaos_tower` state)."""
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, from ``seed`` if given."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._rng.integers(0, 2**31))
        self.state_ = self._new(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._sync()

    def _sync(self) -> None:
        # Who moves next, the rewards and the end, read from the game state.
        state = self.state_
        player = api.current_player(state)
        if player is None:
            returns = api.returns(state)
            # Every game's outcome names its cause; "max-actions" is the cut, not a win or loss.
            truncated = getattr(api.outcome(state), "cause", None) == "max-actions"
            for i, agent in enumerate(self.possible_agents):
                if agent in self.agents:
                    self.rewards[agent] = float(returns[i])
                    self.terminations[agent] = not truncated
                    self.truncations[agent] = truncated
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        else:
            self.agent_selection = self.possible_agents[player]
        self._accumulate_rewards()
        for agent in self.agents:
            self.infos[agent] = {"legal_actions": self._legal() if agent == self.agent_selection else []}

    def _legal(self) -> list[int]:
        state = self.state_
        if api.current_player(state) is None:
            return []
        return sorted(api.action_index(state, a) for a in api.legal_actions(state))

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation tensor (padded) and action mask."""
        player = self.possible_agents.index(agent)
        values = np.zeros(self.size, np.float32)
        tensor = api.observation_tensor(self.state_, player)
        values[: len(tensor)] = tensor
        np.clip(values, -1.0, 1.0, out=values)  # only a state built by hand could hold more
        mask = np.zeros(self.actions, np.int8)
        if agent == self.agent_selection:
            mask[self._legal()] = 1
        return {"observation": values, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` (a dense action number) for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        for other in self.agents:
            self.rewards[other] = 0.0
        if action is None:
            raise ValueError("a live agent must act: pass an action number")
        self.state_ = api.apply(self.state_, api.action_from_index(self.state_, int(action)))
        self._sync()

    def render(self) -> str | None:
        """The state as text (``ansi``) or an SVG document (``svg``); ``None`` without a render mode."""
        if self.render_mode is None or self.state_ is None:
            return None
        if self.render_mode == "svg":
            return str(api.render_svg(self.state_))
        return str(api.render_text(self.state_))

    def close(self) -> None:
        """Nothing to release."""

    # -- copies and pickles keep the game -----------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> ChaosTowerEnv:
        twin = type(self).__new__(type(self))
        for key, value in self.__dict__.items():
            # The game state is immutable (and holds the shared compiled card set): share it.
            twin.__dict__[key] = value if key == "state_" else copy.deepcopy(value, memo)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        if data.get("state_") is not None:
            data["state_"] = api.dumps(data["state_"])
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        if data.get("state_") is not None:
            data = {**data, "state_": api.loads(data["state_"], _cards(data["name"]))}
        self.__dict__.update(data)

