"""2.(3) 魔物の死亡と勝利: CRD-DEATH-A..C."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.crest.actions import Done, SwapHands, SwapMarks, Use

from .helpers import arrange, kinds, monster, play


def _about_to_kill() -> ct.CrestState:
    # Gorgath (fang fang eye) kills Vorkath (fang flame eye) with one use of m0.
    return arrange(
        monsters=("gorgath", "vorkath", "ixalith"),
        hands={0: ["moon-crest"], 1: ["fireball", "slumber"]},
        marks={
            0: {0: ["rending-crest"], 1: ["fang-crest"]},
            1: {0: ["fang-crest", "fang-crest"], 1: ["blaze-crest"]},
        },
        rings={1: "ring-of-might"},
        hp={1: 5},
        phase="beast",
    )


def test_CRD_DEATH_A_death_at_0_and_the_killers_choice() -> None:
    state = _about_to_kill()
    after = ct.apply(state, Use(mark=0, target=1))
    assert after.hp[1] == 5 - (monster("gorgath").dx + 2) <= 0
    assert after.alive == (True, False, True) and after.phase == "death" and after.dying == (1,)
    assert ct.current_player(after) == 0
    legal = set(ct.legal_actions(after))
    # Same kinds only: their fang m0 with my fang m0 or m1; their empty eye m2 with my empty eye m2: no.
    assert legal == {
        SwapMarks(theirs=0, mine=0),
        SwapMarks(theirs=0, mine=1),
        SwapHands(),
        Done(),
    }
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(after, SwapMarks(theirs=1, mine=0))
    assert err.value.rule == "CRD-DEATH-A"
    swapped = ct.apply(after, SwapMarks(theirs=0, mine=1))
    assert kinds(swapped, swapped.marks[0][1]) == ["fang-crest", "fang-crest"]
    assert swapped.phase == "beast" and swapped.seat == 0
    hands = ct.apply(after, SwapHands())
    assert sorted(kinds(hands, hands.hands[0])) == ["fireball", "slumber"]


def test_CRD_DEATH_A_a_swapped_in_stack_keeps_its_marks_used_flag() -> None:
    after = ct.apply(_about_to_kill(), Use(mark=0, target=1))
    swapped = ct.apply(after, SwapMarks(theirs=0, mine=0))
    assert Use(mark=0, target=2) not in ct.legal_actions(swapped)
    other = ct.apply(after, SwapMarks(theirs=0, mine=1))
    assert other.used == (True, False, False)


def test_CRD_DEATH_B_the_rest_goes_to_the_discards() -> None:
    """CRD-DEATH-B (The rest goes to the discards)."""
    state = _about_to_kill()
    after = ct.apply(ct.apply(state, Use(mark=0, target=1)), SwapHands())
    assert after.hands[1] == () and all(not stack for stack in after.marks[1]) and after.rings[1] == -1
    gone = kinds(after, after.discard[len(state.discard) :])
    # Seat 0's old hand (given in the exchange), seat 1's crests and ring.
    assert sorted(gone) == sorted(["moon-crest", "fang-crest", "fang-crest", "blaze-crest", "ring-of-might"])
    declined = ct.apply(ct.apply(state, Use(mark=0, target=1)), Done())
    assert sorted(kinds(declined, declined.discard[len(state.discard) :])) == sorted(
        ["fireball", "slumber", "fang-crest", "fang-crest", "blaze-crest", "ring-of-might"]
    )
    assert declined.phase == "beast"
    # The game goes on with the others: after seat 0, seat 2 (seat 1 is out).
    assert play(declined, "done").seat == 2


def test_CRD_DEATH_C_the_last_monster_standing_wins() -> None:
    state = arrange(
        monsters=("gorgath", "ixalith"),
        marks={0: {0: ["rending-crest"]}},
        hp={1: 3},
        phase="beast",
    )
    after = ct.apply(state, Use(mark=0, target=1))
    assert ct.is_terminal(after) and ct.outcome(after) is not None
    assert after.result is not None and after.result.winners == (0,) and after.result.rule == "CRD-DEATH-C"
    assert ct.returns(after) == (1.0, -1.0)
    assert ct.legal_actions(after) == () and ct.current_player(after) is None
    assert (
        sum(len(h) for h in after.hands)
        + len(after.deck)
        + len(after.discard)
        + sum(len(s) for seat in after.marks for s in seat)
        + sum(r != -1 for r in after.rings)
        == 92
    )
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(after, Done())
    assert err.value.rule == "CRD-DEATH-C"


def test_CRD_DEATH_C_a_team_wins_when_the_other_team_has_fallen() -> None:
    state = arrange(
        monsters=("gorgath", "ixalith", "azhrem", "vorkath"),
        teams=True,
        hands={0: ["earthquake"]},
        hp={1: 3, 2: 2, 3: 1},
    )
    after = ct.apply(state, ct.parse_action(state, "cast earthquake"))
    # Seat 2 (a teammate) is not hit; seats 1 and 3 die: team 0 wins.
    assert after.hp[2] == 2
    assert after.result is not None and after.result.winners == (0, 2)
    assert ct.returns(after) == (1.0, -1.0, 1.0, -1.0)


def test_CRD_DEATH_A_several_deaths_are_chosen_for_in_seat_order() -> None:
    state = arrange(
        monsters=("gorgath", "ixalith", "azhrem", "vorkath"),
        hands={0: ["earthquake"], 1: ["fireball"]},
        hp={1: 2, 2: 3},
    )
    after = play(state, "cast earthquake")
    assert after.dying == (1, 2) and after.phase == "death"
    after = play(after, "swap hands")
    assert after.dying == (2,) and kinds(after, after.hands[0]) == ["fireball"]
    after = play(after, "done")
    assert after.phase == "beast" and after.dying == () and after.result is None
