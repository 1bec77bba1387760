"""Hand-built VS positions for the scenario tests."""

from __future__ import annotations

from typing import Any

import attrs

import chaos_tower as ct
from chaos_tower.tower.vs import VsState, new_game

CARDS = ct.load_cardset()
LETTERS = "GWVSD"


ALL = "all"
"""The scenarios were written with every player adjusting after a draw (the option
adjust_after_draw="all", TOC-VS2-027); tests of the default reading pass "drawer"."""


def game(players: int = 2, seed: int = 0, extra_rule: bool = False, **options: Any) -> VsState:
    """A fresh VS game (``options``: the VS readings, every player adjusting unless said)."""
    options.setdefault("adjust_after_draw", ALL)
    return new_game(CARDS, players=players, seed=seed, extra_rule=extra_rule, **options)


def chaos(card_id: str) -> int:
    """A chaos card's number in the VS table."""
    return game().table.chaos_ids.index(card_id)


def item(item_id: str) -> int:
    """An item's number in the VS table."""
    return game().table.item_ids.index(item_id)


def vs_of(card_id: str) -> dict[str, int]:
    """A card's VS value read straight from the card set (not from the engine's table)."""
    card = CARDS.by_id(card_id)
    values = card.vs  # type: ignore[union-attr]
    return {letter: getattr(values, letter) for letter in LETTERS}


def rigged(
    players: int,
    attributes: list[str],
    *,
    top: list[str] | None = None,
    counters: list[tuple[int, ...]] | None = None,
    turn: int = 0,
    extra_rule: bool = False,
    adjust_after_draw: str = ALL,
    **changes: Any,
) -> VsState:
    """A game whose deal is fixed: ``attributes`` gives each seat's letters ("GW", "V", …);
    ``top`` puts those chaos cards on top of the deck, in order."""
    state = game(players, extra_rule=extra_rule, adjust_after_draw=adjust_after_draw)
    attrs_ = tuple(tuple(LETTERS.index(x) for x in word) for word in attributes)
    held = {a for row in attrs_ for a in row}
    deck = state.deck
    if top is not None:
        first = tuple(chaos(c) for c in top)
        deck = first + tuple(c for c in deck if c not in first)
    values = tuple(counters) if counters is not None else state.counters
    return attrs.evolve(
        state,
        attributes=attrs_,
        leftover=tuple(a for a in range(5) if a not in held),
        deck=deck,
        counters=values,
        turn=turn,
        first=turn,
        events=(),
        **changes,
    )


def play(state: VsState, *texts: str) -> VsState:
    """Apply actions given as text, each parsed against the position it is played in."""
    for text in texts:
        state = ct.apply(state, ct.parse_action(state, text))
    return state


def quiet_turn(state: VsState) -> VsState:
    """The turn player draws; everyone makes the smallest change allowed."""
    state = ct.apply(state, ct.Draw())
    while state.phase == "adjust":
        options = ct.legal_actions(state)
        state = ct.apply(state, min(options, key=lambda a: sum(abs(d) for d in a.deltas)))  # type: ignore[attr-defined]
    return state
