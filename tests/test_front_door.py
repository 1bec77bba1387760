"""The front door (chaos_tower.api): one set of functions for every game and mode."""

from __future__ import annotations

import json

import pytest

import chaos_tower as ct

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")

STARTS = [
    ("tower-solo", TOWER, {}),
    ("tower-vs", TOWER, {"mode": "vs", "players": 3}),
    ("crest", CREST, {"players": 4, "teams": True}),
]


@pytest.mark.parametrize(("name", "cards", "options"), STARTS, ids=[s[0] for s in STARTS])
def test_every_game_goes_through_the_same_functions(
    name: str, cards: object, options: dict[str, object]
) -> None:
    state = ct.new_game(cards, seed=5, max_actions=300, **options)
    rules = ct.rules_of(state)
    assert rules.name == name
    players = rules.players(state)
    assert players == options.get("players", 1)
    seen_players = set()
    while not ct.is_terminal(state):
        mover = ct.current_player(state)
        assert mover is not None and 0 <= mover < players
        seen_players.add(mover)
        actions = ct.legal_actions(state)
        action = actions[len(actions) // 2]
        assert ct.can_apply(state, action)
        index = ct.action_index(state, action)
        assert ct.action_from_index(state, index) == action
        assert ct.parse_action(state, ct.action_text(state, action)) == action
        state = ct.apply(state, action)
    assert ct.current_player(state) is None and ct.legal_actions(state) == ()
    assert ct.outcome(state) is not None
    results = ct.returns(state)
    assert len(results) == players and all(r in (-1.0, 0.0, 1.0) for r in results)
    assert ct.loads(ct.dumps(state), cards) == state  # loads finds the game by the save's format
    assert isinstance(ct.render_text(state), str)
    if players > 1:
        assert seen_players == set(range(players))


def test_loads_refuses_an_unknown_format_and_a_save_for_another_game() -> None:
    solo = ct.dumps(ct.new_game(TOWER, seed=1))
    with pytest.raises(ct.SaveError, match="unknown save format"):
        ct.loads(json.dumps({"format": "chaos-tower/chess/1"}), TOWER)
    with pytest.raises(ct.SaveError, match="string 'format'"):
        ct.loads("[1, 2]", TOWER)
    with pytest.raises(ct.SaveError, match="duplicate key"):
        ct.loads('{"format": "a", "format": "b"}', TOWER)
    with pytest.raises(ct.SaveError, match="needs a Tower of CHAOS card set, not a CrestCardSet"):
        ct.loads(solo, CREST)
    vs = ct.dumps(ct.new_game(TOWER, mode="vs", players=2, seed=1))
    with pytest.raises(ct.SaveError, match="needs a Tower of CHAOS card set, not a CrestCardSet"):
        ct.loads(vs, CREST)
    crest = ct.dumps(ct.new_game(CREST, players=2, seed=1))
    with pytest.raises(ct.SaveError, match="Crest Duel card set"):
        ct.loads(crest, TOWER)


def test_new_game_refuses_options_of_other_modes() -> None:
    with pytest.raises(ct.OptionError, match="the options of solo are: max_actions"):
        ct.new_game(TOWER, players=3)
    with pytest.raises(ValueError, match="not 'vs'"):
        ct.new_game(CREST, mode="vs", players=2)
    with pytest.raises(TypeError, match="not a card set"):
        ct.new_game("cards.yaml")
    with pytest.raises(TypeError, match="not a game state"):
        ct.legal_actions(object())


def test_action_numbers_are_ints_only() -> None:
    state = ct.new_game(TOWER, seed=1)
    assert ct.action_from_index(state, 1) == ct.action_space(state)[1]
    with pytest.raises(ct.MalformedActionError):
        ct.action_from_index(state, True)
    with pytest.raises(ct.MalformedActionError):
        ct.action_from_index(state, len(ct.action_space(state)))


@pytest.mark.parametrize(("name", "cards", "options"), STARTS, ids=[s[0] for s in STARTS])
def test_the_random_agent_plays_every_game(name: str, cards: object, options: dict[str, object]) -> None:
    from chaos_tower.agents import RandomAgent, play

    start = ct.new_game(cards, seed=2, max_actions=200, **options)
    game = list(play(start, RandomAgent(2)))
    assert game and ct.is_terminal(game[-1][1])
    again = list(play(start, RandomAgent(2)))
    assert [ct.dumps(s) for _, s in again] == [ct.dumps(s) for _, s in game]  # seeded: the same game


def test_the_greedy_agent_says_which_game_it_plays() -> None:
    from chaos_tower.tower.solo.agents import GreedyAgent

    with pytest.raises(TypeError, match="solo game"):
        GreedyAgent(1).choose_in(ct.new_game(TOWER, mode="vs", players=2, seed=1))
