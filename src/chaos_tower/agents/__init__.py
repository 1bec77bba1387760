"""Players for every game and mode, from random to strong, behind one registry.

* :class:`RandomAgent`: uniformly random, any game;
* :class:`GreedyAgent`: the solo game's one-step agent (kept for the golden games);
* :class:`HeuristicAgent`: the fast heuristic player of each game;
* :class:`MctsAgent`: Monte Carlo tree search over determinisations, any game;
* :func:`oracle`: a solo search that sees the true deck (how winnable a seed is).

:data:`AGENTS` maps each name to a factory ``(seat, seed, **params) -> agent``,
so the command line and other tools look agents up by name.
"""

from __future__ import annotations

from .base import Agent, RandomAgent, play, play_seats
from .greedy import GreedyAgent, score

__all__ = ["Agent", "GreedyAgent", "RandomAgent", "play", "play_seats", "score"]
