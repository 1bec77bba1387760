"""OpenSpiel's ISMCTSBot on our modes: information-state tensors, resample_from_infostate (issue 24, 9)."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest

import chaos_tower as ct
from chaos_tower.agents import make_agent
from chaos_tower.integrations import MODES, Mode
from chaos_tower.integrations import openspiel as ct_openspiel  # noqa: F401  (registers the games)
from chaos_tower.integrations.openspiel_bots import ismcts_bot, play_match

HIDDEN = [m for m in MODES if m.facts.hidden_information]


def _midgame(game: Any, seed: int, steps: int) -> Any:
    # ``steps`` random actions from seed ``seed``, never the one that ends the game
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        for _try in range(20):
            twin = state.clone()
            twin.apply_action(int(rng.choice(twin.legal_actions())))
            if not twin.is_terminal():
                state = twin
                break
    return state


def test_every_hidden_mode_is_offered() -> None:
    # the solo deck, the VS attributes and hands, Crest's hands: every mode hides something
    assert {m.name for m in HIDDEN} == {m.name for m in MODES}


@pytest.mark.parametrize("mode", HIDDEN, ids=lambda m: m.name)
def test_a_resampled_world_has_the_players_information_state(mode: Mode) -> None:
    game = pyspiel.load_game(mode.name, {"seeds": 64, "max_actions": 300})
    assert game.get_type().provides_information_state_tensor
    rng = np.random.RandomState(0)
    differed = 0
    for seed in (1, 2):
        state = _midgame(game, seed, 6)
        player = state.current_player()
        assert player >= 0
        for _ in range(4):
            world = state.resample_from_infostate(player, rng.uniform)
            assert world.current_player() == player
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.legal_actions() == state.legal_actions()
            differed += world.state != state.state
            # it is a real state: it saves, reloads and plays on
            again = pickle.loads(pickle.dumps(world))
            assert again.state == world.state
            assert again.information_state_string(player) == world.information_state_string(player)
            world.apply_action(world.legal_actions()[0])
            assert ct.loads(ct.dumps(world.state), mode.cards()) == world.state  # loads checks it
    assert differed > 0  # the hidden parts are drawn, not copied from the truth


def test_the_information_state_tensor_counts_the_players_own_actions() -> None:
    game = pyspiel.load_game("crest_duel_2", {"seeds": 16, "max_actions": 300})
    size = game.information_state_tensor_size()
    assert size == game.observation_tensor_size() + game.num_distinct_actions()
    state = _midgame(game, 3, 8)
    for player in range(2):
        tensor = np.asarray(state.information_state_tensor(player))
        assert tensor.shape == (size,)
        own = [a for (p, a) in zip(_actors(state), state.history()[1:], strict=True) if p == player]
        counts = tensor[game.observation_tensor_size() :] * game.max_game_length()
        assert np.allclose(counts, np.bincount(own, minlength=game.num_distinct_actions()), atol=1e-3)
        assert np.allclose(tensor[: game.observation_tensor_size()], state.observation_tensor(player))


def _actors(state: Any) -> list[int]:
    return [actor for _, actor, _ in state.track.trail[1:]]


def test_worlds_do_not_depend_on_what_the_player_cannot_see() -> None:
    # determinize reads only the seat's observation and the public record, so the same sampler
    # values give the same world from the true state and from any state the seat cannot tell apart
    game = pyspiel.load_game("crest_duel_2", {"seeds": 16, "max_actions": 300})
    state = _midgame(game, 4, 5)
    player = state.current_player()
    world = state.resample_from_infostate(player, lambda: 0.25)
    other = world.resample_from_infostate(player, lambda: 0.25)
    assert other.state == world.state
    assert other.information_state_string(player) == state.information_state_string(player)


@pytest.mark.parametrize("name", ["chaos_tower_vs2", "crest_duel_2"])
def test_openspiels_ismcts_bot_plays_our_mcts_from_both_seats(name: str) -> None:
    game = pyspiel.load_game(name, {"seeds": 64, "max_actions": 300})
    for their_seat in (0, 1):
        seats: list[Any] = [None, None]
        seats[their_seat] = ismcts_bot(game, simulations=6, seed=their_seat)
        seats[1 - their_seat] = make_agent("mcts", seat=1 - their_seat, seed=3, simulations=6)
        result = play_match(game, seed=7, seats=seats)
        assert result.actions > 0
        assert sorted(result.returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_the_bot_is_reproducible_from_its_seed() -> None:
    game = pyspiel.load_game("chaos_tower_vs2", {"seeds": 64, "max_actions": 300})

    def once() -> Any:
        return play_match(
            game,
            seed=11,
            seats=[ismcts_bot(game, simulations=5, seed=2), make_agent("random", seat=1, seed=2)],
        )

    assert once() == once()


def test_a_bad_budget_or_seat_count_is_refused() -> None:
    game = pyspiel.load_game("chaos_tower_vs2", {"seeds": 4})
    with pytest.raises(ValueError, match="simulations"):
        ismcts_bot(game, simulations=0, seed=1)
    with pytest.raises(ValueError, match="seats"):
        play_match(game, seed=1, seats=[make_agent("random")])
