"""Seats and sides: 2 to 6 players, and two teams with 4 or 6 (`CRD-PLAYERS-A..C`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..kernel.errors import OptionError
from .state import MAX_PLAYERS, CrestState

__all__ = [
    "MIN_PLAYERS",
    "allies",
    "enemies",
    "foes_bits",
    "next_seat",
    "side",
    "standing_sides",
    "team_layout",
]

MIN_PLAYERS = 2


def team_layout(players: int, teams: bool | Sequence[int] | None) -> tuple[int, ...]:
    """The team of each seat, or ``()`` for no teams; :class:`~chaos_tower.kernel.errors.OptionError`
    (a :class:`ValueError`) for an impossible request, like every other refused option.

    `CRD-PLAYERS-A`: 2 to 6 players (`CRD-PLAYERS-B`: two players need nothing
    special). `CRD-PLAYERS-C`: with 4 or 6 players, two teams of equal size,
    given per seat, or ``True`` for alternating seats (even seats team 0).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise OptionError(f"duel: players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
    if teams is None or teams is False:
        return ()
    if players not in (4, 6):
        raise OptionError(f"duel: teams are for 4 or 6 players, not {players}")
    if teams is True:
        return tuple(seat % 2 for seat in range(players))
    layout = tuple(teams)
    if (
        len(layout) != players
        or any(type(t) is not int or t not in (0, 1) for t in layout)  # 0.0 == 0, yet not a team
        or layout.count(0) != players // 2
    ):
        raise OptionError(f"duel: teams: one 0 or 1 per seat, {players // 2} seats each, not {layout!r}")
    return layout


def side(state: CrestState, seat: int) -> int:
    """The side a seat plays for: its team, or itself without teams (teams are numbered after seats)."""
    return 100 + state.teams[seat] if state.teams else seat


def enemies(state: CrestState, seat: int, alive: Sequence[bool] | None = None) -> tuple[int, ...]:
    """The living seats on another side, in seat order: those a card may target."""
    living = state.alive if alive is None else alive
    mine = side(state, seat)
    return tuple(s for s in range(state.players) if living[s] and side(state, s) != mine)


def foes_bits(state: CrestState, seat: int) -> int:
    """The living enemies of ``seat`` (:func:`enemies`) as seat bits, with bit 6 set:
    the low seven bits of a shared list's key, when its list names targets."""
    bits = 64
    for foe in enemies(state, seat):
        bits |= 1 << foe
    return bits


def allies(state: CrestState, seat: int) -> tuple[int, ...]:
    """Every seat of the same side, itself included, living or not."""
    mine = side(state, seat)
    return tuple(s for s in range(state.players) if side(state, s) == mine)


def standing_sides(state: CrestState, alive: Sequence[bool]) -> set[int]:
    """The sides that still have a living monster (`CRD-DEATH-C`)."""
    return {side(state, s) for s in range(state.players) if alive[s]}


def next_seat(seat: int, alive: Sequence[bool]) -> int:
    """The next living seat clockwise (increasing seat number, wrapping; `CRD-START-E`, `CRD-BEAST-D`)."""
    count = len(alive)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if alive[candidate]:
            return candidate
    return seat
