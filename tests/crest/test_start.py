"""2.(1) 開始 and 1. どんなゲームか: CRD-ABOUT-A, CRD-START-A..F."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

import chaos_tower as ct
from chaos_tower.crest.actions import Cast, Done, Place, Wear
from chaos_tower.crest.cards import CrestCard, CrestCardSet, RingCard, SpellCard
from chaos_tower.crest.state import NO_RING, CrestState

from .helpers import kinds


def _finish_setup(state: CrestState) -> CrestState:
    while state.phase == "setup":
        state = ct.apply(state, Done())
    return state


def test_CRD_ABOUT_A_each_wielder_has_a_monster_and_the_deck_is_crests_rings_spells(
    crest: CrestCardSet,
) -> None:
    state = ct.new_game(crest, players=3, seed=2)
    assert len(state.monsters) == 3 == len(set(state.monsters))
    types = Counter(type(card) for card in crest.deck_kinds() for _ in range(card.count))
    assert set(types) == {CrestCard, RingCard, SpellCard}
    assert sum(types.values()) == 92


def test_CRD_START_A_monsters_are_dealt_from_the_seed_and_the_rest_unused(crest: CrestCardSet) -> None:
    dealt = {ct.new_game(crest, players=2, seed=seed).monsters for seed in range(30)}
    assert len(dealt) > 5  # the deal depends on the seed
    state = ct.new_game(crest, players=6, seed=11)
    assert len(set(state.monsters)) == 6 and all(0 <= m < len(crest.monsters) for m in state.monsters)
    assert ct.new_game(crest, players=6, seed=11).monsters == state.monsters
    assert state.hp == tuple(crest.monsters[m].hp for m in state.monsters)


def test_CRD_START_B_the_92_cards_are_shuffled_into_the_deck(crest: CrestCardSet) -> None:
    """CRD-START-B (Shuffle the 92-card deck)."""
    state = ct.new_game(crest, players=2, seed=5)
    everything = sorted([*state.deck, *state.hands[0], *state.hands[1]])
    assert everything == list(range(92))
    assert list(state.deck) != sorted(state.deck)
    assert ct.new_game(crest, players=2, seed=6).deck != state.deck


def test_CRD_START_C_five_cards_each_hidden_from_the_others(crest: CrestCardSet) -> None:
    state = ct.new_game(crest, players=4, seed=8)
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert len(state.deck) == 92 - 20
    view = ct.observation(state, 1)
    assert view.hand == tuple(kinds(state, state.hands[1]))
    assert view.hand_sizes == (5, 5, 5, 5)
    assert "hands" not in view.to_json().replace("hand_sizes", "")


def _setup_state(crest: CrestCardSet, hand: list[str]) -> CrestState:
    from .helpers import arrange

    return arrange(
        monsters=("gorgath", "ixalith"), hands={0: hand, 1: ["moon-crest"]}, phase="setup", first=-1
    )


def test_CRD_START_D_up_to_three_crests_or_rings_face_down_no_spells(crest: CrestCardSet) -> None:
    state = _setup_state(crest, ["fang-crest", "fang-crest", "rending-crest", "ring-of-might", "fireball"])
    with pytest.raises(ct.IllegalActionError) as spell:
        ct.apply(state, Cast(card="fireball", target=1))
    assert spell.value.rule == "CRD-START-D"
    state = ct.apply(state, Place(card="fang-crest", mark=0, mode="new"))
    state = ct.apply(state, Place(card="rending-crest", mark=0, mode="stack"))
    assert ct.legal_actions(state).count(Wear(card="ring-of-might")) == 1
    state = ct.apply(state, Wear(card="ring-of-might"))
    assert state.setup_count == 3
    assert ct.legal_actions(state) == (Done(),)
    with pytest.raises(ct.IllegalActionError) as fourth:
        ct.apply(state, Place(card="fang-crest", mark=1, mode="new"))
    assert fourth.value.rule == "CRD-START-D"
    # Face down: the other player sees only how many.
    other = ct.observation(state, 1)
    assert other.face_down[0] == 3 and other.marks[0] == ((), (), ()) and other.rings[0] is None
    own = ct.observation(state, 0)
    assert own.marks[0][0] == ("fang-crest", "rending-crest") and own.rings[0] == "ring-of-might"


def test_CRD_START_D_nothing_is_replaced_and_one_ring_at_most(crest: CrestCardSet) -> None:
    state = _setup_state(crest, ["fang-crest", "fang-crest", "ring-of-might", "ring-of-iron"])
    state = ct.apply(state, Place(card="fang-crest", mark=0, mode="new"))
    with pytest.raises(ct.IllegalActionError) as replace:
        ct.apply(state, Place(card="fang-crest", mark=0, mode="replace"))
    assert replace.value.rule == "CRD-START-D"
    state = ct.apply(state, Wear(card="ring-of-might"))
    with pytest.raises(ct.IllegalActionError) as ring:
        ct.apply(state, Wear(card="ring-of-iron"))
    assert ring.value.rule == "CRD-START-D"
    # A crest only fits a mark of its kind (gorgath: fang, fang, eye).
    with pytest.raises(ct.IllegalActionError) as kind:
        ct.apply(state, Place(card="fang-crest", mark=2, mode="new"))
    assert kind.value.rule == "CRD-WIELD-D"


def _rounds(state: CrestState) -> list[list[tuple[int, int, int]]]:
    """The initiative rolls, one list per round of rolling (a tie starts a new round)."""
    rounds: list[list[tuple[int, int, int]]] = [[]]
    for event in state.events:
        match = re.fullmatch(r"seat (\d) rolls (\d): total (\d+)", event.text)
        if match:
            assert event.rule == "CRD-START-E"
            rounds[-1].append((int(match[1]), int(match[2]), int(match[3])))
        elif event.text.startswith("a tie:"):
            rounds.append([])
    return rounds


def test_CRD_START_E_reveal_then_die_plus_higher_of_DX_MDX_decides_first(crest: CrestCardSet) -> None:
    ties = 0
    for seed in range(60):
        state = _finish_setup(ct.new_game(crest, players=4, seed=seed))
        assert any(e.kind == "reveal" and e.rule == "CRD-START-E" for e in state.events)
        rounds = _rounds(state)
        assert [seat for seat, _, _ in rounds[0]] == [0, 1, 2, 3]
        for rolled in rounds:
            for seat, die, total in rolled:
                m = crest.monsters[state.monsters[seat]]
                assert 1 <= die <= 6
                assert total == die + max(m.dx, m.mdx)
        for before, after in itertools.pairwise(rounds):
            # Only the seats tied for the highest total roll again.
            top = max(t for _, _, t in before)
            assert sorted(s for s, _, _ in after) == sorted(s for s, _, t in before if t == top)
            assert len(after) >= 2
        last = rounds[-1]
        best = max(t for _, _, t in last)
        assert [s for s, _, t in last if t == best] == [state.first]
        ties += len(rounds) > 1
    assert ties > 0  # some seed among 60 had a tie


def test_CRD_START_E_a_revealed_ring_counts_for_initiative(crest: CrestCardSet) -> None:
    from .helpers import arrange

    state = arrange(
        monsters=("gorgath", "ixalith"),
        hands={0: ["ring-of-might"], 1: ["ring-of-sorcery"]},
        phase="setup",
        first=-1,
    )
    state = ct.apply(state, Wear(card="ring-of-might"))
    state = ct.apply(state, Done())
    state = ct.apply(state, Wear(card="ring-of-sorcery"))
    state = ct.apply(state, Done())
    totals = {seat: (die, total) for seat, die, total in _rounds(state)[0]}
    # gorgath: DX 6 + 2 (ring of might) = 8 is the higher; without the ring it would be 6.
    die, total = totals[0]
    assert total == die + 6 + 2
    # ixalith: MDX 6 + 2 (ring of sorcery) = 8.
    die, total = totals[1]
    assert total == die + 6 + 2
    assert state.rings[0] != NO_RING and state.rings[1] != NO_RING


def test_CRD_START_F_refill_in_turn_order_then_the_first_player_starts(crest: CrestCardSet) -> None:
    state = ct.new_game(crest, players=3, seed=4)
    deck_before = len(state.deck)
    put_out = 0
    while state.phase == "setup":
        options = [a for a in ct.legal_actions(state) if not isinstance(a, Done)]
        action = options[0] if options and state.setup_count < 2 else Done()
        put_out += not isinstance(action, Done)
        before = state
        state = ct.apply(state, action)
    assert put_out > 0
    assert [len(h) for h in state.hands] == [5, 5, 5]
    # Independently: from the first player clockwise, one card per short hand per round.
    expected = [list(h) for h in before.hands]
    deck = list(before.deck)
    while any(len(h) < 5 for h in expected):
        for k in range(3):
            seat = (state.first + k) % 3
            if len(expected[seat]) < 5:
                expected[seat].append(deck.pop(0))
    assert [sorted(h) for h in expected] == [list(h) for h in state.hands]
    assert tuple(deck) == state.deck
    assert len(state.deck) == deck_before - put_out
    assert state.phase == "wield" and state.seat == state.first == ct.current_player(state)
    refill = [e for e in state.events if e.rule == "CRD-START-F"]
    assert refill
