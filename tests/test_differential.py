"""Every mode's listed legal actions against the rules' reasons, on random positions (issue 27).

The legal lists are generated directly, from per-card-set tables (solo: bit masks of open sides,
``movegen``; VS: shared Give and Declare records; Crest Duel: per-kind wielder records and the
beast phase's per-instance target table); legality itself has one source, the rules' ``reason``
functions. Here each listed action must be exactly what asking the reasons gives: solo and VS in
the same order (their ``legal_actions_by_reasons``), Crest Duel as the same set (its reference
asks every action of the action space, in that space's order). The quick run plays a few
thousand positions per mode; the slow suite (``-m slow``) 100,000 per mode (teams: quick only).

Every tenth position, the world ``ct.determinize`` draws for the player to move carries the
listed actions over (issue 27): they are checked against the reasons asked in that world.

The states and events are checked too: the golden games (``tools/make_goldens.py --check``)
pin them, and ``bench/bench_search.py`` shows that a checkout and an earlier commit choose the
same actions in the same searches.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.crest import actions as crest_actions
from chaos_tower.crest.engine import legal_actions_by_reasons as crest_by_reasons
from chaos_tower.tower.solo.engine import legal_actions_by_reasons as solo_by_reasons
from chaos_tower.tower.vs.engine import legal_actions_by_reasons as vs_by_reasons

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")

# The modes of bench_modes' targets, each with its reference and whether the order is compared.
MODES: dict[str, tuple[Any, dict[str, Any], Any, bool]] = {
    "solo": (TOWER, {}, solo_by_reasons, True),
    "vs2": (TOWER, {"mode": "vs", "players": 2, "declare_when": "any_time"}, vs_by_reasons, True),
    "vs5": (TOWER, {"mode": "vs", "players": 5, "adjust_after_draw": "all"}, vs_by_reasons, True),
    "crest2": (CREST, {"players": 2}, crest_by_reasons, False),
    "crest6": (CREST, {"players": 6}, crest_by_reasons, False),
    "crest4teams": (CREST, {"players": 4, "teams": (0, 1, 0, 1)}, crest_by_reasons, False),
}


# The kinds of Crest action each phase's reason may allow. The quick run asks every action of the
# action space and checks that the legal ones are of these kinds; the slow run asks only the
# actions of these kinds (the others are refused by each phase's last clause), 20 times faster.
_PHASE_KINDS: dict[str, tuple[type, ...]] = {
    "setup": (crest_actions.Place, crest_actions.Wear, crest_actions.Done),
    "wield": (
        crest_actions.Place,
        crest_actions.Wear,
        crest_actions.Cast,
        crest_actions.Discard,
        crest_actions.Done,
    ),
    "beast": (crest_actions.Use, crest_actions.Recover, crest_actions.Done),
    "death": (crest_actions.SwapMarks, crest_actions.SwapHands, crest_actions.Done),
}


def _crest_by_phase_kinds(state: Any) -> tuple[Any, ...]:
    from chaos_tower.crest.engine import _reason, malformed

    if state.result is not None:
        return ()
    space = ct.action_space(state)
    candidates = _CANDIDATES.get((id(space), state.phase))
    if candidates is None:
        kinds = _PHASE_KINDS[state.phase]
        candidates = _CANDIDATES[id(space), state.phase] = [a for a in space if isinstance(a, kinds)]
    return tuple(a for a in candidates if malformed(state, a) is None and _reason(state, a) is None)


_CANDIDATES: dict[tuple[int, str], list[Any]] = {}


def _compare(name: str, positions: int, seed: int, *, whole_space: bool = True) -> dict[str, int]:
    """Play ``positions`` random positions of a mode (new games chained); count the action kinds seen."""
    cards, options, reference, ordered = MODES[name]
    if reference is crest_by_reasons and not whole_space:
        reference = _crest_by_phase_kinds
    rng = random.Random(seed)
    game = seed * 100_003
    state = ct.new_game(cards, seed=game, max_actions=300, **options)
    seen: dict[str, int] = {}
    for _ in range(positions):
        fast = ct.legal_actions(state)
        slow = reference(state)
        if ordered:
            assert fast == slow, ct.to_notation(state)
        else:
            assert len(set(fast)) == len(fast) and set(fast) == set(slow), ct.to_notation(state)
            assert all(isinstance(a, _PHASE_KINDS[state.phase]) for a in slow)
        if fast and seen.get("positions", 0) % 10 == 0:
            # A world drawn for the player to move carries the listed actions (ct.determinize,
            # issue 27): they must be what the rules allow in that world too.
            world = ct.determinize(state, ct.current_player(state), game)
            carried = ct.legal_actions(world)
            assert carried is fast
            in_world = reference(world)
            assert carried == in_world if ordered else set(carried) == set(in_world), ct.to_notation(state)
            seen["worlds"] = seen.get("worlds", 0) + 1
        seen["positions"] = seen.get("positions", 0) + 1
        for action in fast:
            seen[type(action).__name__] = seen.get(type(action).__name__, 0) + 1
        if not fast:
            game += 1
            state = ct.new_game(cards, seed=game, max_actions=300, **options)
            continue
        state = ct.apply(state, rng.choice(fast))
    return seen


_KINDS = {
    "solo": {"Place", "Move"},
    "vs2": {"Draw", "Give", "Declare", "Adjust"},
    "vs5": {"Draw", "Give", "Declare", "Adjust"},
    "crest2": {"Place", "Cast", "Discard", "Use", "Recover", "Done"},
    "crest6": {"Place", "Cast", "Discard", "Use", "Recover", "Done"},
    "crest4teams": {"Place", "Cast", "Discard", "Use", "Done"},
}


@pytest.mark.parametrize("name", list(MODES))
def test_TOC_PLAY_D_CRD_WIELD_B_CRD_BEAST_A_listed_actions_are_what_the_reasons_allow(name: str) -> None:
    """TOC-PLAY-D, TOC-VS2-028, CRD-WIELD-B, CRD-BEAST-A: the direct listing is the rules' own, on
    2,000 random positions of each mode."""
    seen = _compare(name, 2_000, 1)
    assert _KINDS[name] <= set(seen)  # each main kind was listed, so each was compared
    assert seen["worlds"] >= 150  # and a world of every tenth position with a choice


@pytest.mark.slow
@pytest.mark.parametrize("name", [name for name in MODES if name != "crest4teams"])
def test_TOC_PLAY_D_CRD_WIELD_B_CRD_BEAST_A_the_same_on_100000_positions(name: str) -> None:
    """TOC-PLAY-D, TOC-VS2-028, CRD-WIELD-B, CRD-BEAST-A: as above, on 100,000 positions per mode."""
    seen = _compare(name, 100_000, 2, whole_space=False)
    assert _KINDS[name] <= set(seen)
