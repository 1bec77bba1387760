"""The solo game's players: greedy, heuristic, the dead-end check, the oracle and its verdicts.

They are the solo mode's own rungs of the agent ladder, handed to the game-independent agents of
:mod:`chaos_tower.agents` through the mode's :data:`~.kit.KIT`. Each chooses in a *world*
(``choose_in(world)``): a solo state the agents drew for the player, whose deck below its top card
is a guess. The oracle and the verdicts read the true deck: they are cheating baselines, the upper
bound the honest agents are measured against.
"""

from __future__ import annotations

from .deadend import concession, dead_end
from .greedy import GreedyAgent, score
from .heuristic import HeuristicAgent, HeuristicParameterError, quick_score
from .kit import KIT, OraclePlayer, evaluate, tree_actions
from .oracle import OracleResult, oracle
from .prove import Verdict, verdict

__all__ = [
    "KIT",
    "GreedyAgent",
    "HeuristicAgent",
    "HeuristicParameterError",
    "OraclePlayer",
    "OracleResult",
    "Verdict",
    "concession",
    "dead_end",
    "evaluate",
    "oracle",
    "quick_score",
    "score",
    "tree_actions",
    "verdict",
]
