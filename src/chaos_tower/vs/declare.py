"""Declarations: "見えた" and an attribute named (`TOC-VS2-029`, `TOC-VS3-049`).

A declaration is made on one's own turn, before the draw or the gift, and does
not end the turn; it costs 1 from one of one's own counters whether right or
wrong, and uses up one of the declarations allowed (2 with two or three
players, 3 with four or five). A right one puts the attribute face up.
"""

from __future__ import annotations

from ..tower.state import Event, Reason
from ..vocabulary import LETTERS
from . import end
from .actions import Declare
from .rules import pay_one, rule
from .setup import declaration_limit
from .state import Declaration, VsState, evolve

__all__ = ["declare", "reason"]


def reason(state: VsState, action: Declare) -> Reason:
    """Why the declaration is not allowed now, as (rule, message), or ``None``."""
    rule_id = rule(state, 29)
    me = state.turn
    if state.phase != "turn":
        return rule_id, "a declaration is made on one's own turn, before the draw or the gift"
    if state.declarations[me] >= declaration_limit(state.players):
        return rule_id, f"player {me} has used all {declaration_limit(state.players)} declarations"
    if action.target == me or state.out[action.target]:
        return rule_id, f"name an attribute of another player still in, not of {action.target}"
    attribute = LETTERS.index(action.attribute)
    if attribute in state.attributes[me]:
        return rule_id, f"{action.attribute} is one's own attribute"
    for p in range(state.players):
        for a, shown in zip(state.attributes[p], state.revealed[p], strict=True):
            if shown and a == attribute:
                return rule_id, f"{action.attribute} is already face up (player {p})"
    if state.counters[me][action.pay] <= state.table.low:
        return rule_id, f"counter {action.pay} is at {state.table.low} and cannot pay 1"
    return None


def declare(state: VsState, action: Declare, events: list[Event]) -> VsState:
    """Pay 1, name the attribute; a right name is put face up (`TOC-VS2-029`, `TOC-VS3-049`)."""
    me, target = state.turn, action.target
    attribute = LETTERS.index(action.attribute)
    state = pay_one(state, me, action.pay, 29, "declaration", events)
    held = state.attributes[target]
    right = attribute in held
    revealed = list(state.revealed)
    if right:
        slot = held.index(attribute)
        row = list(revealed[target])
        row[slot] = True
        revealed[target] = tuple(row)
    declarations = list(state.declarations)
    declarations[me] += 1
    record = Declaration(player=me, target=target, attribute=attribute, right=right)
    events.append(Event(rule=rule(state, 29), kind="declare", text=f"見えた: {record}", amount=int(right)))
    state = evolve(
        state,
        revealed=tuple(revealed),
        declarations=tuple(declarations),
        named=(*state.named, record),
    )
    state = end.settle(state, events)
    if state.phase == "over" or not state.out[me]:
        return state
    return end.end_turn(state, events)
