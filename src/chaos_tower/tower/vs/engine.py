"""The VS rules as pure functions: legal actions, checking and applying an action, the outcome.

An action is first checked for form (:class:`~chaos_tower.kernel.errors.MalformedActionError`)
and then for legality (:class:`~chaos_tower.kernel.errors.IllegalActionError`, naming the
rule); only then is anything computed, so a refused action changes nothing.
"""

from __future__ import annotations

from typing import Literal

from attrs import define

from ...kernel import transition
from ...kernel.events import Event, Reason
from ...kernel.memo import remember
from ..vocabulary import LETTERS
from . import declare, end, turn
from .actions import Adjust, Declare, Draw, Give, Subtract, VsAction, malformed
from .rules import rule
from .setup import declaration_limit
from .state import VsDraft, VsOutcome, VsState, VsTable, draft, evolve, freeze

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


def _turn_actions(state: VsState) -> list[VsAction]:
    """The turn's actions generated directly: each rule's conditions applied while enumerating,
    instead of building every candidate Give and Declare and asking its rule (which cost about
    half a VS step). :func:`legal_actions_by_reasons` is the slow way, tested equal."""
    me, n, k = state.turn, state.players, state.slots()
    out: list[VsAction] = []
    if state.deck:
        out.append(_DRAW)  # TOC-VS2-030: not from an empty deck
    hand = state.hands[me]
    records = _records(state)
    low = state.table.low
    # TOC-VS2-028: to another player still in, paying 1 from a counter above the low end.
    receivers = [to for to in range(n) if to != me and not state.out[to]]
    payers = [pay for pay in range(k) if state.counters[me][pay] > low]
    first = _first_items(state.table)
    for item in sorted(hand):
        if first[item] not in hand:  # the rule reads an id as its first item (turn.reason)
            continue
        gives = records[0][item]
        out += [gives[to][pay] for to in receivers for pay in payers]
    out += _declarations(state)
    return out


_DRAW = Draw()  # one record, listed by every state that may draw


def _first_items(table: VsTable) -> tuple[int, ...]:
    """Per item, the first item of its id (``item_ids.index``), kept on the VS table."""
    ids = table.item_ids
    return remember(table._memo, "first items", lambda: tuple(ids.index(i) for i in ids))

_Records = tuple[
    tuple[tuple[tuple[Give, ...], ...], ...],  # [item][to][pay]
    tuple[tuple[tuple[Declare, ...], ...], ...],  # [target][attribute][pay]
]


def _records(state: VsState) -> _Records:
    """The Give and Declare records, one per choice, shared by every state of this card set and
    player count (kept on its VS table): a turn lists dozens, so making them afresh for each
    state cost a sixth of a step (issue 13)."""
    memo = state.table._memo
    key = _RECORDS_KEYS[state.players]
    found: _Records | None = memo.get(key)
    if found is None:
        found = memo[key] = _make_records(state)
    return found


_RECORDS_KEYS = tuple(("records", n) for n in range(6))  # the memo's keys, made once (2..5 players)


def _make_records(state: VsState) -> _Records:
    n, k = state.players, state.slots()
    gives = tuple(
        tuple(tuple(Give(item=item_id, to=to, pay=pay) for pay in range(k)) for to in range(n))
        for item_id in state.table.item_ids
    )
    declares = tuple(
        tuple(tuple(Declare(target=t, attribute=letter, pay=pay) for pay in range(k)) for letter in LETTERS)
        for t in range(n)
    )
    return gives, declares


