"""The lab's agents by name: a small table from a name to a factory, per game.

The table is the one place to extend when stronger agents land (an MCTS agent
adds one line per game it plays). Agents are looked up by module path so that
the lab only needs them when a run asks for them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from .failure import LabError

__all__ = ["AGENTS", "GAMES", "Factory", "make_agent", "names_for", "register_agent"]

GAMES = ("tower-solo", "tower-vs", "crest")
"""The games (and modes) a run can play: the front door's rule names."""

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


def _lazy(module: str, name: str) -> Factory:
    return _Lazy(module, name)


AGENTS: dict[str, dict[str, Factory]] = {
    "random": {
        "tower-solo": _lazy("chaos_tower.agents", "RandomAgent"),
        "tower-vs": _lazy("chaos_tower.agents", "RandomAgent"),
        "crest": _lazy("chaos_tower.agents", "RandomAgent"),
    },
    "greedy": {
        "tower-solo": _lazy("chaos_tower.agents", "GreedyAgent"),
        "crest": _lazy("chaos_tower.crest.agents", "CrestGreedyAgent"),
    },
    "simple": {
        "tower-vs": _lazy("chaos_tower.tower.vs.agents", "SimpleVsAgent"),
    },
}
"""name → game → factory. Add a row (or a game to a row) to offer another agent."""


def register_agent(name: str, game: str, factory: Factory) -> None:
    """Offer ``factory`` under ``name`` for ``game`` (one of :data:`GAMES`)."""
    if game not in GAMES:
        raise LabError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    AGENTS.setdefault(name, {})[game] = factory


def names_for(game: str) -> tuple[str, ...]:
    """The agent names that play ``game``."""
    return tuple(sorted(name for name, games in AGENTS.items() if game in games))


def make_agent(name: str, game: str, seed: int) -> Any:
    """A new agent ``name`` for ``game`` with its own seed; :class:`LabError` if there is none."""
    factory = AGENTS.get(name, {}).get(game)
    if factory is None:
        raise LabError(f"no agent {name!r} plays {game} (agents for it: {', '.join(names_for(game))})")
    return factory(seed)
