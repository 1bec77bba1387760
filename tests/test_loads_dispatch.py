"""``ct.loads``: the save's format picks the game, and every wrong input is a SaveError."""

from __future__ import annotations

import pytest

import chaos_tower as ct

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")


def _saves() -> dict[str, tuple[str, object, type]]:
    vs = ct.new_game(TOWER, mode="vs", players=3, seed=1)
    return {
        "solo": (ct.dumps(ct.new_game(TOWER, seed=1)), TOWER, ct.State),
        "vs": (ct.dumps(vs), TOWER, type(vs)),
        "vs-view": (ct.dumps(ct.observation(vs, 1)), TOWER, type(ct.observation(vs, 1))),
        "crest": (
            ct.dumps(ct.new_game(CREST, players=4, teams=True, seed=1)),
            CREST,
            type(ct.new_game(CREST, seed=1)),
        ),
    }


@pytest.mark.parametrize("kind", ["solo", "vs", "vs-view", "crest"])
def test_each_save_comes_back_through_the_front_door(kind: str) -> None:
    text, cards, state_type = _saves()[kind]
    state = ct.loads(text, cards)
    assert type(state) is state_type
    assert ct.dumps(state) == text


@pytest.mark.parametrize("kind", ["solo", "vs", "vs-view", "crest"])
@pytest.mark.parametrize("wrong", ["other game's set", "None", "a string"])
def test_a_save_with_a_card_set_of_another_game_is_a_save_error(kind: str, wrong: str) -> None:
    text, cards, _ = _saves()[kind]
    other = {"other game's set": CREST if cards is TOWER else TOWER, "None": None, "a string": "cards"}[wrong]
    with pytest.raises(ct.SaveError, match="card set"):
        ct.loads(text, other)
