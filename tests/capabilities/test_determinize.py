"""The determinisation hook, ``ct.determinize(state, player, seed)``, in every mode.

Information-set search (issue 14) samples worlds with it: each must look to
the player exactly like the real one, be a sound position that plays on, vary
with the seed, and be drawn from what the player sees alone.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.tower.vs.state import Declaration

from .states import MODES, Case, play, players_of, reachable, start, violations

FEW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FEW
@given(reachable(), st.integers(0, 2**32))
def test_a_world_looks_the_same_to_the_player_and_plays_on(case: Case, seed: int) -> None:
    """observation(determinize(s, p, seed), p) == observation(s, p); the world is sound and plays on."""
    state = case.state
    for player in players_of(state):
        world = ct.determinize(state, player, seed)
        assert type(world) is type(state)
        assert ct.observation(world, player) == ct.observation(state, player)
        assert ct.observation_tensor(world, player) == ct.observation_tensor(state, player)
        assert violations(world) == []
        assert ct.legal_actions(world) == ct.legal_actions(state) or ct.current_player(state) != player
        assert ct.is_terminal(world) == ct.is_terminal(state)
        play(world, 6, random.Random(seed))  # every action legal, chance continuing from the drawn generator


@FEW
@given(reachable(), st.integers(0, 2**32), st.integers(0, 2**32))
def test_a_world_does_not_depend_on_what_the_player_cannot_see(case: Case, a: int, b: int) -> None:
    """determinize(s1, p, b) == determinize(s2, p, b) when s1 and s2 differ only in what p cannot see."""
    state = case.state
    for player in players_of(state):
        other = ct.determinize(state, player, a)  # the same view, hidden parts drawn again
        assert ct.determinize(state, player, b) == ct.determinize(other, player, b)
        assert ct.to_notation(ct.determinize(state, player, b)) == ct.to_notation(
            ct.determinize(other, player, b)
        )


@pytest.mark.parametrize("mode", MODES)
def test_different_seeds_give_different_hidden_parts(mode: str) -> None:
    """With more than one world possible, the seed changes the hidden parts (the deck's order at least)."""
    state = play(start(mode, 11), 10, random.Random(11))
    worlds = {ct.determinize(state, 0, seed).deck for seed in range(6)}
    assert len(worlds) > 1
    assert ct.determinize(state, 0, 3) == ct.determinize(state, 0, 3)  # and the same seed, the same world


def test_TOC_PREP_03_the_solo_deck_top_stays_and_the_rest_is_redrawn() -> None:
    """TOC-PREP-03: the deck lies face up, so its top card is known; the order below it is drawn again."""
    state = start("solo", 5)
    world = ct.determinize(state, 0, 1)
    assert world.deck[0] == state.deck[0]
    assert sorted(world.deck) == sorted(state.deck) and world.deck != state.deck
    assert world.seed == 1 and world.rng != state.rng


def _wrongly_named(state: ct.VsState, target: int, attribute: int) -> ct.VsState:
    # A wrong declaration on record, made by the seat before the target (TOC-VS2-029).
    declarer = (target + 1) % state.players
    declarations = list(state.declarations)
    declarations[declarer] += 1
    record = Declaration(player=declarer, target=target, attribute=attribute, right=False)
    return attrs.evolve(
        state, named=(*state.named, record), declarations=tuple(declarations), actions=state.actions + 1
    )


@pytest.mark.parametrize("players", [2, 3, 5])
def test_TOC_VS2_029_a_wrong_declaration_is_a_public_fact(players: int) -> None:
    """TOC-VS2-029 / TOC-VS3-049: "player 0 named G for player 1: wrong": no world gives player 1 a G."""
    base = start(f"vs{players}", 21)
    target = 1
    # Name wrongly for the target every attribute it does not hold but one, which stays open.
    absent = [a for a in range(5) if a not in base.attributes[target] and a not in base.attributes[0]]
    state = base
    for attribute in absent[:-1]:
        state = _wrongly_named(state, target, attribute)
    assert violations(state) == []
    seen: set[tuple[int, ...]] = set()
    for seed in range(40):
        world = ct.determinize(state, 0, seed)
        assert not set(world.attributes[target]) & set(absent[:-1])
        assert world.attributes[0] == state.attributes[0]
        seen.add(world.attributes[target])
    assert len(seen) > 1  # still more than one world possible, and the draw finds them


def test_TOC_VS2_023_hands_and_unused_items_are_redrawn_by_size() -> None:
    """TOC-VS2-023 / TOC-VS3-043: the others' items and the unused ones are hidden; their numbers are not."""
    state = start("vs3", 2)
    worlds = [ct.determinize(state, 1, seed) for seed in range(8)]
    assert all(w.hands[1] == state.hands[1] for w in worlds)
    assert all(tuple(map(len, w.hands)) == tuple(map(len, state.hands)) for w in worlds)
    assert len({(w.hands[0], w.unused) for w in worlds}) > 1


def test_TOC_VS2_029_face_up_attributes_stay() -> None:
    """TOC-VS2-029: an attribute named rightly lies face up; every world keeps it where it lies."""
    state = start("vs2", 30)
    chooser = random.Random(30)
    for _ in range(200):
        if any(any(row) for row in state.revealed) or ct.is_terminal(state):
            break
        state = play(state, 1, chooser)
    shown = [(p, i) for p in range(2) for i in range(2) if state.revealed[p][i]]
    for seed in range(10):
        world = ct.determinize(state, 0, seed)
        assert all(world.attributes[p][i] == state.attributes[p][i] for p, i in shown)


def test_CRD_START_D_face_down_setup_cards_are_redrawn_and_fit_the_monster() -> None:
    """CRD-START-D: another's face-down cards are hidden, their number is not; each drawn fits its monster."""
    state = start("crest3", 6)
    chooser = random.Random(6)
    while state.phase == "setup" and state.seat < 2:  # seats 0 and 1 put out cards, face down
        legal = ct.legal_actions(state)  # the cards to put out, then Done last
        put = len(legal) > 1 and state.setup_count < 2
        state = ct.apply(state, chooser.choice(legal[:-1]) if put else legal[-1])
    assert state.phase == "setup"
    seen = ct.observation(state, 2)
    assert sum(seen.face_down) > 0
    worlds = [ct.determinize(state, 2, seed) for seed in range(10)]
    for world in worlds:
        assert ct.observation(world, 2) == seen
        assert violations(world) == []
    assert len({w.marks for w in worlds}) > 1


def test_the_player_must_be_a_seat_and_the_seed_an_int() -> None:
    """A player who is not a seat, a seed that is not an int: refused before anything is drawn."""
    for mode in ("solo", "vs2", "crest2"):
        state: Any = start(mode, 1)
        with pytest.raises(ValueError):
            ct.determinize(state, 7, 1)
        with pytest.raises(TypeError):
            ct.determinize(state, 0, "1")  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            ct.determinize(state, 0, True)
        with pytest.raises(ValueError, match="seat number"):
            ct.determinize(state, True, 1)  # in either build


def test_CRD_START_C_a_kept_view_draws_the_worlds_of_a_fresh_one() -> None:
    """CRD-START-C: the seat's view, made once per state and kept on it for the next worlds a search
    draws, gives the worlds a state never determinised before gives; a bool is still no seat."""
    state = play(start("crest4", 3), 9, random.Random(3))
    kept = [ct.determinize(state, seat, seed) for seat in range(4) for seed in range(3)]
    again = [ct.determinize(state, seat, seed) for seat in range(4) for seed in range(3)]
    fresh = [ct.determinize(attrs.evolve(state), seat, seed) for seat in range(4) for seed in range(3)]
    assert kept == again == fresh
    assert [ct.dumps(w) for w in kept] == [ct.dumps(w) for w in fresh]
    with pytest.raises(ValueError):
        ct.determinize(state, True, 1)
