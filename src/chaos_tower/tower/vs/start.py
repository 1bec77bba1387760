"""Setting up a VS game: attributes, counters, items, the chaos deck and the order of play.

Two players: `TOC-VS2-020` to `TOC-VS2-025`; three to five: `TOC-VS3-040` to
`TOC-VS3-045`. Every random choice comes from the seed, through the game's own
SplitMix64 state (:mod:`chaos_tower.kernel.rng`).
"""

from __future__ import annotations

import functools
from typing import Any

from ...kernel import rng
from ...kernel.errors import CardSetError, Problem
from ...kernel.events import Event
from ...kernel.options import Options
from ...kernel.records import maker
from ..cards import TowerCardSet
from . import knowledge
from .rules import shared
from .state import NO_MORE, Adjusters, DeclareWhen, VsState, VsTable, compile_table

__all__ = ["declaration_limit", "new_game"]


def declaration_limit(players: int) -> int:
    """Declarations allowed per player: 2 with two players (`TOC-VS2-029`), 2 with three and
    3 with four or five (`TOC-VS3-049`)."""
    return 2 if players <= 3 else 3


def new_game(
    cards: TowerCardSet,
    *,
    players: int,
    seed: int = 0,
    extra_rule: bool = False,
    max_actions: int | None = None,
    adjust_after_draw: Adjusters = "drawer",
    declare_when: DeclareWhen = "own_turn",
    own_attribute_bluff: bool = False,
    more: Options | None = None,
) -> VsState:
    """A VS game for ``players`` (2 to 5) set up from ``seed``; the last three are the readings of
    `TOC-VS2-027` and `TOC-VS2-029` (see :data:`chaos_tower.tower.vs.front.OPTIONS`)."""
    if not (isinstance(players, int) and not isinstance(players, bool) and 2 <= players <= 5):
        raise ValueError(f"the VS modes are for 2 to 5 players, not {players!r}")
    if max_actions is not None and max_actions < 1:
        raise ValueError("max_actions must be at least 1")
    table = compile_table(cards)
    two = players == 2
    state = rng.seed_state(seed)
    # TOC-VS2-020 / TOC-VS3-040: the attributes at random, two each (one each for 3-5); the
    # rest hidden from everybody. Dealt in a random order, which is the counters' order on the table.
    per = 2 if two else 1
    attrs_order, state = rng.shuffle(range(5), state)
    attributes: tuple[tuple[int, ...], ...]
    if two:
        attributes = ((attrs_order[0], attrs_order[1]), (attrs_order[2], attrs_order[3]))
    else:
        attributes = tuple((a,) for a in attrs_order[:players])
    leftover = tuple(sorted(attrs_order[players * per :]))
    # TOC-VS2-021/022, TOC-VS3-041/042: one step r card per attribute, set at 4 (8 with the extra rule,
    # TOC-VS2-032 / TOC-VS3-052).
    start = table.high if extra_rule else table.start
    if start <= table.low:
        # Loaded sets are refused by the set check; one built in code skips it. At the least
        # every player would have lost before the first turn (TOC-VS2-031, TOC-VS3-051).
        field = "element.max" if extra_rule else "start_element"
        raise CardSetError(
            [
                Problem(
                    file=f"card set {cards.header.name!r}",
                    line=0,
                    column=0,
                    path=f"sheet.{field}",
                    code="out-of-bounds",
                    message=f"the VS counters would start at {start}, the least element: "
                    "every player would have lost before the first turn "
                    + ("(TOC-VS2-031)" if two else "(TOC-VS3-051)"),
                )
            ]
        )
    # TOC-VS2-023 / TOC-VS3-043: the normal and rare items at random, in equal shares; the rest unused.
    items, state = rng.shuffle(range(len(table.item_ids)), state)
    share = len(items) // players
    hands = tuple(tuple(sorted(items[p * share : (p + 1) * share])) for p in range(players))
    unused = tuple(sorted(items[players * share :]))
    # TOC-VS2-024 / TOC-VS3-044: the chaos cards shuffled, face down.
    deck, state = rng.shuffle(range(len(table.chaos_ids)), state)
    # TOC-VS2-025 / TOC-VS3-045: the seed picks who begins; play goes round the seats in order.
    order, state = rng.shuffle(range(players), state)
    first = order[0]
    blank = _blank(players, per, start)
    return _make(
        table=table,
        seed=seed,
        rng=state,
        players=players,
        extra_rule=extra_rule,
        first=first,
        attributes=attributes,
        leftover=leftover,
        counters=blank[0],
        revealed=blank[1],
        possible=blank[2],
        declarations=blank[3],
        out=blank[4],
        hands=hands,
        unused=unused,
        deck=deck,
        turn=first,
        max_actions=max_actions,
        adjust_after_draw=adjust_after_draw,
        declare_when=declare_when,
        own_attribute_bluff=own_attribute_bluff,
        more=more if more is not None else NO_MORE,
        events=_deal_events(
            table, players, extra_rule, first, len(leftover), start, share, len(unused), len(deck)
        ),
    )


_make = maker(VsState)


@functools.lru_cache(maxsize=64)
def _blank(players: int, per: int, start: int) -> tuple[Any, ...]:
    """The counters, face-up marks, knowledge, declarations and outs at the deal (one record for
    every game of this size: all are tuples)."""
    return (
        tuple((start,) * per for _ in range(players)),
        tuple((False,) * per for _ in range(players)),
        knowledge.start(players, per),
        (0,) * players,
        (False,) * players,
    )


def _deal_events(
    table: VsTable,
    players: int,
    extra_rule: bool,
    first: int,
    leftover: int,
    start: int,
    share: int,
    unused: int,
    deck: int,
) -> tuple[Event, ...]:
    """The deal's events: the same for every game of this card set, size, extra rule and first
    player, so made once (kept on the table)."""
    key = ("vs.deal", players, extra_rule, first, leftover, start, share, unused, deck)
    found: tuple[Event, ...] | None = table._memo.get(key)
    if found is not None:
        return found
    two = players == 2
    per = 2 if two else 1
    counters_rule = (
        ("TOC-VS2-032" if two else "TOC-VS3-052") if extra_rule else ("TOC-VS2-022" if two else "TOC-VS3-042")
    )
    deal, items, deck_rule, order = (
        ("TOC-VS2-020", "TOC-VS2-023", "TOC-VS2-024", "TOC-VS2-025")
        if two
        else ("TOC-VS3-040", "TOC-VS3-043", "TOC-VS3-044", "TOC-VS3-045")
    )
    found = table._memo[key] = (
        shared(
            table,
            ("deal", deal, per, leftover),
            lambda: Event(
                rule=deal,
                kind="deal",
                text=f"{per} attribute(s) dealt to each player, {leftover} kept hidden",
            ),
        ),
        shared(
            table,
            ("counters", counters_rule, start),
            lambda: Event(
                rule=counters_rule, kind="counters", text=f"every step r card set at {start}", amount=start
            ),
        ),
        shared(
            table,
            ("items", items, share, unused),
            lambda: Event(
                rule=items, kind="items", text=f"{share} item(s) dealt to each player, {unused} unused"
            ),
        ),
        shared(
            table,
            ("deck", deck_rule, deck),
            lambda: Event(
                rule=deck_rule, kind="deck", text=f"{deck} chaos cards shuffled face down", amount=deck
            ),
        ),
        shared(
            table,
            ("order", order, first),
            lambda: Event(
                rule=order, kind="order", text=f"player {first} begins; then seats in order", amount=first
            ),
        ),
    )
    return found
