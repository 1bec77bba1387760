"""The typed draft of one action's changes (chaos_tower.tower.solo.change.Change): no field left behind.

A rule edits a Change's typed attributes (``change.life = 3``), never a field named by a
string; the draft must carry every part of a State, so that a field added to the State is
either changeable here or copied from the original, never silently reset.
"""

from __future__ import annotations

import attrs

import chaos_tower as ct
from chaos_tower.tower.solo.change import Change
from chaos_tower.tower.solo.fill import DRAFTED
from chaos_tower.tower.solo.state import State

from .scenario import cards

FIXED = {"game", "seed", "max_actions", "step_on_road", "da_order", "more", "events"}
"""What no action changes: taken from the original state."""


def test_TOC_PREP_02_every_state_field_is_changeable_or_fixed() -> None:
    """TOC-PREP-02: each area of the sheet is a State field; the draft holds every one an action changes."""
    fields = {f.name for f in attrs.fields(State) if f.init}
    changeable = set(DRAFTED) - {"original", "events"}
    assert fields == changeable | FIXED
    assert not changeable & FIXED
    # The draft carries exactly those parts (its attributes, in either build).
    draft = Change(ct.new_game(cards(), seed=5))
    assert all(hasattr(draft, name) for name in DRAFTED)
    assert not hasattr(draft, "game")


def test_TOC_PREP_02_an_untouched_draft_gives_back_the_same_position() -> None:
    """TOC-PREP-02: a draft with no change finishes into a position equal to the one it began with."""
    state = ct.new_game(cards(), seed=5, max_actions=9, step_on_road=True, da_order="sequential")
    for action in ct.legal_actions(state)[:1]:
        state = ct.apply(state, action)
    again = Change(state).finish()
    assert again == state
    assert (again.max_actions, again.step_on_road, again.da_order) == (9, True, "sequential")
    assert again.events == ()
