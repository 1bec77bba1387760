"""What the engines derive from a card set is kept on it and freed with it; the VS numbering is cheap.

Issue 11: caches keyed by card-set identity (the Tower's compiled tables, the
VS tables, the replay's card-set ids) were module-level and never released,
so 300 card sets kept about 17 MB that no ``del`` freed; and the VS
``action_from_index`` rebuilt the whole action space on every call.
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
import tracemalloc
import weakref
from typing import Any

import attrs

import chaos_tower as ct
from chaos_tower.app.replay import cardset_id
from chaos_tower.tower.solo.engine import legal_actions_by_reasons
from chaos_tower.tower.vs import actions as vs_actions

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")


def _renamed(cards: Any, number: int) -> Any:
    """A new card-set object, equal in content but for its name."""
    return attrs.evolve(cards, header=attrs.evolve(cards.header, name=f"copy-{number}"))


def _use_everything(tower: ct.TowerCardSet, crest: Any) -> list[Any]:
    """Fill every cache the engines keep per card set; the states made, to drop with the sets."""
    rng = random.Random(0)
    solo = ct.new_game(tower, seed=1)
    for _ in range(6):  # moves, steps and their conditions: the move tables and the predicates
        legal_actions_by_reasons(solo)
        solo = ct.apply(solo, rng.choice(ct.legal_actions(solo)))
    ct.action_index(solo, ct.legal_actions(solo)[0])  # the action space
    vs = ct.new_game(tower, mode="vs", players=2, seed=1)
    ct.action_space(vs)
    ct.action_from_index(vs, 5)
    duel = ct.new_game(crest, players=2, seed=1)
    ct.action_index(duel, ct.legal_actions(duel)[0])
    ct.loads(ct.dumps(solo), tower)
    ct.loads(ct.dumps(vs), tower)
    ct.loads(ct.dumps(duel), crest)
    cardset_id(tower)
    cardset_id(crest)
    return [solo, vs, duel]


def test_card_sets_and_what_was_compiled_from_them_are_freed() -> None:
    """Every cache (Tower game, move tables, predicates, action space; VS table and spaces; Crest
    game; replay card-set id) lets its card set go: after ``del`` and ``gc.collect()`` no
    weak reference to a card set, a compiled game or a VS table is alive."""
    refs: list[weakref.ref[Any]] = []
    for number in range(5):
        tower, crest = _renamed(TOWER, number), _renamed(CREST, number)
        solo, vs, duel = _use_everything(tower, crest)
        refs += [weakref.ref(x) for x in (tower, crest, solo.game, vs.table, duel.game, solo, vs, duel)]
        assert tower._memo and crest._memo and solo.game._memo  # the caches are filled
        del tower, crest, solo, vs, duel
    gc.collect()
    assert [r for r in refs if r() is not None] == []


def test_dropped_card_sets_give_their_memory_back() -> None:
    """Issue 11's measure: card sets made, used and dropped leave no memory behind (it was
    about 56 kB each)."""
    for number in range(3):  # warm up: the shared converter, schemas, interned strings
        _use_everything(_renamed(TOWER, -number), _renamed(CREST, -number))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for number in range(40):
            _use_everything(_renamed(TOWER, number), _renamed(CREST, number))
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after - before < 200_000, f"{(after - before) / 1e6:.2f} MB kept by 40 dropped card sets"


def test_the_cache_is_per_object_and_copies_start_empty() -> None:
    """The compiled game is made once per card-set object; a copy or a pickle of the card set
    carries no cache (closures are not picklable) but equals the original."""
    first = ct.new_game(TOWER, seed=1).game
    assert ct.new_game(TOWER, seed=2).game is first
    assert ct.new_game(_renamed(TOWER, 0), seed=1).game is not first
    for twin in (copy.deepcopy(TOWER), pickle.loads(pickle.dumps(TOWER))):
        assert twin == TOWER and len(twin._memo) == 0
        assert ct.new_game(twin, seed=1).game is not first
        assert ct.new_game(twin, seed=1).game.fingerprint == first.fingerprint


def test_the_cache_is_not_part_of_a_card_sets_value() -> None:
    """The memo changes neither equality, nor the card set's JSON, nor its fingerprint."""
    from chaos_tower.cardsets.converter import converter

    fresh = _renamed(_renamed(TOWER, 0), 0)
    assert fresh == _renamed(TOWER, 0)
    assert "_memo" not in converter().unstructure(TOWER)
    fingerprint = ct.new_game(_renamed(TOWER, 0), seed=1).game.fingerprint
    assert ct.new_game(fresh, seed=1).game.fingerprint == fingerprint


# -- the VS numbering ----------------------------------------------------------------------------


def _wide(cards: ct.TowerCardSet, high: int) -> ct.TowerCardSet:
    element = attrs.evolve(cards.sheet.element, min=0, max=high)
    return attrs.evolve(cards, sheet=attrs.evolve(cards.sheet, element=element, start_element=4))


def test_vs_action_from_index_inverts_action_index_over_the_whole_space() -> None:
    """For 2 to 5 players, ``action_from_index(i) == action_space()[i]`` and ``action_index``
    gives ``i`` back, for every number (built-in set)."""
    for players in range(2, 6):
        state = ct.new_game(TOWER, mode="vs", players=players, seed=1)
        space = ct.action_space(state)
        for index, action in enumerate(space):
            assert ct.action_from_index(state, index) == action
            assert ct.action_index(state, action) == index


def test_vs_action_from_index_does_not_build_the_space() -> None:
    """With element bounds 0..99 (49,662 actions for two players) a number is decoded without
    building the space (that took 34 ms per call); the space, once asked for, is built once."""
    state = ct.new_game(_wide(TOWER, 99), mode="vs", players=2, seed=1)
    rng = random.Random(1)
    total = vs_actions._sizes(state)
    assert sum(total) == 49_662
    numbers = [0, 1, sum(total) - 1, *(rng.randrange(sum(total)) for _ in range(500))]
    decoded = [ct.action_from_index(state, n) for n in numbers]
    assert ("space", 2) not in state.table._memo  # decoded, not looked up in a built space
    assert [ct.action_index(state, a) for a in decoded] == numbers
    space = ct.action_space(state)
    assert ct.action_space(state) is space  # built once per card set and player count
    assert [space[n] for n in numbers] == decoded
