"""Observations hide the other hands, the deck order and face-down cards (`CRD-START-C`, `CRD-START-D`)."""

from __future__ import annotations

import random

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.crest.agents import CrestRandomAgent
from chaos_tower.crest.cards import CrestCardSet
from chaos_tower.crest.state import CrestState


def _states(crest: CrestCardSet, players: int, seed: int) -> list[CrestState]:
    state = ct.new_game(crest, players=players, seed=seed)
    agent = CrestRandomAgent(seed)
    out = [state]
    while not ct.is_terminal(state) and len(out) < 150:
        state = ct.apply(state, agent.choose(state))
        out.append(state)
    return out


def _scramble(state: CrestState, player: int, rng: random.Random) -> CrestState:
    """The same position as ``player`` sees it: the other hands and the deck dealt anew from their cards."""
    hidden = [i for s in range(state.players) if s != player for i in state.hands[s]] + list(state.deck)
    rng.shuffle(hidden)
    hands = list(state.hands)
    for s in range(state.players):
        if s != player:
            hands[s] = tuple(sorted(hidden[: len(state.hands[s])]))
            hidden = hidden[len(state.hands[s]) :]
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(hidden))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_CRD_START_C_observation_does_not_depend_on_hidden_cards(crest: CrestCardSet, players: int) -> None:
    rng = random.Random(players)
    for state in _states(crest, players, players)[::7]:
        for player in range(players):
            other = _scramble(state, player, rng)
            assert ct.observation(other, player) == ct.observation(state, player)
            assert ct.observation_tensor(other, player) == ct.observation_tensor(state, player)
            view = ct.observation(state, player)
            assert view.hand == tuple(state.game.card(i).id for i in state.hands[player])


def test_CRD_START_D_face_down_cards_are_hidden_until_the_reveal(crest: CrestCardSet) -> None:
    state = ct.new_game(crest, players=3, seed=3)
    while state.phase == "setup":
        action = ct.legal_actions(state)[0]
        state = ct.apply(state, action)
        if state.phase == "setup" and state.seat >= 1:
            # seat 0 has finished: seats 1 and 2 see only how many it put out.
            view = ct.observation(state, 2)
            assert view.marks[0] == tuple(() for _ in state.marks[0]) and view.rings[0] is None
            assert view.face_down[0] == sum(map(len, state.marks[0])) + (state.rings[0] != -1)
    view = ct.observation(state, 2)
    assert view.face_down == (0, 0, 0)


def test_observation_tensor_has_a_fixed_length(crest: CrestCardSet) -> None:
    lengths = {
        len(ct.observation_tensor(s, 0)) for players in (2, 6) for s in _states(crest, players, 1)[::20]
    }
    assert len(lengths) == 1


def test_observation_of_a_seat_that_does_not_exist_is_refused(crest: CrestCardSet) -> None:
    state = ct.new_game(crest, players=2)
    with pytest.raises(ValueError):
        ct.observation(state, 2)
    assert str(ct.observation(state, 0)).startswith("player 0 of 2")
