"""One simulation of the information-set search (:class:`~chaos_tower.agents.mcts.MctsAgent`).

Apart from the agent so that the optional compiled build (:mod:`chaos_tower.buildinfo`) can
compile the search's inner loop: the agent's own constructor checks what a user gives it and
answers a wrong type with :class:`~chaos_tower.agents.params.AgentParameterError`, which a compiled
constructor would refuse first with a bare ``TypeError``. Here nothing is a user's: the agent
hands over its tree, one determinisation and its settings.
"""

from __future__ import annotations

import math
import random
from typing import Any

import chaos_tower as ct

from .. import registry
from ..kernel.agentkit import AgentKit, WorldPlayer

__all__ = ["Bias", "Node", "Playout", "mean", "simulate", "values", "visits"]


class Node:
    """Statistics of one action from one information set, and the actions tried below it."""

    # No __slots__: the compiled build makes this a native class, slotted by construction.
    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action that leads here
        self.visits = 0
        self.available = 0
        self.wins = 0.0
        self.children: dict[Any, Node] = {}


class Playout:
    """How a simulation ends: ``rollout`` actions by each seat's heuristic player (``heuristic``)
    or at random, then the kit's value; ``seat`` is the searching seat. One per decision."""

    def __init__(self, *, rollout: int, seat: int, kit: AgentKit, heuristic: bool) -> None:
        self.rollout = rollout
        self.seat = seat
        self.kit = kit
        self.heuristic = heuristic


class Bias:
    """The tree policy: UCB with constant ``exploration``, and at the root a progressive bias of
    ``prior`` toward ``hint`` (the heuristic player's choice; ``None``: no bias). One per decision."""

    def __init__(self, *, hint: Any, prior: float, exploration: float) -> None:
        self.hint = hint
        self.prior = prior
        self.exploration = exploration


def simulate(
    root: Node, state: Any, rng: random.Random, playout: Playout, bias: Bias, first: Any = None
) -> None:
    """One simulation in the determinisation ``state``, its draws from ``rng``: select and expand
    (from ``first``, the root's action, when the caller chose it: sequential halving), play out,
    back up."""
    kit, hint = playout.kit, bias.hint
    # The game's rules are looked up once (ct.rules_of): a simulation's states are all of one
    # type, and the front door's functions would look them up at every call.
    rules = ct.rules_of(state)
    legal_actions, apply, is_terminal, current_player = (
        rules.legal_actions,
        rules.apply,
        rules.is_terminal,
        rules.current_player,
    )
    tree_actions = kit.tree_actions or legal_actions
    node = root
    path = [root]
    expanded = False
    if first is not None:
        child = root.children.get(first)
        if child is None:
            child = root.children[first] = Node(playout.seat)
            expanded = True
        child.available += 1
        state = apply(state, first)
        node = child
        path.append(child)
    # Selection and expansion in this determinisation.
    while not expanded and not is_terminal(state):
        legal = tree_actions(state)
        if node is root and hint is not None and hint not in legal:
            legal = (*legal, hint)
        mover = current_player(state)
        assert mover is not None
        children = node.children
        untried = []
        # Each action's node is looked up once (an action's hash is a Python call on its fields):
        # when every action was tried, ``tried`` lines up with ``legal`` for the UCB pass.
        tried: list[Node] = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
                tried.append(child)
        if untried:
            action = hint if node is root and hint in untried else untried[rng.randrange(len(untried))]
            child = children[action] = Node(mover)
            child.available = 1
            state = apply(state, action)
            path.append(child)
            break
        c = bias.exploration
        best_value = -math.inf
        favoured = hint if node is root else None
        chosen, node = legal[0], tried[0]
        for action, child in zip(legal, tried, strict=True):
            seen = child.visits
            value = child.wins / seen + c * math.sqrt(math.log(child.available) / seen)
            if favoured is not None and action == favoured:
                value += bias.prior / (1 + seen)  # progressive bias: fades as visits grow
            if value > best_value:
                best_value, chosen, node = value, action, child
        state = apply(state, chosen)
        path.append(node)
    # Playout: each seat's heuristic player (the rung below; it plays in the determinisation
    # drawn for this simulation), or uniformly random actions.
    policies: dict[int, WorldPlayer] = {}
    for _ in range(playout.rollout):
        mover = current_player(state)
        if mover is None:
            break
        if playout.heuristic:
            policy = policies.get(mover)
            if policy is None:
                policy = policies[mover] = kit.heuristic(rng.getrandbits(32))
            state = apply(state, policy.choose_in(state))
        else:
            legal = legal_actions(state)
            state = apply(state, legal[rng.randrange(len(legal))])
    rewards = values(state, kit)
    for visited in path:
        visited.visits += 1
        if visited.player >= 0:
            visited.wins += rewards[visited.player]


def values(state: Any, kit: AgentKit) -> tuple[float, ...]:
    """Each seat's value of where a playout stopped, 0..1: the kit's measure, or the scaled returns."""
    if kit.evaluate is not None:
        return kit.evaluate(state)
    if not ct.is_terminal(state):
        return (0.5,) * ct.rules_of(state).players(state)
    low, high = registry.mode_of(type(state)).utility
    span = high - low or 1.0
    return tuple((r - low) / span for r in ct.returns(state))


def mean(root: Node, action: Any) -> float:
    """The mean value of ``action`` at the root; minus infinity when it was never tried."""
    child = root.children.get(action)
    return child.wins / child.visits if child is not None and child.visits else -math.inf


def visits(root: Node, action: Any) -> int:
    """How often ``action`` was tried at the root; -1 when never."""
    child = root.children.get(action)
    return child.visits if child is not None else -1
