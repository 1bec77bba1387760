"""A duel one wielder cannot tell from the real one (``ct.determinize``), for information-set search.

Hidden from a wielder (:mod:`chaos_tower.crest.observe`, `CRD-START-C`,
`CRD-START-D`): the others' hands, the deck's order, the chance state, and
while the first cards are put out, the cards the others have put out face
down (only their number shows). A player sees cards by kind, not by instance,
so the world is rebuilt from what the player sees: each card in view gets the
lowest free instance of its kind (the player's hand, the stacks and rings in
view, the discard pile, in that order), and the rest, sorted, are shuffled from
``seed`` and dealt: first the face-down cards of a seat in setup (the first
cards of the shuffle that its monster can take, each crest on a mark of its
kind chosen at random, at most one ring, `CRD-START-D`), then the others'
hands by size, the rest being the deck. Nothing hidden is read, so two states
the player cannot tell apart give the same world for the same seed.
"""

from __future__ import annotations

from itertools import chain

from ..kernel.memo import remember
from ..kernel.records import updater
from ..kernel.rng import next_u64, seed_state, shuffle
from .cards import CrestCard, RingCard
from .observe import observation
from .state import NO_RING, CrestGame, CrestState

__all__ = ["determinize"]

_update = updater(CrestState)  # attrs.evolve without looking the fields up on every call


def determinize(state: CrestState, player: int, seed: int) -> CrestState:
    """``state`` with what ``player`` cannot see drawn from ``seed`` (see the module's docstring)."""
    view = observation(state, player)
    game = state.game
    free = {kind: list(instances) for kind, instances in _instances(game).items()}

    def take(kind: str) -> int:
        return free[kind].pop(0)

    n = state.players
    hands: list[tuple[int, ...]] = [()] * n
    hands[player] = tuple(sorted(take(k) for k in view.hand))
    hidden = [s for s in range(n) if view.face_down[s]]  # only in setup: the others' face-down cards
    marks = [tuple(tuple(take(k) for k in stack) for stack in view.marks[s]) for s in range(n)]
    rings = [NO_RING if ring is None else take(ring) for ring in view.rings]
    discard = tuple(take(k) for k in view.discard)
    pool = sorted(chain.from_iterable(free.values()))
    rng = seed_state(seed)
    for _attempt in range(64):
        order, rng = shuffle(pool, rng)
        dealt = _deal(
            state, player, {s: view.face_down[s] for s in hidden}, list(order), marks, rings, hands, rng
        )
        if dealt is not None:
            marks_, rings_, hands_, deck, rng = dealt
            changes = {
                "seed": seed,
                "rng": rng,
                "hands": hands_,
                "marks": marks_,
                "rings": rings_,
                "discard": discard,
                "deck": deck,
                "events": (),
            }
            return _update(state, changes)
    raise RuntimeError("no deal of the hidden cards fits the face-down counts")  # pragma: no cover


def _instances(game: CrestGame) -> dict[str, tuple[int, ...]]:
    """Each kind's instances, lowest first, by the kind's id (kept on the card set)."""
    return remember(game.cards._memo, "crest.determinize.instances", lambda: _make_instances(game))


def _make_instances(game: CrestGame) -> dict[str, tuple[int, ...]]:
    free: dict[str, list[int]] = {}
    for instance in range(game.deck_size):
        free.setdefault(game.card(instance).id, []).append(instance)
    return {kind: tuple(instances) for kind, instances in free.items()}


def _deal(
    state: CrestState,
    player: int,
    hidden: dict[int, int],
    cards: list[int],
    marks: list[tuple[tuple[int, ...], ...]],
    rings: list[int],
    hands: list[tuple[int, ...]],
    rng: int,
) -> (
    tuple[
        tuple[tuple[tuple[int, ...], ...], ...],
        tuple[int, ...],
        tuple[tuple[int, ...], ...],
        tuple[int, ...],
        int,
    ]
    | None
):
    game = state.game
    marks, rings, hands = list(marks), list(rings), list(hands)
    for seat, need in hidden.items():
        kinds = game.monster(state.monsters[seat]).marks
        stacks: list[list[int]] = [[] for _ in kinds]
        ring, put = NO_RING, 0
        rest: list[int] = []
        for instance in cards:
            card = game.card(instance)
            places = [m for m, kind in enumerate(kinds) if isinstance(card, CrestCard) and kind == card.mark]
            if put < need and places:
                value, rng = next_u64(rng)
                stacks[places[value % len(places)]].append(instance)
                put += 1
            elif put < need and isinstance(card, RingCard) and ring == NO_RING:
                ring = instance
                put += 1
            else:
                rest.append(instance)
        if put < need:
            return None
        marks[seat], rings[seat], cards = tuple(tuple(s) for s in stacks), ring, rest
    at = 0
    for seat in range(state.players):
        if seat != player:
            size = len(state.hands[seat])
            hands[seat] = tuple(sorted(cards[at : at + size]))
            at += size
    return tuple(marks), tuple(rings), tuple(hands), tuple(cards[at:]), rng
