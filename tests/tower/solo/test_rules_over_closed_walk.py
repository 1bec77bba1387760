"""TOC-OVER-01 (engine decision, option ``closed_walk``): a forced walk round a closed circuit.

Random play on seed 284 (agent seed 2840) flips a room after five actions and is left between two
rooms whose paths lead only to each other: each has one legal action, the move to the other, and
no card can ever be placed again. Read with ``closed_walk="lost"`` (the default) that is GameOver;
with ``"continues"`` the walk goes on until ``max_actions``.
"""

from __future__ import annotations

import json
import random

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.tower.solo import over
from chaos_tower.tower.solo.actions import Move
from chaos_tower.tower.solo.engine import legal_actions_by_reasons

CARDS = ct.load_cardset()
WALKED = ["place 3,2 r180", "place 3,3 r0", "flip s D", "move s", "flip n V"]


def _sealed(**options: object) -> ct.State:
    state = ct.new_game(CARDS, seed=284, max_actions=600, **options)
    for text in WALKED:
        state = ct.apply(state, ct.parse_action(state, text))
    return state


def test_TOC_OVER_01_a_forced_closed_walk_is_game_over() -> None:
    """TOC-OVER-01: one legal move, and after it one legal move back, and so on round the circuit:
    lost with the cause no-action, in the fast list and the list by reasons alike."""
    state = _sealed()
    assert ct.legal_actions(state) == () == legal_actions_by_reasons(state)
    assert ct.outcome(state) == ct.Outcome(result="lost", cause="no-action", rule="TOC-OVER-01")
    copy = ct.from_notation(ct.to_notation(state), CARDS)  # no cache: decided afresh
    assert legal_actions_by_reasons(copy) == () and ct.is_terminal(copy)


def test_TOC_OVER_01_with_continues_the_walk_goes_round_to_the_cap() -> None:
    """TOC-OVER-01 (option ``closed_walk="continues"``): the plain reading, where a legal action is
    left; the walk comes back to the same place, and only ``max_actions`` ends it."""
    state = _sealed(closed_walk="continues")
    seen = []
    for _ in range(40):
        legal = ct.legal_actions(state)
        assert len(legal) == 1 and type(legal[0]) is Move and legal == legal_actions_by_reasons(state)
        seen.append(state.player)
        state = ct.apply(state, legal[0])
    assert len(set(seen)) == 2 and not ct.is_terminal(state)
    capped = ct.new_game(CARDS, seed=284, max_actions=60, closed_walk="continues")
    for text in WALKED:
        capped = ct.apply(capped, ct.parse_action(capped, text))
    while not ct.is_terminal(capped):
        capped = ct.apply(capped, ct.legal_actions(capped)[0])
    assert ct.outcome(capped).cause == "max-actions" and capped.actions == 60  # type: ignore[union-attr]


def test_TOC_OVER_01_a_forced_move_that_leads_to_a_choice_stays_legal() -> None:
    """TOC-OVER-01: where the one legal move leads on to a choice, nothing changes: the same legal
    list by both generators, and the state the move makes is the one a fresh position's move
    makes, events included."""
    rng = random.Random(3)
    checked = 0
    for seed in range(600):
        state = ct.new_game(CARDS, seed=seed, max_actions=300)
        while not ct.is_terminal(state) and checked < 20:
            legal = ct.legal_actions(state)
            if len(legal) == 1 and type(legal[0]) is Move:
                fresh = ct.from_notation(ct.to_notation(state), CARDS)
                assert legal_actions_by_reasons(fresh) == legal
                kept = ct.apply(state, legal[0])
                made = ct.apply(fresh, legal_actions_by_reasons(fresh)[0])
                assert kept == made and kept.events == made.events
                checked += 1
            state = ct.apply(state, legal[rng.randrange(len(legal))])
    assert checked == 20


def test_TOC_OVER_01_the_option_is_recorded_and_older_replays_read_at_the_default() -> None:
    """TOC-OVER-01: a replay records ``closed_walk``; one written before the option existed (no such
    key) reads it at its default and replays to the same hashes (positions at the default write no
    ``opts`` word, so their saves are as before)."""
    recorded = replay.record(CARDS, ["place 3,2 r180", "place 3,3 r0"], seed=284)
    data = json.loads(recorded.dumps())
    assert data["options"]["closed_walk"] == "lost"
    del data["options"]["closed_walk"]
    older = replay.loads(json.dumps(data))
    assert replay.verify(older, CARDS).more["closed_walk"] == "lost"
    assert older.hashes == recorded.hashes


def _holds_a_state(value: object) -> bool:
    if isinstance(value, ct.State):
        return True
    return isinstance(value, tuple) and any(_holds_a_state(v) for v in value)


def test_TOC_OVER_01_a_told_walk_keeps_verdicts_not_states() -> None:
    """TOC-OVER-01 (issue 27, retained memory): telling a walk keeps, per card set, whether each of
    its positions is closed, and in the position only its legal list: no state of the walk stays
    in a memo, so a state listed after its successor was made holds no second copy of it."""
    closed = _sealed()
    assert ct.legal_actions(closed) == ()
    verdicts = closed.game._memo["over.verdicts"]
    assert verdicts[over._position(closed)] is True
    rng = random.Random(5)
    told = 0
    for seed in range(600):
        state = ct.new_game(CARDS, seed=seed, max_actions=300)
        while not ct.is_terminal(state) and told < 10:
            made = ct.apply(state, ct.legal_actions(state)[0]) if ct.legal_actions(state) else state
            fresh = ct.from_notation(ct.to_notation(state), CARDS)
            legal = ct.legal_actions(fresh)  # listed after its successor was made, as a bench keeps them
            assert not any(_holds_a_state(v) for v in fresh._memo.values())
            if len(legal) == 1 and type(legal[0]) is Move:
                assert verdicts[over._position(fresh)] is False  # open: a choice or an end ahead
                assert ct.apply(fresh, legal[0]) == made
                told += 1
            state = ct.apply(state, legal[rng.randrange(len(legal))]) if legal else state
    assert told == 10
