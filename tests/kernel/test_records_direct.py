"""kernel.records: states filled slot by slot are the very states ``__init__`` makes (issue 27).

The updater, the copier and the maker skip ``__init__`` for speed when it only stores its
arguments; these tests pin that the result is the same class with the same values (fresh
memo included), and that a class whose ``__init__`` does more still goes through it.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest
from attrs import field, frozen

import chaos_tower as ct
from chaos_tower.crest.state import CrestState
from chaos_tower.kernel.events import Event
from chaos_tower.kernel.records import copier, maker, updater
from chaos_tower.tower.solo.state import State
from chaos_tower.tower.vs.state import VsState

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")


def _states() -> list[Any]:
    rng = random.Random(3)
    out: list[Any] = []
    for start in (
        lambda s: ct.new_game(TOWER, seed=s),
        lambda s: ct.new_game(TOWER, mode="vs", players=5, seed=s),
        lambda s: ct.new_game(CREST, players=4, seed=s),
    ):
        state = start(1)
        for _ in range(30):
            legal = ct.legal_actions(state)
            if not legal:
                break
            state = ct.apply(state, rng.choice(legal))
        out.append(state)
    return out


def _slots(instance: Any) -> dict[str, Any]:
    return {f.name: getattr(instance, f.name) for f in attrs.fields(type(instance))}


@pytest.mark.parametrize("state", _states(), ids=["solo", "vs5", "crest4"])
def test_the_maker_and_updater_make_what_init_makes(state: Any) -> None:
    """Every field the same object as ``__init__``'s, the memo a new empty one, the class the same."""
    cls = type(state)
    given = {f.name: getattr(state, f.name) for f in attrs.fields(cls) if f.init}
    state._memo["legal"] = ct.legal_actions(state)
    for made in (maker(cls)(**given), updater(cls)(state, {}), copier(cls, cls)(state)):
        assert type(made) is cls
        assert made == cls(**given) == state
        assert made._memo == {} and made._memo is not state._memo
        assert type(made._memo) is type(state._memo)
        for name, value in _slots(made).items():
            if name != "_memo":
                assert value is getattr(state, name), name
        assert ct.dumps(made) == ct.dumps(state)
        assert pickle.loads(pickle.dumps(made)) == state
        assert ct.legal_actions(made) == ct.legal_actions(state)


def test_the_updater_applies_changes_and_refuses_unknown_fields() -> None:
    """``update(s, {"seed": n})`` is ``attrs.evolve(s, seed=n)``; a name that is no field is refused."""
    for state in _states():
        cls = type(state)
        assert updater(cls)(state, {"seed": 99}) == attrs.evolve(state, seed=99)
        with pytest.raises(TypeError, match="has no field nosuch"):
            updater(cls)(state, {"nosuch": 1})


def test_the_states_and_events_are_filled_slot_by_slot() -> None:
    """The fast path is the one taken for the game states and events (not a silent fallback)."""
    for cls in (State, VsState, CrestState, Event):
        assert maker(cls) is not cls, cls.__name__


@frozen(kw_only=True)
class _Checked:
    value: int = field(validator=attrs.validators.ge(0))


@frozen(kw_only=True, cache_hash=True)
class _Hashed:
    value: int


def test_a_class_whose_init_does_more_still_goes_through_it() -> None:
    """A validator still refuses, a cached hash still works: those classes are built by ``__init__``."""
    assert maker(_Checked) is _Checked
    with pytest.raises(ValueError):
        updater(_Checked)(_Checked(value=1), {"value": -1})
    assert maker(_Hashed) is _Hashed
    made = updater(_Hashed)(_Hashed(value=1), {"value": 2})
    assert hash(made) == hash(_Hashed(value=2)) and made == _Hashed(value=2)


@frozen(kw_only=True)
class _Defaults:
    value: int
    extra: int = 3
    items: list[int] = field(factory=list)


def test_the_maker_takes_the_same_defaults_as_init() -> None:
    """A field left out takes its default; a factory's default is made afresh for each instance."""
    make = maker(_Defaults)
    assert make is not _Defaults
    one, two = make(value=1), make(value=1)
    assert one == _Defaults(value=1) and one.extra == 3 and one.items == []
    assert one.items is not two.items
    assert make(value=1, extra=4, items=[2]) == _Defaults(value=1, extra=4, items=[2])
    with pytest.raises(TypeError):
        make(extra=4)  # a field without a default must be given, as with __init__
    with pytest.raises(TypeError):
        make(value=1, nosuch=2)


@frozen(kw_only=True)
class _Base:
    value: int


@frozen(kw_only=True)
class _Derived(_Base):
    extra: int = 0


def test_a_subclass_with_inherited_fields_is_filled_alike() -> None:
    """Fields declared on a base class are set through the base's slots: the same instance."""
    made = maker(_Derived)(value=2, extra=5)
    assert type(made) is _Derived and made == _Derived(value=2, extra=5)
    assert updater(_Derived)(made, {"value": 3}) == _Derived(value=3, extra=5)
