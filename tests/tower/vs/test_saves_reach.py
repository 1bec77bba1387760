"""VS saves are untrusted input: only positions the game could reach load, every number in bounds.

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
from chaos_tower.tower.vs import RandomVsAgent, SimpleVsAgent, VsObservation, play_game
from chaos_tower.tower.vs.observe import observation

from .scenario import CARDS, play, rigged


def _finished(
    players: int, seed: int, max_actions: int | None = None, agent: Any = RandomVsAgent
) -> ct.VsState:
    start = ct.new_game(CARDS, mode="vs", players=players, seed=seed, max_actions=max_actions)
    return play_game(start, [agent(seed + p) for p in range(players)])[-1][1]


def _changed(state: ct.VsState, change: Callable[[dict[str, Any]], object]) -> str:
    text = ct.dumps(state)
    assert ct.loads(text, CARDS) == state  # the unchanged save loads
    data = json.loads(text)
    change(data["position"])
    return json.dumps(data)


def _refused(text: str, match: str | None = None) -> None:
    with pytest.raises(ct.SaveError, match=match):
        ct.loads(text, CARDS)


def _named_win() -> ct.VsState:
    won = play(rigged(2, ["GW", "VS"]), "seen 1 V pay 0", "seen 1 S pay 0")
    assert won.result is not None and won.result.cause == "named"
    return won


def test_TOC_VS2_031_two_winners_and_a_made_up_cause_are_refused() -> None:
    """TOC-VS2-031: a game of two ends with one winner, by a cause of the end rules."""
    won = _named_win()
    two = {"results": ["won", "won"], "cause": "made-up", "rule": "TOC-VS2-031"}
    _refused(_changed(won, lambda p: p.update(result=two)))
    _refused(_changed(won, lambda p: p["result"].update(results=["won", "won"])), "one winner")
    _refused(_changed(won, lambda p: p["result"].update(cause="made-up")), "made-up")
    _refused(_changed(won, lambda p: p["result"].update(rule="TOC-VS2-030")), "TOC-VS2-031")
    _refused(_changed(won, lambda p: p["result"].update(cause="last-in")), "last-in")


def test_TOC_VS2_031_the_winner_is_the_one_the_position_shows() -> None:
    """TOC-VS2-031: the player whose attributes were both named has lost, not won."""
    won = _named_win()
    winner = won.result.winners()[0] if won.result else -1
    flipped = ["lost", "lost"]
    flipped[1 - winner] = "won"
    _refused(_changed(won, lambda p: p["result"].update(results=flipped)), "TOC-VS2-031")
    _refused(_changed(won, lambda p: p["result"].update(cause="counters-zero")), "TOC-VS2-031")


def test_TOC_VS2_030_deck_out_results_follow_the_counters() -> None:
    """TOC-VS2-030 / TOC-VS3-050: with the deck out, the highest single counter wins; others cannot."""
    for seed in range(40):
        state = _finished(3, seed, agent=SimpleVsAgent)
        if state.result is not None and state.result.cause == "deck-out":
            break
    else:
        pytest.fail("no game of these seeds ran the deck out")
    rotated = state.result.results[1:] + state.result.results[:1]
    if rotated != state.result.results:
        _refused(_changed(state, lambda p: p["result"].update(results=list(rotated))), "TOC-VS3-050")
    _refused(_changed(state, lambda p: p["result"].update(results=["draw"] * 3)), "TOC-VS3-050")


def test_TOC_VS3_051_last_in_needs_one_player_in() -> None:
    """TOC-VS3-051: 'last-in' is won by the only player still in."""
    state = ct.new_game(CARDS, mode="vs", players=3, seed=1)
    result = {"results": ["won", "lost", "lost"], "cause": "last-in", "rule": "TOC-VS3-051"}
    _refused(_changed(state, lambda p: p.update(result=result, phase="over", actions=5)), "last one in")


def test_TOC_VS2_026_actions_past_max_actions_are_refused() -> None:
    """TOC-VS2-026 (max_actions): the count never passes the limit, and at the limit the game is over."""
    state = ct.new_game(CARDS, mode="vs", players=2, seed=3, max_actions=10)
    for _ in range(3):
        state = ct.apply(state, ct.legal_actions(state)[-1])
    _refused(_changed(state, lambda p: p.update(actions=11)), "max_actions")
    _refused(_changed(state, lambda p: p.update(actions=10)), "max_actions")
    ended = _finished(2, 4, max_actions=6)
    assert ended.result is not None and ended.result.cause == "max-actions"
    _refused(_changed(ended, lambda p: p.update(max_actions=7)), "max_actions")
    _refused(_changed(ended, lambda p: p["result"].update(results=["ended", "won"])), "ended")


def test_TOC_VS2_026_fewer_actions_than_turns_are_refused() -> None:
    """TOC-VS2-026: every draw, gift and declaration was an action of its own."""
    state = _finished(2, 5)
    _refused(_changed(state, lambda p: p.update(actions=1)), "actions")


@pytest.mark.parametrize(
    "change",
    [
        lambda p: p.update(round=10**400),
        lambda p: p.update(round=0),
        lambda p: p.update(actions=10**400),
        lambda p: p.update(max_actions=10**400),
        lambda p: p.update(source=10**400),
        lambda p: p["counters"][0].__setitem__(0, 10**400),
        lambda p: p["declarations"].__setitem__(0, 10**400),
        lambda p: p.update(turn=10**400),
    ],
)
def test_TOC_VS2_032_huge_numbers_are_refused_at_once(change: Callable[[dict[str, Any]], object]) -> None:
    """TOC-VS2-032: rounds, counters and counts have bounds; a 10**400 is refused quickly."""
    state = ct.new_game(CARDS, mode="vs", players=2, seed=1, extra_rule=True)
    text = _changed(state, change)
    start = time.perf_counter()
    _refused(text)
    assert time.perf_counter() - start < 1.0


def test_TOC_VS2_032_a_huge_round_in_pay_phase_is_refused_before_subtracting() -> None:
    """TOC-VS2-032: a pending subtraction with huge counters is refused, not enumerated."""
    state = ct.new_game(CARDS, mode="vs", players=2, seed=1, extra_rule=True)
    text = _changed(state, lambda p: p.update(phase="pay", round=5, counters=[[10**400, 4], [4, 4]]))
    start = time.perf_counter()
    _refused(text)
    assert time.perf_counter() - start < 1.0


def test_TOC_VS2_032_observation_tensor_never_overflows() -> None:
    """TOC-VS2-032: the numeric view is finite even for a state built by hand with a huge round."""
    state = attrs.evolve(ct.new_game(CARDS, mode="vs", players=2, seed=1), round=10**400)
    assert all(math.isfinite(v) for v in ct.observation_tensor(state, 0))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("round", 10**400),
        ("declarations", [9, 0]),
        ("declaration_limit", 3),
        ("counters", [[10**400, 4], [4, 4]]),
    ],
)
def test_TOC_VS2_029_observations_with_numbers_out_of_bounds_are_refused(field: str, value: object) -> None:
    """TOC-VS2-029: a player-safe save's counts have bounds too (declarations within the limit)."""
    view = observation(ct.new_game(CARDS, mode="vs", players=2, seed=1), 0)
    assert VsObservation.loads(view.dumps()) == view
    data = json.loads(view.dumps())
    data[field] = value
    with pytest.raises(ct.SaveError):
        VsObservation.loads(json.dumps(data))
