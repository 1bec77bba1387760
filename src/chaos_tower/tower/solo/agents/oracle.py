"""The solo oracle: a search that sees the true deck, to say whether a seed can be won.

The solo game's only chance is the deck's order and the generator held in the
state (`TOC-PREP-03`); given the whole state, the game is a deterministic
puzzle. :func:`oracle` searches it with a beam: from each layer of positions
it applies every legal action, keeps the ``beam`` best new positions by the
heuristic agent's measure (:func:`~chaos_tower.tower.solo.agents.heuristic.quick_score`)
and stops at the first win or when ``nodes`` actions have been applied. A win
it finds is a real, replayable line of play. Before the beam it replays the
heuristic agent itself (``probes`` games, agent seeds from the game's), so a
seed the heuristic agent wins is never missed; the actions of those games
count against ``nodes`` too. A win a miss proves nothing, so the
share of seeds it wins is a lower bound on how winnable a card set is. It is
no agent (it cheats by design); ``oracle-cheat`` (:mod:`.kit`) plays its line as a cheating baseline.
"""

from __future__ import annotations

import time
from typing import Any

from attrs import frozen

from ..engine import apply, is_terminal, legal_actions
from ..state import State
from .heuristic import HeuristicAgent, quick_score

__all__ = ["OracleResult", "oracle"]


@frozen(kw_only=True)
class OracleResult:
    """What the oracle found for one position."""

    won: bool
    """A winning line was found."""
    actions: tuple[Any, ...]
    """The winning line from the given position (``()`` if none was found)."""
    nodes: int
    """Actions applied in the search."""
    exhausted: bool
    """The node budget ran out (otherwise every line kept in the beam came to an end)."""


def oracle(
    state: State, *, beam: int = 32, nodes: int = 200_000, probes: int = 4, seconds: float | None = None
) -> OracleResult:
    """Search ``state`` with the true deck for a win within ``nodes`` applied actions (and ``seconds``,
    if given: then ``exhausted`` says that either limit ran out)."""
    if not isinstance(state, State):
        raise TypeError(f"the oracle plays the solo game, not {type(state).__name__}")
    if beam < 1 or nodes < 1 or probes < 0 or (seconds is not None and not seconds > 0):
        raise ValueError("beam and nodes are at least 1, probes at least 0, seconds above 0")
    deadline = None if seconds is None else time.perf_counter() + seconds

    def out_of_time(applied: int) -> bool:
        return deadline is not None and applied % 64 == 0 and time.perf_counter() > deadline

    applied = 0
    for probe in range(probes):
        steps: list[Any] = []
        position = state
        agent = HeuristicAgent(state.seed + probe)
        while not is_terminal(position) and applied < nodes and not out_of_time(applied):
            action = agent.choose_in(position)
            position = apply(position, action)
            steps.append(action)
            applied += 1
        if position.result is not None and position.result.result == "won":
            return OracleResult(won=True, actions=tuple(steps), nodes=applied, exhausted=False)
    frontier: list[tuple[State, tuple[Any, ...]]] = [(state, ())]
    seen = {state}
    while frontier:
        scored: list[tuple[float, int, State, tuple[Any, ...]]] = []
        for position, line in frontier:
            for action in legal_actions(position):
                if applied >= nodes or out_of_time(applied):
                    return OracleResult(won=False, actions=(), nodes=applied, exhausted=True)
                after = apply(position, action)
                applied += 1
                result = after.result
                if result is not None:
                    if result.result == "won":
                        return OracleResult(won=True, actions=(*line, action), nodes=applied, exhausted=False)
                    continue
                if after in seen:  # states compare by position, deck and generator included
                    continue
                seen.add(after)
                scored.append((quick_score(after), len(scored), after, (*line, action)))
        scored.sort(key=lambda s: (-s[0], s[1]))
        frontier = [(s[2], s[3]) for s in scored[:beam]]
    return OracleResult(won=False, actions=(), nodes=applied, exhausted=False)
