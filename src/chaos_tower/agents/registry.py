"""Agents by name: :data:`AGENTS` maps each name to a factory ``(seat, seed, **params) -> agent``.

The command line, the designer's lab and the ladder look agents up here, so an agent added here
is at once playable everywhere. Which modes an agent plays is the mode's to say
(``ModeSpec.agents``, issue 24 item 6): :func:`make_agent` with a ``mode`` refuses a name the mode
does not list, with a typed error, and finds the mode's own named players
(``ModeSpec.agent_kit.own``). ``greedy`` and ``heuristic`` play the mode's own
rungs (its kit's ``greedy`` and ``heuristic``), chosen at the first decision.

A name ending in ``-cheat`` is a cheating baseline: it is handed the true state
(:func:`~chaos_tower.agents.base.cheats`), and every table that names agents labels it so.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .. import registry
from ..kernel.agentkit import WorldPlayer
from .base import Agent, Decision, Needs, RandomAgent
from .mcts import MctsAgent
from .params import AgentParameterError, check_params

__all__ = ["AGENTS", "CHEAT_SUFFIX", "ModeAgent", "agent_maker", "agent_names", "make_agent"]

CHEAT_SUFFIX = "-cheat"
"""The end of every cheating baseline's name: a report that names its agents labels them."""


class ModeAgent:
    """One of a mode's own players (``greedy``, ``heuristic``, a kit's ``own`` name), choosing in
    the decision's world; the mode is read from the first decision."""

    def __init__(self, name: str, seed: int, params: dict[str, Any] | None = None) -> None:
        self.name = name
        self.needs: Needs = "state" if name.endswith(CHEAT_SUFFIX) else "world"
        self._seed = seed
        self._params = params or {}
        self._player: WorldPlayer | None = None

    def _make(self, mode: registry.ModeSpec) -> WorldPlayer:
        kit = mode.agent_kit
        if kit is None or not mode.plays(self.name):
            raise AgentParameterError(
                f"no {self.name} agent plays the {mode.name} mode (its agents: {', '.join(mode.agents)})"
            )
        make: Callable[..., WorldPlayer] | None
        if self.name == "heuristic":
            make = kit.heuristic
        elif self.name == "greedy":
            make = kit.greedy or kit.heuristic
        else:
            make = kit.own.get(self.name)
        if make is None:
            raise AgentParameterError(f"the {mode.name} mode lists {self.name}; its kit has no such player")
        try:
            return make(self._seed, **self._params)
        except TypeError:
            if not self._params:
                raise
            takes = ", ".join(sorted(self._params))
            raise AgentParameterError(f"the {mode.name} mode's {self.name} agent takes no {takes}") from None

    def choose(self, decision: Decision) -> Any:
        """The mode's player's choice in the decision's world."""
        if self._player is None:
            self._player = self._make(decision.mode)
        return self._player.choose_in(decision.world())


_Build = Callable[[int, int, dict[str, Any]], Agent]
"""Makes an agent from its seat, seed and parameters already checked (:func:`_checked`)."""


def _checked(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The parameters of agent ``name`` checked (:func:`check_params`), a searching agent's over its
    defaults, a time budget alone turning the simulation count off (exactly one budget is used;
    only a searching agent takes ``seconds``)."""
    checked: dict[str, Any] = _DEFAULTS.get(name, {}) | check_params(name, params)
    if "seconds" in checked:
        checked["simulations"] = None
    return checked


ROLLOUT_DEFAULTS = {"rollout": 10, "width": 6}
"""The ``rollout`` agent's playout length and root width unless given (issue 24 item 2: screened
on solo seeds with ``bench/bench_strength.py --items 2``)."""

_DEFAULTS: dict[str, dict[str, Any]] = {"rollout": ROLLOUT_DEFAULTS}

# Rollouts from the heuristic (``rollout``): MCTS's halving root (the heuristic's choice and the
# best few by the kit's value, compared on shared worlds) whose every simulation lets the heuristic
# play ``rollout`` actions in a world drawn for the seat before the kit's graded value judges it.
# The solo kit's own MCTS plays no action (rollout 0): one step's value cannot see a death a few
# moves on, and wins are too rare to learn from the result alone.
_BUILDS: dict[str, _Build] = {
    "random": lambda seat, seed, checked: RandomAgent(seed),
    "greedy": lambda seat, seed, checked: ModeAgent("greedy", seed),
    "heuristic": lambda seat, seed, checked: ModeAgent("heuristic", seed, checked),
    "mcts": lambda seat, seed, checked: MctsAgent(seed, cheat=False, **checked),
    "rollout": lambda seat, seed, checked: MctsAgent(seed, playout="heuristic", **checked),
    "mcts-cheat": lambda seat, seed, checked: MctsAgent(seed, cheat=True, **checked),
}


def _factory(name: str) -> Callable[..., Agent]:
    build = _BUILDS[name]

    def make(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
        return build(seat, seed, _checked(name, params))

    make.__name__ = make.__qualname__ = f"make_{name.replace('-', '_')}"
    make.__doc__ = f"A {name} agent for ``seat`` from ``seed`` and its parameters, checked."
    return make


AGENTS: dict[str, Callable[..., Agent]] = {name: _factory(name) for name in _BUILDS}
"""The game-independent agents from weakest to strongest (the ladder's order), then the cheating
baselines; ``seat`` is the seat it will play. Each mode lists those that play it (``ModeSpec.agents``)."""
_FACTORIES = dict(AGENTS)
"""The factories as registered here (an entry of :data:`AGENTS` replaced by a user is made by it)."""


def agent_names(mode: registry.ModeSpec) -> tuple[str, ...]:
    """The agents that play ``mode``: its list (``ModeSpec.agents``), weakest first."""
    return mode.agents


def agent_maker(
    name: str, seat: int = 0, *, mode: registry.ModeSpec | None = None, **params: Any
) -> Callable[[int], Agent]:
    """``make(seed)`` making what :func:`make_agent` makes for ``seat`` and these parameters, which
    are checked once, here (:class:`AgentParameterError` now, not at the first game): the lab
    makes each game's agents with it."""
    make_agent(name, seat, 0, mode=mode, **params)
    factory = AGENTS.get(name)
    if factory is not None and factory is _FACTORIES.get(name):  # one of ours: its build, checked once
        return partial(_built, _BUILDS[name], seat, _checked(name, params))
    return partial(_seeded, name, seat, mode, params)


def _built(build: _Build, seat: int, checked: dict[str, Any], seed: int) -> Agent:
    return build(seat, seed, checked)


def _seeded(name: str, seat: int, mode: registry.ModeSpec | None, params: dict[str, Any], seed: int) -> Agent:
    return make_agent(name, seat, seed, mode=mode, **params)


def make_agent(
    name: str, seat: int = 0, seed: int = 0, *, mode: registry.ModeSpec | None = None, **params: Any
) -> Agent:
    """``AGENTS[name](seat, seed, **params)``; :class:`AgentParameterError` (a ValueError) if it is wrong.

    With ``mode``, a name the mode does not list is refused, and the mode's own players (its kit's
    ``own``) are found too.
    """
    if mode is not None and not mode.plays(name):
        raise AgentParameterError(
            f"no agent {name!r} plays the {mode.name} mode (its agents: {', '.join(mode.agents)})"
        )
    factory = AGENTS.get(name)
    if factory is not None:
        return factory(seat, seed, **params)
    if mode is not None and mode.agent_kit is not None and name in mode.agent_kit.own:
        if params:
            raise AgentParameterError(f"the {name} agent takes no parameters")
        return ModeAgent(name, seed)
    raise AgentParameterError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
