"""2.(2) ① 紋章使いフェイズ: CRD-WIELD-A..G."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.crest.actions import Cast, Discard, Done, Place, Recover, Use, Wear
from chaos_tower.crest.state import NO_RING

from .helpers import arrange, kinds, monster, play


def test_CRD_WIELD_A_a_turn_is_the_wielder_phase_then_the_beast_phase() -> None:
    state = arrange(hands={0: ["fang-crest"], 1: []})
    assert state.phase == "wield" and state.seat == 0
    state = play(state, "done")
    assert state.phase == "beast" and state.seat == 0
    state = play(state, "done")
    assert state.phase == "wield" and state.seat == 1
    assert {e.rule for e in state.events} >= {"CRD-BEAST-C", "CRD-BEAST-D"}


def test_CRD_WIELD_B_one_of_grow_spell_or_conversion_then_the_beast_phase() -> None:
    state = arrange(hands={0: ["fang-crest", "rending-crest", "fireball"]})
    state = ct.apply(state, Place(card="fang-crest", mark=0, mode="new"))
    assert state.phase == "beast"
    for second in (Place(card="rending-crest", mark=1, mode="new"), Cast(card="fireball", target=1)):
        with pytest.raises(ct.IllegalActionError) as err:
            ct.apply(state, second)
        assert err.value.rule == "CRD-BEAST-A"
    # Doing nothing is allowed too.
    assert Done() in ct.legal_actions(arrange(hands={0: ["fireball"]}))


def test_CRD_WIELD_C_growth_gives_a_card_from_the_hand_to_ones_own_monster() -> None:
    state = arrange(hands={0: ["fang-crest"], 1: ["flame-crest"]})
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(state, Place(card="rending-crest", mark=0, mode="new"))
    assert err.value.rule == "CRD-WIELD-C"
    after = ct.apply(state, Place(card="fang-crest", mark=0, mode="new"))
    assert kinds(after, after.marks[0][0]) == ["fang-crest"]
    assert after.hands[0] == () and after.marks[1] == state.marks[1]
    # Seat 0 cannot put its card on seat 1's monster: an action names only one's own marks,
    # so seat 1's flame crest is not seat 0's to play either.
    with pytest.raises(ct.IllegalActionError):
        ct.apply(state, Place(card="flame-crest", mark=0, mode="new"))


def test_CRD_WIELD_D_new_stack_or_replace_on_a_mark_of_the_crests_kind() -> None:
    state = arrange(
        hands={0: ["rending-crest", "fang-crest", "flame-crest"]},
        marks={0: {0: ["fang-crest", "crushing-crest"]}},
    )
    legal = ct.legal_actions(state)
    assert Place(card="rending-crest", mark=0, mode="stack") in legal
    assert Place(card="rending-crest", mark=0, mode="replace") in legal
    assert Place(card="rending-crest", mark=1, mode="new") in legal
    assert Place(card="rending-crest", mark=0, mode="new") not in legal
    assert Place(card="rending-crest", mark=1, mode="stack") not in legal
    assert not any(
        isinstance(a, Place) and a.card == "flame-crest" for a in legal
    )  # gorgath has no flame mark
    for bad in (
        Place(card="rending-crest", mark=0, mode="new"),
        Place(card="rending-crest", mark=1, mode="replace"),
        Place(card="rending-crest", mark=2, mode="new"),
        Place(card="flame-crest", mark=0, mode="stack"),
    ):
        with pytest.raises(ct.IllegalActionError) as err:
            ct.apply(state, bad)
        assert err.value.rule == "CRD-WIELD-D"
    stacked = ct.apply(state, Place(card="rending-crest", mark=0, mode="stack"))
    assert kinds(stacked, stacked.marks[0][0]) == ["fang-crest", "crushing-crest", "rending-crest"]
    replaced = ct.apply(state, Place(card="rending-crest", mark=0, mode="replace"))
    assert kinds(replaced, replaced.marks[0][0]) == ["rending-crest"]
    assert sorted(kinds(replaced, replaced.discard)) == sorted(
        [*kinds(state, state.discard), "fang-crest", "crushing-crest"]
    )


def test_CRD_WIELD_E_a_new_ring_replaces_the_worn_one() -> None:
    """CRD-WIELD-E (A new ring replaces the old)."""
    state = arrange(hands={0: ["ring-of-iron"]}, rings={0: "ring-of-might"})
    after = ct.apply(state, Wear(card="ring-of-iron"))
    assert kinds(after, [after.rings[0]]) == ["ring-of-iron"]
    assert kinds(after, after.discard[-1:]) == ["ring-of-might"]
    # No action takes one's ring off without wearing a new one.
    holding = arrange(
        hands={0: ["fang-crest", "fireball", "moon-crest", "purification"]}, rings={0: "ring-of-might"}
    )
    for action in ct.legal_actions(holding):
        assert ct.apply(holding, action).rings[0] == holding.rings[0], action
    bare = arrange(hands={0: ["ring-of-iron"]})
    worn = ct.apply(bare, Wear(card="ring-of-iron"))
    assert worn.rings[0] != NO_RING and len(worn.discard) == len(bare.discard)


def test_CRD_WIELD_F_a_spell_acts_at_once_and_is_used_up() -> None:
    state = arrange(monsters=("ixalith", "gorgath"), hands={0: ["fireball", "healing-light"]}, hp={0: 20})
    after = ct.apply(state, Cast(card="fireball", target=1))
    # Fireball: MDX + 3; Ixalith's MDX is 6, Gorgath has no ring.
    assert after.hp[1] == monster("gorgath").hp - (monster("ixalith").mdx + 3)
    assert kinds(after, after.discard[-1:]) == ["fireball"]
    assert "fireball" not in kinds(after, after.hands[0])
    healed = ct.apply(state, Cast(card="healing-light"))
    assert healed.hp[0] == 28
    for bad in (Cast(card="fireball"), Cast(card="fireball", target=0), Cast(card="healing-light", target=1)):
        with pytest.raises(ct.IllegalActionError) as err:
            ct.apply(state, bad)
        assert err.value.rule == "CRD-WIELD-F"


def test_CRD_WIELD_F_a_spell_on_every_enemy_and_a_guard_ring() -> None:
    state = arrange(
        monsters=("ixalith", "gorgath", "azhrem"),
        hands={0: ["earthquake", "fireball"]},
        rings={2: "ring-of-warding"},
    )
    after = ct.apply(state, Cast(card="earthquake"))
    assert after.hp[1] == monster("gorgath").hp - 3 and after.hp[2] == monster("azhrem").hp - 3
    guarded = ct.apply(state, Cast(card="fireball", target=2))
    # Ring of Warding lowers damage by MDX by 2.
    assert guarded.hp[2] == monster("azhrem").hp - (6 + 3 - 2)


def test_CRD_WIELD_G_discard_one_or_two_refilled_at_the_end_of_the_turn() -> None:
    state = arrange(hands={0: ["fang-crest", "fang-crest", "fireball", "moon-crest", "slumber"]})
    after = ct.apply(state, Discard(cards=("fang-crest", "fireball")))
    assert len(after.hands[0]) == 3 and after.phase == "beast"
    assert sorted(kinds(after, after.discard[-2:])) == ["fang-crest", "fireball"]
    assert Discard(cards=("fang-crest", "fang-crest")) in ct.legal_actions(state)
    assert Discard(cards=("moon-crest", "moon-crest")) not in ct.legal_actions(state)
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(state, Discard(cards=("moon-crest", "moon-crest")))
    assert err.value.rule == "CRD-WIELD-G"
    with pytest.raises(ct.MalformedActionError):
        ct.apply(state, Discard(cards=("fang-crest", "fang-crest", "fireball")))
    ended = ct.apply(after, Done())
    assert len(ended.hands[0]) == 5


def test_CRD_WIELD_B_actions_of_another_phase_are_refused() -> None:
    state = arrange(hands={0: ["fang-crest"]}, marks={0: {0: ["fang-crest"]}})
    for bad in (Use(mark=0, target=1), Recover()):
        with pytest.raises(ct.IllegalActionError) as err:
            ct.apply(state, bad)
        assert err.value.rule == "CRD-WIELD-B"


def test_CRD_WIELD_G_a_discard_is_one_action_whatever_the_order_of_its_cards() -> None:
    state = arrange(hands={0: ["fang-crest", "fireball"]})
    sorted_pair = Discard(cards=("fang-crest", "fireball"))
    assert sorted_pair in ct.legal_actions(state)
    # The same discard written in the other order is not a second action: apply must not
    # accept an action that legal_actions, action_index and action_text do not know.
    unsorted = Discard(cards=("fireball", "fang-crest"))
    assert unsorted not in ct.legal_actions(state)
    assert not ct.can_apply(state, unsorted)
    with pytest.raises(ct.MalformedActionError):
        ct.apply(state, unsorted)
    assert ct.parse_action(state, "discard fireball fang-crest") == sorted_pair
