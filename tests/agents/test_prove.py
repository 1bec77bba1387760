"""The solo oracle's verdict per seed (issue 24 item 4): winnable, unwinnable or unknown."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.agents import GreedyAgent, dead_end, verdict
from toolmodule import load_bench

CARDS = ct.load_cardset()


def test_TOC_PREP_03_a_winnable_seed_comes_with_a_line_that_wins() -> None:
    """TOC-PREP-03: with the deck known the game is a puzzle; a win found is a line that replays to a win."""
    state = ct.new_game(CARDS, seed=9)
    found = verdict(state, seconds=20)
    assert found.answer == "winnable" and found.line
    assert load_bench("bench_oracle").replays_to_a_win(state, found.line)
    assert not load_bench("bench_oracle").replays_to_a_win(state, found.line[:-1])


def test_TOC_OVER_01_a_dead_end_is_proved_unwinnable() -> None:
    """TOC-OVER-01: from a floor with no way on, every line is searched and none wins."""
    state = ct.new_game(CARDS, seed=1, max_actions=600)
    agent = GreedyAgent(1, fresh=False)
    while not dead_end(state):
        state = ct.apply(state, agent.choose_in(state))  # the old greedy agent, as a script
    found = verdict(state, seconds=20)
    assert found.answer == "unwinnable" and found.line == ()


def test_the_time_limit_gives_unknown() -> None:
    """A seed not settled in the time given is "unknown", never a guess; the limit is kept."""
    found = verdict(ct.new_game(CARDS, seed=0), seconds=0.2, beam_nodes=64)
    assert found.answer == "unknown" and found.seconds < 2.0


def test_the_verdict_refuses_what_it_cannot_judge() -> None:
    """Another game's state or a limit that is no limit: a typed error, nothing searched."""
    with pytest.raises(TypeError):
        verdict(ct.new_game(CARDS, mode="vs", players=2, seed=1))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        verdict(ct.new_game(CARDS, seed=1), seconds=0)


def test_the_oracle_bench_prints_the_shares(capsys: pytest.CaptureFixture[str]) -> None:
    """``python bench/bench_oracle.py`` prints each answer's share with its interval, and the bounds."""
    assert load_bench("bench_oracle").main(["--seeds", "2", "--seconds", "0.3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "2 seeds" in out and "95 % interval" in out and "winnable with perfect information" in out
