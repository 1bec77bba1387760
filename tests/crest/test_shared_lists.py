"""Issue 27: equal Crest positions share one listed legal tuple, kept in a slot of the state's memo.

The wielder and beast phases' lists are kept per card set under a packed key of what their
listing functions read (``wield_key``, ``beast_key``); these tests check that the list a state
gets is always what its phase lists for it afresh, that lists are shared, and that the memo's
slot behaves as the memo entry ``"legal"`` every other game keeps.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.crest.beast import beast_actions
from chaos_tower.crest.engine import legal_actions_by_reasons
from chaos_tower.crest.state import StateMemo
from chaos_tower.crest.wield import wield_actions
from chaos_tower.kernel.memo import Memo

CREST = ct.load_cardset(game="crest")
LISTING = {"wield": wield_actions, "beast": beast_actions}


def _states(options: dict[str, Any], count: int, seed: int) -> list[ct.CrestState]:
    rng = random.Random(seed)
    game = seed
    state = ct.new_game(CREST, seed=game, max_actions=300, **options)
    out = []
    while len(out) < count:
        legal = ct.legal_actions(state)
        if not legal:
            game += 1
            state = ct.new_game(CREST, seed=game, max_actions=300, **options)
            continue
        out.append(state)
        state = ct.apply(state, rng.choice(legal))
    return out


@pytest.mark.parametrize(
    "options", [{"players": 2}, {"players": 4, "teams": True}, {"players": 6}], ids=["2", "4teams", "6"]
)
def test_CRD_WIELD_B_CRD_BEAST_A_a_shared_list_is_what_the_phase_lists_for_the_state(
    options: dict[str, Any],
) -> None:
    """CRD-WIELD-B, CRD-BEAST-A: every wielder- and beast-phase state of random games gets, through
    the shared lists, exactly the list its phase's listing function makes for it afresh (so no
    two states with different lists share a key), and lists are shared between states."""
    seen: dict[int, tuple[object, ...]] = {}
    shared = 0
    for state in _states(options, 3000, 7):
        if state.phase not in LISTING:
            continue
        listed = ct.legal_actions(state)
        assert listed == tuple(LISTING[state.phase](state)), ct.dumps(state)
        if id(listed) in seen:
            shared += 1
        seen[id(listed)] = listed
    assert shared > 300


def test_CRD_WIELD_B_shared_lists_match_the_rules_reasons() -> None:
    """CRD-WIELD-B: the shared lists hold the actions the rules' reasons allow, as sets."""
    for state in _states({"players": 3}, 300, 11):
        if state.phase in LISTING:
            assert set(ct.legal_actions(state)) == set(legal_actions_by_reasons(state))


def test_the_memo_slot_reads_and_writes_as_the_entry_legal() -> None:
    """The slot is the memo's ``"legal"`` for every dict operation, and a pickle or a copy of the
    memo starts empty, as any memo's."""
    memo = StateMemo()
    assert "legal" not in memo and memo.get("legal") is None and memo.get("legal", 1) == 1
    with pytest.raises(KeyError):
        memo["legal"]
    memo["legal"] = (1, 2)
    memo["other"] = 3
    assert "legal" in memo and memo["legal"] == (1, 2) and memo.get("legal") == (1, 2)
    assert memo.legal == (1, 2) and memo["other"] == 3 and memo == {"other": 3}
    fresh = pickle.loads(pickle.dumps(memo))
    assert type(fresh) is StateMemo and fresh.legal is None and fresh == {}
    assert memo.pop("legal") == (1, 2) and "legal" not in memo
    with pytest.raises(KeyError):
        del memo["legal"]
    memo["legal"] = ()
    del memo["legal"]
    memo["legal"] = (4,)
    memo.clear()
    assert memo.legal is None and memo == {}


def test_a_state_keeps_its_list_in_the_slot_and_unpickles_without_it() -> None:
    """A listed state's list is in its memo's slot; an unpickled or loaded state lists anew."""
    state = ct.new_game(CREST, seed=3, players=4)
    listed = ct.legal_actions(state)
    assert type(state._memo) is StateMemo and state._memo.legal is listed
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again._memo.legal is None and ct.legal_actions(again) == listed


def test_a_state_pickled_with_a_plain_memo_unpickles_with_the_slot() -> None:
    """A state pickled before the memo slot (its memo a plain kernel Memo) lists again when loaded."""
    state = ct.new_game(CREST, seed=5, players=6)
    object.__setattr__(state, "_memo", Memo())  # as such a state was pickled
    again = pickle.loads(pickle.dumps(state))
    assert type(again._memo) is StateMemo and again == state
    assert ct.legal_actions(again) == ct.legal_actions(ct.new_game(CREST, seed=5, players=6))
