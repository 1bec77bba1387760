"""A turn: draw a chaos card or give an item, then the adjustments (`TOC-VS2-026` to `TOC-VS2-028`,
`TOC-VS3-046` to `TOC-VS3-048`).

Who adjusts after a draw is an option, ``adjust_after_draw`` (see the reading
of `TOC-VS2-027`). By default (``"drawer"``) only the drawer: the clause's
options are each for 自分のelement, one's own element, and the gift clause names
its receiver explicitly, so the player who takes the card is the one who
applies it. With ``"all"``, every player still in adjusts, the drawer first and
then the others in play order, reading 1枚引くごとに as "with each card drawn
at the table"; then every player answers, also one whose attributes the card
does not list, so being asked says nothing about what one holds.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable

from ...kernel.events import Event, Reason
from ..vocabulary import LETTERS
from . import end, knowledge
from .actions import Adjust, Draw, Give
from .rules import KEPT, events_of, make_event, pay_one, rule, seats_from, with_counters
from .state import Gift, VsDraft, VsState, VsTable

__all__ = ["adjust", "adjust_choices", "adjust_options", "draw", "give", "reason"]


@functools.lru_cache(maxsize=8192)
def adjust_options(counter: int, value: int, low: int, high: int) -> tuple[int, ...]:
    """The changes allowed to one counter for a card's VS value on its attribute (`TOC-VS2-027`).

    Positive: add the same amount (up to ``high``), nothing, or subtract any amount;
    zero: nothing or subtract any amount; negative: subtract any amount, at least 1,
    except that a counter already at ``low`` stays there. Counters never leave
    ``low..high``. Returned as changes, smallest first. A pure function of four small
    integers, so each answer is kept (issue 27: it was a tenth of a VS search).
    """
    losses = [-k for k in range(counter - low, 0, -1)]
    if value > 0:
        gain = min(value, high - counter)
        return tuple(sorted({*losses, 0, gain}))
    if value == 0 or counter == low:
        return (*losses, 0)
    return tuple(losses)


def adjust_choices(state: VsState, player: int) -> tuple[tuple[int, ...], ...]:
    """Every allowed :class:`Adjust` for ``player`` on the card being applied (`TOC-VS2-027`,
    `TOC-VS3-047`): one change per counter, each chosen by the card's value on that counter's attribute."""
    vs = state.source_vs()
    low, high = state.table.low, state.table.high
    per_slot = [
        adjust_options(c, vs[a], low, high)
        for c, a in zip(state.counters[player], state.attributes[player], strict=True)
    ]
    return tuple(itertools.product(*per_slot))


def reason(state: VsState, action: Draw | Give | Adjust) -> Reason:
    """Why the action is not allowed now, as (rule, message), or ``None``."""
    me = state.decider()
    if isinstance(action, Adjust):
        if state.phase != "adjust":
            return rule(state, 27), "nothing is being adjusted now"
        if action.deltas not in adjust_choices(state, me if me is not None else 0):
            return rule(state, 27), f"the card {state.source_name()} does not allow those changes"
        return None
    if state.phase != "turn":
        return rule(state, 26), "a draw or a gift is made on one's turn, before anything else is pending"
    if isinstance(action, Draw):
        if not state.deck:
            return rule(state, 30), "the chaos deck is empty"
        return None
    item = state.table.item_ids.index(action.item)
    if item not in state.hands[state.turn]:
        return rule(state, 28), f"{action.item} is not in player {state.turn}'s hand"
    if action.to == state.turn or state.out[action.to]:
        return rule(state, 28), f"an item is handed to another player still in, not to {action.to}"
    if state.counters[state.turn][action.pay] <= state.table.low:
        return rule(state, 28), f"counter {action.pay} is at {state.table.low} and cannot pay 1"
    return None


def draw(work: VsDraft, events: list[Event]) -> None:
    """Draw the top card, show it, and ask the drawer to adjust, or with ``adjust_after_draw="all"``
    every player still in, the drawer first (`TOC-VS2-027`, `TOC-VS3-047`)."""
    card, deck = work.deck[0], work.deck[1:]
    rule_id, turn = rule(work, 27), work.turn
    records = events_of(work.table)
    key = ("draw", rule_id, turn, card, len(deck))
    found = records.get(key)
    if found is None:
        vs = work.table.chaos_vs[card]
        shown = " ".join(f"{LETTERS[i]}{v:+d}" for i, v in enumerate(vs) if v) or "no VS value"
        found = make_event(
            rule=rule_id,
            kind="draw",
            text=f"player {turn} draws {work.table.chaos_names[card]} ({shown}); {len(deck)} left",
            amount=card,
        )
        if len(records) < KEPT:
            records[key] = found
    events.append(found)
    work.deck = deck
    work.drawn = (*work.drawn, card)
    work.phase = "adjust"
    work.queue = seats_from(work, turn) if work.adjust_after_draw == "all" else (turn,)
    work.source = card


def give(work: VsDraft, action: Give, events: list[Event]) -> None:
    """Hand an item over, paying 1; the receiver adjusts by its VS value (`TOC-VS2-028`, `TOC-VS3-048`).

    The item is then out of play, face up with the drawn cards: handed back and forth
    it could be applied without end, and the clause speaks of using it.
    """
    giver, to = work.turn, action.to
    table = work.table
    item = _item_numbers(table)[action.item]
    pay_one(work, giver, action.pay, 28, "gift", events)
    hands = list(work.hands)
    hands[giver] = tuple(i for i in hands[giver] if i != item)
    rule_id = rule(work, 28)
    gifts: dict[Hashable, tuple[Event, Gift]] = _shared_gifts(table)
    key = (rule_id, giver, item, to)
    found = gifts.get(key)
    if found is None:
        # The event and the record of one gift: a few hundred per card set at most, all kept.
        found = gifts[key] = (
            make_event(
                rule=rule_id,
                kind="give",
                text=f"player {giver} gives {table.item_names[item]} to player {to}",
                amount=item,
            ),
            Gift(giver=giver, recipient=to, item=item),
        )
    event, gift = found
    events.append(event)
    work.hands = tuple(hands)
    work.gifts = (*work.gifts, gift)
    end.settle(work, events)
    if work.phase == "over":
        return
    if work.out[to]:
        end.end_turn(work, events)
        return
    work.phase = "adjust"
    work.queue = (to,)
    work.source = -1 - item


def _shared_gifts(table: VsTable) -> dict[Hashable, tuple[Event, Gift]]:
    try:
        found: dict[Hashable, tuple[Event, Gift]] = table._memo["vs.gifts"]
    except KeyError:
        found = table._memo["vs.gifts"] = {}
    return found


def _item_numbers(table: VsTable) -> dict[str, int]:
    """Each item id's number, its first place in ``item_ids`` (``item_ids.index``), kept on the table."""
    try:
        found: dict[str, int] = table._memo["vs.item numbers"]
    except KeyError:
        ids = table.item_ids
        found = table._memo["vs.item numbers"] = {i: ids.index(i) for i in ids}
    return found


