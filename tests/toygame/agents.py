"""High Card's own players for the game-independent agents: its ``agent_kit`` (issue 23 item 3).

With this kit the toy game claims every agent of chaos_tower's ladder (random, greedy,
heuristic, MCTS and the cheating MCTS), with no code outside tests/toygame: greedy and heuristic
play :class:`HighCard` in a world drawn for the seat, MCTS judges leaves with :func:`evaluate`.
"""

from __future__ import annotations

import random

from chaos_tower.kernel.agentkit import AgentKit

from . import game


class HighCard:
    """Plays the highest card that scores (above the pile's top, TOY-TURN-04); else draws, else
    plays its lowest card."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_in(self, world: game.ToyState) -> game.ToyAction:
        legal = game.legal_actions(world)
        cards = world.cards
        top = cards.value(world.pile[-1]) if world.pile else -1
        plays = [a for a in legal if isinstance(a, game.ToyPlay)]
        scoring = [a for a in plays if cards.value(a.card) > top]
        if scoring:
            return max(scoring, key=lambda a: cards.value(a.card))
        draws = [a for a in legal if isinstance(a, game.ToyDraw)]
        if draws:
            return draws[0]
        return min(plays, key=lambda a: (cards.value(a.card), self._rng.random()))


def evaluate(state: game.ToyState) -> tuple[float, ...]:
    """Each seat's value, 0..1: the returns scaled when over, else the share of the best score."""
    if game.is_terminal(state):
        return tuple((r + 1.0) / 2.0 for r in game.returns(state))
    best = max(state.scores) or 1
    return tuple(0.5 * s / best + 0.25 for s in state.scores)


KIT = AgentKit(heuristic=HighCard, evaluate=evaluate, rollout=10, heuristic_rollout=10)
AGENTS = ("random", "greedy", "heuristic", "mcts", "mcts-cheat")
"""The agents the toy game claims: every game-independent one (the kit plays greedy and heuristic)."""
