"""The toy game plays with every agent it claims (issue 23 item 3, issue 24 item 6).

High Card (tests/toygame) lists its agents on its mode (``ModeSpec.agents``) and hands its own
player and measure over in its ``agent_kit``; chaos_tower's game-independent agents (greedy and
heuristic through the kit, MCTS and the cheating MCTS) then play it through ``play --seat`` and
the lab's agent factories, with no code outside tests/toygame.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.agents import AgentParameterError, cheats, decide, make_agent
from chaos_tower.app.cli import main
from chaos_tower.lab.agents import factory_for
from toygame import agents as toy_agents
from toygame.spec import SPEC

TOY = SPEC.modes[0]


@pytest.fixture
def registered() -> Iterator[None]:
    registry.register_game(SPEC)
    try:
        yield
    finally:
        registry.unregister_game("toy")


def _spec(name: str) -> str:
    return f"{name}:simulations=6" if name.startswith("mcts") else name


def test_the_toy_claims_every_game_independent_agent() -> None:
    """Its list is the ladder's names, and each is made for it (the kit plays greedy and heuristic)."""
    assert TOY.agents == toy_agents.AGENTS
    assert {"random", "greedy", "heuristic", "mcts", "mcts-cheat"} <= set(TOY.agents)
    assert TOY.agent_kit is toy_agents.KIT
    for name in TOY.agents:
        assert cheats(make_agent(name, mode=TOY)) == name.endswith("-cheat")


@pytest.mark.parametrize("name", TOY.agents)
def test_every_agent_the_toy_claims_plays_it_through_play_seat(
    name: str, registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """``chaos-tower play --game toy --seat 0=NAME --seat 1=NAME``: a whole game, to its result."""
    seats = ["--seat", f"0={_spec(name)}", "--seat", f"1={_spec(name)}"]
    assert main(["play", "--game", "toy", "--seed", "3", *seats, "--quiet"]) == 0, capsys.readouterr().err
    assert "result" in capsys.readouterr().out


@pytest.mark.parametrize("name", TOY.agents)
def test_every_agent_the_toy_claims_is_made_by_the_lab(name: str, registered: None) -> None:
    """The lab's factory for the toy's front-door name makes each agent, which plays a game out."""
    agents = [factory_for(_spec(name), "toy")(seat) for seat in range(3)]
    state = ct.api.new_game(_cards(), seed=4, mode="duel", players=3)
    while (seat := ct.current_player(state)) is not None:
        action = decide(agents[seat], state)
        assert action in ct.legal_actions(state)
        state = ct.apply(state, action)
    assert ct.is_terminal(state)


def _cards() -> object:
    return ct.load_cardset(game="toy")


def test_an_agent_the_toy_does_not_claim_is_refused(
    registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """VS's own player is no toy agent: a typed error from the registry, exit code 2 at the terminal."""
    with pytest.raises(AgentParameterError, match="no agent 'simple' plays the duel mode"):
        make_agent("simple", mode=TOY)
    assert main(["play", "--game", "toy", "--seat", "0=simple", "--seat", "1=random"]) == 2
    assert "'simple' is not one of" in capsys.readouterr().err
