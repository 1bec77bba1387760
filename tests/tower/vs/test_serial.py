"""VS saves: round trips, determinism, and saves that must be refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.tower.vs import RandomVsAgent, SimpleVsAgent, play_game, violations

from .scenario import CARDS, play, rigged


def _games() -> list[ct.VsState]:
    states = []
    for players in (2, 3, 4, 5):
        start = ct.new_game(CARDS, mode="vs", players=players, seed=players, extra_rule=players % 2 == 0)
        moves = play_game(start, [SimpleVsAgent(p) if p % 2 else RandomVsAgent(p) for p in range(players)])
        states += [start, *(s for _a, s in moves[:: max(1, len(moves) // 6)]), moves[-1][1]]
    return states


STATES = _games()


@pytest.mark.parametrize("index", range(len(STATES)))
def test_save_round_trip(index: int) -> None:
    state = STATES[index]
    text = ct.dumps(state)
    back = ct.loads(text, CARDS)
    assert back == state and back.events == state.events
    assert ct.dumps(back) == text
    assert json.loads(text)["format"] == "chaos-tower/tower-vs/3"


def test_same_seed_and_actions_give_byte_identical_saves() -> None:
    for players in (2, 3, 4, 5):
        runs = []
        for _ in range(2):
            state = ct.new_game(CARDS, mode="vs", players=players, seed=77, extra_rule=True)
            texts = []
            agents = [SimpleVsAgent(5 + p) for p in range(players)]
            for _action, after in play_game(state, agents):
                texts.append(ct.dumps(after))
            runs.append(texts)
        assert runs[0] == runs[1]
    a = ct.new_game(CARDS, mode="vs", players=3, seed=1)
    b = ct.new_game(CARDS, mode="vs", players=3, seed=2)
    assert ct.dumps(a) != ct.dumps(b)


def _tampered(change: Any) -> str:
    data = json.loads(ct.dumps(STATES[1]))
    change(data)
    return json.dumps(data)


TAMPERS = {
    "counter above 8": lambda d: d["position"]["counters"][0].__setitem__(0, 9),
    "counter below 0": lambda d: d["position"]["counters"][1].__setitem__(0, -1),
    "a card twice": lambda d: d["position"]["deck"].__setitem__(0, d["position"]["deck"][1]),
    "an item twice": lambda d: d["position"]["hands"][0].append(d["position"]["hands"][1][0]),
    "an attribute twice": lambda d: d["position"]["attributes"][0].__setitem__(
        0, d["position"]["attributes"][1][0]
    ),
    "too many declarations": lambda d: d["position"]["declarations"].__setitem__(0, 3),
    "a face-up card nobody named": lambda d: d["position"]["revealed"][0].__setitem__(0, True),
    "a bool for an int": lambda d: d["position"].__setitem__("turn", True),
    "a missing key": lambda d: d["position"].pop("round"),
    "an extra key": lambda d: d.__setitem__("extra", 1),
    "another card set": lambda d: d["cardset"].__setitem__("sha256", "0" * 64),
    "a bad phase": lambda d: d["position"].__setitem__("phase", "lunch"),
    "a seat out of range": lambda d: d["position"].__setitem__("turn", 7),
    "a result while playing": lambda d: d["position"].__setitem__(
        "result", {"results": ["won", "lost"], "cause": "named", "rule": "TOC-VS2-031"}
    ),
    "a bad event": lambda d: d["events"].append({"rule": 1}),
    "six players": lambda d: d["position"].__setitem__("players", 6),
}


@pytest.mark.parametrize("name", sorted(TAMPERS))
def test_tampered_saves_are_refused(name: str) -> None:
    with pytest.raises(ct.SaveError):
        ct.loads(_tampered(TAMPERS[name]), CARDS)


@pytest.mark.parametrize(
    "text", ["", "[]", "{", '{"format": "chaos-tower/tower-vs/3"}', "NaN", "x" * 2_000_000]
)
def test_garbage_is_refused(text: str) -> None:
    with pytest.raises(ct.SaveError):
        ct.loads(text, CARDS)


def test_duplicate_keys_are_refused() -> None:
    text = ct.dumps(STATES[0])
    doubled = text.replace('"format": ', '"format": "x", "format": ', 1)
    with pytest.raises(ct.SaveError):
        ct.loads(doubled, CARDS)


def test_illegal_and_malformed_actions_change_nothing() -> None:
    state = rigged(2, ["GW", "VS"])
    before = ct.dumps(state)
    for bad in ("seen 1 G pay 0", "subtract 1 0", "adjust 0 0"):
        with pytest.raises(ct.IllegalActionError):
            play(state, bad)
    for bad in ("fly", "seen 9 G pay 0", "adjust 99 0", "give x to 1 pay 0", "adjust 1"):
        with pytest.raises(ct.MalformedActionError):
            play(state, bad)
    with pytest.raises(ct.MalformedActionError):
        ct.apply(state, ct.Place(cell=0, rotation=0))
    assert ct.dumps(state) == before
    assert not ct.can_apply(state, ct.Adjust(deltas=(0, 0)))


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a number or a boolean inside a JSON value."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _paths(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _paths(v, (*path, i))]
    return [path] if isinstance(value, int | bool) else []


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(STATES) - 1), st.data())
def test_any_changed_number_is_refused_or_gives_a_sound_state(index: int, data: st.DataObject) -> None:
    saved = json.loads(ct.dumps(STATES[index]))
    position = saved["position"]
    paths = _paths(position)
    path = data.draw(st.sampled_from(paths))
    new = data.draw(st.one_of(st.integers(-3, 60), st.booleans(), st.none(), st.just("x")))
    target = position
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    try:
        state = ct.loads(json.dumps(saved), CARDS)
    except ct.SaveError:
        return
    assert violations(state) == []
    assert ct.loads(ct.dumps(state), CARDS) == state
    for action in ct.legal_actions(state):  # a sound position plays on
        assert violations(ct.apply(state, action)) == []


def _fresh(players: int) -> dict[str, Any]:
    return json.loads(ct.dumps(ct.new_game(CARDS, mode="vs", players=players, seed=1)))


def _set(data: dict[str, Any], **values: Any) -> str:
    data["position"].update(values)
    return json.dumps(data)


UNSETTLED = {
    # TOC-VS2-031: both counters at 0 has lost; the game cannot still be on.
    "2 players, both counters at 0, still playing": lambda: _set(_fresh(2), counters=[[0, 0], [4, 4]]),
    # TOC-VS3-051: the last player in has won.
    "3 players, one left in, still playing": lambda: _set(
        _fresh(3), counters=[[0], [0], [4]], out=[True, True, False], turn=2
    ),
    # TOC-VS2-032: a subtraction is pending only with the extra rule, from round 4, with a choice.
    "a subtraction pending without the extra rule": lambda: _set(_fresh(2), phase="pay"),
    "a negative count of actions": lambda: _set(_fresh(2), actions=-5),
}


def _adjusting(queue: list[int] | None = None, source_offset: int = 0, gift: bool = False) -> str:
    state = ct.new_game(CARDS, mode="vs", players=2, seed=1)
    if gift:
        state = ct.apply(state, next(a for a in ct.legal_actions(state) if isinstance(a, ct.Give)))
        queue = [state.turn, 1 - state.turn]
    else:
        state = ct.apply(state, ct.Draw())
    data = json.loads(ct.dumps(state))
    position = data["position"]
    if queue is not None:
        position["queue"] = queue
    if source_offset:
        card = position["source"]
        other = position["deck"][0]
        position["deck"][0] = card
        position["drawn"][-1] = other
        position["source"] = card
    return json.dumps(data)


# TOC-VS2-027: after a draw each player in adjusts once, for the card just drawn.
ADJUSTING = {
    "a player asked twice to adjust": lambda: _adjusting(queue=[0, 0]),
    "adjusting for a card not drawn last": lambda: _adjusting(source_offset=1),
    "a gift adjusted by two players": lambda: _adjusting(gift=True),
}


@pytest.mark.parametrize("name", sorted(ADJUSTING))
def test_TOC_VS2_027_saves_with_an_impossible_adjustment_are_refused(name: str) -> None:
    with pytest.raises(ct.SaveError):
        ct.loads(ADJUSTING[name](), CARDS)


@pytest.mark.parametrize("name", sorted(UNSETTLED))
def test_TOC_VS2_031_saves_of_unsettled_positions_are_refused(name: str) -> None:
    with pytest.raises(ct.SaveError):
        ct.loads(UNSETTLED[name](), CARDS)


def test_TOC_VS2_031_two_player_both_named_still_playing_is_refused() -> None:
    state = rigged(2, ["GW", "VS"])
    won = play(state, "seen 1 V pay 0", "seen 1 S pay 0")
    data = json.loads(ct.dumps(won))
    data["position"].update(phase="turn", result=None)
    with pytest.raises(ct.SaveError, match="TOC-VS2-031"):
        ct.loads(json.dumps(data), CARDS)


def test_TOC_VS3_051_two_right_names_still_playing_is_refused() -> None:
    state = rigged(5, ["G", "W", "V", "S", "D"])
    won = play(state, "seen 1 W pay 0", "seen 3 S pay 0")
    data = json.loads(ct.dumps(won))
    data["position"].update(phase="turn", result=None)
    with pytest.raises(ct.SaveError, match="TOC-VS3-051"):
        ct.loads(json.dumps(data), CARDS)
