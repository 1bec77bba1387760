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


def _copied_parts(state: Any, action: Any) -> set[str]:
    """The parts of the Crest working copy an action copied (its parts' descriptors, ``_Part``,
    and ``Work.__getattr__`` for a part without one)."""
    copied: set[str] = set()
    original = crest_work.Work.__getattr__
    original_get = crest_work._Part.__get__

    def counting(self: Any, name: str) -> Any:
        copied.add(name)
        return original(self, name)

    def counting_get(self: Any, work: Any, owner: Any = None) -> Any:
        if work is not None:
            copied.add(self.name)
        return original_get(self, work, owner)

    crest_work.Work.__getattr__ = counting  # type: ignore[method-assign]
    crest_work._Part.__get__ = counting_get  # type: ignore[method-assign]
    try:
        ct.apply(state, action)
    finally:
        crest_work.Work.__getattr__ = original  # type: ignore[method-assign]
        crest_work._Part.__get__ = original_get  # type: ignore[method-assign]
    return copied


def test_the_crest_working_copy_copies_a_part_on_first_use() -> None:
    """Issue 27: each part of the Crest working copy is copied once, on first use, by its
    descriptor, and then read from the copy; the state's own tuple is never changed."""
    state = ct.new_game(CREST, seed=2, players=3)
    work = crest_work.begin(state)
    assert "hands" not in work.__dict__
    hands = work.hands
    assert hands == list(state.hands) and work.hands is hands
    assert all(row is old for row, old in zip(hands, state.hands, strict=True))  # rows: by need
    work.hand(0).append(99)  # a row is copied on its first change (Work.hand), one seat at a time
    assert 99 not in state.hands[0] and 99 in work.hands[0] and work.hands[1] is state.hands[1]
    assert work.now("deck") is state.deck  # read without copying
    work.deck = []
    assert work.now("deck") == [] and work.deck == []
    parts = {n for n, v in vars(crest_work.Work).items() if type(v) is crest_work._Part}
    assert set(crest_work._COPIES) <= parts
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
