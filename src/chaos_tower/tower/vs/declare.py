"""Declarations: "見えた" and an attribute named (`TOC-VS2-029`, `TOC-VS3-049`).

A declaration does not end the turn; it costs 1 from one of one's own counters
whether right or wrong, and uses up one of the declarations allowed (2 with two
or three players, 3 with four or five). A right one puts the attribute face up.

When: by default (``declare_when="own_turn"``) on one's own turn, before the
draw or the gift. With ``"any_time"``, before any of one's own decisions: the
turn, an adjustment after a draw or a gift, the extra rule's payment. The
engine asks one player at a time, so "whenever one has a guess" (予想ができた時)
is made precise as "whenever one is asked to decide"; the decision asked for is
still to be made afterwards. Naming one's own attribute is refused unless
``own_attribute_bluff`` is on; then it is a bluff, always wrong, paid as any other.
"""

from __future__ import annotations

from collections.abc import Hashable

from ...kernel.events import Event, Reason
from ..vocabulary import LETTERS
from . import end, knowledge
from .actions import Declare
from .rules import make_event, pay_one, rule
from .start import declaration_limit
from .state import Declaration, VsDraft, VsState, VsTable

__all__ = ["declare", "reason"]


def reason(state: VsState, action: Declare) -> Reason:
    """Why the declaration is not allowed now, as (rule, message), or ``None``."""
    rule_id = rule(state, 29)
    me = state.decider()
    if me is None or state.phase == "over":
        return rule_id, "the game is over"
    if state.declare_when == "own_turn" and state.phase != "turn":
        return rule_id, "a declaration is made on one's own turn, before the draw or the gift"
    if state.declarations[me] >= declaration_limit(state.players):
        return rule_id, f"player {me} has used all {declaration_limit(state.players)} declarations"
    if action.target == me or state.out[action.target]:
        return rule_id, f"name an attribute of another player still in, not of {action.target}"
    attribute = LETTERS.index(action.attribute)
    if attribute in state.attributes[me] and not state.own_attribute_bluff:
        return rule_id, f"{action.attribute} is one's own attribute (own_attribute_bluff is off)"
    for p in range(state.players):
        for a, shown in zip(state.attributes[p], state.revealed[p], strict=True):
            if shown and a == attribute:
                return rule_id, f"{action.attribute} is already face up (player {p})"
    if state.counters[me][action.pay] <= state.table.low:
        return rule_id, f"counter {action.pay} is at {state.table.low} and cannot pay 1"
    return None


def declare(work: VsDraft, action: Declare, events: list[Event]) -> None:
    """Pay 1, name the attribute; a right name is put face up (`TOC-VS2-029`, `TOC-VS3-049`)."""
    me, target = work.decider(), action.target
    assert me is not None  # reason() has refused a declaration once the game is over
    attribute = _LETTER_NUMBERS[action.attribute]
    pay_one(work, me, action.pay, 29, "declaration", events)
    held = work.attributes[target]
    right = attribute in held
    if right:
        revealed = list(work.revealed)
        slot = held.index(attribute)
        row = list(revealed[target])
        row[slot] = True
        revealed[target] = tuple(row)
        work.revealed = tuple(revealed)
    declarations = list(work.declarations)
    declarations[me] += 1
    rule_id = rule(work, 29)
    shared = _shared_declarations(work.table)
    key = (rule_id, me, target, attribute, right)
    found = shared.get(key)
    if found is None:
        # A declaration's record and its event: a few hundred per card set at most, all kept.
        record = Declaration(player=me, target=target, attribute=attribute, right=right)
        found = shared[key] = (
            record,
            make_event(rule=rule_id, kind="declare", text=f"見えた: {record}", amount=int(right)),
        )
    record, event = found
    events.append(event)
    knowledge.after_declaration(work, record)
    work.declarations = tuple(declarations)
    work.named = (*work.named, record)
    end.settle(work, events, declarer=me)
    if work.phase == "over":
        return
    if work.phase == "pay":
        # Declared before the extra rule's payment (declare_when="any_time"): what the counters
        # can give has changed, so the payment is asked again, or made when only one way is left.
        end.end_turn(work, events)
        return
    if not work.out[me]:
        return
    # The declarer paid their last point and is out: in an adjustment the others still
    # adjust (settle took the declarer from the queue); otherwise the turn is over.
    if work.phase == "adjust" and work.queue:
        return
    work.source = -1
    end.end_turn(work, events)


_LETTER_NUMBERS = {x: a for a, x in enumerate(LETTERS)}


def _shared_declarations(table: VsTable) -> dict[Hashable, tuple[Declaration, Event]]:
    try:
        found: dict[Hashable, tuple[Declaration, Event]] = table._memo["vs.declarations"]
    except KeyError:
        found = table._memo["vs.declarations"] = {}
    return found
