"""Where a world puts the cards of a remade deck (`CRD-BEAST-D`), for :mod:`.determinize`.

A player knows the kinds shuffled into the remade deck, its own draws from it, how many each other
seat drew, and what each has shown from its hand since (:mod:`.knowledge`). What the remade deck
has lost besides its own draws (``room``: those kinds less the player's draws) is, in the real
game, the deck plus the others' draws; and each other seat's draws are in its hand still or among
what it has shown. A world must keep to all of it. Each unit of ``room`` goes to one of:

- the deck, as one of the hidden cards of its kind;
- a seat's draws still in its hand, as one of the hidden cards of its kind dealt to that hand;
- a seat's draws since shown, as one card of its kind that the seat has shown;
- a seat whose hand changed owner since (what it showed is not kept): anywhere.

That is a flow (kinds to hidden cards or shown cards to seats, each seat taking exactly its
number of draws, the deck exactly its size), found by augmenting paths in an order drawn from the
world's generator, so that worlds differ. The real game is one such flow, so one is always found.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from attrs import frozen

from ..kernel.rng import shuffle

__all__ = ["Seat", "Share", "share"]


@frozen
class Seat:
    """What the player knows of one other seat since the deck was remade."""

    draws: int
    """How many cards it drew from the remade deck."""
    room: int
    """How many of its hand's cards the world has still to deal."""
    shown: Counter[int] | None
    """The kinds it has shown from its hand since, or ``None``: not kept."""


@frozen
class Share:
    """The world's share of the remade deck's lost cards."""

    deck: Counter[int]
    held: dict[int, Counter[int]]
    """Per seat: the kinds of its draws still in its hand (to be dealt to it)."""
    drawn: dict[int, tuple[int, ...]]
    """Per seat: the kinds of all its draws (its record in the world)."""


class _Flow:
    """A small max-flow graph (augmenting paths by depth-first search)."""

    def __init__(self) -> None:
        self.to: list[object] = []
        self.cap: list[int] = []
        self.out: dict[object, list[int]] = {}

    def edge(self, a: object, b: object, cap: int) -> int:
        if cap <= 0:
            return -1
        self.out.setdefault(a, []).append(len(self.to))
        self.to.append(b)
        self.cap.append(cap)
        self.out.setdefault(b, []).append(len(self.to))
        self.to.append(a)
        self.cap.append(0)
        return len(self.to) - 2

    def push(self, path: list[int], want: int) -> int:
        """Push up to ``want`` along ``path`` (edges that exist), as much as it takes; how much."""
        if any(e < 0 for e in path):
            return 0
        amount = min([want, *(self.cap[e] for e in path)])
        for e in path:
            self.cap[e] -= amount
            self.cap[e ^ 1] += amount
        return amount

    def flow(self, edge: int) -> int:
        return 0 if edge < 0 else self.cap[edge ^ 1]

    def augment(self, source: object, sink: object, want: int) -> int:
        total = 0
        while total < want:
            pushed = self._path(source, sink, want - total)
            if not pushed:
                break
            total += pushed
        return total

    def _path(self, source: object, sink: object, limit: int) -> int:
        # Iterative depth-first search for one augmenting path; push its bottleneck.
        seen = {source}
        stack: list[tuple[object, int]] = [(source, 0)]
        via: list[int] = []
        while stack:
            node, at = stack[-1]
            if node == sink:
                push = min([limit, *(self.cap[e] for e in via)])
                for e in via:
                    self.cap[e] -= push
                    self.cap[e ^ 1] += push
                return push
            edges = self.out.get(node, [])
            if at >= len(edges):
                stack.pop()
                if via:
                    via.pop()
                continue
            stack[-1] = (node, at + 1)
            e = edges[at]
            nxt = self.to[e]
            if self.cap[e] > 0 and nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, 0))
                via.append(e)
        return 0


def share(
    room: Counter[int], hidden: Counter[int], deck: int, seats: Mapping[int, Seat], rng: int
) -> tuple[Share, int] | None:
    """A share of ``room`` (see the module's docstring) among the deck (``deck`` cards, of the
    ``hidden`` kinds) and ``seats``; ``None`` when there is none (a position no game reaches)."""
    kinds, rng = shuffle(sorted(room), rng)
    order, rng = shuffle(sorted(seats), rng)
    if deck + sum(s.draws for s in seats.values()) != sum(room.values()):
        return None
    found = _straight(room, hidden, deck, seats, kinds, order) or _flow(
        room, hidden, deck, seats, kinds, order
    )
    return None if found is None else (found, rng)


