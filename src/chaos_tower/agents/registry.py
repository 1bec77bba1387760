"""Agents by name: :data:`AGENTS` maps each name to a factory ``(seat, seed, **params) -> agent``.

The command line, the designer's lab and the ladder look agents up here, so
an agent added here is at once playable everywhere. Every name plays every
game: the factory's agent picks its way of playing from the first state it
is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import chaos_tower as ct

from .base import Agent, RandomAgent
from .greedy import GreedyAgent
from .heuristic import HeuristicAgent, _other_game_agent
from .mcts import MctsAgent
from .params import AgentParameterError, check_params

__all__ = ["AGENTS", "make_agent"]


class _GreedyAnyGame:
    """The greedy agent in the solo game; the one-step agent of the VS modes or of Crest Duel elsewhere."""

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._agent: Any = None

    def choose(self, state: Any) -> Any:
        """The one-step choice of this game's greedy agent."""
        if self._agent is None:
            self._agent = (
                GreedyAgent(self._seed)
                if isinstance(state, ct.State)
                else _other_game_agent(state, self._seed)
            )
        return self._agent.choose(state)


def _random(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    check_params("random", params)
    return RandomAgent(seed)


def _greedy(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    check_params("greedy", params)
    return _GreedyAnyGame(seed)


def _heuristic(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    checked: dict[str, Any] = check_params("heuristic", params)
    return HeuristicAgent(seed, **checked)


def _mcts(seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    # Exactly one budget (check_params): a time budget alone turns the simulation count off.
    checked: dict[str, Any] = check_params("mcts", params)
    if "seconds" in checked:
        checked["simulations"] = None
    return MctsAgent(seed, **checked)


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": _random,
    "greedy": _greedy,
    "heuristic": _heuristic,
    "mcts": _mcts,
}
"""The agents from weakest to strongest (the ladder's order); ``seat`` is the seat it will play."""


def make_agent(name: str, seat: int = 0, seed: int = 0, **params: Any) -> Agent:
    """``AGENTS[name](seat, seed, **params)``; :class:`AgentParameterError` (a ValueError) if it is wrong."""
    factory = AGENTS.get(name)
    if factory is None:
        raise AgentParameterError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
    return factory(seat, seed, **params)
