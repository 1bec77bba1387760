"""The lab's agents by name: every agent of :mod:`chaos_tower.agents`, per game, and any you add.

A run names its agents as ``NAME`` or ``NAME:PARAM=VALUE,...`` (``mcts:simulations=50``):
the name is looked up in the library's agent registry
(:data:`chaos_tower.agents.AGENTS`: random, greedy, heuristic, mcts, ... every
one plays every game), or in the lab's own table (:func:`register_agent`, and
``simple``, the VS one-step agent under its old lab name). The parameters go to
the agent's factory, which refuses those it does not know. The library's agents
are imported on first use, so the lab's command line starts without them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .failure import LabError

__all__ = ["AGENTS", "Factory", "make_agent", "names_for", "parse_agent", "register_agent"]


def games() -> tuple[str, ...]:
    """The games (and modes) a run can play: every registered mode's front door name (``tower-solo``)."""
    from chaos_tower import registry

    return tuple(mode.rules.name for game in registry.games() for mode in game.modes)


Factory = Callable[[int], Any]
"""Makes an agent (anything with ``choose(state)``) from its seed."""


class _Lazy:
    """A factory that imports its agent class on first use (a plain, picklable object)."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name
        self.made: Callable[[int], Any] | None = None

    def __call__(self, seed: int) -> Any:
        if self.made is None:
            self.made = getattr(importlib.import_module(self.module), self.name)
        return self.made(seed)


AGENTS: dict[str, dict[str, Factory]] = {
    "simple": {"tower-vs": _Lazy("chaos_tower.tower.vs.agents", "SimpleVsAgent")},
}
"""The lab's own table, name → game → factory, looked up before the library's registry."""


def _library() -> dict[str, Callable[..., Any]]:
    from chaos_tower.agents import AGENTS as LIBRARY

    return LIBRARY


class _FromLibrary:
    """A factory for one of the library's agents with fixed parameters (picklable: name and values)."""

    def __init__(self, name: str, params: tuple[tuple[str, Any], ...]) -> None:
        self.name, self.params = name, params
        self.kwargs = dict(params)
        self.made: Callable[..., Any] | None = None  # the library's factory, looked up once

    def __call__(self, seed: int) -> Any:
        if self.made is None:
            self.made = _library()[self.name]
        return self.made(0, seed, **self.kwargs)

    def __getstate__(self) -> dict[str, Any]:
        return {"name": self.name, "params": self.params}  # plain data across processes

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.name, self.params = state["name"], state["params"]
        self.kwargs, self.made = dict(self.params), None


def parse_agent(spec: str) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """``NAME`` or ``NAME:KEY=VALUE,...`` as (name, parameters): the library's one reader
    (:func:`chaos_tower.agents.parse_agent`, as ``play --seat`` uses), its errors as :class:`LabError`."""
    from chaos_tower.agents.params import AgentParameterError
    from chaos_tower.agents.params import parse_agent as read

    try:
        return read(spec)
    except AgentParameterError as exc:
        raise LabError(f"agent {spec!r}: {exc}") from None


def register_agent(name: str, game: str, factory: Factory) -> None:
    """Offer ``factory`` under ``name`` for ``game`` (a mode's front door name: :func:`games`)."""
    known = games()
    if game not in known:
        raise LabError(f"unknown game {game!r} (known: {', '.join(known)})")
    AGENTS.setdefault(name, {})[game] = factory


def names_for(game: str) -> tuple[str, ...]:
    """The agent names that play ``game``."""
    own = {name for name, games in AGENTS.items() if game in games}
    return tuple(sorted(own | set(_library())))


def factory_for(spec: str, game: str) -> Factory:
    """The factory of agent ``spec`` (``NAME[:KEY=VALUE,...]``) for ``game``; :class:`LabError` if none.

    The parameters are tried once here, so a wrong one is refused before any game is played.
    """
    name, params = parse_agent(spec)
    own = AGENTS.get(name, {}).get(game)
    if own is not None and not params:
        return own
    if name not in _library() or (own is not None and params):
        raise LabError(f"no agent {name!r} plays {game} (agents for it: {', '.join(names_for(game))})")
    made = _FromLibrary(name, params)
    try:
        made(0)  # every parameter is checked (chaos_tower.agents.check_params) before any game
    except (TypeError, ValueError) as exc:
        raise LabError(f"agent {spec!r}: {exc}") from None
    return made


def make_agent(name: str, game: str, seed: int) -> Any:
    """A new agent ``name`` (``NAME[:KEY=VALUE,...]``) for ``game`` with its own seed."""
    return factory_for(name, game)(seed)
