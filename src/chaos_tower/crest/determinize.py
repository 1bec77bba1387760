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

- `CRD-BEAST-D`: once the deck has been remade from the discards, the kinds
  remade into it less the player's own draws since are shared out, before
  the hands are dealt, among the world's deck and the others' draws: each
  seat's draws in its hand or among the cards it has shown since
  (:mod:`chaos_tower.crest.remade`), so that the deck holds only what was
  remade into it and no seat holds draws it could not have made.
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
from .knowledge import chain_of, unseen
from .observe import CrestObservation, observation
from .remade import Seat, share
from .state import NO_RING, CrestGame, CrestState

__all__ = ["determinize"]

_update = updater(CrestState)  # attrs.evolve without looking the fields up on every call

Rows = tuple[tuple[int, ...], ...]


def determinize(state: CrestState, player: int, seed: int) -> CrestState:
    """``state`` with what ``player`` cannot see drawn from ``seed`` (see the module's docstring)."""
    # A search draws hundreds of worlds of one position for one seat: its view is made once and
    # kept on the state (a memo is derived data, never copied or pickled; issue 27). Not a bool
    # or another number equal to a seat: observation() refuses those, every time.
    if type(player) is int:
        view = remember(state._memo, ("crest.view", player), lambda: observation(state, player))
    else:
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
    rng = seed_state(seed)
    for _attempt in range(64):
        order, rng = shuffle(pool, rng)
        dealt = _deal(
            state, player, {s: view.face_down[s] for s in hidden}, list(order), marks, rings, hands, rng
        )
        if dealt is None:
            continue
        marks_, rings_, hands_, deck, rng = dealt
        drawn: Rows = ()
        if view.remade:
            remade = _remade(state, view, list(order), tuple(hands), rng)
            if remade is None:
                continue
            hands_, deck, drawn, rng = remade
        changes = {
            "seed": seed,
            "rng": rng,
            "hands": hands_,
            "marks": marks_,
            "rings": rings_,
            "discard": discard,
            "deck": deck,
            "known": chain_of(n, state.remade, drawn, state.shown, _passed(state, view)),
            "events": (),
        }
        return _update(state, changes)
    raise RuntimeError("no deal of the hidden cards fits what the player knows")  # pragma: no cover


def _passed(state: CrestState, view: CrestObservation) -> Rows:
    """The world's record of hands taken (.knowledge): the player's own only."""
    if not view.passed:
        return ()
    ids = state.game.kind_ids
    row = (view.passed_to, *sorted(ids[k] for k in view.passed))
    return tuple(row if s == view.player else () for s in range(state.players))


def _remade(
    state: CrestState, view: CrestObservation, order: list[int], hands: Rows, rng: int
) -> tuple[Rows, tuple[int, ...], Rows, int] | None:
    """`CRD-BEAST-D`: the world's deck and the others' draws from the remade deck, shared out by
    :func:`.remade.share`; then the others' hands dealt the rest (in the shuffle's ``order``)."""
    game, player = state.game, view.player
    ids, kind_of = game.kind_ids, game.kind_of
    room = unseen(tuple(ids[k] for k in view.remade), tuple(ids[k] for k in view.drawn))
    placed = [() if s == player else hands[s] for s in range(state.players)]  # a hand passed, dealt
    left = order
    seats: dict[int, Seat] = {}
    for s in range(state.players):
        if s != player:
            row = view.shown[s]
            shown = None if row is None else Counter(ids[k] for k in row)
            seats[s] = Seat(draws=view.drawn_sizes[s], room=view.hand_sizes[s] - len(placed[s]), shown=shown)
    found = share(room, Counter(kind_of[i] for i in left), view.deck_size, seats, rng)
    if found is None:
        return None
    shared, rng = found
    want = Counter(shared.deck)
    deck: list[int] = []
    out: dict[int, list[int]] = {s: list(placed[s]) for s in seats}
    rest: list[int] = []
    for instance in left:  # the deck in the shuffle's order, then each seat's draws still held
        kind = kind_of[instance]
        if want[kind] > 0:
            want[kind] -= 1
            deck.append(instance)
            continue
        for s in seats:
            if shared.held[s][kind] > 0:
                shared.held[s][kind] -= 1
                out[s].append(instance)
                break
        else:
            rest.append(instance)
    for s in seats:  # and the rest of each hand
        size = view.hand_sizes[s] - len(out[s])
        out[s] += rest[:size]
        rest = rest[size:]
    new_hands = tuple(hands[s] if s == player else tuple(sorted(out[s])) for s in range(state.players))
    drawn = tuple(
        tuple(sorted(ids[k] for k in view.drawn)) if s == player else shared.drawn[s]
        for s in range(state.players)
    )
    return new_hands, tuple(deck), drawn, rng


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
            size = len(state.hands[seat]) - len(hands[seat])  # (a hand passed is dealt already)
            hands[seat] = tuple(sorted((*hands[seat], *cards[at : at + size])))
            at += size
    return tuple(marks), tuple(rings), tuple(hands), tuple(cards[at:]), rng
