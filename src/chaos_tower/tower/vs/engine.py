"""The VS rules as pure functions: legal actions, checking and applying an action, the outcome.

An action is first checked for form (:class:`~chaos_tower.kernel.errors.MalformedActionError`)
and then for legality (:class:`~chaos_tower.kernel.errors.IllegalActionError`, naming the
rule); only then is anything computed, so a refused action changes nothing.
"""

from __future__ import annotations

from typing import Literal

from ...kernel import transition
from ...kernel.events import Event, Reason
from ..vocabulary import LETTERS
from . import declare, end, listing, turn
from .actions import Adjust, Declare, Draw, Give, Subtract, VsAction, malformed
from .rules import rule
from .state import VsDraft, VsOutcome, VsState, draft, freeze

__all__ = [
    "apply",
    "can_apply",
    "check_action",
    "current_player",
    "is_terminal",
    "legal_actions",
    "legal_actions_by_reasons",
    "outcome",
    "returns",
]


def _reason(state: VsState, action: VsAction) -> Reason:
    if state.phase == "over":
        rule_id = state.result.rule if state.result is not None else "TOC-VS2-031"
        return rule_id, "the game is over"
    if isinstance(action, Draw | Give | Adjust):
        return turn.reason(state, action)
    if isinstance(action, Declare):
        return declare.reason(state, action)
    return end.reason(state, action)



def check_action(state: VsState, action: VsAction) -> None:
    """Raise :class:`MalformedActionError` if ``action`` is not a VS action of this game,
    :class:`IllegalActionError` (naming the rule) if the rules forbid it now."""
    transition.check(_RULES, state, action)


def can_apply(state: VsState, action: VsAction) -> bool:
    """Whether ``action`` is legal now (never raises)."""
    return transition.can(_RULES, state, action)


def _turn_actions_by_reasons(state: VsState) -> list[VsAction]:
    me, n, k = state.turn, state.players, state.slots()
    out: list[VsAction] = []
    if state.deck:
        out.append(Draw())
    for item in sorted(state.hands[me]):
        for to in range(n):
            for pay in range(k):
                action = Give(item=state.table.item_ids[item], to=to, pay=pay)
                if turn.reason(state, action) is None:
                    out.append(action)
    out += _declarations_by_reasons(state)
    return out


def _declarations_by_reasons(state: VsState) -> list[VsAction]:
    n, k = state.players, state.slots()
    return [
        declaration
        for target in range(n)
        for letter in LETTERS
        for pay in range(k)
        if declare.reason(state, declaration := Declare(target=target, attribute=letter, pay=pay)) is None
    ]


def legal_actions_by_reasons(state: VsState) -> tuple[VsAction, ...]:
    """:func:`legal_actions` computed the slow way, by asking every candidate's rule (for tests)."""
    if state.phase == "over":
        return ()
    later = _declarations_by_reasons(state) if state.declare_when == "any_time" else []
    if state.phase == "adjust":
        return (*(Adjust(deltas=d) for d in turn.adjust_choices(state, state.queue[0])), *later)
    if state.phase == "pay":
        return (*(Subtract(amounts=a) for a in end.subtract_choices(state)), *later)
    return tuple(_turn_actions_by_reasons(state))


def legal_actions(state: VsState) -> tuple[VsAction, ...]:
    """Every action the deciding player may take, in a fixed order; ``()`` once the game is over."""
    cached: tuple[VsAction, ...] | None = state._memo.get("legal")
    if cached is None:
        cached = state._memo["legal"] = _legal_actions(state)
    return cached


def _legal_actions(state: VsState) -> tuple[VsAction, ...]:
    phase = state.phase
    if phase == "turn":
        return listing.turn_actions(state)
    if phase == "over":
        return ()
    # declare_when="any_time" (TOC-VS2-029): a declaration may come before any decision.
    later = listing.declarations(state) if state.declare_when == "any_time" else ()
    found: tuple[VsAction, ...] = (
        listing.adjusts(state, state.queue[0]) if phase == "adjust" else listing.subtracts(state)
    )
    return (*found, *later) if later else found


class _Work:
    """An action's working copy: the draft (state.VsDraft), changed in place by the rules and
    frozen once in _finish (one rebuild per action, issue 13), and the events the rules add."""

    __slots__ = ("events", "state")

    def __init__(self, state: VsDraft) -> None:
        self.state = state
        self.events: list[Event] = []


def _begin(state: VsState) -> _Work:
    return _Work(draft(state))


def _act(work: _Work, state: VsState, action: VsAction) -> None:
    now, events = work.state, work.events
    if type(action) is Adjust:
        turn.adjust(now, action, events)
    elif type(action) is Give:
        turn.give(now, action, events)
    elif type(action) is Declare:
        declare.declare(now, action, events)
    elif type(action) is Draw:
        turn.draw(now, events)
    else:
        assert type(action) is Subtract
        end.subtract(now, action.amounts, events)


def _count(work: _Work, count: int) -> None:
    work.state.actions = count


def _cut_off(work: _Work, state: VsState, count: int) -> None:
    ended: tuple[Literal["ended"], ...] = tuple("ended" for _ in range(state.players))
    # Not a rule of the manual: a limit for simulations, cited under the clause of a turn
    # (TOC-VS2-026, TOC-VS3-046).
    rule_id = rule(state, 26)
    outcome = VsOutcome(results=ended, cause="max-actions", rule=rule_id)
    work.events.append(Event(rule=rule_id, kind="end", text=f"stopped after {count} actions"))
    now = work.state
    now.phase = "over"
    now.queue = ()
    now.source = -1
    now.result = outcome


def _finish(work: _Work) -> VsState:
    now = work.state
    now.events = tuple(work.events)
    return freeze(now)


# The VS modes' hooks in the one check -> apply -> cut-off sequence (kernel.transition).
_RULES: transition.Transition[VsState, VsAction, _Work] = transition.Transition(
    listed=transition.listed_in_memo,
    malformed=malformed,
    reason=_reason,
    begin=_begin,
    act=_act,
    count=_count,
    over=lambda work: work.state.phase == "over",
    cut_off=_cut_off,
    finish=_finish,
)


def apply(state: VsState, action: VsAction) -> VsState:
    """The position after ``action``; ``state`` itself is unchanged."""
    return transition.step(_RULES, state, action)


def outcome(state: VsState) -> VsOutcome | None:
    """How the game ended, or ``None`` while it goes on."""
    return state.result


def is_terminal(state: VsState) -> bool:
    """The game is over."""
    return state.phase == "over"


def current_player(state: VsState) -> int | None:
    """The seat whose decision it is: the turn player, the next to adjust, or ``None`` when over."""
    return state.decider()


def returns(state: VsState) -> tuple[float, ...]:
    """1 won, -1 lost, 0 draw, ended or not over, per seat."""
    if state.result is None:
        return (0.0,) * state.players
    values = {"won": 1.0, "lost": -1.0}
    return tuple(values.get(r, 0.0) for r in state.result.results)
