"""Work.freeze writes the next Crest state field by field (issue 13: it runs once per action);
no field of CrestState may be left out or taken from the wrong place."""

from __future__ import annotations

import attrs

import chaos_tower as ct
from chaos_tower.crest.change import begin
from chaos_tower.crest.knowledge import chain_of
from chaos_tower.crest.state import CrestOutcome, CrestState
from chaos_tower.kernel.options import Options

CREST = ct.load_cardset(game="crest")

# What an action never changes (the game, the seats' monsters, the limit...) comes from the
# state; the count goes up by one and the events are the action's own.
COUNTED = {"actions", "events"}


def _every_field_set() -> CrestState:
    """A state whose every init field differs from its default (so a field freeze leaves out
    and lets default would show)."""
    state = ct.new_game(CREST, seed=4, players=4, teams=True, max_actions=77)
    return attrs.evolve(
        state,
        setup_count=3,
        first=2,
        used=(True, False),
        dying=(1,),
        resume="beast",
        turns=9,
        rounds=4,
        actions=11,
        result=CrestOutcome(winners=(0, 2), cause="last-standing", rule="any rule"),
        known=chain_of(4, (1, 2), ((1,), (), (), ()), ((), (), (-1,), ()), ((), (), (), (0, 5))),
        more=Options(mode="duel", values=(("banners", 1),)),  # an option beyond the fields (issue 23)
    )


def test_freezing_an_untouched_work_gives_back_every_field() -> None:
    """Every field of CrestState passes through Work.freeze (the parts the action did not touch are
    the state's own objects), the action count goes up by one, and the events are the action's."""
    state = _every_field_set()
    names = [f.name for f in attrs.fields(CrestState) if f.init]
    for name in names:
        field = attrs.fields_dict(CrestState)[name]
        if field.default is not attrs.NOTHING and name not in COUNTED | {"events"}:
            assert getattr(state, name) != field.default, name  # the test state sets it
    after = begin(state).freeze()
    for name in names:
        if name in COUNTED:
            continue
        assert getattr(after, name) == getattr(state, name), name
    assert after.actions == state.actions + 1
    assert after.events == ()


def test_freezing_keeps_the_parts_the_work_copied_but_left_equal() -> None:
    """A part the action read (and so copied) but did not change is the state's own tuple again."""
    state = _every_field_set()
    work = begin(state)
    assert work.hand(0) == list(state.hands[0]) and work.hp[0] == state.hp[0]  # copied, row and all
    after = work.freeze()
    assert after.hands is state.hands and after.hp is state.hp