def _declarations(state: VsState) -> list[VsAction]:
    """The declarations open to the decider, generated directly under TOC-VS2-029 (declare.reason)."""
    me = state.decider()
    if me is None:
        return []
    if state.declare_when == "own_turn" and state.phase != "turn":
        return []
    if state.declarations[me] >= declaration_limit(state.players):
        return []
    n, k, low = state.players, state.slots(), state.table.low
    payers = [pay for pay in range(k) if state.counters[me][pay] > low]
    if not payers:
        return []
    revealed = state.revealed
    shown = (
        {a for p in range(n) for a, up in zip(state.attributes[p], revealed[p], strict=True) if up}
        if any(map(any, revealed))  # mostly nothing lies face up: no walk over every counter
        else ()
    )
    own = () if state.own_attribute_bluff else state.attributes[me]
    letters = [a for a in range(len(LETTERS)) if a not in own and a not in shown]
    declares = _records(state)[1]
    return [
        declares[target][a][pay]
        for target in range(n)
        if target != me and not state.out[target]
        for a in letters
        for pay in payers
    ]


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
    if state.phase == "over":
        return ()
    # declare_when="any_time" (TOC-VS2-029): a declaration may come before any decision.
    later = _declarations(state) if state.declare_when == "any_time" else []
    if state.phase == "adjust":
        return (*_adjusts(state, state.queue[0]), *later)
    if state.phase == "pay":
        return (*(_subtract(state, a) for a in end.subtract_choices(state)), *later)
    return tuple(_turn_actions(state))


def _adjusts(state: VsState, player: int) -> tuple[Adjust, ...]:
    # turn.adjust_choices depends on the player's counters and the card's values on the
    # player's attributes alone (the bounds are the table's): the list is kept per those.
    vs = state.source_vs()
    key = (state.counters[player], tuple(vs[a] for a in state.attributes[player]))
    shared: dict[object, tuple[Adjust, ...]] = remember(state.table._memo, "adjusts", dict)
    found = shared.get(key)
    if found is None:
        found = shared[key] = tuple(_adjust(state, d) for d in turn.adjust_choices(state, player))
    return found


def _adjust(state: VsState, deltas: tuple[int, ...]) -> Adjust:
    # One record per choice, shared by every state of the card set (kept on its VS table).
    shared: dict[tuple[int, ...], Adjust] = remember(state.table._memo, "adjust", dict)
    record = shared.get(deltas)
    if record is None:
        record = shared[deltas] = Adjust(deltas=deltas)
    return record


def _subtract(state: VsState, amounts: tuple[int, ...]) -> Subtract:
    shared: dict[tuple[int, ...], Subtract] = remember(state.table._memo, "subtract", dict)
    record = shared.get(amounts)
    if record is None:
        record = shared[amounts] = Subtract(amounts=amounts)
    return record


@define(kw_only=True)
class _Work:
    # The VS rules return the state they changed and add their events to a list: the working
    # copy holds both. ``state`` is a draft (state.VsDraft), changed in place by the rules'
    # evolve calls and frozen once in _finish: one rebuild per action (issue 13).
    state: VsState
    events: list[Event]
    count: int = 0


def _begin(state: VsState) -> _Work:
    return _Work(state=draft(state), events=[])


def _act(work: _Work, state: VsState, action: VsAction) -> None:
    events = work.events
    now = work.state
    if isinstance(action, Draw):
        work.state = turn.draw(now, events)
    elif isinstance(action, Give):
        work.state = turn.give(now, action, events)
    elif isinstance(action, Adjust):
        work.state = turn.adjust(now, action, events)
    elif isinstance(action, Declare):
        work.state = declare.declare(now, action, events)
    else:
        work.state = end.subtract(now, action.amounts, events)


def _count(work: _Work, count: int) -> None:
    work.count = count


def _cut_off(work: _Work, state: VsState, count: int) -> None:
    ended: tuple[Literal["ended"], ...] = tuple("ended" for _ in range(state.players))
    # Not a rule of the manual: a limit for simulations, cited under the clause of a turn
    # (TOC-VS2-026, TOC-VS3-046).
    rule_id = rule(state, 26)
    outcome = VsOutcome(results=ended, cause="max-actions", rule=rule_id)
    work.events.append(Event(rule=rule_id, kind="end", text=f"stopped after {count} actions"))
    work.state = evolve(work.state, phase="over", queue=(), source=-1, result=outcome)


def _finish(work: _Work) -> VsState:
    assert isinstance(work.state, VsDraft)  # every rule returns the draft it was given
    return freeze(work.state, actions=work.count, events=tuple(work.events))


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
