"""The structure behind the playout speed of issue 13 (second round): what an action rebuilds,
and which records successive states share. Rates are measured in bench/, not here; these
tests pin the causes, so a change that brings a cost back fails.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.tower.vs import state as vs_state
from chaos_tower.tower.vs.state import VsState, evolve

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")


@contextmanager
def _counting(cls: type[Any]) -> Iterator[list[int]]:
    """Count the calls of ``cls.__init__`` (subclasses included) inside the block, and for the
    VS state, of the draft's copier and the updater, which fill a new state slot by slot
    without ``__init__`` (kernel.records, issue 27)."""
    calls = [0]
    original = cls.__init__

    def counted(self: Any, *args: Any, **kwargs: Any) -> None:
        calls[0] += 1
        original(self, *args, **kwargs)

    fillers = ("_copy", "_update") if cls is VsState else ()
    kept = {name: getattr(vs_state, name) for name in fillers}

    def filling(fill: Any) -> Any:
        def counted_fill(*args: Any) -> Any:
            calls[0] += 1
            return fill(*args)

        return counted_fill

    cls.__init__ = counted
    for name, fill in kept.items():
        setattr(vs_state, name, filling(fill))
    try:
        yield calls
    finally:
        cls.__init__ = original
        for name, fill in kept.items():
            setattr(vs_state, name, fill)


def _random_states(cards: Any, steps: int, **options: Any) -> Iterator[tuple[Any, Any]]:
    """``steps`` (state, random legal action) pairs, a new game (the next seed) after each end."""
    rng = random.Random(steps)
    seed = 1
    state = ct.new_game(cards, seed=seed, **options)
    for _ in range(steps):
        actions = ct.legal_actions(state)
        if not actions:
            seed += 1
            state = ct.new_game(cards, seed=seed, **options)
            actions = ct.legal_actions(state)
        action = rng.choice(actions)
        yield state, action
        state = ct.apply(state, action)


@pytest.mark.parametrize("players", [2, 5])
def test_a_vs_action_builds_one_working_copy_and_one_new_state(players: int) -> None:
    """Issue 13: a VS action used to rebuild the 28-field state about five times (each rule
    helper through attrs.evolve, then the count and the events), a third of a step. Now the
    rules change one working copy (state.VsDraft), which becomes the new state: one
    construction per action, whatever the action (draw, gift, adjustment, declaration, the end)."""
    seen = 0
    for before, action in _random_states(TOWER, 300, mode="vs", players=players, max_actions=60):
        kept = ct.dumps(before)
        with _counting(VsState) as calls:
            after = ct.apply(before, action)
        assert calls[0] == 1, (action, calls[0])
        assert type(after) is VsState  # no longer a working copy: evolve makes a new state
        assert evolve(after, round=after.round + 1) is not after
        assert ct.dumps(before) == kept  # the state given is untouched
        seen += 1
    assert seen == 300


@pytest.mark.parametrize(
    ("cards", "options"),
    [
        (TOWER, {"mode": "vs", "players": 2}),
        (TOWER, {"mode": "vs", "players": 5}),
        (CREST, {"players": 2}),
        (CREST, {"players": 6}),
    ],
    ids=["vs2", "vs5", "crest2", "crest6"],
)
def test_listed_action_records_are_shared_between_states(cards: Any, options: dict[str, Any]) -> None:
    """Issue 13: VS's Give, Declare, Adjust, Subtract and Draw records and Crest's Place, Wear,
    Cast, Use, Recover and Done records were made afresh for every state (only Crest discards were
    shared), so each retained state's cached legal list held its own copies. Now one record per
    choice is kept per card set: two states listing the same choice list the very same record."""
    first: dict[Any, Any] = {}
    listed = 0
    for before, _ in _random_states(cards, 400, **options):
        for action in ct.legal_actions(before):
            known = first.setdefault(action, action)
            if known is not action:
                pytest.fail(f"{action} listed twice as two records")
            listed += 1
    assert listed > len(first) * 2  # the same choices came back many times


def test_a_crest_action_copies_only_the_parts_it_touches() -> None:
    """Issue 13: Crest copied every seat's hand, marks and statuses into lists before each
    action and froze them back after it (a third of a step). The working copy now takes a part
    from the state on first use only: a fresh one holds none, and the end of a beast phase
    that only passes the turn leaves the hands of the seats that did not refill alone."""
    from chaos_tower.crest.change import begin

    state = ct.new_game(CREST, players=6, seed=2)
    work = begin(state)
    parts = ("hp", "alive", "hands", "marks", "rings", "statuses", "deck", "discard")
    assert all(work.copied(name) is None for name in parts)
    assert work.hands == list(state.hands)  # copied when asked for, each row on its first change
    assert work.hand(0) == list(state.hands[0]) and work.hands[1] is state.hands[1]
    assert work.copied("hands") is work.hands
    with pytest.raises(AttributeError):
        _ = work.no_such_part  # type: ignore[attr-defined]
    for before, action in _random_states(CREST, 400, players=6):
        after = ct.apply(before, action)
        assert after.marks is before.marks or after.marks != before.marks
        assert after.statuses is before.statuses or after.statuses != before.statuses
        for seat in range(before.players):
            if after.hands[seat] == before.hands[seat]:
                assert after.hands[seat] is before.hands[seat]



def _events_of(cards: Any, steps: int) -> list[Any]:
    pairs = _random_states(cards, steps, players=3)
    return [event for before, action in pairs for event in ct.apply(before, action).events]


def test_recurring_crest_events_are_one_record() -> None:
    """Issue 13: events and their texts were about 0.45 KB of each retained Crest state, most of
    them word for word the same as earlier ones (a seat's turn, its beast phase, a refill). Equal
    events are now one record per card set, so retained states share them."""
    events = _events_of(ct.load_cardset(game="crest"), 300)  # a fresh card-set object
    first: dict[Any, Any] = {}
    for event in events:
        assert first.setdefault(event, event) is event
    assert len(events) > 2 * len(first)  # many events recurred


def test_the_shared_crest_events_are_capped_and_read_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13: texts with running values (HP, damage) make new events without end, so at most
    ``_EVENTS_KEPT`` are kept per card set; past that, events are made afresh. Either way the
    same game gives equal events that print alike (goldens store ``str(event)``)."""
    from chaos_tower.crest import change as work

    plain = [str(e) for e in _events_of(ct.load_cardset(game="crest"), 300)]
    capped_cards = ct.load_cardset(game="crest")
    monkeypatch.setattr(work, "_EVENTS_KEPT", 50)
    capped = _events_of(capped_cards, 300)
    assert len(capped_cards._memo["crest.events"]) == 50
    assert [str(e) for e in capped] == plain
