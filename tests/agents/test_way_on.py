"""A search does not walk a loop it likes (issue 24 item 3): ``standing`` and ``way_on``.

The position is from a real game (``tests/data/solo-seed34-loop.json``): the rollout agent walked
among rooms that heal for its last 144 actions, to the action cap, while a card could be placed a
few rooms away once it had healed. Its revisit key held life and elements, which every lap changed,
so it never saw itself back.
"""

from __future__ import annotations

import attrs

import chaos_tower as ct
from chaos_tower.agents import decide, make_agent
from chaos_tower.tower.solo.agents.deadend import dead_end, standing, way_on
from recorded import recorded

CARDS = ct.load_cardset()


def _loop() -> ct.State:
    return recorded("solo-seed34-loop.json", CARDS)


def _changes(before: ct.State, after: ct.State) -> bool:
    return after.result is not None or (after.floor, len(after.deck), after.level) != (
        before.floor,
        len(before.deck),
        before.level,
    )


def test_TOC_OVER_01_standing_leaves_out_what_a_lap_changes() -> None:
    """TOC-OVER-01 (no move limit): life and elements, which healing rooms change on every lap, are not
    part of the revisit key; the room, the floor and the items are."""
    state = _loop()
    healed = attrs.evolve(state, life=state.life + 1, elements=tuple(e + 1 for e in state.elements))
    assert standing(healed) == standing(state)
    assert standing(attrs.evolve(state, player=state.game.grid.neighbours[state.player][1])) != standing(
        state
    )


def test_TOC_OVER_01_the_way_on_leads_to_an_action_that_changes_the_game() -> None:
    """TOC-OVER-01: in the loop only moves are legal and none changes the game, yet it is no dead end;
    following the way on, move by move, reaches a place where the way on is an action that does, and
    no step of it loses."""
    state = _loop()
    assert all(type(a).__name__ == "Move" for a in ct.legal_actions(state))
    assert not dead_end(state)
    for _ in range(60):
        way = way_on(state)
        assert way is not None and all(a in ct.legal_actions(state) for a in way)
        after = ct.apply(state, way[0])
        if len(way) > 1 or _changes(state, after):
            assert all(_changes(state, ct.apply(state, a)) for a in way)
            assert ct.outcome(after) is None or ct.outcome(after).result != "lost"  # type: ignore[union-attr]
            return
        assert ct.outcome(after) is None  # a walk that does not end the game
        state = after
    raise AssertionError("the way on never reached an action that changes the game")


def test_TOC_OVER_01_a_search_back_a_third_time_takes_the_way_on() -> None:
    """TOC-OVER-01: the rollout agent (8 simulations), put in the loop, changes the game (or ends it)
    within 80 actions (41 here); before ``standing`` and ``way_on`` it walked the loop to the action
    cap (130 actions and more, at 8 and at 32 simulations)."""
    state = _loop()
    start = state
    agent = make_agent("rollout", 0, 340, simulations=8)
    for _ in range(80):
        state = ct.apply(state, decide(agent, state))
        if _changes(start, state):
            return
    raise AssertionError("the agent walked the loop for 80 actions")
