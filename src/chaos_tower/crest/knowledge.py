"""What the table keeps knowing after the deck is remade or a hand changes owner.

Read through four records of :class:`~chaos_tower.crest.state.CrestState`, so that a world drawn
for a seat (``ct.determinize``) never contradicts what a snapshot of the table alone would forget:

- ``remade``, ``drawn`` and ``shown`` (`CRD-BEAST-D`): when the deck runs out the discard pile,
  seen by all, is shuffled into a new deck. From then on every wielder knows the deck holds only
  those cards, less the ones drawn since: its own draws it knows card by card, the others' only by
  number. ``remade`` is the kinds shuffled in, ``drawn`` each seat's draws from that deck since (by
  kind). And a seat's draws are either in its hand still or among what it has shown since (put
  out, cast, discarded, buried): ``shown`` is those kinds per seat, public, so that a world never
  gives a seat draws it could not have made. A swap of hands mixes one seat's draws into another's
  hand: both seats' ``shown`` rows are then :data:`MIXED`, "not kept". A new reshuffle starts the
  three afresh (the deck is empty then, so nothing older is left in it).
- ``passed`` (`CRD-DEATH-A`): a killer that swaps hands with the dead seat takes that seat's hand,
  which the dead seat saw. Until the killer shows a card of such a kind the dead seat knows the
  killer holds it: per seat ``(killer, kinds...)`` or ``()``. A kind shown from the killer's hand is
  struck out once: whichever copy it was, the killer's hand still holds the rest. A hand that
  changes owner again takes what is known of it along; one buried is shown, so known to all.

The records hold kinds (indices into ``game.kinds``), not instances, for a world relabels
instances freely. They are kept as one chain (the state's ``known``), which costs nothing before
the first reshuffle or swap (``None``): a root that holds all four records, then one small tuple
per action that changed them, ``(previous, what, seat, kind, what, seat, kind, ...)``, shared by
every later state; the records are read back by folding the chain from its root (:func:`records`).
A reshuffle starts a new root. Retained states cost a few bytes each this way (issue 13).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from attrs import frozen

__all__ = ["MIXED", "Records", "chain_of", "extended", "key", "records", "rooted", "unseen"]

MIXED = (-1,)
"""A ``shown`` row not kept: the seat's hand changed owner since the deck was remade."""

Rows = tuple[tuple[int, ...], ...]
Chain = tuple[Any, ...] | None
"""``None``, or ``(previous chain, what, seat, kind, ...)``; a root's previous is ``None``."""

ROOT, DRAW, SHOW, SWAP, PASS = 0, 1, 2, 3, 4
"""What a chain entry records: a root ``(None, ROOT, records)``; a draw from the remade deck; a card
shown from a hand; a swap of hands ``(SWAP, killer, dead)``, then one ``(PASS, dead, kind)`` per card
of the dead seat's hand the killer took."""


@frozen
class Records:
    """The four records (see the module's docstring)."""

    players: int
    remade: tuple[int, ...] = ()
    drawn: Rows = ()
    shown: Rows = ()
    passed: Rows = ()


NONE = Records(players=0)


def chain_of(players: int, remade: tuple[int, ...], drawn: Rows, shown: Rows, passed: Rows) -> Chain:
    """The chain of these records (a root alone), or ``None`` for none at all."""
    if not remade and not drawn and not shown and not passed:
        return None
    return (None, ROOT, Records(players=players, remade=remade, drawn=drawn, shown=shown, passed=passed))


def rooted(chain: Chain, players: int, remade: tuple[int, ...]) -> Chain:
    """The chain once the deck is remade from discards of the kinds ``remade`` (sorted): a new root,
    nothing drawn or shown since, what is known of hands taken kept."""
    passed = records(chain).passed
    return (None, ROOT, Records(players, remade, ((),) * players, ((),) * players, passed))


def records(chain: Chain) -> Records:
    """The records a chain holds (its entries folded from its root)."""
    if chain is None:
        return NONE
    entries = []
    while chain[0] is not None:
        entries.append(chain)
        chain = chain[0]
    root: Records = chain[2]
    if not entries:
        return root
    n = root.players
    remade = root.remade
    drawn = [list(r) for r in root.drawn]
    shown = [list(r) for r in root.shown]
    passed = [list(r) for r in root.passed] or [[] for _ in range(n)]
    for entry in reversed(entries):
        for at in range(1, len(entry), 3):
            what, seat, kind = entry[at], entry[at + 1], entry[at + 2]
            if what == DRAW and remade:
                drawn[seat].append(kind)
            elif what == SHOW:
                if remade and shown[seat] != list(MIXED):
                    shown[seat].append(kind)
                for row in passed:  # each row is one seat's knowledge: each sees the card shown
                    if row and row[0] == seat and kind in row[1:]:
                        del row[row.index(kind, 1)]  # (the first place is the holder, not a kind)
            elif what == SWAP:
                killer, dead = seat, kind
                for row in passed:
                    if row and row[0] == killer:  # the killer's old hand goes to the discards
                        row.clear()
                    elif row and row[0] == dead:  # what a seat knew in the dead seat's hand moves
                        row[0] = killer
                passed[dead] = [killer]
                if remade:
                    shown[killer], shown[dead] = list(MIXED), list(MIXED)
            elif what == PASS:
                passed[seat].append(kind)
    return Records(
        players=n,
        remade=remade,
        drawn=tuple(tuple(sorted(r)) for r in drawn) if remade else (),
        shown=tuple(MIXED if r == list(MIXED) else tuple(sorted(r)) for r in shown) if remade else (),
        passed=_passed(passed),
    )


def _passed(rows: list[list[int]]) -> Rows:
    if not any(len(r) > 1 for r in rows):
        return ()
    return tuple((r[0], *sorted(r[1:])) if len(r) > 1 else () for r in rows)


def extended(chain: Chain, players: int, notes: Iterable[int]) -> Chain:
    """``chain`` with one entry for an action's ``notes`` (``what, seat, kind`` after another)."""
    notes = tuple(notes)
    if not notes:
        return chain
    if chain is None:
        chain = (None, ROOT, Records(players=players))
    return (chain, *notes)


def key(chain: Chain) -> tuple[Any, ...]:
    """What two states' chains are compared by: their records, not how they came to be."""
    r = records(chain)
    return (r.remade, r.drawn, r.shown, r.passed)


def unseen(remade: tuple[int, ...], drawn: tuple[int, ...]) -> Counter[int]:
    """The kinds the remade deck may still hold, to a seat that drew ``drawn`` from it: ``remade``
    less ``drawn`` (the others' draws are among these too, unknown)."""
    return Counter(remade) - Counter(drawn)
