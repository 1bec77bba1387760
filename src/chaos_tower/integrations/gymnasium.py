"""The solo Tower as a single-agent Gymnasium environment: ``gymnasium.make("ChaosTower/Solo-v0")``.

Needs the ``pettingzoo`` extra (it brings gymnasium and numpy). Importing this
module registers the environment with :func:`gymnasium.register`, so
``gymnasium.make`` and ``gymnasium.make_vec`` (``vectorization_mode="sync"`` or
``"async"``) find it by its id.

* The observation is :func:`chaos_tower.observation_tensor` of the player, as
  ``float32``. The layout scales every value of a reachable position into
  [-1, 1] (:func:`chaos_tower.observation_layout`; checked over played games by
  ``tests/integrations/test_gymnasium.py``), and the space says so; a value
  outside, which only a state built by hand could hold, is clipped.
* An action is a dense action number (:func:`chaos_tower.action_index`).
  Gymnasium's convention for masks: ``info["action_mask"]`` is 1 for each
  legal action (``int8``), so ``env.action_space.sample(info["action_mask"])``
  draws a legal one.
* An illegal action, by default, changes nothing: the reward is 0 and
  ``info["illegal_action"]`` is ``True`` (``illegal="raise"`` raises
  :class:`chaos_tower.IllegalActionError` naming the rule instead, ``illegal="lose"`` ends the
  episode with reward -1).
* The reward is :func:`chaos_tower.returns` at the end: 1 won, -1 lost. A game
  cut short by ``max_actions`` is *truncated*, one won or lost *terminated*.

>>> import gymnasium
>>> import chaos_tower.integrations.gymnasium  # registers ChaosTower/Solo-v0
>>> env = gymnasium.make("ChaosTower/Solo-v0", max_actions=50)
>>> observation, info = env.reset(seed=3)
>>> env.observation_space.contains(observation), int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from .. import api
from ..kernel.errors import OptionError
from . import DEFAULT_MAX_ACTIONS, mode

__all__ = ["ENV_ID", "SoloEnv"]

ENV_ID = "ChaosTower/Solo-v0"
"""The id under which the solo environment is registered."""

_ILLEGAL = ("ignore", "raise", "lose")


class SoloEnv(gymnasium.Env[Any, Any]):
    """The solo Tower of CHAOS (``TOC-*``) with the built-in card set, one action per step."""

    metadata = {"render_modes": ["ansi", "svg"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's own name

    def __init__(
        self,
        *,
        max_actions: int | None = None,
        render_mode: str | None = None,
        illegal: str = "ignore",
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi", "svg"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}")
        if illegal not in _ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(_ILLEGAL)}, not {illegal!r}")
        solo = mode("chaos_tower_solo")
        fixed = sorted(set(options) & set(solo.options))
        if fixed:
            raise OptionError(f"{ENV_ID}: {', '.join(fixed)} is fixed by the environment")
        self.cards = solo.cards()
        self.options = {**solo.options, **options}
        self.max_actions = max_actions or solo.facts.max_length or DEFAULT_MAX_ACTIONS
        self.render_mode = render_mode
        self.illegal = illegal
        probe = self._new(0)  # checks the options now, not at the first reset
        self.size = len(api.observation_tensor(probe, 0))
        self.actions = len(api.action_space(probe))
        self.observation_space = spaces.Box(-1.0, 1.0, (self.size,), np.float32)
        self.action_space = spaces.Discrete(self.actions)
        self.state: Any = None

    def _new(self, seed: int) -> Any:
        return api.new_game(self.cards, seed=seed, max_actions=self.max_actions, **self.options)

    def _observe(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        return np.clip(np.asarray(api.observation_tensor(self.state, 0), dtype=np.float32), -1.0, 1.0)

    def _info(self, **extra: Any) -> dict[str, Any]:
        mask = np.zeros(self.actions, np.int8)
        if not api.is_terminal(self.state):
            mask[[api.action_index(self.state, a) for a in api.legal_actions(self.state)]] = 1
        return {"action_mask": mask, **extra}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, np.dtype[np.float32]], dict[str, Any]]:
        """A new game; its seed comes from ``seed`` (or the environment's generator, seeded by it)."""
        super().reset(seed=seed)
        self.state = self._new(int(self.np_random.integers(0, 2**31)))
        return self._observe(), self._info()

    def step(
        self, action: Any
    ) -> tuple[np.ndarray[Any, np.dtype[np.float32]], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the action numbered ``action``; (observation, reward, terminated, truncated, info)."""
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if api.is_terminal(self.state):
            raise RuntimeError("the episode is over: call reset()")
        number = int(action)
        legal = 0 <= number < self.actions and api.can_apply(self.state, self._decode(number))
        if not legal:
            if self.illegal == "raise":
                if not 0 <= number < self.actions:
                    raise ValueError(f"{number} is no action number (0 to {self.actions - 1})")
                api.check_action(self.state, self._decode(number))  # the rule that forbids it
            if self.illegal == "lose":
                return self._observe(), -1.0, True, False, self._info(illegal_action=True)
            return self._observe(), 0.0, False, False, self._info(illegal_action=True)
        self.state = api.apply(self.state, self._decode(number))
        reward, terminated, truncated = 0.0, False, False
        if api.is_terminal(self.state):
            reward = float(api.returns(self.state)[0])
            truncated = getattr(api.outcome(self.state), "cause", None) == "max-actions"
            terminated = not truncated
        return self._observe(), reward, terminated, truncated, self._info(illegal_action=False)

    def _decode(self, number: int) -> Any:
        return api.action_from_index(self.state, number)

    def render(self) -> str | None:
        """The position as text (``ansi``) or an SVG document (``svg``); ``None`` without a render mode."""
        if self.render_mode is None or self.state is None:
            return None
        if self.render_mode == "svg":
            return str(api.render_svg(self.state))
        return str(api.render_text(self.state))


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="chaos_tower.integrations.gymnasium:SoloEnv")
