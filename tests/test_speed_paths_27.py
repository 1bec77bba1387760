"""The structure behind issue 27's gains: what an action copies, and the copier of the VS draft.

Rates are measured in bench/ (bench_search.py against the commit before the issue); these tests
pin the causes, so a change that brings a cost back fails.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.crest import change as crest_work
from chaos_tower.crest import engine as crest_engine
from chaos_tower.kernel import transition
from chaos_tower.kernel.records import copier
from chaos_tower.tower.vs.state import VsDraft, VsState, draft, evolve

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")


def test_the_copier_reads_every_init_field() -> None:
    """records.copier: the VS draft has every field of its state, and is a draft."""
    state = ct.new_game(TOWER, mode="vs", players=3, seed=4)
    copy = copier(VsState, VsDraft)(state)
    assert type(copy) is VsDraft
    for field in attrs.fields(VsState):
        if field.init:
            assert getattr(copy, field.name) is getattr(state, field.name), field.name


def test_evolve_on_a_draft_refuses_an_unknown_field() -> None:
    """A draft's evolve sets slots directly; a name that is not a field is still a TypeError."""
    work = draft(ct.new_game(TOWER, mode="vs", players=2, seed=1))
    with pytest.raises(TypeError, match="VsState has no field nosuch"):
        evolve(work, nosuch=1)


_PARTS = ("hp", "alive", "hands", "marks", "rings", "statuses", "deck", "discard", "used", "dying")
"""The parts of the Crest working copy, each copied from the state on first use."""


def _copied_parts(state: Any, action: Any) -> set[str]:
    """The parts of the Crest working copy that ``action`` copied (``Work.copied``): the action is
    played by the engine's own hooks, with a ``begin`` that keeps the working copy to look at."""
    made: list[Any] = []

    def begin(s: Any) -> Any:
        made.append(crest_work.begin(s))
        return made[-1]

    rules = attrs.evolve(crest_engine._RULES, begin=begin)
    transition.step(rules, state, action)
    (work,) = made
    return {name for name in _PARTS if work.copied(name) is not None}


def test_the_crest_working_copy_copies_a_part_on_first_use() -> None:
    """Issue 27: each part of the Crest working copy is copied once, on first use, by its
    property, and then read from the copy; the state's own tuple is never changed."""
    state = ct.new_game(CREST, seed=2, players=3)
    work = crest_work.begin(state)
    assert all(work.copied(name) is None for name in _PARTS)
    hands = work.hands
    assert hands == list(state.hands) and work.hands is hands and work.copied("hands") is hands
    assert all(row is old for row, old in zip(hands, state.hands, strict=True))  # rows: by need
    work.hand(0).append(99)  # a row is copied on its first change (Work.hand), one seat at a time
    assert 99 not in state.hands[0] and 99 in work.hands[0] and work.hands[1] is state.hands[1]
    assert work.now("deck") is state.deck  # read without copying
    work.deck = []
    assert work.now("deck") == [] and work.deck == []
    for name in _PARTS:  # every part: none until asked for, then the state's values in a list
        fresh = crest_work.begin(state)
        assert fresh.now(name) is getattr(state, name) and fresh.copied(name) is None
        old = getattr(state, name)
        expected = [[list(stack) for stack in seat] for seat in old] if name == "marks" else list(old)
        assert getattr(fresh, name) == expected
        assert fresh.copied(name) is not None
    assert _copied_parts(state, ct.legal_actions(state)[0])  # the counter sees the copies made


def test_CRD_BEAST_C_a_turn_ending_with_a_full_hand_copies_no_hand_hp_or_seats() -> None:
    """CRD-BEAST-C, CRD-DEATH-A: ending the beast phase with five cards in hand and no status
    reads the hand, HP and the living seats without copying them (the death check and the
    refill copied them on every action)."""
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        state = ct.new_game(CREST, seed=seed, players=2)
        for _ in range(200):
            legal = ct.legal_actions(state)
            if not legal:
                break
            done = next((a for a in legal if type(a) is ct.CrestDone), None)
            seat = state.seat
            if (
                state.phase == "beast"
                and done is not None
                and len(state.hands[seat]) == 5
                and not any(state.statuses[seat])
            ):
                assert not {"hands", "hp", "alive", "statuses"} & _copied_parts(state, done)
                checked += 1
            state = ct.apply(state, rng.choice(legal))
        if checked >= 5:
            return
    raise AssertionError(f"only {checked} such turn ends met")
