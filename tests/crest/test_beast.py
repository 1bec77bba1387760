"""2.(2) ② 魔物フェイズ: CRD-BEAST-A..D."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.crest.actions import Done, Recover, Use
from chaos_tower.crest.cards import Status

from .helpers import arrange, kinds, monster, play

GORGATH = monster("gorgath")  # DX 6, MDX 2, RG 3, marks fang fang eye
IXALITH = monster("ixalith")  # DX 2, MDX 6, RG 3, marks flame flame moon


def test_CRD_BEAST_A_a_stack_is_used_whole_once_in_any_order() -> None:
    state = arrange(
        marks={0: {0: ["fang-crest", "rending-crest"], 1: ["fang-crest"], 2: ["stone-eye-crest"]}},
        phase="beast",
    )
    legal = ct.legal_actions(state)
    assert {Use(mark=0, target=1), Use(mark=1, target=1), Use(mark=2, target=1)} <= set(legal)
    after = ct.apply(state, Use(mark=1, target=1))
    assert after.hp[1] == IXALITH.hp - GORGATH.dx
    after = ct.apply(after, Use(mark=0, target=1))
    # The whole stack: DX, then DX + 2.
    assert after.hp[1] == IXALITH.hp - GORGATH.dx - (GORGATH.dx + GORGATH.dx + 2)
    with pytest.raises(ct.IllegalActionError) as again:
        ct.apply(after, Use(mark=0, target=1))
    assert again.value.rule == "CRD-BEAST-A"
    with pytest.raises(ct.IllegalActionError) as empty:
        ct.apply(arrange(phase="beast"), Use(mark=0, target=1))
    assert empty.value.rule == "CRD-BEAST-A"
    # The crests stay on their mark after use.
    assert kinds(after, after.marks[0][0]) == ["fang-crest", "rending-crest"]
    stoned = ct.apply(after, Use(mark=2, target=1))
    assert stoned.status(1, Status.PETRIFIED) == 2 and stoned.hp[1] == after.hp[1] - 1


def test_CRD_BEAST_A_self_stacks_take_no_target_and_enemy_stacks_need_one() -> None:
    state = arrange(
        monsters=("ixalith", "gorgath"),
        marks={0: {2: ["moon-crest", "moon-crest"], 0: ["flame-crest"]}},
        phase="beast",
        hp={0: 20},
    )
    assert Use(mark=2) in ct.legal_actions(state)
    healed = ct.apply(state, Use(mark=2))
    assert healed.hp[0] == 24
    for bad in (Use(mark=2, target=1), Use(mark=0), Use(mark=0, target=0)):
        with pytest.raises(ct.IllegalActionError) as err:
            ct.apply(state, bad)
        assert err.value.rule == "CRD-BEAST-A"


def test_CRD_BEAST_B_recovery_by_RG_only_when_no_crest_is_used() -> None:
    state = arrange(marks={0: {0: ["fang-crest"]}}, phase="beast", hp={0: 30})
    recovered = ct.apply(state, Recover())
    assert recovered.hp[0] == 30 + GORGATH.rg
    assert recovered.seat == 1  # recovery ends the phase and the turn
    used = ct.apply(state, Use(mark=0, target=1))
    assert Recover() not in ct.legal_actions(used)
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(used, Recover())
    assert err.value.rule == "CRD-BEAST-B"
    full = arrange(phase="beast", hp={0: GORGATH.hp - 1})
    assert ct.apply(full, Recover()).hp[0] == GORGATH.hp  # never above the maximum
    ringed = arrange(phase="beast", hp={0: 20}, rings={0: "ring-of-renewal"})
    assert ct.apply(ringed, Recover()).hp[0] == 20 + GORGATH.rg + 3


@pytest.mark.parametrize("held", [Status.PETRIFIED, Status.BOUND, Status.PARALYSED])
def test_CRD_BEAST_B_petrified_bound_or_paralysed_cannot_recover(held: Status) -> None:
    state = arrange(marks={0: {0: ["fang-crest"]}}, phase="beast", hp={0: 20}, statuses={0: {held: 1}})
    legal = ct.legal_actions(state)
    assert Recover() not in legal and Use(mark=0, target=1) in legal
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(state, Recover())
    assert err.value.rule == "CRD-BEAST-B"


def test_CRD_BEAST_B_asleep_can_only_recover() -> None:
    state = arrange(
        marks={0: {0: ["fang-crest"]}}, phase="beast", hp={0: 20}, statuses={0: {Status.ASLEEP: 1}}
    )
    assert set(ct.legal_actions(state)) == {Recover(), Done()}
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(state, Use(mark=0, target=1))
    assert err.value.rule == "CRD-BEAST-B"


@pytest.mark.parametrize("held", [Status.PETRIFIED, Status.BOUND, Status.PARALYSED])
def test_CRD_BEAST_B_asleep_and_held_can_do_nothing(held: Status) -> None:
    state = arrange(
        marks={0: {0: ["fang-crest"]}}, phase="beast", hp={0: 20}, statuses={0: {Status.ASLEEP: 2, held: 1}}
    )
    assert ct.legal_actions(state) == (Done(),)


def test_CRD_BEAST_B_statuses_last_their_turns_and_rings_ward_them() -> None:
    state = arrange(statuses={0: {Status.BOUND: 2, Status.ASLEEP: 1}}, phase="beast")
    after = play(state, "done")
    assert after.status(0, Status.BOUND) == 1 and after.status(0, Status.ASLEEP) == 0
    assert after.status(1, Status.BOUND) == 0
    warded = arrange(
        marks={0: {2: ["dream-eye-crest"]}},
        rings={1: "ring-of-clarity"},
        phase="beast",
    )
    after = ct.apply(warded, Use(mark=2, target=1))
    assert after.status(1, Status.ASLEEP) == 0
    assert any(e.kind == "ward" for e in after.events)


def test_CRD_BEAST_C_only_the_turns_wielder_refills_at_its_end() -> None:
    state = arrange(
        monsters=("ixalith", "gorgath"),
        hands={0: ["mind-rend", "fang-crest"], 1: ["fang-crest"] * 5},
    )
    after = play(state, "cast mind-rend @1")
    assert len(after.hands[1]) == 3 and len(after.hands[0]) == 1
    after = play(after, "done")
    assert len(after.hands[0]) == 5 and len(after.hands[1]) == 3  # seat 1 waits for its own turn's end
    after = play(after, "done", "done")
    assert len(after.hands[1]) == 5


def test_CRD_BEAST_D_next_living_seat_clockwise_and_the_discards_reshuffled() -> None:
    state = arrange(
        monsters=("gorgath", "ixalith", "azhrem"),
        hands={0: ["fang-crest", "fang-crest"]},
        deck=["moon-crest"],
        discard=["fireball", "slumber", "thunderbolt"],
        phase="beast",
    )
    after = play(state, "done")
    assert after.seat == 1
    # One card from the deck, then the deck is made again from the discards.
    assert len(after.hands[0]) == 5
    assert any(e.rule == "CRD-BEAST-D" and e.kind == "reshuffle" for e in after.events)
    total = len(after.deck) + len(after.discard)
    assert total == len(state.deck) + len(state.discard) - 3
    dead = arrange(monsters=("gorgath", "ixalith", "azhrem"), phase="beast", seat=2, first=0)
    import attrs

    dead = attrs.evolve(dead, alive=(True, False, True), hp=(10, 0, 10), hands=dead.hands)
    assert play(dead, "done").seat == 0
    from_zero = attrs.evolve(dead, seat=0, used=(False,) * 3)
    assert play(from_zero, "done").seat == 2
