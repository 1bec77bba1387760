"""A search does not walk into a dead end while a way stays open (issue 24 item 3).

The position is from a real game (``tests/data/solo-seed16-seal.json``): the rollout agent placed
the top card where, with the card that came up next, no card could be placed again; what was left
were two rooms whose paths lead only to each other and a room to flip, and it walked between them
to the action cap. Nine of its 12 games at the cap on seeds 0-142 ended so, each closed by one
card, one flip or one item thrown away. Moving instead keeps the game open.
"""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.agents import decide, make_agent
from chaos_tower.agents.mcts import _open
from chaos_tower.kernel.agentkit import AgentKit
from chaos_tower.tower.solo.agents.deadend import closed, dead_end
from chaos_tower.tower.solo.agents.kit import KIT
from recorded import recorded

CARDS = ct.load_cardset()


def _before_the_seal() -> ct.State:
    return recorded("solo-seed16-seal.json", CARDS)


def test_TOC_OVER_01_placing_here_closes_the_floor_and_moving_does_not() -> None:
    """TOC-OVER-01 (no move limit): the recorded position is open; after the placement the agent
    chose, no way on is left (proved: a dead end, with flips, fights and walks inside it and no
    exit), after the move one is."""
    state = _before_the_seal()
    assert not closed(state) and not dead_end(state)
    by_text = {ct.action_text(state, a): a for a in ct.legal_actions(state)}
    assert sorted(by_text) == ["move e", "place 1,1 r270"]
    placed = ct.apply(state, by_text["place 1,1 r270"])
    assert closed(placed) and dead_end(placed)
    assert not any(type(a).__name__ in ("Place", "PlaceStep") for a in ct.legal_actions(placed))
    moved = ct.apply(state, by_text["move e"])
    assert not closed(moved) and not dead_end(moved)


def test_TOC_OVER_01_a_flip_is_no_way_on() -> None:
    """TOC-OVER-01: a flip changes the floor but draws no card; it is a walk inside the region, so
    the closed floor after the placement is a dead end although rooms can still be flipped."""
    state = ct.apply(_before_the_seal(), ct.parse_action(_before_the_seal(), "place 1,1 r270"))
    kinds = {type(a).__name__ for a in ct.legal_actions(state)}
    seen = set(kinds)
    for action in ct.legal_actions(state):
        seen |= {type(a).__name__ for a in ct.legal_actions(ct.apply(state, action))}
    assert "Flip" in seen
    assert dead_end(state)


@pytest.mark.parametrize("spec", ["rollout", "mcts"])
def test_TOC_OVER_01_the_searches_take_the_open_way(spec: str) -> None:
    """TOC-OVER-01: where the rollout agent closed the floor on itself, both searches now move, for
    any agent seed (each judges the placement in its own world: the card under the top is drawn
    for it, and with this deck's cards no draw fits there)."""
    state = _before_the_seal()
    for seed in range(3):
        agent = make_agent(spec, 0, seed, simulations=32)
        assert ct.action_text(state, decide(agent, state)) == "move e", (spec, seed)


def test_open_keeps_the_ranking_where_no_test_or_no_open_way() -> None:
    """The filter only reorders by the kit's test: without one, or when every action is closed, the
    best-ranked action stands; otherwise the best open one (here in the true state)."""
    state = _before_the_seal()
    legal = ct.legal_actions(state)
    place = next(a for a in legal if type(a).__name__ == "Place")
    move = next(a for a in legal if type(a).__name__ == "Move")
    assert _open(state, [place, move], KIT) == move
    assert _open(state, [move, place], KIT) == move
    assert _open(state, [place], KIT) == place
    assert _open(state, [place, move], AgentKit(heuristic=KIT.heuristic)) == place
    assert KIT.dead_end is closed
