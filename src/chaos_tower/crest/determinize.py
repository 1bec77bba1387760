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

What the player keeps knowing (:mod:`chaos_tower.crest.knowledge`) is kept:

- `CRD-BEAST-D`: once the deck has been remade from the discards, the world's
  deck is drawn first, from the shuffle's cards of the kinds remade into it
  less the player's own draws since, and only then are the hands dealt. The
  kinds the others drew since are what the remade deck lost besides: they are
  shared out among them by their numbers of draws, each first given kinds its
  hand holds in the world.
- `CRD-DEATH-A`: a dead player whose hand its killer took finds the cards of it
  not shown since in the killer's hand, dealt before the rest of that hand.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

from ..kernel.memo import remember
from ..kernel.records import updater
from ..kernel.rng import next_u64, seed_state, shuffle
from .cards import CrestCard, RingCard
from .knowledge import unseen
from .observe import CrestObservation, observation
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
    if view.passed:  # CRD-DEATH-A: the cards of its old hand the killer has not shown
        hands[view.passed_to] = tuple(take(k) for k in view.passed)
    pool = sorted(chain.from_iterable(free.values()))
    ids = game.kind_ids
    # CRD-BEAST-D: what the remade deck may still hold, to this player.
    room = unseen(tuple(ids[k] for k in view.remade), tuple(ids[k] for k in view.drawn)) if view.remade else None
    rng = seed_state(seed)
    for _attempt in range(64):
        order, rng = shuffle(pool, rng)
        dealt = _deal(
            state, player, {s: view.face_down[s] for s in hidden}, list(order), marks, rings, hands, rng, room
        )
        if dealt is not None:
            marks_, rings_, hands_, deck, rng = dealt
            changes = {
                **_known(state, view, hands_, deck, room),
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
    room: Counter[int] | None,
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
    deck: list[int] | None = None
    if room is not None:  # CRD-BEAST-D: the remade deck first, of what it may hold
        room, deck, rest = Counter(room), [], []
        for instance in cards:
            kind = game.kind_of[instance]
            if len(deck) < len(state.deck) and room[kind] > 0:
                room[kind] -= 1
                deck.append(instance)
            else:
                rest.append(instance)
        if len(deck) < len(state.deck):
            return None
        cards = rest
    at = 0
    for seat in range(state.players):
        if seat != player:
            size = len(state.hands[seat]) - len(hands[seat])  # (a hand passed is dealt already)
            hands[seat] = tuple(sorted((*hands[seat], *cards[at : at + size])))
            at += size
    return tuple(marks), tuple(rings), tuple(hands), tuple(cards[at:] if deck is None else deck), rng


def _known(
    state: CrestState,
    view: CrestObservation,
    hands: tuple[tuple[int, ...], ...],
    deck: tuple[int, ...],
    room: Counter[int] | None,
) -> dict[str, object]:
    """The world's records of what the table knows (:mod:`.knowledge`): the player's own as they are;
    the others' draws from the remade deck, what it lost besides the player's (each seat's share
    first of kinds its hand holds); no other dead seat's knowledge of a hand taken."""
    game, player = state.game, view.player
    ids = game.kind_ids
    passed: tuple[tuple[int, ...], ...] = ()
    if view.passed:
        passed = tuple(
            (view.passed_to, *sorted(ids[k] for k in view.passed)) if s == player else ()
            for s in range(state.players)
        )
    if room is None:
        return {"drawn": (), "passed": passed}
    left = room - Counter(game.kind_of[i] for i in deck)
    drawn: list[tuple[int, ...]] = [()] * state.players
    drawn[player] = tuple(sorted(ids[k] for k in view.drawn))
    wanted = {s: view.drawn_sizes[s] for s in range(state.players) if s != player}
    shares: dict[int, list[int]] = {s: [] for s in wanted}
    for seat, size in wanted.items():  # first the kinds the seat's hand holds
        for kind in (game.kind_of[i] for i in hands[seat]):
            if len(shares[seat]) < size and left[kind] > 0:
                left[kind] -= 1
                shares[seat].append(kind)
    rest = sorted(left.elements())
    for seat, size in wanted.items():
        take, rest = rest[: size - len(shares[seat])], rest[size - len(shares[seat]) :]
        drawn[seat] = tuple(sorted((*shares[seat], *take)))
    return {"drawn": tuple(drawn), "passed": passed}
