"""Random play for every player count, with the invariants checked after every action.

* the 92 cards are each in exactly one zone (deck, hands, marks, rings, discards);
* HP never rises above its maximum;
* the statuses obey their restrictions (`CRD-BEAST-B`): asleep, no crest is used;
  petrified, bound or paralysed, no recovery;
* every legal action applies, every event cites a CRD rule, the input state never changes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.crest.actions import Recover, Use
from chaos_tower.crest.cards import Status
from chaos_tower.crest.invariants import violations
from chaos_tower.crest.state import CrestState
from chaos_tower.rulebook import crest_rules

from .helpers import crest_cards

CRD = frozenset(r.id for r in crest_rules())
LAYOUTS: list[tuple[int, object]] = [
    (2, None),
    (3, None),
    (4, None),
    (5, None),
    (6, None),
    (4, True),
    (6, True),
]


def _check(state: CrestState) -> None:
    assert violations(state) == []
    for seat in range(state.players):
        assert state.hp[seat] <= state.game.monster(state.monsters[seat]).hp
    assert all(event.rule in CRD for event in state.events)
    if state.phase == "beast":
        legal = ct.legal_actions(state)
        asleep = state.status(state.seat, Status.ASLEEP) > 0
        held = any(state.status(state.seat, s) for s in (Status.PETRIFIED, Status.BOUND, Status.PARALYSED))
        if asleep:
            assert not any(isinstance(a, Use) for a in legal)
        if held:
            assert Recover() not in legal


def _play(players: int, teams: object, seed: int, choices: Sequence[int]) -> CrestState:
    state = ct.new_game(crest_cards(), players=players, teams=teams, seed=seed, max_actions=600)
    _check(state)
    for choice in choices:
        if ct.is_terminal(state):
            break
        legal = ct.legal_actions(state)
        assert legal
        before = ct.dumps(state)
        after = ct.apply(state, legal[choice % len(legal)])
        assert ct.dumps(state) == before  # the input state is unchanged
        _check(after)
        state = after
    return state


@pytest.mark.parametrize(
    ("players", "teams"), LAYOUTS, ids=[f"{p}{'-teams' if t else ''}" for p, t in LAYOUTS]
)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 10**6), min_size=50, max_size=400))
def test_random_play_keeps_the_invariants(players: int, teams: object, seed: int, choices: list[int]) -> None:
    _play(players, teams, seed, choices)


def test_every_layout_plays_to_the_end_with_the_invariants() -> None:
    import random

    for players, teams in LAYOUTS:
        for seed in range(3):
            rng = random.Random(seed)
            state = _play(players, teams, seed, [rng.randrange(10**6) for _ in range(2000)])
            assert ct.is_terminal(state)
            assert state.result is not None
            if state.result.cause == "last-standing":
                winners = state.result.winners
                standing = [s for s in range(players) if state.alive[s]]
                assert standing and set(standing) <= set(winners)
                if teams:
                    # CRD-DEATH-C: the whole team of the survivors wins, fallen members included.
                    team = state.teams[standing[0]]
                    assert winners == tuple(s for s in range(players) if state.teams[s] == team)
                else:
                    assert winners == tuple(standing) and len(standing) == 1
