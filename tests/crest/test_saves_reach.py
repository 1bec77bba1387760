"""Crest Duel saves are untrusted input: only positions the game could reach load, numbers in bounds.

Each test changes a sound save (which loads unchanged) and checks that ``loads``
refuses it with :class:`~chaos_tower.kernel.errors.SaveError`.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.crest.agents import CrestRandomAgent
from chaos_tower.crest.cards import CrestCardSet
from chaos_tower.crest.state import CrestState


def _played(crest: CrestCardSet, actions: int, max_actions: int | None = None) -> CrestState:
    state = ct.new_game(crest, players=2, seed=4, max_actions=max_actions)
    agent = CrestRandomAgent(4)
    for _ in range(actions):
        if ct.is_terminal(state):
            break
        state = ct.apply(state, agent.choose_in(state))
    return state


def _changed(crest: CrestCardSet, state: CrestState, change: Callable[[dict[str, Any]], object]) -> str:
    text = ct.dumps(state)
    assert ct.loads(text, crest) == state  # the unchanged save loads
    data = json.loads(text)
    change(data["position"])
    return json.dumps(data)


def _refused(crest: CrestCardSet, text: str, match: str | None = None) -> None:
    with pytest.raises(ct.SaveError, match=match):
        ct.loads(text, crest)


@pytest.mark.parametrize(
    "change",
    [
        lambda p: p.update(turns=-1),
        lambda p: p.update(rounds=-3),
        lambda p: p.update(rounds=p["turns"] + 1),
        lambda p: p.update(turns=p["actions"] + 1),
    ],
)
def test_CRD_BEAST_D_turn_and_round_counts_are_counts(crest: CrestCardSet, change: Any) -> None:
    """CRD-BEAST-D: turns and rounds count from 0; an action ends one turn at most, a round ends a turn."""
    state = _played(crest, 40)
    assert state.turns > 0
    _refused(crest, _changed(crest, state, change), "CRD-BEAST-D")


def test_CRD_DEATH_C_actions_past_max_actions_are_refused(crest: CrestCardSet) -> None:
    """CRD-DEATH-C (max_actions): the count never passes the limit; at the limit the duel is over."""
    state = _played(crest, 10, max_actions=30)
    _refused(crest, _changed(crest, state, lambda p: p.update(actions=31)), "max_actions")
    _refused(crest, _changed(crest, state, lambda p: p.update(actions=30)), "max_actions")
    ended = _played(crest, 100, max_actions=30)
    assert ended.result is not None and ended.result.cause == "max-actions"
    _refused(crest, _changed(crest, ended, lambda p: p.update(max_actions=31)), "max_actions")
    _refused(crest, _changed(crest, ended, lambda p: p["result"].update(rule="CRD-START-A")), "CRD-DEATH-C")


@pytest.mark.parametrize("turns", [4, 10**400, -1])
def test_CRD_BEAST_B_status_durations_within_the_longest_inflicted(crest: CrestCardSet, turns: int) -> None:
    """CRD-BEAST-B: a status lasts at most the longest duration the set inflicts (3 turns of stone)."""
    state = _played(crest, 40)

    def change(p: dict[str, Any]) -> None:
        p["statuses"][state.seat][0] = turns

    text = _changed(crest, state, change)
    start = time.perf_counter()
    _refused(crest, text, "CRD-BEAST-B")
    assert time.perf_counter() - start < 1.0
    fine = _changed(crest, state, lambda p: p["statuses"][state.seat].__setitem__(0, 3))
    assert ct.loads(fine, crest).statuses[state.seat][0] == 3


@pytest.mark.parametrize(
    "change",
    [
        lambda p: p["hp"].__setitem__(0, -(10**400)),
        lambda p: p["hp"].__setitem__(0, -10_000),
        lambda p: p.update(actions=10**400),
        lambda p: p.update(max_actions=10**400),
        lambda p: p.update(turns=10**400),
        lambda p: p.update(rounds=10**400),
    ],
)
def test_CRD_DEATH_A_huge_numbers_are_refused_at_once(crest: CrestCardSet, change: Any) -> None:
    """CRD-DEATH-A: HP falls only by what one action deals below 1; counts are bounded; refused quickly."""
    text = _changed(crest, _played(crest, 40), change)
    start = time.perf_counter()
    _refused(crest, text)
    assert time.perf_counter() - start < 1.0


def test_CRD_BEAST_B_observation_tensor_never_overflows(crest: CrestCardSet) -> None:
    """CRD-BEAST-B: the numeric view is finite even for a state built by hand with huge numbers."""
    state = _played(crest, 40)
    statuses = tuple((10**400,) * 4 for _ in state.statuses)
    state = attrs.evolve(state, statuses=statuses, hp=(-(10**400),) * state.players)
    assert all(math.isfinite(v) for v in ct.observation_tensor(state, 0))
