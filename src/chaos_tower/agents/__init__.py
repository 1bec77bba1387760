"""Players for every game and mode, from random to strong, behind one registry.

An agent is handed a :class:`Decision` (the seat to move, its legal actions, its observation and
a world drawn for it), never the referee's state: :func:`decide` makes one and asks the agent.

* :class:`RandomAgent`: uniformly random, any game;
* ``greedy`` and ``heuristic``: each mode's own players (its ``ModeSpec.agent_kit``; the solo
  ones live in :mod:`chaos_tower.tower.solo.agents`);
* :class:`MctsAgent`: information-set Monte Carlo tree search, any game;
* ``mcts-cheat`` and a mode's ``*-cheat`` players: cheating baselines, handed the true state.

:data:`AGENTS` maps each name to a factory ``(seat, seed, **params) -> agent``, so the command
line and other tools look agents up by name; each mode lists the names that play it
(``ModeSpec.agents``). :func:`determinize` draws a full state consistent with one seat's view.
"""

from __future__ import annotations

import warnings

from ..oldpaths import REMOVED_IN
from .base import (
    Agent,
    Decision,
    Needs,
    NoWorldError,
    PlayerAgent,
    RandomAgent,
    advance,
    cheats,
    decide,
    decision,
    needs,
    play,
    play_seats,
)
from .determinize import determinize
from .mcts import MctsAgent
from .params import PARAMETERS, AgentParameterError, check_params, parse_agent
from .registry import AGENTS, CHEAT_SUFFIX, ModeAgent, agent_maker, agent_names, make_agent

__all__ = [
    "AGENTS",
    "CHEAT_SUFFIX",
    "PARAMETERS",
    "Agent",
    "AgentParameterError",
    "Decision",
    "MctsAgent",
    "ModeAgent",
    "Needs",
    "NoWorldError",
    "PlayerAgent",
    "RandomAgent",
    "advance",
    "agent_maker",
    "agent_names",
    "cheats",
    "check_params",
    "decide",
    "decision",
    "determinize",
    "make_agent",
    "needs",
    "parse_agent",
    "play",
    "play_seats",
]

_MOVED = {
    "GreedyAgent": "tower.solo.agents",
    "HeuristicAgent": "tower.solo.agents",
    "OracleResult": "tower.solo.agents",
    "oracle": "tower.solo.agents",
    "quick_score": "tower.solo.agents",
    "score": "tower.solo.agents",
}
"""The solo players that moved into the Tower game (issue 23 item 3): old names, warning."""


def __getattr__(name: str) -> object:
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"chaos_tower.agents.{name} is an old path, removed in chaos_tower {REMOVED_IN}: "
        f"import chaos_tower.{home}.{name}",
        DeprecationWarning,
        stacklevel=2,
    )
    from ..tower.solo import agents as moved  # the old names' one link to a game: they go in REMOVED_IN

    return getattr(moved, name)
