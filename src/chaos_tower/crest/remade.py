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
    g = _Flow()
    kinds, rng = shuffle(sorted(room), rng)
    order, rng = shuffle(sorted(seats), rng)
    source, sink = ("source",), ("sink",)
    to_deck: dict[int, int] = {}
    held: dict[tuple[int, int], int] = {}
    shown: dict[tuple[int, int], int] = {}
    free: dict[tuple[int, int], int] = {}
    for kind in kinds:
        g.edge(source, ("kind", kind), room[kind])
        g.edge(("kind", kind), ("hidden", kind), hidden[kind])
        to_deck[kind] = g.edge(("hidden", kind), ("deck",), deck)
        for seat in order:
            info = seats[seat]
            if info.shown is None:
                free[seat, kind] = g.edge(("kind", kind), ("seat", seat), info.draws)
                continue
            held[seat, kind] = g.edge(("hidden", kind), ("hand", seat), info.room)
            shown[seat, kind] = g.edge(("kind", kind), ("seat", seat), info.shown[kind])
    g.edge(("deck",), sink, deck)
    for seat in order:
        g.edge(("hand", seat), ("seat", seat), seats[seat].room)
        g.edge(("seat", seat), sink, seats[seat].draws)
    want = deck + sum(s.draws for s in seats.values())
    if want != sum(room.values()) or g.augment(source, sink, want) != want:
        return None

    def got(edges: dict[tuple[int, int], int], seat: int) -> Counter[int]:
        return Counter({k: g.flow(edges.get((seat, k), -1)) for k in kinds})

    share = Share(
        deck=Counter({k: g.flow(e) for k, e in to_deck.items()}),
        held={s: +got(held, s) for s in seats},
        drawn={s: tuple(sorted((got(held, s) + got(shown, s) + got(free, s)).elements())) for s in seats},
    )
    return share, rng
