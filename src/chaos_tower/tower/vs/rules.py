"""Small helpers shared by the VS rule modules: rule IDs per mode, seats in order, counters."""

from __future__ import annotations

from ...kernel.events import Event
from .state import VsState, evolve

__all__ = ["others_in_order", "pay_one", "rule", "seats_from", "with_counters"]


def rule(state: VsState, item: int) -> str:
    """The rule ID of a VS clause for this game's mode: ``rule(s, 27)`` is `TOC-VS2-027` with two
    players and its counterpart `TOC-VS3-047` with three to five (the 3–5 clauses are numbered 20 on)."""
    return (_TWO if state.players == 2 else _MORE)[item]


# The IDs written out once: a VS action cites several clauses (issue 27).
_TWO = tuple(f"TOC-VS2-{item:03d}" for item in range(100))
_MORE = tuple(f"TOC-VS3-{item + 20:03d}" for item in range(100))


def seats_from(state: VsState, seat: int) -> tuple[int, ...]:
    """Every seat still in, in play order starting with ``seat`` (itself included if in)."""
    n = state.players
    return tuple(s for s in ((seat + i) % n for i in range(n)) if not state.out[s])


def others_in_order(state: VsState, seat: int) -> tuple[int, ...]:
    """The other seats still in, in play order after ``seat``."""
    return tuple(s for s in seats_from(state, seat) if s != seat)


def with_counters(state: VsState, player: int, values: tuple[int, ...]) -> VsState:
    """``state`` with one player's counters replaced."""
    counters = list(state.counters)
    counters[player] = values
    return evolve(state, counters=tuple(counters))


def pay_one(state: VsState, player: int, slot: int, item: int, why: str, events: list[Event]) -> VsState:
    """Lower one of ``player``'s counters by 1: the price of a gift (`TOC-VS2-028`, `TOC-VS3-048`)
    or of a declaration (`TOC-VS2-029`, `TOC-VS3-049`)."""
    values = list(state.counters[player])
    values[slot] -= 1
    events.append(
        Event(
            rule=rule(state, item),
            kind="pay",
            text=f"player {player} lowers counter {slot} by 1 to {values[slot]} ({why})",
            amount=-1,
        )
    )
    return with_counters(state, player, tuple(values))
