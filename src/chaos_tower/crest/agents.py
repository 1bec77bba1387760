"""Simple Crest Duel players: a uniformly random one and a greedy one-step one, and the agent kit.

They are Crest's players for the game-independent agents (:data:`KIT`, the mode's
``agent_kit``): each chooses in a world drawn for the seat to move (``choose_in(world)``) and
keeps its own seeded generator, so a game from a seed with given agent seeds is reproducible.
The greedy agent scores the position after each legal action by the public board and the
seat's own hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection

from ..kernel.agentkit import AgentKit
from .actions import CrestAction
from .cards import CrestCard, Damage
from .engine import apply, is_terminal, legal_actions, returns
from .players import side
from .state import NO_RING, CrestState

__all__ = ["KIT", "CrestGreedyAgent", "CrestRandomAgent", "crest_score", "evaluate"]


class CrestRandomAgent:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_in(self, state: CrestState) -> CrestAction:
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
    if result is not None and result.winners:
        return 1e6 if seat in result.winners else -1e6
    # _score's sum, seat by seat without its lists: the greedy player scores every legal action's
    # result this way, and building the lists first cost it about 11 % (measured: 8.0 against 7.2 µs).
    mine = side(state, seat)
    value = 0.0
    for other in range(state.players):
        sign = 1.0 if side(state, other) == mine else -1.0
        term = _term(state, other)
        if term is None:
            value -= sign * 60.0
        else:
            value += sign * term
    return _hand(state, seat, value, known)


def _term(state: CrestState, other: int) -> float | None:
    """``other``'s part of a score (HP, the crests on its marks and a worn ring, less its statuses),
    ``None`` if it is out."""
    if not state.alive[other]:
        return None
    power = sum(map(len, state.marks[other])) * 4.0
    power += 3.0 if state.rings[other] != NO_RING else 0.0
    held = sum(map(bool, state.statuses[other])) * 3.0
    return max(0, state.hp[other]) + power - held


def _score(
    state: CrestState,
    seat: int,
    sides: list[int],
    terms: list[float | None],
    known: Collection[int] | None,
) -> float:
    mine = sides[seat]
    value = 0.0
    for other, term in enumerate(terms):
        sign = 1.0 if sides[other] == mine else -1.0
        if term is None:
            value -= sign * 60.0
        else:
            value += sign * term
    return _hand(state, seat, value, known)


def _hand(state: CrestState, seat: int, value: float, known: Collection[int] | None) -> float:
    """``value`` with ``seat``'s hand counted in: +0.5 a card it can use, -0.5 a crest that fits
    none of its monster's marks; only the cards in ``known`` (all if ``None``)."""
    kinds = state.game.monster(state.monsters[seat]).marks
    for instance in state.hands[seat]:
        if known is not None and instance not in known:
            continue
        card = state.game.card(instance)
        value += -0.5 if isinstance(card, CrestCard) and card.mark not in kinds else 0.5
    return value


class _Board:
    """What every seat's score and race read of the public board, worked out once a position:
    each seat's side, its term of the score (:func:`_term`), its HP (``None`` when out), and the
    damage its stacks deal a turn. :func:`evaluate_race` judges every seat of a leaf from one of
    these (the same sums, in the same order, as a seat at a time)."""

    # No __slots__: the compiled build makes this a native class, slotted by construction.
    def __init__(self, state: CrestState) -> None:
        players = range(state.players)
        self.sides = [side(state, p) for p in players]
        self.terms = [_term(state, p) for p in players]
        self.hp = [max(0, state.hp[p]) if state.alive[p] else None for p in players]
        self.damage = [_damage(state, p) for p in players]


class CrestGreedyAgent:
    """Plays the action whose resulting position scores best (:func:`crest_score`); ties at random.

    In the setup phase (`CRD-START-D`) it puts out as many cards as it may,
    since face-down cards are only seen later; chance inside an action (random
    discards) is judged by the one outcome the engine gives, which the agent
    does not see in advance: the score of such actions only counts the public part.
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose_in(self, state: CrestState) -> CrestAction:
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


def evaluate(state: CrestState) -> tuple[float, ...]:
    """Each seat's value of a position, 0 (lost) to 1 (won): the returns if over, else HP and power
    on the board (:func:`crest_score`)."""
    if is_terminal(state):
        return tuple((r + 1.0) / 2.0 for r in returns(state))
    sides = [side(state, p) for p in range(state.players)]
    terms = [_term(state, p) for p in range(state.players)]
    return tuple(_squash(_score(state, p, sides, terms, None) / 20.0) for p in range(state.players))


def _squash(x: float) -> float:
    """The logistic of ``x`` (clamped to ±60 first), into 0..1."""
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, x))))


def _damage(state: CrestState, seat: int) -> float:
    """The damage ``seat``'s monster deals a turn by using every stack (its crests' ``Damage``
    terms by its DX or MDX, the ring's boosts and the enemies' guards left out); 0 if it is out."""
    if not state.alive[seat]:
        return 0.0
    monster = state.game.monster(state.monsters[seat])
    total = 0.0
    for stack in state.marks[seat]:
        for instance in stack:
            card = state.game.card(instance)
            if not isinstance(card, CrestCard):
                continue
            for effect in card.effects:
                if isinstance(effect, Damage):
                    base = 0 if effect.by == "none" else monster.dx if effect.by == "dx" else monster.mdx
                    total += max(0, base + effect.plus)
    return total


def race(state: CrestState, seat: int) -> float:
    """The HP race for ``seat``'s side: how many turns longer its side lasts than the enemies' at the
    damage each side's stacks deal a turn (:func:`_damage`; public board only), as the logarithm of
    the ratio of the two, capped at ±3."""
    return _race(seat, _Board(state))


def _race(seat: int, board: _Board) -> float:
    mine = board.sides[seat]
    hp = [0.0, 0.0]
    hit = [0.0, 0.0]
    for other, damage in enumerate(board.damage):
        k = 0 if board.sides[other] == mine else 1
        alive = board.hp[other]
        if alive is not None:
            hp[k] += alive
        hit[k] += damage
    lasts = (hp[0] + 1.0) / (hit[1] + _BASE_HIT)  # turns until the enemies' stacks end my side
    they_last = (hp[1] + 1.0) / (hit[0] + _BASE_HIT)
    return max(-3.0, min(3.0, math.log(lasts / they_last)))


_BASE_HIT = 4.0
"""Damage a turn every side is assumed to deal beside its stacks (spells, crests still to come)."""


def evaluate_race(state: CrestState) -> tuple[float, ...]:
    """:func:`evaluate` with the HP race (:func:`race`) beside the score: MCTS's leaf measure."""
    if is_terminal(state):
        return tuple((r + 1.0) / 2.0 for r in returns(state))
    board = _Board(state)  # once for every seat: a leaf of a 6-player search judges six
    sides, terms = board.sides, board.terms
    return tuple(
        _squash(_score(state, p, sides, terms, None) / 20.0 + _race(p, board)) for p in range(state.players)
    )


KIT = AgentKit(
    heuristic=CrestGreedyAgent, evaluate=evaluate_race, rollout=20, heuristic_rollout=8, root_width=8
)
"""Crest's agent kit (``ModeSpec.agent_kit``): the greedy player is its heuristic and greedy rung;
MCTS judges leaves by the HP race too and halves its root over 8 actions (issue 24 item 1)."""
