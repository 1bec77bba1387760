"""Hidden information: each player's observation holds what they may know and nothing else."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.tower.vs import RandomVsAgent, SimpleVsAgent, VsState, tensor_size, violations

from .scenario import CARDS

SETTINGS = settings(max_examples=40, deadline=None)


@st.composite
def positions(draw: st.DrawFn) -> VsState:
    """A position reached by mixed random and simple play, with a seat to look from."""
    players = draw(st.integers(2, 5))
    seed = draw(st.integers(0, 2**32))
    state = ct.new_game(CARDS, mode="vs", players=players, seed=seed, extra_rule=draw(st.booleans()))
    steps = draw(st.integers(0, 120))
    agent_seed = draw(st.integers(0, 2**16))
    agents = (RandomVsAgent(agent_seed), SimpleVsAgent(agent_seed))
    rng = random.Random(agent_seed)
    for _ in range(steps):
        if ct.is_terminal(state):
            break
        state = ct.apply(state, agents[rng.random() < 0.7].choose_in(state))
    return state


def hide_differently(state: VsState, player: int, rng: random.Random) -> VsState:
    """The same position as ``player`` sees it, with everything hidden from them changed:
    the deck's order, the others' face-down attributes and the leftover, the others' items and
    the unused ones, the seed and the generator."""
    deck = list(state.deck)
    rng.shuffle(deck)
    # Face-down attribute places of the others, and the leftover, take a new arrangement that
    # keeps every public record true (a wrong name stays wrong).
    places = [
        (q, i)
        for q in range(state.players)
        if q != player
        for i in range(state.slots())
        if not state.revealed[q][i]
    ]
    pool = [state.attributes[q][i] for q, i in places] + list(state.leftover)
    wrong = {(d.target, d.attribute) for d in state.named if not d.right}
    attributes = [list(row) for row in state.attributes]
    for _ in range(50):
        rng.shuffle(pool)
        # ... and what the adjustments and declarations ruled out stays ruled out (state.possible).
        if all(
            (q, a) not in wrong and state.possible[q][i] >> a & 1
            for (q, i), a in zip(places, pool, strict=False)
        ):
            for (q, i), a in zip(places, pool, strict=False):
                attributes[q][i] = a
            leftover = tuple(sorted(pool[len(places) :]))
            break
    else:
        leftover = state.leftover
        attributes = [list(row) for row in state.attributes]
    items = [i for q in range(state.players) if q != player for i in state.hands[q]] + list(state.unused)
    rng.shuffle(items)
    hands = list(state.hands)
    at = 0
    for q in range(state.players):
        if q != player:
            hands[q] = tuple(sorted(items[at : at + len(state.hands[q])]))
            at += len(state.hands[q])
    return attrs.evolve(
        state,
        deck=tuple(deck),
        attributes=tuple(tuple(row) for row in attributes),
        leftover=leftover,
        hands=tuple(hands),
        unused=tuple(sorted(items[at:])),
        seed=state.seed + 1,
        rng=rng.getrandbits(64),
    )


@SETTINGS
@given(positions(), st.integers(0, 4), st.randoms(use_true_random=False))
def test_what_a_player_cannot_see_does_not_change_their_observation(
    state: VsState, seat: int, rng: random.Random
) -> None:
    player = seat % state.players
    other = hide_differently(state, player, rng)
    assert other != state and violations(other) == []
    assert ct.observation(other, player) == ct.observation(state, player)
    assert str(ct.observation(other, player)) == str(ct.observation(state, player))
    assert ct.observation_tensor(other, player) == ct.observation_tensor(state, player)


@SETTINGS
@given(positions(), st.integers(0, 4), st.integers(0, 4))
def test_what_a_player_can_see_changes_their_observation(state: VsState, seat: int, whose: int) -> None:
    player = seat % state.players
    owner = whose % state.players
    # Any counter is open to all.
    row = list(state.counters[owner])
    row[0] = row[0] + 1 if row[0] < 8 else row[0] - 1
    counters = list(state.counters)
    counters[owner] = tuple(row)
    moved = attrs.evolve(state, counters=tuple(counters))
    assert ct.observation(moved, player) != ct.observation(state, player)
    assert ct.observation_tensor(moved, player) != ct.observation_tensor(state, player)
    # One's own attribute: swap it with one left over (none is left with five players).
    own = list(state.attributes[player])
    if state.leftover and not state.revealed[player][0]:
        spare, *rest = state.leftover
        own[0], spare = spare, own[0]
        attributes = list(state.attributes)
        attributes[player] = tuple(own)
        swapped = attrs.evolve(state, attributes=tuple(attributes), leftover=tuple(sorted([spare, *rest])))
        assert ct.observation(swapped, player) != ct.observation(state, player)
        assert ct.observation_tensor(swapped, player) != ct.observation_tensor(state, player)
    # The deck's size is open.
    if len(state.deck) > 1:
        shorter = attrs.evolve(state, deck=state.deck[1:], drawn=(*state.drawn, state.deck[0]))
        assert ct.observation(shorter, player) != ct.observation(state, player)


@SETTINGS
@given(positions(), st.integers(0, 4))
def test_observation_forms_round_trip_and_hold_no_secret(state: VsState, seat: int) -> None:
    player = seat % state.players
    view = ct.observation(state, player)
    text = ct.dumps(view)
    assert ct.loads(text, CARDS) == view
    assert ct.VsObservation.loads(str(view)) == view
    assert len(ct.observation_tensor(state, player)) == tensor_size(state)
    data = json.loads(text)
    assert "seed" not in data and "rng" not in data and "leftover" not in data
    # No id of a card still in the deck, of another's item or of an unused item appears.
    t = state.table
    secret = [t.chaos_ids[c] for c in state.deck]
    secret += [t.item_ids[i] for q in range(state.players) if q != player for i in state.hands[q]]
    secret += [t.item_ids[i] for i in state.unused]
    assert not any(f'"{s}"' in text for s in secret)


def test_observation_refuses_a_seat_that_is_not_there() -> None:
    state = ct.new_game(CARDS, mode="vs", players=3)
    with pytest.raises(ValueError):
        ct.observation(state, 3)


def test_an_observation_is_not_a_game_to_play() -> None:
    view = ct.observation(ct.new_game(CARDS, mode="vs", players=2), 0)
    with pytest.raises(TypeError):
        ct.legal_actions(view)
    assert ct.current_player(view) == view.decider


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("players", "x"),
        ("counters", "oops"),
        ("player", 7),
        ("player", True),
        ("deck", -1),
        ("attributes", ["Q"]),
        ("named", [[0, 1, "G"]]),
        ("phase", "lunch"),
        ("hand_sizes", [1, 2]),
        ("face_up", [[None], [None]]),
    ],
)
def test_an_observation_with_values_of_the_wrong_kind_is_refused(key: str, value: object) -> None:
    view = ct.observation(ct.new_game(CARDS, mode="vs", players=3, seed=1), 0)
    data = json.loads(view.dumps())
    data[key] = value
    with pytest.raises(ct.SaveError):
        ct.VsObservation.loads(json.dumps(data))
    with pytest.raises(ct.SaveError):
        ct.loads(json.dumps(data), CARDS)
