"""Agents do not stall (issue 24 item 3): games end won or lost, not at the action cap.

``bench/bench_stalls.py`` measures the share of games that reach the cap per agent and
mode; here it runs on a modest sample, and the dead-end rule behind it is checked:
a solo position is a dead end only when no way on is left, and an agent in one takes
the loss instead of walking to the cap.
"""

from __future__ import annotations

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.agents import PlayerAgent, advance, decide, make_agent
from chaos_tower.tower.solo.agents import GreedyAgent, HeuristicAgent, concession, dead_end
from toolmodule import load_bench

CARDS = ct.load_cardset()


def _dead_end_of(seed: int) -> ct.State:
    """The first position of the old greedy agent's game (seed 3: a floor of two rooms) with no way on."""
    state = ct.new_game(CARDS, seed=seed, max_actions=600)
    agent = GreedyAgent(seed, fresh=False)
    while not ct.is_terminal(state):
        if dead_end(state):
            return state
        state = ct.apply(state, agent.choose_in(state))  # the old agent as a script, in the state
    raise AssertionError("the old greedy agent found no dead end")  # pragma: no cover


def test_TOC_OVER_01_a_dead_end_is_proved_before_the_loss_is_taken() -> None:
    """TOC-OVER-01: where every action loses or walks back, the concession is a loss; a game just begun,
    or any position with a card still to draw, is no dead end."""
    state = _dead_end_of(1)
    way_out = concession(state)
    assert way_out is not None and way_out in ct.legal_actions(state)
    assert ct.outcome(ct.apply(state, way_out)).result == "lost"  # type: ignore[union-attr]
    # Every other action that does not lose is no way on: it draws no card, places or uses no step
    # and climbs no floor (a flip or a walk stays inside the region).
    for action in ct.legal_actions(state):
        after = ct.apply(state, action)
        kept = (after.deck, after.level, after.step_area, after.used_steps)
        assert after.result is not None or kept == (
            state.deck,
            state.level,
            state.step_area,
            state.used_steps,
        )
    assert not dead_end(ct.new_game(CARDS, seed=1))
    assert concession(ct.new_game(CARDS, seed=1)) is None
    # The action cap is no way out: a dead end one action before it is still one.
    assert dead_end(attrs.evolve(state, max_actions=state.actions + 1))


@pytest.mark.parametrize("name", ["heuristic", "greedy"])
def test_TOC_OVER_01_the_solo_agents_take_the_loss_in_a_dead_end(name: str) -> None:
    """TOC-OVER-01: put in a dead end, the agent ends the game at once instead of walking in circles."""
    state = _dead_end_of(1)
    agent = make_agent(name, 0, 1)
    for _ in range(20):  # it may walk round the circle to see it is back where it has been
        if ct.is_terminal(state):
            break
        state = ct.apply(state, decide(agent, state))
    assert ct.outcome(state) is not None and ct.outcome(state).result == "lost"  # type: ignore[union-attr]


def test_the_stall_bench_counts_games_at_the_cap() -> None:
    """The bench's figure can fail: the old greedy agent stalls in a quarter of its games capped at 600."""
    bench = load_bench("bench_stalls")
    assert bench.wilson(0, 40)[1] == 0.0 and bench.wilson(40, 40)[2] == 1.0  # the lab's Wilson interval
    old = sum(
        bench.capped_with(PlayerAgent(GreedyAgent(seed, fresh=False)), "solo", seed, 600)
        for seed in range(12)
    )
    assert old >= 2


def test_a_capped_game_is_told_circling_or_still_playing() -> None:
    """The bench tells a walk in circles (the old greedy agent's, two rooms back and forth) from a
    game the cap cut while it was still going (the heuristic at a cap of 30 actions, placing cards);
    a game that ends before the cap is neither."""
    bench = load_bench("bench_stalls")
    old = [
        bench.ending_with(PlayerAgent(GreedyAgent(seed, fresh=False)), "solo", seed, 600)
        for seed in range(12)
    ]
    assert old.count("circling") >= 2 and "playing" not in old
    cut = [bench.ending("heuristic", "solo", seed, 30, {}) for seed in range(6)]
    assert "playing" in cut and "circling" not in cut
    assert bench.ending("heuristic", "solo", 3, 600, {}) == "ended"
    assert bench.stall_counts("heuristic", "solo", 3, 30, {})[2] == 3


@pytest.mark.parametrize(
    ("agent", "mode"),
    [
        ("heuristic", "solo"),
        ("greedy", "solo"),
        ("random", "solo"),
        ("heuristic", "vs2"),
        ("greedy", "crest2"),
    ],
)
def test_fewer_than_one_in_a_hundred_games_end_at_the_cap(agent: str, mode: str) -> None:
    """Issue 24 item 3 on a modest sample (40 games, cap 600): no game ends at the cap; the bench
    (``python bench/bench_stalls.py``) prints the figure for every agent and mode."""
    hits, games = load_bench("bench_stalls").stall_rate(agent, mode, 40, 600, {})
    assert games == 40 and hits == 0


def test_the_heuristic_game_of_seed_3_now_ends_in_its_dead_end() -> None:
    """Seed 3 was one of the issue's stalls (600 actions of ``move e``, ``move w``): now a loss at once."""
    last = advance(ct.new_game(CARDS, seed=3, max_actions=600), PlayerAgent(HeuristicAgent(3)), 600)
    assert ct.outcome(last).cause == "left-floor" and last.actions < 50  # type: ignore[union-attr]
