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

from ...kernel.events import Event, Reason
from ..vocabulary import LETTERS
from . import end, knowledge
from .actions import Adjust, Draw, Give
from .rules import pay_one, rule, seats_from, with_counters
from .state import Gift, VsState, evolve

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


def draw(state: VsState, events: list[Event]) -> VsState:
    """Draw the top card, show it, and ask the drawer to adjust, or with ``adjust_after_draw="all"``
    every player still in, the drawer first (`TOC-VS2-027`, `TOC-VS3-047`)."""
    card, deck = state.deck[0], state.deck[1:]
    vs = state.table.chaos_vs[card]
    shown = " ".join(f"{LETTERS[i]}{v:+d}" for i, v in enumerate(vs) if v) or "no VS value"
    events.append(
        Event(
            rule=rule(state, 27),
            kind="draw",
            text=f"player {state.turn} draws {state.table.chaos_names[card]} ({shown}); {len(deck)} left",
            amount=card,
        )
    )
    return evolve(
        state,
        deck=deck,
        drawn=(*state.drawn, card),
        phase="adjust",
        queue=seats_from(state, state.turn) if state.adjust_after_draw == "all" else (state.turn,),
        source=card,
    )


def give(state: VsState, action: Give, events: list[Event]) -> VsState:
    """Hand an item over, paying 1; the receiver adjusts by its VS value (`TOC-VS2-028`, `TOC-VS3-048`).

    The item is then out of play, face up with the drawn cards: handed back and forth
    it could be applied without end, and the clause speaks of using it.
    """
    giver = state.turn
    item = state.table.item_ids.index(action.item)
    state = pay_one(state, giver, action.pay, 28, "gift", events)
    hands = list(state.hands)
    hands[giver] = tuple(i for i in hands[giver] if i != item)
    events.append(
        Event(
            rule=rule(state, 28),
            kind="give",
            text=f"player {giver} gives {state.table.item_names[item]} to player {action.to}",
            amount=item,
        )
    )
    state = evolve(
        state,
        hands=tuple(hands),
        gifts=(*state.gifts, Gift(giver=giver, recipient=action.to, item=item)),
    )
    state = end.settle(state, events)
    if state.phase == "over":
        return state
    if state.out[action.to]:
        return end.end_turn(state, events)
    return evolve(state, phase="adjust", queue=(action.to,), source=-1 - item)


def adjust(state: VsState, action: Adjust, events: list[Event]) -> VsState:
    """Apply one player's adjustment; when nobody is left to adjust, the turn ends."""
    player = state.queue[0]
    values = tuple(c + d for c, d in zip(state.counters[player], action.deltas, strict=True))
    changes = ", ".join(
        f"counter {i} {d:+d} to {v}" for i, (d, v) in enumerate(zip(action.deltas, values, strict=True))
    )
    events.append(
        Event(
            rule=rule(state, 28 if state.source < 0 else 27),
            kind="adjust",
            text=f"player {player} adjusts for {state.source_name()}: {changes}",
            amount=sum(action.deltas),
        )
    )
    state = with_counters(_learn(state, player, action.deltas), player, values)
    state = evolve(state, queue=state.queue[1:])
    state = end.settle(state, events)
    if state.phase == "over":
        return state
    if state.queue:
        return state
    return end.end_turn(evolve(state, source=-1), events)


def _learn(state: VsState, player: int, deltas: tuple[int, ...]) -> VsState:
    """What everyone learns from an adjustment, made on ``state`` before it (:mod:`.knowledge`):
    each counter stands for an attribute whose value on the card allows the change seen
    (`TOC-VS2-027`, `TOC-VS3-047`)."""
    vs, low, high = state.source_vs(), state.table.low, state.table.high
    masks = tuple(
        _allowing(vs, c, d, low, high) for c, d in zip(state.counters[player], deltas, strict=True)
    )
    return knowledge.narrow(state, player, masks)


@functools.lru_cache(maxsize=65536)
def _allowing(vs: tuple[int, ...], counter: int, delta: int, low: int, high: int) -> int:
    """The attributes (bit ``1 << a``) whose value on a card allows ``delta`` to a counter at
    ``counter``; kept per answer, as :func:`adjust_options` is."""
    return sum(1 << a for a, v in enumerate(vs) if delta in adjust_options(counter, v, low, high))
