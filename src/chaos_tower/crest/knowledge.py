"""What the table keeps knowing after the deck is remade or a hand changes owner, as small records.

Two records of :class:`~chaos_tower.crest.state.CrestState` carry what a snapshot of the table
alone would forget, so that a world drawn for a seat (``ct.determinize``) never contradicts it:

- ``remade``, ``drawn`` and ``shown`` (`CRD-BEAST-D`): when the deck runs out the discard pile,
  seen by all, is shuffled into a new deck. From then on every wielder knows the deck holds only
  those cards, less the ones drawn since: its own draws it knows card by card, the others' only by
  number. ``remade`` is the kinds shuffled in, ``drawn`` each seat's draws from that deck since (by
  kind). And a seat's draws are either in its hand still or among what it has shown since (put
  out, cast, discarded, buried): ``shown`` is those kinds per seat, public, so that a world never
  gives a seat draws it could not have made. A hand that changes owner (a swap of hands) mixes one
  seat's draws into another's hand: both seats' ``shown`` rows are then ``(-1,)``, "not kept".
  A new reshuffle starts all three afresh (the deck is empty then, so nothing older is left in it).
- ``passed`` (`CRD-DEATH-A`): a killer that swaps hands with the dead seat takes that seat's hand,
  which the dead seat saw. Until the killer shows a card of such a kind (puts it out, casts it, or
  loses it to a random discard) the dead seat knows the killer holds it. A kind shown from the
  killer's hand is struck out once: whichever copy it was, the killer's hand still holds the rest.
  A hand that changes owner again takes what is known of it along; one buried is known to all.

The records hold kinds (indices into ``game.kinds``), not instances, for a world relabels
instances freely. They cost nothing before the first reshuffle or swap (``()``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

__all__ = [
    "MIXED",
    "after_burial",
    "after_draw",
    "after_reshuffle",
    "after_shown",
    "after_swap",
    "mixing",
    "showing",
    "unseen",
]

MIXED = (-1,)
"""A ``shown`` row not kept: the seat's hand changed owner since the deck was remade."""

Rows = tuple[tuple[int, ...], ...]


def after_reshuffle(kinds: Iterable[int], players: int) -> tuple[tuple[int, ...], Rows, Rows]:
    """The records of a deck just remade from discards of these kinds (``remade``, ``drawn``,
    ``shown``): nothing drawn from it or shown since yet."""
    return tuple(sorted(kinds)), ((),) * players, ((),) * players


def showing(shown: Rows, seat: int, kinds: Iterable[int]) -> Rows:
    """``shown`` once ``seat`` has shown cards of these kinds from its hand (``()``: none remade)."""
    if not shown or shown[seat] == MIXED:
        return shown
    row = tuple(sorted((*shown[seat], *kinds)))
    return tuple(row if s == seat else r for s, r in enumerate(shown))


def mixing(shown: Rows, killer: int, dead: int) -> Rows:
    """``shown`` once ``killer`` and ``dead`` have swapped hands: neither row is kept."""
    if not shown:
        return shown
    return tuple(MIXED if s in (killer, dead) else r for s, r in enumerate(shown))


def after_draw(drawn: Rows, seat: int, kind: int) -> Rows:
    """``drawn`` once ``seat`` has drawn a card of ``kind`` from the remade deck (``()``: none remade)."""
    if not drawn:
        return drawn
    row = tuple(sorted((*drawn[seat], kind)))
    return tuple(row if s == seat else r for s, r in enumerate(drawn))


def after_shown(passed: Rows, holder: int, kinds: Iterable[int]) -> Rows:
    """``passed`` once ``holder`` has shown cards of these kinds from its hand: each struck out once."""
    if not passed or not any(row and row[0] == holder for row in passed):
        return passed
    out = [list(row) for row in passed]
    for kind in kinds:
        for row in out:  # each row is one seat's knowledge: each sees the card shown
            if row and row[0] == holder and kind in row[1:]:
                del row[row.index(kind, 1)]  # (the first place is the holder, not a kind)
    return _rows(out)


def after_burial(passed: Rows, dead: int) -> Rows:
    """``passed`` once ``dead``'s hand has gone, face up, to the discards: nothing of it is secret."""
    if not passed or not any(row and row[0] == dead for row in passed):
        return passed
    return _rows([[] if row and row[0] == dead else list(row) for row in passed])


def after_swap(passed: Rows, players: int, killer: int, dead: int, kinds: Iterable[int]) -> Rows:
    """``passed`` once ``killer`` has taken ``dead``'s hand (of these kinds) for its own, which goes,
    face up, to the discards with the dead seat's other cards."""
    out = [list(row) for row in after_burial(passed, killer)] or [[] for _ in range(players)]
    for row in out:
        if row and row[0] == dead:  # what a seat knew in the dead seat's hand, the killer holds now
            row[0] = killer
    out[dead] = [killer, *sorted(kinds)]
    return _rows(out)


def _rows(rows: list[list[int]]) -> Rows:
    return tuple(tuple(row) if len(row) > 1 else () for row in rows) if any(len(r) > 1 for r in rows) else ()


def unseen(remade: tuple[int, ...], drawn: tuple[int, ...]) -> Counter[int]:
    """The kinds the remade deck may still hold, to a seat that drew ``drawn`` from it: ``remade``
    less ``drawn`` (the others' draws are among these too, unknown)."""
    return Counter(remade) - Counter(drawn)
