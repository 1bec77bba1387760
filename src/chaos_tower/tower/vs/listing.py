"""The legal actions of a VS position generated directly, from small integers and shared tables.

Each rule's conditions are applied while enumerating, instead of building every candidate
:class:`Give` and :class:`Declare` and asking its rule (:func:`.engine.legal_actions_by_reasons`
is that slow way, tested equal). What a turn offers is read from tables kept on the card set's
VS table, one record per choice (issue 13), and by the parts of the position a rule reads
(issue 27):

* the gifts of one item (`TOC-VS2-028`): one row per set of receivers (the other players still
  in) and set of counters that can pay (above the low end), as bit masks;
* the declarations (`TOC-VS2-029`): one row per decider, receivers, payers and the attributes
  that cannot be named (the decider's own unless ``own_attribute_bluff``, and those face up);
* the adjustments (`TOC-VS2-027`): one row per counters and the card's values on the
  attributes they stand for.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..vocabulary import LETTERS
from . import end, turn
from .actions import Adjust, Declare, Draw, Give, Subtract, VsAction
from .start import declaration_limit
from .state import VsState, VsTable

__all__ = ["adjusts", "declarations", "subtracts", "turn_actions"]

DRAW = Draw()
"""One record, listed by every state that may draw."""


def _table_dict(table: VsTable, key: Hashable) -> dict[Any, Any]:
    try:
        found: dict[Any, Any] = table._memo[key]
    except KeyError:
        found = table._memo[key] = {}
    return found


def _masks(state: VsState, me: int) -> tuple[int, int]:
    """The receivers (other seats still in) and the payers (own counters above the low end) of
    ``me``, as bit masks."""
    out, low = state.out, state.table.low
    receivers = _RECEIVERS.get((me, out))
    if receivers is None:
        receivers = _RECEIVERS[(me, out)] = sum(
            1 << seat for seat in range(len(out)) if seat != me and not out[seat]
        )
    payers = 0
    for slot, value in enumerate(state.counters[me]):
        if value > low:
            payers |= 1 << slot
    return receivers, payers


_RECEIVERS: dict[tuple[int, tuple[bool, ...]], int] = {}
"""Per seat and outs, the other seats still in as bits (at most 5 * 2**5 entries)."""

_BITS: dict[tuple[int, ...], int] = {}
"""Per row of attributes, the attributes as bits (a few hundred rows at most)."""


def _bits(row: tuple[int, ...]) -> int:
    found = _BITS.get(row)
    if found is None:
        found = _BITS[row] = sum(1 << a for a in set(row))
    return found


def turn_actions(state: VsState) -> tuple[VsAction, ...]:
    """The turn's actions: the draw (`TOC-VS2-030`: not from an empty deck), the gifts
    (`TOC-VS2-028`) and the declarations (`TOC-VS2-029`), in that order."""
    me = state.turn
    receivers, payers = _masks(state, me)
    hand = state.hands[me]
    out: list[VsAction] = [DRAW] if state.deck else []
    if receivers and payers and hand:
        rows = _give_rows(state, receivers, payers)
        first = _first_items(state.table)
        for item in sorted(hand):
            if first is not None and first[item] not in hand:
                continue  # the rule reads an id as its first item (turn.reason)
            out += rows[item]
    out += declarations(state, me, receivers, payers)
    return tuple(out)


def _first_items(table: VsTable) -> tuple[int, ...] | None:
    """Per item, the first item of its id (``item_ids.index``); ``None`` when every id is one item's."""
    try:
        found: tuple[int, ...] | None = table._memo["vs.first items"]
    except KeyError:
        ids = table.item_ids
        first = tuple(ids.index(i) for i in ids)
        found = table._memo["vs.first items"] = None if first == tuple(range(len(ids))) else first
    return found


def _give_rows(state: VsState, receivers: int, payers: int) -> tuple[tuple[Give, ...], ...]:
    """Per item, its gifts to ``receivers`` paid from ``payers``: receiver by receiver, counter by
    counter."""
    rows = _table_dict(state.table, ("vs.gives", state.players))
    key = receivers << 8 | payers
    found: tuple[tuple[Give, ...], ...] | None = rows.get(key)
    if found is None:
        records = _records(state)[0]
        to_list = [to for to in range(state.players) if receivers >> to & 1]
        pay_list = [pay for pay in range(state.slots()) if payers >> pay & 1]
        found = rows[key] = tuple(
            tuple(gives[to][pay] for to in to_list for pay in pay_list) for gives in records
        )
    return found


