"""What a search's worlds share with the state they were drawn from (issue 27).

``ct.determinize`` for the player to move carries the legal actions already listed into the
world (what one may do never depends on what one cannot see), so a search does not list its
root again in every world. These tests pin that the carried list is the one the world would
list itself, and that nothing is carried for another seat or before anything was listed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.kernel.transition import carry_listing

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")

STARTS = {
    "solo": lambda seed: ct.new_game(TOWER, seed=seed),
    "vs2": lambda seed: ct.new_game(TOWER, mode="vs", players=2, seed=seed),
    "vs5": lambda seed: ct.new_game(TOWER, mode="vs", players=5, seed=seed),
    "crest2": lambda seed: ct.new_game(CREST, players=2, seed=seed),
    "crest6": lambda seed: ct.new_game(CREST, players=6, seed=seed),
}


def _positions(name: str, count: int) -> list[Any]:
    rng = random.Random(name)
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = STARTS[name](seed)
        for _ in range(rng.randrange(40)):
            legal = ct.legal_actions(state)
            if not legal:
                break
            state = ct.apply(state, rng.choice(legal))
        if ct.legal_actions(state):
            cards = CREST if name.startswith("crest") else TOWER
            out.append(ct.loads(ct.dumps(state), cards))  # the same position, nothing listed on it
    return out


def state_cards(state: Any) -> Any:
    return CREST if isinstance(state, ct.CrestState) else TOWER


@pytest.mark.parametrize("name", list(STARTS))
def test_a_world_for_the_player_to_move_carries_the_listed_actions(name: str) -> None:
    """The carried list is the state's own tuple and equals what the world lists by itself."""
    for number, state in enumerate(_positions(name, 40)):
        seat = ct.current_player(ct.loads(ct.dumps(state), state_cards(state)))  # (solo would list it)
        assert seat is not None
        fresh = ct.determinize(state, seat, number)  # nothing listed on ``state`` yet: nothing carried
        assert "legal" not in fresh._memo
        listed = ct.legal_actions(state)
        world = ct.determinize(state, seat, number)
        assert world._memo.get("legal") is listed
        assert ct.legal_actions(fresh) == listed
        for action in listed[:3]:  # applied through the legal fast path: the same states as without it
            assert ct.dumps(ct.apply(world, action)) == ct.dumps(ct.apply(fresh, action))


@pytest.mark.parametrize("name", ["vs5", "crest6"])
def test_a_world_for_another_seat_carries_nothing(name: str) -> None:
    """Another seat's legal actions are not the mover's: its world lists its own."""
    for number, state in enumerate(_positions(name, 20)):
        ct.legal_actions(state)
        seat = ct.current_player(state)
        other = (seat + 1) % state.players
        assert "legal" not in ct.determinize(state, other, number)._memo


def test_carry_listing_leaves_states_without_a_memo_alone() -> None:
    """An installed game's states need not keep a memo: nothing is carried, nothing raises."""
    state = ct.new_game(TOWER, seed=1)
    ct.legal_actions(state)
    carry_listing(state, object())
    carry_listing(object(), state)
    assert ct.legal_actions(state) == ct.legal_actions(ct.new_game(TOWER, seed=1))
