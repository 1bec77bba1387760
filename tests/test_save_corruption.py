"""Saves of every game: reachable states round-trip, and a corrupted save is refused or sound.

Random play gives reachable states of the solo game, VS and Crest Duel; each
survives ``dumps`` → ``loads`` unchanged. Then one value of a save is replaced
(a notation field of a solo position, any JSON value of a VS or Crest position or
of the envelope) by another drawn from numbers of every size, text, lists and
nulls: ``loads`` either raises :class:`~chaos_tower.kernel.errors.SaveError` or gives a
state that passes the game's invariants, saves back to itself and has a finite
observation vector (never ``OverflowError`` or another exception).
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.agents import RandomAgent, decide
from chaos_tower.crest.agents import CrestRandomAgent
from chaos_tower.crest.invariants import violations as crest_violations
from chaos_tower.tower.solo.invariants import violations as tower_violations
from chaos_tower.tower.vs import RandomVsAgent, play_game
from chaos_tower.tower.vs import violations as vs_violations

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

VIOLATIONS = {"tower": tower_violations, "vs": vs_violations, "crest": crest_violations}


@cache
def _cards(game: str) -> Any:
    return ct.load_cardset(game="crest") if game == "crest" else ct.load_cardset()


def _tower_states() -> list[Any]:
    states = []
    for seed in (1, 2, 3):
        state = ct.new_game(_cards("tower"), seed=seed, max_actions=60)
        agent = RandomAgent(seed)
        states.append(state)
        while not ct.is_terminal(state):
            state = ct.apply(state, decide(agent, state))
            states.append(state)
    return states


def _vs_states() -> list[Any]:
    states = []
    for players in (2, 3, 5):
        start = ct.new_game(_cards("vs"), mode="vs", players=players, seed=players, extra_rule=True)
        states += [start, *(s for _a, s in play_game(start, [RandomVsAgent(p) for p in range(players)]))]
    return states


def _crest_states() -> list[Any]:
    states = []
    for players in (2, 4):
        state = ct.new_game(_cards("crest"), players=players, seed=players, max_actions=150)
        agent = CrestRandomAgent(players)
        states.append(state)
        while not ct.is_terminal(state):
            state = ct.apply(state, agent.choose_in(state))
            states.append(state)
    return states


@cache
def states(game: str) -> list[Any]:
    """Reachable states of ``game``, a thinned sample of a few random games."""
    made = {"tower": _tower_states, "vs": _vs_states, "crest": _crest_states}[game]()
    return [*made[:: max(1, len(made) // 60)], made[-1]]


# Mostly the edges: huge numbers (no float holds 10**400), the 64-bit limits, 0 and -1.
NUMBERS = st.one_of(
    st.sampled_from([10**400, -(10**400), 2**63, 2**64, -(2**63), 10**20, 0, -1]),
    st.sampled_from([10**400, -(10**400), 2**63]),
    st.integers(-3, 60),
)
VALUES = st.one_of(
    NUMBERS,
    st.booleans(),
    st.none(),
    st.text(max_size=8),
    st.lists(NUMBERS, max_size=4),
    st.dictionaries(st.text(max_size=4), NUMBERS, max_size=2),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON value (containers included)."""
    out = [path]
    if isinstance(value, dict):
        out += [p for k, v in value.items() for p in _paths(v, (*path, k))]
    elif isinstance(value, list):
        out += [p for i, v in enumerate(value) for p in _paths(v, (*path, i))]
    return out


def _is_number(data: Any, path: tuple[Any, ...]) -> bool:
    for key in path:
        data = data[key]
    return type(data) is int


def _replace(data: Any, path: tuple[Any, ...], new: Any) -> None:
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new


def _corrupt_tower(data: dict[str, Any], draw: st.DrawFn) -> None:
    """Change one field of the solo notation: one of its numbers, its whole value, or drop it."""
    words = data["position"].split()
    numeric = [i for i, word in enumerate(words) if re.search("=.*[0-9]", word)]
    index = draw(st.sampled_from(numeric if draw(st.booleans()) else range(len(words))))
    key, _, value = words[index].partition("=")
    numbers = list(re.finditer("-?[0-9a-f]+" if key == "rng" else "-?[0-9]+", value))
    kind = draw(st.sampled_from(["number", "number", "number", "text", "drop"]))
    if kind == "number" and numbers:
        match = draw(st.sampled_from(numbers))
        number = draw(NUMBERS)
        shown = f"{number:x}" if key == "rng" and number >= 0 else str(number)
        words[index] = f"{key}={value[: match.start()]}{shown}{value[match.end() :]}"
    elif kind == "drop":
        del words[index]
    else:
        words[index] = f"{key}={draw(st.text(alphabet='0123456789abcf-.,:/!*@', max_size=12))}"
    data["position"] = " ".join(words)


def _check(game: str, text: str) -> None:
    try:
        state = ct.loads(text, _cards(game))
    except ct.SaveError:
        return
    assert VIOLATIONS[game](state) == []
    assert ct.loads(ct.dumps(state), _cards(game)) == state
    players = getattr(state, "players", 1)
    for player in range(players):
        assert all(math.isfinite(v) for v in ct.observation_tensor(state, player))


GAMES = pytest.mark.parametrize("game", ["tower", "vs", "crest"])


@GAMES
@SETTINGS
@given(data=st.data())
def test_reachable_states_round_trip(game: str, data: st.DataObject) -> None:
    """TOC-PREP-02 / CRD-START-B: every reachable position loads back as itself."""
    state = data.draw(st.sampled_from(states(game)))
    text = ct.dumps(state)
    again = ct.loads(text, _cards(game))
    assert again == state and again.events == state.events
    assert ct.dumps(again) == text


@GAMES
@SETTINGS
@given(data=st.data())
def test_a_corrupted_save_is_refused_or_sound(game: str, data: st.DataObject) -> None:
    """TOC-PREP-02 / CRD-START-B: one changed value of a save gives SaveError or a sound state."""
    saved = json.loads(ct.dumps(data.draw(st.sampled_from(states(game)))))
    if game == "tower" and data.draw(st.integers(0, 3)):
        _corrupt_tower(saved, data.draw)
    else:
        paths = [p for p in _paths(saved) if p]
        numeric = [p for p in paths if _is_number(saved, p)]
        # Half the time a number (where the bounds are), else any value anywhere.
        path = data.draw(st.sampled_from(numeric if numeric and data.draw(st.booleans()) else paths))
        _replace(saved, path, data.draw(VALUES))
    _check(game, json.dumps(saved))
