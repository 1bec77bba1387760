"""Cheating baselines are declared and labelled (issue 24 item 8): only an agent that says
``needs = "state"`` is handed the true state, its name ends in ``-cheat`` wherever agents are named
(the registry, ``play --seat``, the lab), and a server table seats none."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.agents import AGENTS, CHEAT_SUFFIX, Decision, cheats, decide, decision, make_agent
from chaos_tower.app.cli import main
from chaos_tower.lab.agents import factory_for, names_for

SOLO = registry.game("tower").mode("solo")


def test_the_cheating_agents_are_handed_the_state_and_the_others_are_not() -> None:
    state = ct.new_game(ct.load_cardset(), seed=5)
    seen: list[Decision] = []

    class Spy:
        def __init__(self, inner: object) -> None:
            self.inner, self.needs = inner, getattr(inner, "needs", "world")

        def choose(self, given: Decision) -> object:
            seen.append(given)
            return self.inner.choose(given)  # type: ignore[attr-defined]

    for name in SOLO.agents:
        budget = {"simulations": 3} if name in AGENTS and "mcts" in name else {}
        agent = make_agent(name, 0, 1, mode=SOLO, **budget)
        decide(Spy(agent), state)
        handed = seen[-1]
        assert handed.cheats == cheats(agent) == name.endswith(CHEAT_SUFFIX), name
        if handed.cheats:
            assert handed.world() is state
        elif name != "random":  # the random agent asks for the legal actions only: no world at all
            assert handed.world() is not state
    assert decision(state, "state").world() is state


def test_play_seat_and_the_lab_name_a_cheat_by_its_label(capsys: pytest.CaptureFixture[str]) -> None:
    """``play --seat 0=mcts-cheat:simulations=3`` plays a solo game; the lab offers the cheats under
    their labelled names and makes them."""
    seat = ["--seat", "0=mcts-cheat:simulations=3"]
    assert main(["play", *seat, "--seed", "2", "--max-actions", "12", "--quiet"]) == 0
    assert "result" in capsys.readouterr().out
    assert {"mcts-cheat", "oracle-cheat"} <= set(names_for("tower-solo"))
    assert "oracle-cheat" not in names_for("tower-vs")
    made = factory_for("oracle-cheat", "tower-solo")(3)
    assert cheats(made)
    state = ct.new_game(ct.load_cardset(), seed=72, max_actions=200)
    while not ct.is_terminal(state):
        state = ct.apply(state, decide(made, state))
    assert ct.outcome(state).result == "won"  # the oracle's line: seed 72 can be won  # type: ignore[union-attr]


def test_a_server_table_seats_no_cheat() -> None:
    from chaos_tower.server.tablespec import RequestError, parse_agent

    with pytest.raises(RequestError, match="unknown agent 'mcts-cheat'"):
        parse_agent("mcts-cheat")
    assert parse_agent("mcts:simulations=5").name == "mcts"
