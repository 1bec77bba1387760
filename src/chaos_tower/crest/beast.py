"""2.(2) ② 魔物フェイズ: use each mark's stack whole, or recover; refill and pass (`CRD-BEAST-A..D`)."""

from __future__ import annotations

from ..kernel.events import Reason
from ..kernel.memo import counted_key, remember
from .actions import DONE, CrestAction, Done, Recover, Use, shared_records
from .cards import STATUSES, CrestCard, CrestEffect, Status
from .change import Work
from .effects import needs_target, resolve, stat
from .players import enemies, foes_bits, next_seat
from .state import MAX_PLAYERS, CrestGame, CrestState

__all__ = ["beast_actions", "beast_apply", "beast_key", "beast_reason", "end_turn", "restrictions"]

_NO_RECOVERY = (Status.PETRIFIED, Status.BOUND, Status.PARALYSED)


def restrictions(state: CrestState, seat: int) -> tuple[bool, bool]:
    """(may use crests, may recover) under the statuses of `CRD-BEAST-B`.

    Petrified, bound or paralysed: no recovery. Asleep: recovery only. Asleep
    and any of the other three: nothing at all.
    """
    row = state.statuses[seat]
    asleep = row[_ASLEEP] > 0
    held = any(row[i] > 0 for i in _HELD)
    return not asleep, not held


_ASLEEP = STATUSES.index(Status.ASLEEP)
_HELD = tuple(STATUSES.index(s) for s in _NO_RECOVERY)


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


def beast_key(state: CrestState) -> int:
    """All that :func:`beast_actions` reads of ``state``, packed in one int (as ``wield_key``,
    one key for one list): the seat's monster, what its statuses allow, per mark whether it is
    used, empty, or holds crests that need a target, how many marks that was, and, only when one
    does, the seats it may target."""
    seat = state.seat
    game = state.game
    key = state.monsters[seat]
    row = state.statuses[seat]  # restrictions(), read inline: this runs once per listed state
    held = row[_HELD[0]] > 0 or row[_HELD[1]] > 0 or row[_HELD[2]] > 0
    key = key << 2 | (row[_ASLEEP] <= 0) << 1 | (not held)
    targeted = _targeted(game)
    foes = False
    marks = 0
    for stack, used in zip(state.marks[seat], state.used, strict=False):  # as long in this phase
        marks += 1
        if used:
            key = key << 2 | 3
        elif not stack:
            key <<= 2
        else:
            key = key << 2 | 1
            for instance in stack:
                if targeted[instance]:
                    key += 1  # 2: its crests need a target
                    foes = True
                    break
    key = counted_key(key, marks)
    return key << 7 | foes_bits(state, seat) if foes else key << 7


def beast_actions(state: CrestState) -> list[CrestAction]:
    """The legal actions of the beast phase."""
    seat = state.seat
    may_use, may_recover = restrictions(state, seat)
    out: list[CrestAction] = []
    used = state.used
    if may_use:
        foes: tuple[int, ...] | None = None
        # One record per card set and choice (issue 13).
        uses = _use_records(state.game)
        targeted = _targeted(state.game)
        for mark, stack in enumerate(state.marks[seat]):
            if not stack or used[mark]:
                continue
            if any(targeted[i] for i in stack):  # needs_target of the stack's effects
                if foes is None:
                    foes = enemies(state, seat)
                records = uses[mark]
                for t in foes:
                    out.append(records[t])
            else:
                out.append(uses[mark][MAX_PLAYERS])
    if may_recover and not any(used):
        out.append(_RECOVER)
    out.append(DONE)
    return out


def _targeted(game: CrestGame) -> tuple[bool, ...]:
    """Per deck instance: a crest whose effects reach an enemy (:func:`needs_target`)."""
    return remember(game.cards._memo, "crest.beast.targeted", lambda: _make_targeted(game))


def _make_targeted(game: CrestGame) -> tuple[bool, ...]:
    out = []
    for instance in range(game.deck_size):
        card = game.card(instance)
        out.append(isinstance(card, CrestCard) and needs_target(card.effects))
    return tuple(out)


def _use_records(game: CrestGame) -> tuple[tuple[Use, ...], ...]:
    """``[mark][target]``: the shared Use records, ``[mark][MAX_PLAYERS]`` the one without a target."""
    return remember(game.cards._memo, "crest.beast.uses", lambda: _make_use_records(game))


def _make_use_records(game: CrestGame) -> tuple[tuple[Use, ...], ...]:
    shared = shared_records(game)
    most = max((len(m.marks) for m in game.cards.monsters), default=0)

    def one(mark: int, target: int | None) -> Use:
        key = ("use", mark, target)
        found = shared.get(key)
        if found is None:
            found = shared.setdefault(key, Use(mark=mark, target=target))
        assert isinstance(found, Use)
        return found

    return tuple(
        tuple(one(m, t) for t in (*range(MAX_PLAYERS), None)) for m in range(most)
    )


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
        row = work.status_row(seat)
        for index, left in enumerate(row):
            if left:
                row[index] = left - 1
    following = next_seat(seat, work.now("alive"))
    order = work.state.players
    if (following - work.first) % order <= (seat - work.first) % order:
        work.rounds += 1
    work.seat = following
    work.turns += 1
    work.phase = "wield"
    work.none_used(following)
    work.turn_event(following)  # "<seat n (monster)>'s turn: the wielder phase"
