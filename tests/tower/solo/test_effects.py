"""The solo game's one effect interpreter (chaos_tower.tower.solo.effects): every term of the vocabulary acts.

Each term of the effect vocabulary is run through the interpreter on a hand-built
position, and the position (or the da, cost or fight damage it bears on) must change.
The list of samples must name every term of ``EFFECT_TYPES``: a term added to the
vocabulary without a sample here fails (and without a handler, ``mypy --strict`` fails,
through the ``assert_never`` that ends each of the interpreter's matches).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.actions import Use
from chaos_tower.tower.solo.board import card_at
from chaos_tower.tower.solo.change import Change
from chaos_tower.tower.solo.effects import effective_da, fight_da, monster_cost, needs, perform, use_reason
from chaos_tower.tower.vocabulary import (
    EFFECT_TYPES,
    Attribute,
    CombatDa,
    DaAdd,
    DaNullify,
    Effect,
    ElementAtLeast,
    ElementChoice,
    Elements,
    ElementsAdd,
    FloorUp,
    Life,
    MonsterElementAdd,
    MoveCard,
    Rearrange,
    RebrightValue,
    ResetCard,
    ResetUses,
    Scope,
    SummonRebright,
    Teleport,
    Trigger,
)

from .scenario import game, position

E = ". . . . ."
# The player on Root Cellar at 1,1; Ash Hall at 2,1; Kelpie (a living monster) at 3,1.
ROWS = [E, ". room.root-cellar@1f room.ash-hall@0f monster.kelpie@0f .", E, E, E]
USE = Trigger.ON_USE


def _state(**fields: object) -> ct.State:
    return position(ROWS, "1,1", **fields)


def _cell(x: int, y: int) -> int:
    return int(game().grid.cell(x, y))


def _slot() -> str:
    return str(game().slot_ids[0])


def _performed(state: ct.State, effect: Effect, use: Use | None = None) -> ct.State:
    change = Change(state)
    perform(change, effect, "TOC-START-J", "a test", use=use)
    return change.finish()


def _at_once(effect: Effect, use: Use | None = None, **fields: object) -> Callable[[], bool]:
    def changed() -> bool:
        before = _state(**fields)
        return _performed(before, effect, use) != before

    return changed


def _da_changed(effect: Effect) -> bool:
    state = _state()
    cell = _cell(2, 1)
    return effective_da(state, cell, -1, (effect,)) != effective_da(state, cell, -1, ())


def _cost_changed(effect: Effect) -> bool:
    state = _state()
    kelpie = card_at(state, _cell(3, 1))
    assert kelpie is not None
    return monster_cost(state, kelpie, 0, (effect,)) != monster_cost(state, kelpie, 0, ())


SAMPLES: dict[type, Callable[[], bool]] = {
    Life: _at_once(Life(trigger=USE, add=1)),
    ElementsAdd: _at_once(ElementsAdd(trigger=USE, add=Elements(G=1))),
    ElementChoice: _at_once(ElementChoice(trigger=USE, add=2), Use(slot=_slot(), attribute=1)),
    DaAdd: lambda: _da_changed(DaAdd(trigger=Trigger.WHILE_CARRIED, add=-1)),
    DaNullify: lambda: _da_changed(DaNullify(trigger=Trigger.WHILE_CARRIED, scope=Scope())),
    MonsterElementAdd: lambda: _cost_changed(MonsterElementAdd(trigger=Trigger.WHILE_CARRIED, add=1)),
    CombatDa: lambda: (
        _at_once(CombatDa(trigger=USE, add=-1))()
        and fight_da((CombatDa(trigger=Trigger.WHILE_HERE, add=-2),)) == -2
    ),
    Teleport: _at_once(Teleport(trigger=USE), Use(slot=_slot(), cell=_cell(2, 1))),
    ResetCard: _at_once(ResetCard(trigger=USE), Use(slot=_slot(), target="room.ash-hall")),
    ResetUses: _at_once(ResetUses(trigger=Trigger.ON_STEP), slots="front-1:normal.ring-of-vulcan:1"),
    MoveCard: _at_once(MoveCard(trigger=USE), Use(slot=_slot(), cell=_cell(2, 1), to=_cell(2, 2))),
    Rearrange: _at_once(Rearrange(trigger=USE)),
    FloorUp: _at_once(FloorUp(trigger=Trigger.ON_ENTER)),
    SummonRebright: _at_once(SummonRebright(trigger=Trigger.ON_ENTER)),
    RebrightValue: _at_once(
        RebrightValue(trigger=USE, attributes=(Attribute.G,), add=-1), rebright="5.5.5.5.5"
    ),
}


def test_every_term_of_the_vocabulary_has_a_sample() -> None:
    """TOC-NORMAL-09A..09E, TOC-RARE-08A..08E: the samples cover the whole effect vocabulary."""
    assert set(SAMPLES) == set(EFFECT_TYPES)


@pytest.mark.parametrize("kind", sorted(SAMPLES, key=lambda t: t.__name__), ids=lambda t: t.__name__)
def test_every_term_of_the_vocabulary_is_interpreted(kind: type) -> None:
    """TOC-NORMAL-06, TOC-START-J: each effect term, run by the one interpreter, changes what it says."""
    assert SAMPLES[kind]()


def test_an_effect_whose_condition_fails_does_nothing() -> None:
    """TOC-START-J: an effect's ``when`` is asked by the interpreter for every term, not only some."""
    gated = Teleport(trigger=USE, when=ElementAtLeast(attribute=Attribute.G, value=9))
    state = _state()
    assert _performed(state, gated, Use(slot=_slot(), cell=_cell(2, 1))) == state
    ungated = Teleport(trigger=USE)
    assert _performed(state, ungated, Use(slot=_slot(), cell=_cell(2, 1))).player == _cell(2, 1)


def test_needs_names_each_choice() -> None:
    """TOC-NORMAL-06: a use names the element, cells or card its effects choose, and nothing else."""
    assert needs((ElementChoice(trigger=USE, add=1),)) == (True, False, False, False)
    assert needs((Teleport(trigger=USE),)) == (False, True, False, False)
    assert needs((MoveCard(trigger=USE),)) == (False, True, True, False)
    assert needs((ResetCard(trigger=USE),)) == (False, False, False, True)
    assert needs((ResetUses(trigger=USE),)) == (False, False, False, False)
    assert needs((Life(trigger=USE, add=1), Rearrange(trigger=USE))) == (False, False, False, False)


def test_TOC_NORMAL_06_a_lasting_effect_cannot_be_used_from_a_slot() -> None:
    """TOC-NORMAL-06: a da modifier or a summons in a slot's text is refused as a use, naming its op."""
    state = _state()
    for effect in (DaAdd(trigger=USE, add=1), SummonRebright(trigger=USE)):
        reason = use_reason(state, effect, Use(slot=_slot()), 0)
        assert reason is not None and reason[0] == "TOC-NORMAL-06" and effect.OP in reason[1]


def test_TOC_PROG1_02_the_shadow_library_back_gives_d_on_entering() -> None:
    """TOC-PROG1-02: the reconstructed Shadow Library's back r-text acts on entering (D +1).

    It was an element "of your choice", which no action named, so it never acted; the set
    check now refuses such a choice outside a slot's use (tests/cardsets/test_bad_files.py).
    """
    library = next(r for r in ct.load_cardset().rooms if r.id == "room.shadow-library")
    (effect,) = library.back.effects
    assert isinstance(effect, ElementsAdd) and effect.trigger is Trigger.ON_ENTER
    assert effect.add.as_tuple() == (0, 0, 0, 0, 1)
