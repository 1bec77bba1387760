"""The structure behind the VS speed of issue 27 (third round): what an action writes, and which
records every state of a card set shares. Rates are measured in bench/ (bench_modes.py,
bench_search.py); these tests pin the causes, so a change that brings a cost back fails, and they
check that the shared records change nothing a game shows.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.tower.vs import determinize, end, rules, turn
from chaos_tower.tower.vs.state import VsDraft, VsState, compile_table, draft, freeze

CARDS = ct.load_cardset()
_OPTIONS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 2, "extra_rule": True, "declare_when": "any_time", "adjust_after_draw": "all"},
    {"players": 3, "own_attribute_bluff": True},
    {"players": 5},
    {"players": 5, "extra_rule": True, "declare_when": "any_time"},
]
_IDS = ["-".join(f"{k}={v}" for k, v in o.items()) for o in _OPTIONS]


def _games(options: dict[str, Any], actions: int, seed: int = 0) -> str:
    """A digest of random games: every state's save, events, legal actions, and a world drawn
    for the player to move."""
    rng = random.Random(seed)
    digest = hashlib.sha256()
    game = seed * 1000
    state = ct.new_game(CARDS, mode="vs", seed=game, max_actions=120, **options)
    for number in range(actions):
        legal = ct.legal_actions(state)
        events = [(e.rule, e.kind, e.text, e.amount) for e in state.events]
        digest.update(repr((ct.dumps(state), events, legal)).encode())
        if legal and number % 5 == 0:
            digest.update(ct.dumps(ct.determinize(state, ct.current_player(state), number)).encode())
        if not legal:
            game += 1
            state = ct.new_game(CARDS, mode="vs", seed=game, max_actions=120, **options)
            continue
        state = ct.apply(state, rng.choice(legal))
    return digest.hexdigest()


def test_a_draft_is_written_as_plain_slots_and_its_state_is_frozen() -> None:
    """Issue 27: the rules change an action's draft field by field. Through a state's frozen
    ``__setattr__`` (or ``object.__setattr__`` by name) a change cost 130 to 250 ns; a draft
    whose ``__setattr__`` and ``__delattr__`` are both object's own is written as plain slots
    (about 20 ns). The state it becomes is frozen again."""
    assert VsDraft.__dict__["__setattr__"] is object.__setattr__
    assert VsDraft.__dict__["__delattr__"] is object.__delattr__
    state = ct.new_game(CARDS, mode="vs", players=2, seed=3)
    work = draft(state)
    assert type(work) is VsDraft
    for field in attrs.fields(VsState):
        if field.init:
            assert getattr(work, field.name) is getattr(state, field.name), field.name
    work.round = 2
    frozen = freeze(work)
    assert type(frozen) is VsState and frozen.round == 2 and state.round == 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        frozen.round = 3  # type: ignore[misc]


@pytest.mark.parametrize("options", _OPTIONS, ids=_IDS)
def test_equal_events_are_one_record_of_the_card_set(options: dict[str, Any]) -> None:
    """Issue 27: an action's events were made, and their texts formatted, afresh (two or three per
    action, about a sixth of it). Equal events of a draw, a gift, a payment, an adjustment, a
    declaration, a new turn and the deal are now one record, kept on the card set's VS table."""
    first: dict[tuple[Any, ...], Any] = {}
    shared = {"draw", "give", "pay", "adjust", "declare", "turn"}
    shared |= {"deal", "counters", "items", "deck", "order", "end"}
    rng = random.Random(1)
    state = ct.new_game(CARDS, mode="vs", seed=1, **options)
    seen = 0
    for game in range(60):
        while not ct.is_terminal(state):
            for event in state.events:
                if event.kind in shared:
                    known = first.setdefault((event.rule, event.kind, event.text, event.amount), event)
                    assert known is event, event
                    seen += 1
            state = ct.apply(state, rng.choice(ct.legal_actions(state)))
        state = ct.new_game(CARDS, mode="vs", seed=game + 2, **options)
    assert seen > len(first) * 2  # the same events came back many times


@pytest.mark.parametrize("options", _OPTIONS, ids=_IDS)
def test_the_shared_records_change_nothing_a_game_shows(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27: the same games, saves, events, legal lists and worlds whether the events,
    adjustments and fitting permutations are shared (kept on the VS table) or made afresh (the
    caps at zero: past the cap nothing more is kept)."""
    kept = _games(options, 400)
    for module in (rules, turn, end):
        monkeypatch.setattr(module, "KEPT", 0)
    monkeypatch.setattr(determinize, "_FITS_KEPT", 0)
    compile_table(CARDS)._memo.clear()
    try:
        assert _games(options, 400) == kept
        memo = compile_table(CARDS)._memo
        for key in ("vs.events", "vs.adjustments", "vs.fits"):
            assert not memo.get(key), key  # made afresh, none kept
    finally:
        compile_table(CARDS)._memo.clear()
