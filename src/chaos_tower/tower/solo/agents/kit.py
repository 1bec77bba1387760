"""The solo mode's players and measures for the game-independent agents (:data:`KIT`).

* ``greedy``: :class:`~.greedy.GreedyAgent`; ``heuristic``: :class:`~.heuristic.HeuristicAgent`;
* leaves: the heuristic's measure squashed to 0..1 (:func:`evaluate`); no playout (random play
  falls off the floor at once);
* the tree branches on one cell per step (:func:`tree_actions`), and a search counts revisits
  by where the player stands on which floor (:func:`.deadend.standing`), concedes a dead end,
  does not walk into a place with no way on in reach (:func:`.deadend.closed`), and back
  somewhere a third time takes the way on (:func:`.deadend.way_on`);
* ``oracle-cheat``: the mode's cheating baseline, which plays the oracle's line in the true state.
"""

from __future__ import annotations

import functools
import math

from ....kernel.agentkit import AgentKit
from ..actions import Action, PlaceStep
from ..engine import legal_actions
from ..state import State
from .deadend import closed, concession, standing, way_on
from .greedy import GreedyAgent, _step_prospects
from .heuristic import HeuristicAgent, quick_score
from .oracle import oracle

__all__ = ["KIT", "OraclePlayer", "evaluate", "tree_actions"]


def tree_actions(state: State) -> tuple[Action, ...]:
    """The actions a search branches on: all of them, but one cell per step.

    A step placed anywhere clears the floor alike (`TOC-STEP-03`); its hundreds
    of cells and rotations would take the whole budget. The tree keeps, per
    step, the placements on the cell nearest the middle (any rotation): from
    there the new floor has room on every side.
    """
    legal = legal_actions(state)
    if not any(type(a) is PlaceStep for a in legal):
        return legal
    grid = state.game.grid
    off_centre = _off_centre(grid.columns, grid.rows)
    nearest: dict[str, float] = {}
    for action in legal:
        if isinstance(action, PlaceStep):
            nearest[action.step] = min(nearest.get(action.step, math.inf), off_centre[action.cell])
    return tuple(a for a in legal if not isinstance(a, PlaceStep) or off_centre[a.cell] == nearest[a.step])


@functools.lru_cache(maxsize=16)
def _off_centre(columns: int, rows: int) -> tuple[float, ...]:
    """Each cell's distance from the middle of the floor (city blocks), cells numbered row by row."""
    middle_x, middle_y = (columns - 1) / 2, (rows - 1) / 2
    return tuple(abs(x - middle_x) + abs(y - middle_y) for y in range(rows) for x in range(columns))


def evaluate(state: State) -> tuple[float]:
    """The player's value of a position not over, 0..1: the heuristic's measure on a fixed scale.

    About 400 a step used (the heuristic's weights): each step moves the value a good deal. The
    heuristic agent's look-ahead too (which unused steps became placeable): without it a leaf one
    action short of a step looks no better than any other.
    """
    result = state.result
    if result is not None:
        return (1.0 if result.result == "won" else 0.0 if result.result == "lost" else 0.05,)
    value = quick_score(state) + _step_prospects(state)
    return (1.0 / (1.0 + math.exp(-(value - 1000.0) / 600.0)),)


class OraclePlayer:
    """The oracle's line, played in the true state: a cheating baseline (it reads the deck).

    At its first decision it asks :func:`~.oracle.oracle` for a winning line; it plays that line
    while the game follows it, and the heuristic player otherwise.
    """

    def __init__(self, seed: int = 0, *, nodes: int = 20_000) -> None:
        self._heuristic = HeuristicAgent(seed)
        self._nodes = nodes
        self._line: list[Action] = []
        self._asked = False

    def choose_in(self, state: State) -> Action:
        """The next action of the oracle's winning line, if it found one; else the heuristic's."""
        if not self._asked:
            self._asked = True
            found = oracle(state, nodes=self._nodes)
            self._line = list(found.actions) if found.won else []
        if self._line:
            action = self._line.pop(0)
            if action in legal_actions(state):
                return action
            self._line = []
        return self._heuristic.choose_in(state)


KIT = AgentKit(
    heuristic=HeuristicAgent,
    greedy=GreedyAgent,
    evaluate=evaluate,
    rollout=0,
    heuristic_rollout=0,
    tree_actions=tree_actions,
    revisit=standing,
    concession=concession,
    dead_end=closed,
    way_on=way_on,
    own={"oracle-cheat": OraclePlayer},
)
"""The solo mode's agent kit (``ModeSpec.agent_kit``)."""