_Records = tuple[
    tuple[tuple[tuple[Give, ...], ...], ...],  # [item][to][pay]
    tuple[tuple[tuple[Declare, ...], ...], ...],  # [target][attribute][pay]
]


def _records(state: VsState) -> _Records:
    """The Give and Declare records, one per choice, shared by every state of this card set and
    player count (kept on its VS table): a turn lists dozens, so making them afresh for each
    state cost a sixth of a step (issue 13)."""
    memo = state.table._memo
    key = ("records", state.players)
    found: _Records | None = memo.get(key)
    if found is None:
        n, k = state.players, state.slots()
        gives = tuple(
            tuple(tuple(Give(item=item_id, to=to, pay=pay) for pay in range(k)) for to in range(n))
            for item_id in state.table.item_ids
        )
        declares = tuple(
            tuple(tuple(Declare(target=t, attribute=x, pay=pay) for pay in range(k)) for x in LETTERS)
            for t in range(n)
        )
        found = memo[key] = (gives, declares)
    return found


def declarations(
    state: VsState, me: int | None = None, receivers: int = -1, payers: int = -1
) -> tuple[Declare, ...]:
    """The declarations open to the decider (``me``, whose masks may be given), under `TOC-VS2-029`
    (declare.reason): to another player still in, within the limit, paying 1 from a counter above
    the low end, naming no attribute of one's own (unless ``own_attribute_bluff``) nor one face up."""
    if me is None:
        me = state.decider()
        if me is None:
            return ()
    if state.declare_when == "own_turn" and state.phase != "turn":
        return ()
    if state.declarations[me] >= declaration_limit(state.players):
        return ()
    if receivers < 0:
        receivers, payers = _masks(state, me)
    if not payers or not receivers:
        return ()
    barred = 0 if state.own_attribute_bluff else _bits(state.attributes[me])
    revealed = state.revealed
    if any(map(any, revealed)):  # mostly nothing lies face up: no walk over every counter
        for row, up in zip(state.attributes, revealed, strict=True):
            for a, shown in zip(row, up, strict=True):
                if shown:
                    barred |= 1 << a
    rows = _table_dict(state.table, ("vs.declares", state.players))
    key = (barred << 8 | receivers) << 8 | payers
    found: tuple[Declare, ...] | None = rows.get(key)
    if found is None:
        declares = _records(state)[1]
        letters = [a for a in range(len(LETTERS)) if not barred >> a & 1]
        pay_list = [pay for pay in range(state.slots()) if payers >> pay & 1]
        found = rows[key] = tuple(
            declares[target][a][pay]
            for target in range(state.players)
            if receivers >> target & 1
            for a in letters
            for pay in pay_list
        )
    return found


def adjusts(state: VsState, player: int) -> tuple[Adjust, ...]:
    """``player``'s adjustments (`TOC-VS2-027`): :func:`.turn.adjust_choices` depends on the
    player's counters and the card's values on the player's attributes alone (the bounds are the
    table's), so the list is kept per those."""
    vs = state.source_vs()
    counters = state.counters[player]
    key = (counters, tuple(map(vs.__getitem__, state.attributes[player])))
    shared = _table_dict(state.table, "adjusts")
    found: tuple[Adjust, ...] | None = shared.get(key)
    if found is None:
        one = _table_dict(state.table, "adjust")
        made = []
        for deltas in turn.adjust_choices(state, player):
            record = one.get(deltas)
            if record is None:
                record = one[deltas] = Adjust(deltas=deltas)
            made.append(record)
        found = shared[key] = tuple(made)
    return found


def subtracts(state: VsState) -> tuple[Subtract, ...]:
    """The extra rule's payments (`TOC-VS2-032`), one record per choice."""
    shared = _table_dict(state.table, "subtract")
    made = []
    for amounts in end.subtract_choices(state):
        record = shared.get(amounts)
        if record is None:
            record = shared[amounts] = Subtract(amounts=amounts)
        made.append(record)
    return tuple(made)
