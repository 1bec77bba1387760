"""Agents' parameters: one reader for ``play --seat`` and ``lab run --agent``, every value checked.

Issue 22 item 13 and issue 24 item 7: ``nan``, booleans for numbers, words for
numbers, unknown keys and keys given twice are refused with the parameter's
name, before any game; a searching agent has exactly one budget
(``simulations=`` or ``seconds=``), bounded, so every search returns.
"""

from __future__ import annotations

import math

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.agents import AGENTS, AgentParameterError, MctsAgent, agent_maker, make_agent, parse_agent
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


def test_an_agent_maker_checks_once_and_makes_what_make_agent_makes() -> None:
    """``agent_maker`` (the lab's, once a run) refuses what ``make_agent`` refuses, before any agent
    is made, and then makes per seed the agent ``make_agent`` makes: same class, same parameters, and
    the same decisions on the same positions."""
    vs = registry.game("tower").mode("vs")
    with pytest.raises(AgentParameterError, match="simulations"):
        agent_maker("mcts", 0, mode=vs, simulations=0)
    with pytest.raises(AgentParameterError, match="plays"):
        agent_maker("oracle-cheat", 0, mode=vs)
    timed = agent_maker("mcts", 1, seconds=0.05)(3)
    assert isinstance(timed, MctsAgent) and timed._simulations is None and timed._seconds == 0.05
    rollout = agent_maker("rollout", 0, simulations=4)(5)
    same = make_agent("rollout", 0, 5, simulations=4)
    assert {k: v for k, v in rollout.__dict__.items() if k != "_rng"} == {
        k: v for k, v in same.__dict__.items() if k != "_rng"
    }
    assert rollout._rng.getstate() == same._rng.getstate()  # type: ignore[attr-defined]
    cards = ct.load_cardset()
    for name in ("random", "heuristic"):
        make = agent_maker(name, 0, mode=vs)
        for seed in range(3):
            mine, theirs = make(seed), make_agent(name, 0, seed, mode=vs)
            state = ct.new_game(cards, mode="vs", players=2, seed=seed)
            for _ in range(6):
                if ct.current_player(state) is None:
                    break
                action = ct.agents.decide(mine, state)
                assert action == ct.agents.decide(theirs, state)
                state = ct.apply(state, action)


def test_an_agent_maker_makes_a_replaced_agent_by_its_new_factory(monkeypatch: pytest.MonkeyPatch) -> None:
    """A user's entry in ``AGENTS`` under one of our names is the one ``agent_maker`` calls."""
    made: list[int] = []

    def mine(seat: int = 0, seed: int = 0, **params: object) -> object:
        made.append(seed)
        return object()

    monkeypatch.setitem(AGENTS, "random", mine)
    agent_maker("random")(7)
    assert made == [0, 7]  # once to check, once made
