"""2.(2) ② 魔物フェイズ: use each mark's stack whole, or recover; refill and pass (`CRD-BEAST-A..D`)."""

from __future__ import annotations

from ..kernel.events import Reason
from .actions import DONE, CrestAction, Done, Recover, Use, shared_records
from .cards import CrestCard, CrestEffect, Status
from .effects import needs_target, resolve, stat
from .players import enemies, next_seat
from .state import CrestState
from .work import Work

__all__ = ["beast_actions", "beast_apply", "beast_reason", "end_turn", "restrictions"]

_NO_RECOVERY = (Status.PETRIFIED, Status.BOUND, Status.PARALYSED)


def restrictions(state: CrestState, seat: int) -> tuple[bool, bool]:
    """(may use crests, may recover) under the statuses of `CRD-BEAST-B`.

    Petrified, bound or paralysed: no recovery. Asleep: recovery only. Asleep
    and any of the other three: nothing at all.
    """
    asleep = state.status(seat, Status.ASLEEP) > 0
    held = any(state.status(seat, s) > 0 for s in _NO_RECOVERY)
    return not asleep, not held


def _stack_effects(state: CrestState, seat: int, mark: int) -> list[CrestEffect]:
    effects: list[CrestEffect] = []
    for instance in state.marks[seat][mark]:
        card = state.game.card(instance)
        assert isinstance(card, CrestCard)
        effects.extend(card.effects)
    return effects


def beast_reason(state: CrestState, action: CrestAction) -> Reason:
    """Why ``action`` is not allowed in the beast phase, or ``None``."""
    seat = state.seat
    may_use, may_recover = restrictions(state, seat)
    if isinstance(action, Done):
        return None
    if isinstance(action, Use):
        if not may_use:
            return "CRD-BEAST-B", "an asleep monster can only recover"
        if action.mark >= len(state.marks[seat]) or not state.marks[seat][action.mark]:
            return "CRD-BEAST-A", f"m{action.mark} holds no crest"
        if state.used[action.mark]:
            return "CRD-BEAST-A", f"m{action.mark}'s stack was already used this phase"
        if needs_target(_stack_effects(state, seat, action.mark)):
            if action.target not in enemies(state, seat):
                return "CRD-BEAST-A", f"m{action.mark}'s crests need a living enemy as their target"
        elif action.target is not None:
            return "CRD-BEAST-A", f"m{action.mark}'s crests act on the monster itself and take no target"
        return None
    if isinstance(action, Recover):
        if not may_recover:
            return "CRD-BEAST-B", "a petrified, bound or paralysed monster cannot recover"
        if any(state.used):
            return "CRD-BEAST-B", "recovery only when no crest at all is used"
        return None
    return "CRD-BEAST-A", "in the beast phase: use a mark's stack, recover, or done"


def beast_actions(state: CrestState) -> list[CrestAction]:
    """The legal actions of the beast phase."""
    seat = state.seat
    may_use, may_recover = restrictions(state, seat)
    out: list[CrestAction] = []
    if may_use:
        foes = enemies(state, seat)
        # One record per card set and choice (issue 13).
        shared = shared_records(state.game)
        get = shared.get
        for mark, stack in enumerate(state.marks[seat]):
            if not stack or state.used[mark]:
                continue
            targets: tuple[int | None, ...] = (
                tuple(foes) if needs_target(_stack_effects(state, seat, mark)) else (None,)
            )
            for t in targets:
                key = ("use", mark, t)
                out.append(get(key) or shared.setdefault(key, Use(mark=mark, target=t)))
    if may_recover and not any(state.used):
        out.append(_RECOVER)
    out.append(DONE)
    return out


_RECOVER = Recover()


def beast_apply(work: Work, action: CrestAction) -> None:
    """Use a stack, recover, or end the phase (and with it the turn)."""
    seat = work.seat
    if isinstance(action, Use):
        # `CRD-BEAST-A`: the whole stack, base crest first.
        # Read, not copied: using a stack leaves it where it is (no effect moves crests).
        stack = work.now("marks")[seat][action.mark]
        work.used[action.mark] = True
        names = " + ".join(work.card_name(i) for i in stack)
        target = "" if action.target is None else f" at seat {action.target}"
        work.event(
            "CRD-BEAST-A", "use", f"{work.name(seat)} uses m{action.mark} ({names}){target}", len(stack)
        )
        targets = () if action.target is None else (action.target,)
        for instance in stack:
            card = work.game.card(instance)
            assert isinstance(card, CrestCard)
            resolve(work, seat, card.effects, targets, "CRD-BEAST-A")
        return
    if isinstance(action, Recover):
        # `CRD-BEAST-B`: reduce the damage by RG, never above the maximum.
        before = work.hp[seat]
        work.hp[seat] = max(before, min(work.max_hp(seat), before + stat(work, seat, "rg")))
        work.event(
            "CRD-BEAST-B",
            "recover",
            f"{work.name(seat)} recovers {work.hp[seat] - before} HP",
            work.hp[seat] - before,
        )
    end_turn(work)


def end_turn(work: Work) -> None:
    """Refill, count down the statuses, and pass to the next living seat (`CRD-BEAST-C`, `CRD-BEAST-D`)."""
    seat = work.seat
    drawn = work.refill(seat)
    work.event("CRD-BEAST-C", "refill", f"seat {seat} refills with {drawn} card(s)", drawn)
    # `CRD-BEAST-B` (reading): a status lasts a number of the monster's own turns.
    if any(work.now("statuses")[seat]):  # the statuses are copied only when one counts down
        for index, left in enumerate(work.statuses[seat]):
            if left:
                work.statuses[seat][index] = left - 1
    following = next_seat(seat, work.now("alive"))
    order = work.state.players
    if (following - work.first) % order <= (seat - work.first) % order:
        work.rounds += 1
    work.seat = following
    work.turns += 1
    work.phase = "wield"
    work.used = [False] * work.mark_count(following)
    work.event("CRD-BEAST-D", "turn", f"{work.name(following)}'s turn: the wielder phase")
