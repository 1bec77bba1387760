"""The solo game's observation: what the player may know, as a value, JSON, text and a tensor."""

from __future__ import annotations

import json
import random

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.observe import tensor_size


def _played(cards: ct.TowerCardSet, seed: int, steps: int) -> list[ct.State]:
    state = ct.new_game(cards, seed=seed, max_actions=300)
    rng = random.Random(seed)
    states = [state]
    for _ in range(steps):
        actions = ct.legal_actions(state)
        if not actions:
            break
        state = ct.apply(state, rng.choice(actions))
        states.append(state)
    return states


def test_hidden_deck_order_and_generator_do_not_show(cards: ct.TowerCardSet) -> None:
    state = ct.new_game(cards, seed=11)
    top, *rest = state.deck
    other = attrs.evolve(state, deck=(top, *reversed(rest)), rng=state.rng ^ 0xFFFF, seed=99)
    assert other != state  # a different position for the referee...
    assert ct.observation(other, 0) == ct.observation(state, 0)  # ...that the player cannot tell apart
    assert ct.observation_tensor(other, 0) == ct.observation_tensor(state, 0)
    assert str(ct.observation(other, 0)) == str(ct.observation(state, 0))


def test_the_face_up_top_card_shows(cards: ct.TowerCardSet) -> None:
    state = ct.new_game(cards, seed=11)
    swapped = attrs.evolve(state, deck=(state.deck[1], state.deck[0], *state.deck[2:]))
    seen, seen_swapped = ct.observation(state, 0), ct.observation(swapped, 0)
    assert seen.deck_top == state.game.table[state.deck[0]].id
    assert seen != seen_swapped
    assert ct.observation_tensor(state, 0) != ct.observation_tensor(swapped, 0)
    assert f"top={seen.deck_top}" in str(seen)


def test_observation_follows_the_table(cards: ct.TowerCardSet) -> None:
    for state in _played(cards, 5, 40):
        seen = ct.observation(state, 0)
        grid = state.game.grid
        assert seen.life == state.life and seen.elements == state.elements and seen.level == state.level
        assert seen.deck_size == len(state.deck)
        assert seen.player == (None if state.player < 0 else grid.name(state.player))
        occupied = [i for i, cell in enumerate(seen.floor) if cell is not None]
        assert occupied == [i for i, code in enumerate(state.floor) if code != -1]
        for i in occupied:
            cell = seen.floor[i]
            assert cell is not None
            assert cell.card == state.game.table[state.floor[i] >> 3].id
        data = json.loads(json.dumps(seen.to_json()))
        assert len(data["floor"]) == grid.cells
        assert data["elements"] == dict(zip("GWVSD", state.elements, strict=True))
        assert data["result"] == (None if state.result is None else state.result.result)


def test_tensor_has_one_length_and_the_values_at_their_places(cards: ct.TowerCardSet) -> None:
    size = tensor_size(ct.new_game(cards, seed=0).game)
    per_cell = 1 + 51 + 4 + 1 + 1  # 45 chaos cards, 5 steps and Rebright can lie on the floor
    for seed in (1, 2, 3):
        for state in _played(cards, seed, 30):
            tensor = ct.observation_tensor(state, 0)
            assert len(tensor) == size
            # the last 14 numbers: life, elements, floor, deck size, bonus, rearranging, returns,
            # item on entry, acts, over, scaled by the card set's bounds, or squashed when unbounded
            # (chaos_tower.kernel.layout)
            tail = tensor[-14:]
            game = state.game
            span = game.element_max - game.element_min
            assert tail[0] == (state.life - game.life_min) / (game.life_max - game.life_min)
            assert tail[1:6] == tuple((v - game.element_min) / span for v in state.elements)
            assert tail[6] == state.level / (state.level + 10) and tail[7] == len(state.deck) / 45
            assert tail[10] == float(state.step_returns) and tail[11] == float(state.item_on_entry)
            assert tail[12] == state.actions / (state.actions + 100)
            assert tail[13] == float(state.result is not None)
            # the floor block: one occupancy flag per cell, and the player's mark
            assert [tensor[c * per_cell] for c in range(25)] == [float(x != -1) for x in state.floor]
            marks = [c for c in range(25) if tensor[c * per_cell + per_cell - 1] == 1.0]
            assert marks == ([] if state.player < 0 else [state.player])


def test_the_solo_game_has_one_observer(cards: ct.TowerCardSet) -> None:
    state = ct.new_game(cards, seed=1)
    with pytest.raises(ValueError, match="one player"):
        ct.observation(state, 1)
    with pytest.raises(ValueError, match="one player"):
        ct.observation_tensor(state, -1)


def test_TOC_ZAP_07_the_step_that_goes_back_unused_shows(cards: ct.TowerCardSet) -> None:
    # Whether the step stood on ended a ZAP (and so goes back unused) is the player's own knowledge:
    # it shows in the observation's value, JSON and text, as it already did in the tensor.
    state = ct.new_game(cards, seed=11)
    returning = attrs.evolve(state, step_returns=True)
    assert ct.observation_tensor(returning, 0) != ct.observation_tensor(state, 0)
    seen, seen_returning = ct.observation(state, 0), ct.observation(returning, 0)
    assert seen != seen_returning
    assert seen.to_json()["step_returns"] is False and seen_returning.to_json()["step_returns"] is True
    assert str(seen) != str(seen_returning) and "step-returns" in str(seen_returning).split()
