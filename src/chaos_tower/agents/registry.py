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
from typing import Any

from .. import registry
from ..kernel.agentkit import WorldPlayer
from .base import Agent, Decision, Needs, RandomAgent
from .mcts import MctsAgent
from .params import AgentParameterError, check_params

__all__ = ["AGENTS", "CHEAT_SUFFIX", "ModeAgent", "agent_names", "make_agent"]

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


def _random(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    check_params("random", params)
    return RandomAgent(seed)


def _greedy(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    check_params("greedy", params)
    return ModeAgent("greedy", seed)


def _heuristic(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    checked: dict[str, Any] = check_params("heuristic", params)
    return ModeAgent("heuristic", seed, checked)


def _search(name: str, seed: int, params: dict[str, Any], defaults: dict[str, Any], **fixed: Any) -> Agent:
    """An :class:`MctsAgent` from the checked parameters of the agent ``name`` over its ``defaults``,
    with the keywords ``fixed`` by the agent itself."""
    # Exactly one budget (check_params): a time budget alone turns the simulation count off.
    checked: dict[str, Any] = defaults | check_params(name, params)
    if "seconds" in checked:
        checked["simulations"] = None
    return MctsAgent(seed, **fixed, **checked)


def _mcts(seat: int = 0, seed: int = 0, cheat: bool = False, **params: Any) -> Agent:
    return _search("mcts", seed, params, {}, cheat=cheat)


def _mcts_cheat(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    return _mcts(seat, seed, cheat=True, **params)


ROLLOUT_DEFAULTS = {"rollout": 10, "width": 6}
"""The ``rollout`` agent's playout length and root width unless given (issue 24 item 2: screened
on solo seeds with ``bench/bench_strength.py --items 2``)."""


def _rollout(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    # Rollouts from the heuristic: MCTS's halving root (the heuristic's choice and the best few by
    # the kit's value, compared on shared worlds) whose every simulation lets the heuristic play
    # ``rollout`` actions in a world drawn for the seat before the kit's graded value judges it.
    # The solo kit's own MCTS plays no action (rollout 0): one step's value cannot see a death
    # a few moves on, and wins are too rare to learn from the result alone.
    return _search("rollout", seed, params, ROLLOUT_DEFAULTS, playout="heuristic")


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": _random,
    "greedy": _greedy,
    "heuristic": _heuristic,
    "mcts": _mcts,
    "rollout": _rollout,
    "mcts-cheat": _mcts_cheat,
}
"""The game-independent agents from weakest to strongest (the ladder's order), then the cheating
baselines; ``seat`` is the seat it will play. Each mode lists those that play it (``ModeSpec.agents``)."""


def agent_names(mode: registry.ModeSpec) -> tuple[str, ...]:
    """The agents that play ``mode``: its list (``ModeSpec.agents``), weakest first."""
    return mode.agents


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
