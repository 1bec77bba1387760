"""Agents' parameters: one reader for ``play --seat`` and ``lab run --agent``, every value checked.

Issue 22 item 13 and issue 24 item 7: ``nan``, booleans for numbers, words for
numbers, unknown keys and keys given twice are refused with the parameter's
name, before any game; a searching agent has exactly one budget
(``simulations=`` or ``seconds=``), bounded, so every search returns.
"""

from __future__ import annotations

import math

import pytest

from chaos_tower.agents import AgentParameterError, MctsAgent, make_agent, parse_agent
from chaos_tower.app.cli import main


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("mcts:seconds=nan", "seconds"),
        ("mcts:seconds=inf", "seconds"),
        ("mcts:simulations=true", "simulations"),
        ("mcts:simulations=1.5", "simulations"),
        ("mcts:simulations=many", "simulations"),
        ("mcts:exploration=nan", "exploration"),
        ("mcts:playout=clever", "playout"),
        ("mcts:depth=3", "depth"),
        ("mcts:simulations=3,simulations=4", "simulations"),
        ("mcts:simulations=3,seconds=0.1", "seconds"),
        ("mcts:seconds=0", "seconds"),
        ("mcts:seconds=1e300", "seconds"),
        ("mcts:simulations=100000000000", "simulations"),
        ("heuristic:top=false", "top"),
        ("random:seed=3", "seed"),
    ],
)
def test_a_wrong_parameter_is_refused_naming_it(text: str, named: str) -> None:
    with pytest.raises(AgentParameterError, match=named):
        parse_agent(text)


def test_values_are_read_by_their_kind_and_one_budget_is_kept() -> None:
    assert parse_agent("mcts:seconds=0.1") == ("mcts", (("seconds", 0.1),))
    assert parse_agent("mcts:simulations=50,exploration=1") == (
        "mcts",
        (("simulations", 50), ("exploration", 1.0)),
    )
    timed = make_agent("mcts", 0, 1, seconds=0.05)
    assert isinstance(timed, MctsAgent)
    assert timed._simulations is None and timed._seconds == 0.05  # the time budget alone
    assert make_agent("mcts", 0, 1)._simulations == 200  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "params",
    [
        {"simulations": math.nan},
        {"simulations": True},
        {"simulations": math.inf},
        {"seconds": math.nan},
        {"seconds": "0.1"},
        {"simulations": None, "seconds": None},
        {"prior": False},
    ],
)
def test_the_python_api_refuses_the_same_values(params: dict[str, object]) -> None:
    """A search with no budget (or an endless one: simulations=inf) is never built."""
    with pytest.raises(AgentParameterError):
        MctsAgent(0, **params)  # type: ignore[arg-type]
    with pytest.raises(AgentParameterError):
        make_agent("mcts", 0, 0, **{k: v for k, v in params.items() if v is not None} or {"seconds": None})


def test_play_seat_takes_a_thinking_time(capsys: pytest.CaptureFixture[str]) -> None:
    """``play --seat 1=mcts:seconds=0.1``: the agent of seat 1 searches a tenth of a second a move."""
    args = ["play", "--game", "crest", "--agent", "random", "--quiet", "--seed", "1", "--max-actions", "12"]
    assert main([*args, "--seat", "1=mcts:seconds=0.1"]) == 0
    assert "result" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("seat", "named"),
    [
        ("1=mcts:seconds=nan", "seconds"),
        ("1=mcts:simulations=true", "simulations"),
        ("1=mcts:simulations=2,simulations=3", "simulations is given twice"),
        ("1=mcts:budget", "KEY=VALUE"),
        ("1=human:x=1", "takes no parameters"),
    ],
)
def test_play_seat_refuses_a_wrong_parameter_before_the_game(
    capsys: pytest.CaptureFixture[str], seat: str, named: str
) -> None:
    args = ["play", "--game", "crest", "--agent", "random", "--quiet", "--max-actions", "12"]
    assert main([*args, "--seat", seat]) == 2
    captured = capsys.readouterr()
    assert named in captured.err and "result" not in captured.out
