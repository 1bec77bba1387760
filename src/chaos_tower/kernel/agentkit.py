"""What a mode gives the game-independent agents (:class:`AgentKit`): its players and its measures.

The agents of :mod:`chaos_tower.agents` (random, MCTS, the ladder) know no game. A mode that
wants its ``greedy`` and ``heuristic`` rungs, or better MCTS playouts and leaves than random
ones, hands them over here, on its :class:`~chaos_tower.registry.ModeSpec` (``agent_kit=``):

* ``heuristic`` and ``greedy``: ``seed -> player``, where a player's ``choose_in(world)`` picks
  a legal action of the seat to move in a *world*: a full state the agents drew for that seat
  (``ct.determinize``), never the referee's state, which no honest agent is given;
* ``evaluate``: a world's value to each seat, 0 (lost) to 1 (won), where a playout stops (over
  or not);
* ``rollout`` (random playouts) and ``heuristic_rollout`` (the heuristic's): playout lengths;
* ``tree_actions``: the actions a search branches on (``None``: all legal ones);
* ``root_width``: how MCTS searches the root (sequential halving over that many actions, or UCB);
* ``revisit``, ``concession``, ``dead_end`` and ``way_on``: the mode's position key, its way out
  of a dead end, the test for one (a search does not walk into it), and the way on from a circle
  a search keeps walking, for a search that must not walk in circles (a mode with no move limit
  of its own);
* ``own``: the mode's own named players (VS's ``simple``); a name ending in ``-cheat`` is a
  cheating baseline, handed the true state as its world (the solo ``oracle-cheat``).

Every function is the game's own, fully typed; ``Any`` here is the dispatch layer's, as in
:class:`~chaos_tower.gamerules.GameRules`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Protocol

from attrs import field, frozen

__all__ = ["AgentKit", "WorldPlayer"]


class WorldPlayer(Protocol):
    """A mode's player: it chooses in a world drawn for the seat to move (a full, sampled state)."""

    def choose_in(self, world: Any) -> Any:
        """A legal action of the seat to move in ``world``."""
        ...


@frozen(kw_only=True)
class AgentKit:
    """A mode's players and measures for the game-independent agents (see the module)."""

    heuristic: Callable[[int], WorldPlayer]
    """``seed -> player``: the fast heuristic rung, MCTS's prior and its playout policy."""
    greedy: Callable[[int], WorldPlayer] | None = None
    """``seed -> player``: the one-step rung; ``None``: the heuristic plays it."""
    evaluate: Callable[[Any], tuple[float, ...]] | None = None
    """A world, over or not: each seat's value, 0..1; ``None``: the returns scaled to 0..1 when it is
    over, else 0.5 each."""
    rollout: int = 20
    """Random actions a playout plays before its world is judged."""
    heuristic_rollout: int | None = None
    """The heuristic's actions a playout plays (each costs a one-step look); ``None``: ``rollout``."""
    tree_actions: Callable[[Any], tuple[Any, ...]] | None = None
    """The actions a search branches on in a world (a subset of the legal ones); ``None``: all."""
    revisit: Callable[[Any], Hashable] | None = None
    """What tells two positions apart for counting revisits (no hidden part); ``None``: not counted."""
    concession: Callable[[Any], Any] | None = None
    """In a dead end (no way on that does not walk in circles), the action that ends the game; else
    ``None``."""
    dead_end: Callable[[Any], bool] | None = None
    """Whether a world not over has no way on in reach: every action that does not lose walks in
    a circle, nothing left to change (a search's test, not a proof); a search does not choose an
    action that leads into one while another does not. ``None``: not checked."""
    way_on: Callable[[Any], tuple[Any, ...] | None] | None = None
    """Where a search is back at a position for the third time: the actions here that change the
    game (the only ones it may then choose among), or the first action of the shortest walk to
    a place that has some (a 1-tuple); ``None`` when none is within reach."""
    root_width: int = 0
    """MCTS's root: sequential halving over this many of the best actions (the heuristic's choice,
    then by ``evaluate`` one action on); 0: UCB over every action, the SO-ISMCTS root."""
    own: Mapping[str, Callable[[int], WorldPlayer]] = field(factory=dict)
    """The mode's own players by name (``seed -> player``), beside the game-independent agents."""
