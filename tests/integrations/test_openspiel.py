"""OpenSpiel: the solo game registered as a Python game, played by OpenSpiel's own tools."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import chaos_tower as ct
from chaos_tower.integrations import MODES, Mode
from chaos_tower.integrations import openspiel as ct_openspiel  # noqa: F401  (registers the games)


def _game(max_actions: int = 60) -> pyspiel.Game:
    return pyspiel.load_game("chaos_tower_solo", {"max_actions": max_actions, "seeds": 64})


def _advanced(game: pyspiel.Game, seed: int, steps: int) -> pyspiel.State:
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_mode_is_registered_with_its_type() -> None:
    names = {t.short_name for t in pyspiel.registered_games()}
    assert {mode.name for mode in MODES} <= names
    game = _game()
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    cards = ct.load_cardset()
    assert game.num_players() == 1
    assert game.num_distinct_actions() == len(ct.action_space(ct.new_game(cards)))
    assert game.max_chance_outcomes() == 64
    assert game.max_game_length() == 60
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


def test_the_seed_is_the_only_chance_node() -> None:
    game = _game()
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [seed for seed, _ in outcomes] == list(range(64))
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    state.apply_action(9)
    expected = ct.new_game(ct.load_cardset(), seed=9, max_actions=60)
    assert state.state == expected
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(state.legal_actions()[-1])


def test_actions_and_observations_come_from_the_front_door() -> None:
    state = _advanced(_game(), 3, 4)
    ours = state.state
    assert state.legal_actions() == sorted(ct.action_index(ours, a) for a in ct.legal_actions(ours))
    first = state.legal_actions()[0]
    assert state.action_to_string(first) == ct.action_text(ours, ct.action_from_index(ours, first))
    assert state.observation_string(0) == str(ct.observation(ours, 0))
    # OpenSpiel's tensor is float32: the scaled values (chaos_tower.kernel.layout) are compared at
    # that precision
    assert np.array_equal(
        np.asarray(state.observation_tensor(0)), np.asarray(ct.observation_tensor(ours, 0), np.float32)
    )
    info = state.information_state_string(0)
    assert "rng" not in info and "seed" not in info  # the generator stays hidden
    assert info.count("\n> ") == len(state.history()) - 1  # one line per own action


def test_random_sim_test_with_serialization() -> None:
    pyspiel.random_sim_test(_game(), num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("mode", [m for m in MODES if m.name != "chaos_tower_solo"], ids=lambda m: m.name)
def test_random_sim_test_of_every_other_mode(mode: Mode) -> None:
    game = pyspiel.load_game(mode.name, {"max_actions": 120, "seeds": 16})
    assert game.num_players() == mode.options["players"]
    assert game.num_distinct_actions() == len(ct.action_space(ct.new_game(mode.cards(), **mode.options)))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_serialization_round_trip_keeps_the_generator() -> None:
    game = _game(200)
    state = _advanced(game, 21, 25)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.state == state.state and state2.state.rng == state.state.rng
    assert state2.history() == state.history()
    # both go on identically
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        state2.apply_action(action)
        assert ct.dumps(state2.state) == ct.dumps(state.state)


def test_clone_and_pickle_are_independent_copies() -> None:
    state = _advanced(_game(), 4, 3)
    before = ct.dumps(state.state)
    twin = state.clone()
    restored = pickle.loads(pickle.dumps(state))
    assert restored.state == state.state and restored.history() == state.history()
    twin.apply_action(twin.legal_actions()[0])
    assert ct.dumps(state.state) == before  # the original did not move
    assert twin.history() != state.history()


def test_python_mcts_plays_a_solo_game_to_the_end() -> None:
    game = _game(max_actions=25)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=6, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    state = game.new_initial_state()
    state.apply_action(3)
    moves = 0
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert 1 <= moves <= 25
    assert ct.is_terminal(state.state)
    assert state.returns() == list(ct.returns(state.state))


def _played_out(game: pyspiel.Game, seed: int) -> pyspiel.State:
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = np.random.RandomState(seed)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.name)
def test_utility_type_and_bounds_per_mode(mode: Mode) -> None:
    game = pyspiel.load_game(mode.name, {"max_actions": 400, "seeds": 8})
    kind, players = game.get_type(), mode.options.get("players", 1)
    sides = 2 if mode.options.get("teams") else players
    # two sides (two seats, or two equal teams): one wins what the other loses; more: general sum
    expected = pyspiel.GameType.Utility.ZERO_SUM if sides == 2 else pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.utility == expected
    assert (kind.min_num_players, kind.max_num_players, game.num_players()) == (players,) * 3
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    if sides == 2:
        assert game.utility_sum() == 0.0
    # played-out games stay within the bounds, and within the declared length
    for seed in range(2):
        state = _played_out(game, seed)
        assert all(-1.0 <= r <= 1.0 for r in state.returns())
        assert len(state.history()) - 1 <= game.max_game_length()
        if sides == 2:
            assert sum(state.returns()) == 0.0


def test_zero_sum_modes_really_sum_to_zero_when_decided() -> None:
    # a decided VS2 game and a decided two-seat duel: one 1, one -1
    for name in ("chaos_tower_vs2", "crest_duel_2"):
        game = pyspiel.load_game(name, {"max_actions": 1000, "seeds": 64})
        decided = [_played_out(game, seed).returns() for seed in range(4)]
        assert any(sorted(r) == [-1.0, 1.0] for r in decided), (name, decided)


@pytest.mark.parametrize("mode", MODES, ids=lambda m: m.name)
def test_serialization_round_trip_keeps_the_generator_in_every_mode(mode: Mode) -> None:
    game = pyspiel.load_game(mode.name, {"max_actions": 300, "seeds": 32})
    state = _advanced(game, 5, 12)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.state == state.state and state2.state.rng == state.state.rng
    restored = pickle.loads(pickle.dumps(state))
    assert restored.state == state.state
    for _ in range(6):
        if state.is_terminal():
            break
        action = state.legal_actions()[-1]
        for twin in (state, state2, restored):
            twin.apply_action(action)
        assert ct.dumps(state2.state) == ct.dumps(restored.state) == ct.dumps(state.state)


def _disguised_vs(state: Any) -> Any:
    # seat 1's hidden attribute swapped with the one dealt to nobody, its items with unused ones
    mine, left = list(state.attributes[1]), list(state.leftover)
    if not state.revealed[1][0] and left:
        mine[0], left[0] = left[0], mine[0]
    hands, unused = list(state.hands), list(state.unused)
    k = min(len(hands[1]), len(unused))
    hands[1], unused[:k] = (*unused[:k], *hands[1][k:]), list(hands[1][:k])
    attributes = list(state.attributes)
    attributes[1] = tuple(mine)
    return attrs.evolve(
        state, attributes=tuple(attributes), leftover=tuple(left), hands=tuple(hands), unused=tuple(unused)
    )


def _disguised_crest(state: Any) -> Any:
    # seat 1's hand swapped with as many cards from the top of the deck
    hands, deck = list(state.hands), state.deck
    k = min(len(hands[1]), len(deck))
    given = hands[1][:k]
    hands[1] = tuple(sorted((*deck[:k], *hands[1][k:])))
    return attrs.evolve(state, hands=tuple(hands), deck=(*given, *deck[k:]))


@pytest.mark.parametrize(
    ("name", "disguise"),
    [
        ("chaos_tower_vs2", _disguised_vs),
        ("chaos_tower_vs4", _disguised_vs),
        ("crest_duel_3", _disguised_crest),
    ],
)
def test_strings_and_tensors_do_not_show_another_seats_secrets(
    name: str, disguise: Callable[[Any], Any]
) -> None:
    game = pyspiel.load_game(name, {"max_actions": 300, "seeds": 32})
    state = _advanced(game, 3, 5)
    assert not state.is_terminal()
    twin = state.clone()
    track = state.track
    trail = tuple((disguise(s), actor, action) for s, actor, action in track.trail)
    twin.track = type(track)(track.name, track.options, trail)
    assert twin.state != state.state  # the referee tells them apart...
    for seat in (0, 2) if game.num_players() > 2 else (0,):
        # ...seats 0 (and 2) cannot: seat 1's secrets are in no string or tensor they get
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        assert twin.observation_string(seat) == state.observation_string(seat)
        assert twin.observation_tensor(seat) == state.observation_tensor(seat)
    # seat 1 itself sees its own secrets change
    assert twin.information_state_string(1) != state.information_state_string(1)


def test_an_observer_of_a_kind_the_adapter_cannot_give_is_refused() -> None:
    # A public-only observer must not carry seat 0's hand; one of every seat cannot be had from one view.
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("crest_duel_2", {"seeds": 4})
    state = game.new_initial_state()
    state.apply_action(1)
    for private, public in (
        (pyspiel.PrivateInfoType.NONE, True),
        (pyspiel.PrivateInfoType.ALL_PLAYERS, True),
        (pyspiel.PrivateInfoType.SINGLE_PLAYER, False),
    ):
        kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=public, private_info=private)
        with pytest.raises(ValueError, match="observ"):
            make_observation(game, kind)
    # the kinds OpenSpiel's own strings use still work
    for recall in (False, True):
        kind = pyspiel.IIGObservationType(perfect_recall=recall)
        observer = make_observation(game, kind)
        expected = state.information_state_string(0) if recall else state.observation_string(0)
        assert observer.string_from(state, 0) == expected
