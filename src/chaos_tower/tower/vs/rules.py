"""Small helpers shared by the VS rule modules: rule IDs per mode, seats in order, counters, and the
records every state of one card set shares (events, gifts, declarations).

The rules change an action's working copy (:class:`~.state.VsDraft`) in place and add their
events to a list; an event is a frozen record, so equal events of one card set are one record,
made (and its text formatted) the first time only (issue 27: formatting the texts and building the
records was about a sixth of an action).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ...kernel.events import Event
from ...kernel.records import maker
from .state import VsDraft, VsState, VsTable

__all__ = [
    "KEPT",
    "events_of",
    "make_event",
    "next_seat",
    "others_in_order",
    "pay_one",
    "rule",
    "seats_from",
    "shared",
    "with_counters",
]


def rule(state: VsState, item: int) -> str:
    """The rule ID of a VS clause for this game's mode: ``rule(s, 27)`` is `TOC-VS2-027` with two
    players and its counterpart `TOC-VS3-047` with three to five (the 3–5 clauses are numbered 20 on)."""
    return (_TWO if state.players == 2 else _MORE)[item]


# The IDs written out once: a VS action cites several clauses (issue 27).
_TWO = tuple(f"TOC-VS2-{item:03d}" for item in range(100))
_MORE = tuple(f"TOC-VS3-{item + 20:03d}" for item in range(100))

make_event: Callable[..., Event] = maker(Event)
"""``Event(...)`` filled slot by slot (:func:`~chaos_tower.kernel.records.maker`)."""

KEPT = 10_000
"""Distinct shared records kept per card set; past that, records are made afresh (and not kept)."""


def events_of(table: VsTable) -> dict[Hashable, Event]:
    """The card set's shared events by key (kept on its VS table, freed with it)."""
    try:
        found: dict[Hashable, Event] = table._memo["vs.events"]
    except KeyError:
        found = table._memo["vs.events"] = {}
    return found


def shared(table: VsTable, key: Hashable, make: Callable[[], Event]) -> Event:
    """The one event of this card set for ``key`` (which names everything its text and values
    say), made by ``make()`` the first time. Hot rules read the table's dict themselves."""
    records = events_of(table)
    found = records.get(key)
    if found is None:
        found = make()
        if len(records) < KEPT:
            records[key] = found
    return found


def seats_from(state: VsState, seat: int) -> tuple[int, ...]:
    """Every seat still in, in play order starting with ``seat`` (itself included if in)."""
    n = state.players
    return tuple(s for s in ((seat + i) % n for i in range(n)) if not state.out[s])


def next_seat(state: VsState, seat: int) -> int:
    """The first seat still in, in play order from ``seat`` (itself included): ``seats_from(...)[0]``."""
    out, n = state.out, state.players
    for _ in range(n):
        if not out[seat]:
            return seat
        seat = (seat + 1) % n
    raise IndexError("no seat is still in")


def others_in_order(state: VsState, seat: int) -> tuple[int, ...]:
    """The other seats still in, in play order after ``seat``."""
    return tuple(s for s in seats_from(state, seat) if s != seat)


def with_counters(work: VsDraft, player: int, values: tuple[int, ...]) -> None:
    """Replace one player's counters on the working copy."""
    counters = list(work.counters)
    counters[player] = values
    work.counters = tuple(counters)


def pay_one(work: VsDraft, player: int, slot: int, item: int, why: str, events: list[Event]) -> None:
    """Lower one of ``player``'s counters by 1: the price of a gift (`TOC-VS2-028`, `TOC-VS3-048`)
    or of a declaration (`TOC-VS2-029`, `TOC-VS3-049`)."""
    values = list(work.counters[player])
    value = values[slot] = values[slot] - 1
    rule_id = rule(work, item)
    records = events_of(work.table)
    key = ("pay", rule_id, player, slot, value, why)
    found = records.get(key)
    if found is None:
        found = make_event(
            rule=rule_id,
            kind="pay",
            text=f"player {player} lowers counter {slot} by 1 to {value} ({why})",
            amount=-1,
        )
        if len(records) < KEPT:
            records[key] = found
    events.append(found)
    with_counters(work, player, tuple(values))