def _straight(
    room: Counter[int],
    hidden: Counter[int],
    deck: int,
    seats: Mapping[int, Seat],
    kinds: tuple[int, ...],
    order: tuple[int, ...],
) -> Share | None:
    """The share most worlds take, found without a search; ``None`` if it gets stuck (then
    :func:`_flow` finds one). First what cannot be hidden (more of a kind than the hidden cards
    of it) goes to seats that showed it or whose hands changed owner; then each seat takes its
    draws, a kind at a time, into its hand or among what it showed; the deck is what is left,
    which the hidden cards then always hold (each step keeps every kind's units within them)."""
    units, hidden = Counter(room), Counter(hidden)
    draws = {s: seats[s].draws for s in order}
    space = {s: seats[s].room for s in order}
    shown = {s: Counter(seats[s].shown or {}) for s in order}
    mixed = [s for s in order if seats[s].shown is None]
    held: dict[int, Counter[int]] = {s: Counter() for s in order}
    drawn: dict[int, list[int]] = {s: [] for s in order}

    def give(s: int, kind: int, into_hand: bool) -> None:
        units[kind] -= 1
        draws[s] -= 1
        drawn[s].append(kind)
        if into_hand:
            hidden[kind] -= 1
            space[s] -= 1
            held[s][kind] += 1
        elif s not in mixed:
            shown[s][kind] -= 1

    def takers(kind: int) -> list[int]:
        return [s for s in order if draws[s] and (s in mixed or shown[s][kind])]

    # What cannot be hidden: the kinds fewest seats can take first, each to the seat with the
    # most draws still to place.
    for kind in sorted((k for k in kinds if units[k] > hidden[k]), key=lambda k: len(takers(k))):
        while units[kind] > hidden[kind]:
            can = takers(kind)
            if not can:
                return None
            give(max(can, key=lambda s: draws[s]), kind, False)
    for s in order:  # each seat's draws, a kind at a time
        while draws[s]:
            before = draws[s]
            for kind in kinds:
                if not draws[s] or not units[kind]:
                    continue
                if s in mixed or (space[s] and hidden[kind]):
                    give(s, kind, s not in mixed)
                elif shown[s][kind]:
                    give(s, kind, False)
            if draws[s] == before:
                return None
    if sum(units.values()) != deck:
        return None  # pragma: no cover (the counts were checked)
    return Share(
        deck=+units,
        held={s: +c for s, c in held.items()},
        drawn={s: tuple(sorted(d)) for s, d in drawn.items()},
    )


def _flow(
    room: Counter[int],
    hidden: Counter[int],
    deck: int,
    seats: Mapping[int, Seat],
    kinds: tuple[int, ...],
    order: tuple[int, ...],
) -> Share | None:
    """The share as a flow (see the module's docstring), when the straight way leaves some over."""
    g = _Flow()
    source, sink = ("source",), ("sink",)
    to_deck: dict[int, int] = {}
    held: dict[tuple[int, int], int] = {}
    shown: dict[tuple[int, int], int] = {}
    free: dict[tuple[int, int], int] = {}
    into: dict[int, tuple[int, int]] = {}
    for kind in kinds:
        into[kind] = (
            g.edge(source, ("kind", kind), room[kind]),
            g.edge(("kind", kind), ("hidden", kind), hidden[kind]),
        )
        to_deck[kind] = g.edge(("hidden", kind), ("deck",), deck)
        for seat in order:
            info = seats[seat]
            if info.shown is None:
                free[seat, kind] = g.edge(("kind", kind), ("seat", seat), info.draws)
                continue
            held[seat, kind] = g.edge(("hidden", kind), ("hand", seat), info.room)
            shown[seat, kind] = g.edge(("kind", kind), ("seat", seat), info.shown[kind])
    out = g.edge(("deck",), sink, deck)
    hand = {seat: g.edge(("hand", seat), ("seat", seat), seats[seat].room) for seat in order}
    done = {seat: g.edge(("seat", seat), sink, seats[seat].draws) for seat in order}
    want = deck + sum(s.draws for s in seats.values())
    # Most of the flow goes straight: each kind to the seats that showed it, to the deck, to the
    # hands, to the seats whose hands changed owner; the search then mends what is left.
    pushed = 0
    for kind in kinds:
        first, hide = into[kind]
        for seat in order:
            pushed += g.push([first, shown.get((seat, kind), -1), done[seat]], room[kind])
        pushed += g.push([first, hide, to_deck[kind], out], room[kind])
        for seat in order:
            pushed += g.push([first, hide, held.get((seat, kind), -1), hand[seat], done[seat]], room[kind])
            pushed += g.push([first, free.get((seat, kind), -1), done[seat]], room[kind])
    if pushed + g.augment(source, sink, want - pushed) != want:
        return None

    def got(edges: dict[tuple[int, int], int], seat: int) -> Counter[int]:
        return Counter({k: g.flow(edges.get((seat, k), -1)) for k in kinds})

    return Share(
        deck=+Counter({k: g.flow(e) for k, e in to_deck.items()}),
        held={s: +got(held, s) for s in seats},
        drawn={s: tuple(sorted((got(held, s) + got(shown, s) + got(free, s)).elements())) for s in seats},
    )
