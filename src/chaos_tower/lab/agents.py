"""The lab's agents by name: every agent of :mod:`chaos_tower.agents`, per game, and any you add.

A run names its agents as ``NAME`` or ``NAME:PARAM=VALUE,...`` (``mcts:simulations=50``):
the name is looked up in the library's agent registry
(:data:`chaos_tower.agents.AGENTS`: random, greedy, heuristic, mcts, ..., and each mode's
own players, such as VS's ``simple``: the agents its ``ModeSpec.agents`` lists), or in the lab's
own table (:func:`register_agent`). The parameters go to the agent's factory, which refuses those
it does not know. A cheating baseline's name ends in ``-cheat``, so every report that names the
agents labels it. The library's agents are imported on first use, so the lab's command line
starts without them. Every agent is asked through :func:`chaos_tower.agents.decide`: it is handed
its seat's decision, never the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .failure import LabError

__all__ = ["AGENTS", "Factory", "make_agent", "names_for", "parse_agent", "register_agent"]


def games() -> tuple[str, ...]:
    """The games (and modes) a run can play: every registered mode's front door name (``tower-solo``)."""
    from chaos_tower import registry

    return tuple(mode.rules.name for game in registry.games() for mode in game.modes)


Factory = Callable[[int], Any]
"""Makes an agent (anything with ``choose(decision)``, :class:`chaos_tower.agents.Decision`) from its seed."""


AGENTS: dict[str, dict[str, Factory]] = {}
"""The lab's own table, name → game → factory, looked up before the library's registry."""


def _library() -> dict[str, Callable[..., Any]]:
    from chaos_tower.agents import AGENTS as LIBRARY

    return LIBRARY


def _mode(game: str) -> Any:
    """The registered mode whose front-door name is ``game`` (``tower-vs``), or ``None``."""
    from chaos_tower import registry

    return next((m for spec in registry.games() for m in spec.modes if m.rules.name == game), None)


def _mode_agents(game: str) -> tuple[str, ...]:
    mode = _mode(game)
    return () if mode is None else tuple(mode.agents)


class _FromLibrary:
    """A factory for one of the library's agents with fixed parameters (picklable: names and values).

    The mode is looked up in the registry, and the name and parameters checked, once per factory
    (and process), not per game: each game's agent is then made by the library's factory directly.
    """

    def __init__(self, name: str, params: tuple[tuple[str, Any], ...], game: str) -> None:
        self.name, self.params, self.game = name, params, game
        self.kwargs = dict(params)
        self.make: Callable[[int], Any] | None = None

    def __call__(self, seed: int) -> Any:
        make = self.make
        if make is None:
            make = self.make = self._resolve()
        return make(seed)

    def _resolve(self) -> Callable[[int], Any]:
        from chaos_tower.agents import agent_maker

        # Refuses a name the mode does not play, or a wrong parameter, before any game is played.
        return agent_maker(self.name, 0, mode=_mode(self.game), **self.kwargs)

    def __getstate__(self) -> dict[str, Any]:
        return {"name": self.name, "params": self.params, "game": self.game}  # plain data across processes

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.name, self.params, self.game = state["name"], state["params"], state["game"]
        self.kwargs, self.make = dict(self.params), None


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
    own = {name for name, plays in AGENTS.items() if game in plays}
    return tuple(sorted(own | set(_mode_agents(game) or _library())))


def factory_for(spec: str, game: str) -> Factory:
    """The factory of agent ``spec`` (``NAME[:KEY=VALUE,...]``) for ``game``; :class:`LabError` if none.

    The parameters are tried once here, so a wrong one is refused before any game is played.
    """
    name, params = parse_agent(spec)
    own = AGENTS.get(name, {}).get(game)
    if own is not None and not params:
        return own
    plays = _mode_agents(game) or tuple(_library())
    if name not in plays or (own is not None and params):
        raise LabError(f"no agent {name!r} plays {game} (agents for it: {', '.join(names_for(game))})")
    made = _FromLibrary(name, params, game)
    try:
        made(0)  # every parameter is checked (chaos_tower.agents.check_params) before any game
    except (TypeError, ValueError) as exc:
        raise LabError(f"agent {spec!r}: {exc}") from None
    return made


def make_agent(name: str, game: str, seed: int) -> Any:
    """A new agent ``name`` (``NAME[:KEY=VALUE,...]``) for ``game`` with its own seed."""
    return factory_for(name, game)(seed)
