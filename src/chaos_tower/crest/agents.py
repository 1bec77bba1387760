"""Simple Crest Duel players: a uniformly random one and a greedy one-step one.

Agents are outside the rules: they only call the engine's public functions and
keep their own seeded generator, so a game from a seed with given agent seeds
is reproducible. The greedy agent sees only what its seat may see: it scores
the position after each legal action by the public board and its own hand.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from .actions import CrestAction
from .cards import CrestCard
from .engine import apply, legal_actions
from .players import side
from .state import NO_RING, CrestState

__all__ = ["CrestGreedyAgent", "CrestRandomAgent", "crest_score"]


class CrestRandomAgent:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: CrestState) -> CrestAction:
        """A uniformly random legal action."""
        return self._rng.choice(legal_actions(state))


def crest_score(state: CrestState, seat: int, *, known: Collection[int] | None = None) -> float:
    """How good a position looks for ``seat``'s side: its HP and power against the enemies'.

    Winning is best; then the side's total HP against the enemies', the crests
    on its marks and a worn ring (lasting power), the enemies' statuses, and a
    hand of cards it can use: a crest that fits none of its monster's marks
    counts against the hand, so the agent discards it (`CRD-WIELD-G`) instead
    of holding it forever. Only public information and the seat's own hand are used.
    ``known``: the card instances the seat has seen; a card in its hand that is
    not among them (just drawn in a refill, or received by swapping hands) counts
    for nothing, since the seat could not know it when choosing (`CRD-START-C`).
    """
    result = state.result
    mine = side(state, seat)
    if result is not None and result.winners:
        return 1e6 if seat in result.winners else -1e6
    value = 0.0
    for other in range(state.players):
        sign = 1.0 if side(state, other) == mine else -1.0
        if not state.alive[other]:
            value -= sign * 60.0
            continue
        power = sum(len(stack) for stack in state.marks[other]) * 4.0
        power += 3.0 if state.rings[other] != NO_RING else 0.0
        held = sum(1 for t in state.statuses[other] if t) * 3.0
        value += sign * (max(0, state.hp[other]) + power - held)
    kinds = state.game.monster(state.monsters[seat]).marks
    for instance in state.hands[seat]:
        if known is not None and instance not in known:
            continue
        card = state.game.card(instance)
        value += -0.5 if isinstance(card, CrestCard) and card.mark not in kinds else 0.5
    return value


class CrestGreedyAgent:
    """Plays the action whose resulting position scores best (:func:`crest_score`); ties at random.

    In the setup phase (`CRD-START-D`) it puts out as many cards as it may,
    since face-down cards are only seen later; chance inside an action (random
    discards) is judged by the one outcome the engine gives, which the agent
    does not see in advance: the score of such actions only counts the public part.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: CrestState) -> CrestAction:
        """The best-scoring legal action."""
        actions = legal_actions(state)
        seat = state.seat
        # Only the cards already in its hand: a refill or a swap of hands brings cards it
        # has not seen, which must not steer the choice.
        known = frozenset(state.hands[seat])
        best: list[CrestAction] = []
        top = float("-inf")
        for action in actions:
            value = crest_score(apply(state, action), seat, known=known)
            if value > top + 1e-9:
                top, best = value, [action]
            elif abs(value - top) <= 1e-9:
                best.append(action)
        return self._rng.choice(best)
