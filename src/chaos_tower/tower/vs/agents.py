"""Players for the VS modes: a uniformly random one and a simple one, and the VS agent kit.

They are the VS modes' players for the game-independent agents (:data:`KIT`, the modes'
``agent_kit``): each chooses in a world drawn for the seat to move (``choose_in(world)``), and
the simple one reads only that seat's observation and the card set. They keep their own seeded
generator, so a game is reproducible from both seeds.
"""

from __future__ import annotations

import math
import random

from ...kernel.agentkit import AgentKit
from ..vocabulary import LETTERS
from .actions import Adjust, Declare, Draw, Give, Subtract, VsAction
from .engine import apply, current_player, is_terminal, legal_actions, returns
from .observe import VsObservation, observation
from .state import VsState

__all__ = ["KIT", "RandomVsAgent", "SimpleVsAgent", "evaluate", "play_game"]


class RandomVsAgent:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_in(self, state: VsState) -> VsAction:
        """A uniformly random legal action."""
        return self._rng.choice(legal_actions(state))


class SimpleVsAgent:
    """A plain, honest player that uses only its own observation.

    It takes every gain and the smallest loss when adjusting; pays from its largest
    counter; names an attribute when the public record leaves at most two candidates
    for a seat, or now and then at random when its best counter is 6 or more; gives
    an item that can only hurt the receiver (its gains are on attributes the receiver
    cannot hold, its losses on some it may); and otherwise draws.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_in(self, state: VsState) -> VsAction:
        """The simple agent's choice among the legal actions, from the seat's observation."""
        legal = legal_actions(state)
        me = current_player(state)
        assert me is not None and legal
        obs = observation(state, me)
        first = legal[0]
        if isinstance(first, Adjust):
            return max(legal, key=lambda a: sum(a.deltas) if isinstance(a, Adjust) else 0)
        if isinstance(first, Subtract):
            counters = obs.counters[me]
            return min(
                legal,
                key=lambda a: (
                    -min(c - x for c, x in zip(counters, a.amounts, strict=True))
                    if isinstance(a, Subtract)
                    else 0
                ),
            )
        best = max(range(len(obs.counters[me])), key=lambda i: obs.counters[me][i])
        declarations = [a for a in legal if isinstance(a, Declare) and a.pay == best]
        rich = obs.counters[me][best] >= 6 and self._rng.random() < 0.15
        for target in range(obs.players):
            candidates = self._candidates(obs, target)
            if candidates and (len(candidates) <= 2 or rich):
                guess = self._rng.choice(candidates)
                for d in declarations:
                    if d.target == target and d.attribute == guess:
                        return d
        if obs.counters[me][best] > 2:
            for gift in (a for a in legal if isinstance(a, Give) and a.pay == best):
                values = state.table.item_vs[state.table.item_ids.index(gift.item)]
                possible = set(self._candidates(obs, gift.to))
                helps = any(v > 0 and LETTERS[i] in possible for i, v in enumerate(values))
                hurts = any(v < 0 and LETTERS[i] in possible for i, v in enumerate(values))
                if hurts and not helps:
                    return gift
        draws = [a for a in legal if isinstance(a, Draw)]
        return draws[0] if draws else self._rng.choice(legal)

    @staticmethod
    def _candidates(obs: VsObservation, target: int) -> list[str]:
        """The attributes ``target`` may hold, as far as the public record and one's own hand tell."""
        if target == obs.player or obs.out[target] or all(obs.face_up[target]):
            return []
        taken = set(obs.attributes)
        for row in obs.face_up:
            taken |= {a for a in row if a}
        wrong = {a for (_p, t, a, right) in obs.named if t == target and not right}
        return [x for x in LETTERS if x not in taken and x not in wrong]


def play_game(state: VsState, agents: list[RandomVsAgent | SimpleVsAgent]) -> list[tuple[VsAction, VsState]]:
    """Play to the end, seat ``p`` choosing with ``agents[p]`` in the state itself (a referee's
    script: honest agents are given a decision, :func:`chaos_tower.agents.decide`)."""
    moves: list[tuple[VsAction, VsState]] = []
    while (me := current_player(state)) is not None:
        action = agents[me].choose_in(state)
        state = apply(state, action)
        moves.append((action, state))
    return moves


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def evaluate(state: VsState) -> tuple[float, ...]:
    """Each seat's value of a position, 0 (lost) to 1 (won): the returns if over, else a measure.

    The highest single counter wins when the deck runs out (`TOC-VS2-030`); a counter named
    rightly is half way to losing (`TOC-VS2-031`), one out is lost (`TOC-VS3-051`).
    """
    if is_terminal(state):
        return tuple((r + 1.0) / 2.0 for r in returns(state))
    raw = []
    for p in range(state.players):
        if state.out[p]:
            raw.append(-10.0)
        else:
            raw.append(max(state.counters[p]) - 4.0 * sum(state.revealed[p]))
    values = []
    for p in range(state.players):
        others = [raw[q] for q in range(state.players) if q != p]
        values.append(_logistic((raw[p] - max(others)) / 3.0))
    return tuple(values)


KIT = AgentKit(
    heuristic=SimpleVsAgent,
    evaluate=evaluate,
    rollout=40,
    heuristic_rollout=40,
    own={"simple": SimpleVsAgent},
)
"""The VS modes' agent kit (``ModeSpec.agent_kit``): the simple player is their heuristic and greedy rung."""
