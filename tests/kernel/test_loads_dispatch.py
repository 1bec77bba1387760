"""``ct.loads``: the save's format picks the game, and every wrong input is a SaveError."""

from __future__ import annotations

import copy
import json
import random

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


def _paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def test_a_vs_view_save_with_any_value_changed_is_refused_or_renders() -> None:
    # A view that ct.loads accepts must be one that the front door can draw; else SaveError.
    rng = random.Random(7)
    state = ct.new_game(TOWER, mode="vs", players=3, seed=1)
    for _ in range(4):
        state = ct.apply(state, rng.choice(ct.legal_actions(state)))
    assert not ct.is_terminal(state)
    data = json.loads(ct.dumps(ct.observation(state, 1)))
    paths = [p for p in _paths(data) if p and p[0] != "format"]
    values: list[object] = [None, True, -1, 0, 1, 7, 1.5, "", "x", [], {}, [1], [[1]], {"a": 1}]
    accepted = 0
    for _ in range(1500):
        changed = copy.deepcopy(data)
        path = rng.choice(paths)
        parent = changed
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = rng.choice(values)
        try:
            view = ct.loads(json.dumps(changed), TOWER)
        except ct.SaveError:
            continue
        accepted += 1
        ct.render_text(view)
        assert ct.loads(ct.dumps(view), TOWER) == view
    assert accepted > 0  # some changes are harmless (another round number, another deck size)
