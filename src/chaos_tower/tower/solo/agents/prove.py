"""Whether a solo seed can be won with perfect information: "winnable", "unwinnable" or "unknown".

Given the whole state (the deck's order included) the solo game is a
deterministic puzzle (`TOC-PREP-03`). :func:`verdict` first asks the
:func:`~chaos_tower.tower.solo.agents.oracle.oracle` beam search, whose win is a replayable line
of play; if it finds none, it searches every line exhaustively, depth first,
each position once (positions compared without the action count, so walking
in circles ends). A search that ends without a win proves the seed unwinnable;
one stopped by the time limit (or the node limit) says "unknown". It cheats by
design (it reads the deck) and is no agent: it is the upper bound the agents are
measured against (issue 24 item 4).
"""

from __future__ import annotations

import time
from typing import Any, Literal

import attrs
from attrs import frozen

from ..engine import apply, legal_actions
from ..state import State
from .heuristic import quick_score
from .oracle import oracle

__all__ = ["Verdict", "verdict"]


@frozen(kw_only=True)
class Verdict:
    """What :func:`verdict` found for one position."""

    answer: Literal["winnable", "unwinnable", "unknown"]
    line: tuple[Any, ...]
    """A winning line from the position (``()`` unless winnable)."""
    nodes: int
    """Actions applied."""
    seconds: float


def verdict(
    state: State, *, seconds: float = 5.0, nodes: int = 2_000_000, beam_nodes: int = 20_000
) -> Verdict:
    """Whether ``state`` can be won, searching for at most ``seconds`` (and ``nodes`` applied actions)."""
    if not isinstance(state, State):
        raise TypeError(f"the solo oracle plays the solo game, not {type(state).__name__}")
    if not seconds > 0 or nodes < 1 or beam_nodes < 1:
        raise ValueError("seconds above 0, nodes and beam_nodes at least 1")
    started = time.perf_counter()
    deadline = started + seconds
    state = attrs.evolve(state, max_actions=None)  # no cap: the puzzle itself
    found = oracle(state, nodes=min(beam_nodes, nodes), seconds=seconds / 2)  # half the time for the beam
    applied = found.nodes
    if found.won:
        return _found("winnable", found.actions, applied, started)
    seen = {_key(state)}
    stack: list[tuple[State, tuple[Any, ...]]] = [(state, ())]
    while stack:
        position, line = stack.pop()
        children: list[tuple[float, int, State, tuple[Any, ...]]] = []
        for action in legal_actions(position):
            if applied >= nodes or (applied % 256 == 0 and time.perf_counter() > deadline):
                return _found("unknown", (), applied, started)
            after = apply(position, action)
            applied += 1
            result = after.result
            if result is not None:
                if result.result == "won":
                    return _found("winnable", (*line, action), applied, started)
                continue
            key = _key(after)
            if key not in seen:
                seen.add(key)
                children.append((quick_score(after), len(children), after, (*line, action)))
        # The most promising child is searched first (popped last-in, first-out).
        children.sort(key=lambda c: (c[0], -c[1]))
        stack += [(after, line_) for _value, _order, after, line_ in children]
    return _found("unwinnable", (), applied, started)


def _found(
    answer: Literal["winnable", "unwinnable", "unknown"], line: tuple[Any, ...], nodes: int, started: float
) -> Verdict:
    return Verdict(answer=answer, line=line, nodes=nodes, seconds=time.perf_counter() - started)


def _key(state: State) -> State:
    # The same position, whatever the number of actions that led to it.
    return attrs.evolve(state, actions=0)
