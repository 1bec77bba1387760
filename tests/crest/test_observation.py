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
        state = ct.apply(state, agent.choose_in(state))
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


@pytest.mark.parametrize("players", [2, 4])
def test_CRD_START_C_the_greedy_agent_chooses_from_what_its_seat_may_see(
    crest: CrestCardSet, players: int
) -> None:
    """The other hands and the deck order dealt anew must not change the greedy agent's choice.

    Its docstring promises it uses only the public board and its own hand; a refill or a
    swap of hands would otherwise let it score cards it has not seen.
    """
    from chaos_tower.crest.agents import CrestGreedyAgent

    rng = random.Random(players + 10)
    checked = 0
    for state in _states(crest, players, players + 1)[::3]:
        if ct.is_terminal(state):
            continue
        player = state.seat
        for _ in range(3):
            other = _scramble(state, player, rng)
            assert ct.observation(other, player) == ct.observation(state, player)
            assert CrestGreedyAgent(7).choose_in(other) == CrestGreedyAgent(7).choose_in(state)
            checked += 1
    assert checked > 20


def test_CRD_START_C_the_greedy_agent_does_not_score_the_cards_a_refill_would_draw() -> None:
    """Ending the turn refills the hand from the hidden deck: the agent must not rank by those cards."""
    from chaos_tower.crest.actions import Use
    from chaos_tower.crest.agents import CrestGreedyAgent

    from .helpers import arrange

    # Ixalith (flame, flame, moon) at full HP: using its moon crest (heal 2) changes nothing,
    # ending the turn draws five cards it cannot see yet.
    state = arrange(monsters=("ixalith", "gorgath"), marks={0: {2: ["moon-crest"]}}, phase="beast")
    assert Use(mark=2) in ct.legal_actions(state)
    top_fangs = state  # the deck in card order: fang crests on top, which fit no mark of Ixalith
    top_spells = attrs.evolve(state, deck=tuple(reversed(state.deck)))
    assert {top_fangs.game.card(i).id for i in top_fangs.deck[:5]} == {"fang-crest"}
    assert ct.observation(top_fangs, 0) == ct.observation(top_spells, 0)
    assert CrestGreedyAgent(3).choose_in(top_fangs) == CrestGreedyAgent(3).choose_in(top_spells)


def test_CRD_BEAST_B_the_text_view_shows_the_statuses_and_the_piles() -> None:
    """The hot seat prints this text: a status decides what a monster may do, so it must show."""
    from chaos_tower.crest.cards import Status

    from .helpers import arrange

    state = arrange(statuses={1: {Status.ASLEEP: 2, Status.BOUND: 1}}, discard=["fireball"])
    text = str(ct.observation(state, 0))
    seat1 = next(line for line in text.splitlines() if line.strip().startswith("seat 1 "))
    assert "asleep 2" in seat1 and "bound 1" in seat1
    assert f"deck {len(state.deck)}" in text and "discards 1 (top fireball)" in text