def adjust(work: VsDraft, action: Adjust, events: list[Event]) -> None:
    """Apply one player's adjustment; when nobody is left to adjust, the turn ends."""
    queue = work.queue
    player, source, deltas = queue[0], work.source, action.deltas
    old = work.counters[player]
    shared = _shared_adjustments(work.table)
    key = (work.players == 2, player, source, deltas, old)
    found = shared.get(key)
    if found is None:
        found = _adjustment(work, player, deltas, old)
        if len(shared) < KEPT:
            shared[key] = found
    event, learnt, values = found
    events.append(event)
    knowledge.narrow(work, player, learnt)
    with_counters(work, player, values)
    work.queue = queue[1:]
    end.settle(work, events)
    if work.phase == "over" or work.queue:
        return
    work.source = -1
    end.end_turn(work, events)


_Adjustment = tuple[Event, tuple[int, ...], tuple[int, ...]]


def _shared_adjustments(table: VsTable) -> dict[Hashable, _Adjustment]:
    try:
        found: dict[Hashable, _Adjustment] = table._memo["vs.adjustments"]
    except KeyError:
        found = table._memo["vs.adjustments"] = {}
    return found


def _adjustment(work: VsDraft, player: int, deltas: tuple[int, ...], old: tuple[int, ...]) -> _Adjustment:
    """An adjustment's event, what it shows (:func:`_learn`) and the counters after: a function of
    the seat, the card, the changes and the counters before (with the player count, for the rule
    IDs), so kept per those on the card set's VS table (issue 27)."""
    values = tuple(c + d for c, d in zip(old, deltas, strict=True))
    changes = ", ".join(
        f"counter {i} {d:+d} to {v}" for i, (d, v) in enumerate(zip(deltas, values, strict=True))
    )
    event = make_event(
        rule=rule(work, 28 if work.source < 0 else 27),
        kind="adjust",
        text=f"player {player} adjusts for {work.source_name()}: {changes}",
        amount=sum(deltas),
    )
    return event, _learn(work, old, deltas), values


def _learn(work: VsState, old: tuple[int, ...], deltas: tuple[int, ...]) -> tuple[int, ...]:
    """What everyone learns from an adjustment of counters at ``old`` by ``deltas`` (:mod:`.knowledge`):
    each counter stands for an attribute whose value on the card allows the change seen
    (`TOC-VS2-027`, `TOC-VS3-047`); per counter, those attributes as bits."""
    vs, low, high = work.source_vs(), work.table.low, work.table.high
    return tuple(_allowing(vs, c, d, low, high) for c, d in zip(old, deltas, strict=True))


@functools.lru_cache(maxsize=65536)
def _allowing(vs: tuple[int, ...], counter: int, delta: int, low: int, high: int) -> int:
    """The attributes (bit ``1 << a``) whose value on a card allows ``delta`` to a counter at
    ``counter``; kept per answer, as :func:`adjust_options` is."""
    return sum(1 << a for a, v in enumerate(vs) if delta in adjust_options(counter, v, low, high))
