"""Players for every game and mode, from random to strong, behind one registry.

* :class:`RandomAgent`: uniformly random, any game;
* :class:`GreedyAgent`: the solo game's one-step agent (kept as it was: the golden games replay it);
* :class:`HeuristicAgent`: the fast heuristic player of each game;
* :class:`MctsAgent`: information-set Monte Carlo tree search, any game;
* :func:`oracle`: a solo search that sees the true deck (how winnable a seed is).

:data:`AGENTS` maps each name to a factory ``(seat, seed, **params) -> agent``,
so the command line and other tools look agents up by name;
:func:`determinize` draws a full state consistent with one seat's view.
"""

from __future__ import annotations

from .base import Agent, RandomAgent, advance, play, play_seats
from .determinize import determinize
from .greedy import GreedyAgent, score
from .heuristic import HeuristicAgent, quick_score
from .mcts import MctsAgent
from .oracle import OracleResult, oracle
from .params import PARAMETERS, AgentParameterError, check_params, parse_agent
from .registry import AGENTS, make_agent

__all__ = [
    "AGENTS",
    "PARAMETERS",
    "Agent",
    "AgentParameterError",
    "GreedyAgent",
    "HeuristicAgent",
    "MctsAgent",
    "OracleResult",
    "RandomAgent",
    "advance",
    "check_params",
    "determinize",
    "make_agent",
    "oracle",
    "parse_agent",
    "play",
    "play_seats",
    "quick_score",
    "score",
]
