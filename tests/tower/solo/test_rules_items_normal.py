"""Hand-built scenarios for the rules of the normal items (``TOC-NORMAL-01``..``08``): how they are
gained, their parts, carry effects, setting and using them, and their counters; the five items one
by one (``TOC-NORMAL-09``..``09E``) are in ``test_rules_items_normal_09.py``.
Geometry, layouts and helpers: :mod:`.items_steps_helpers`.
"""

from __future__ import annotations

import pytest

from .items_steps_helpers import (
    GNOM,
    NORMAL_IDS,
    NUMERIC_EXIT,
    ids,
    illegal,
    item,
    pos,
    row1,
    rules,
    slot,
)
from .scenario import act, cards, game, legal

# =============================================================== TOC-NORMAL-01..09


def test_TOC_NORMAL_01_five_normal_items() -> None:
    assert [i.id for i in cards().normal_items] == NORMAL_IDS
    assert all(game().items[item(i)].kind == "normal" for i in NORMAL_IDS)


def test_TOC_NORMAL_01_gained_by_entering_the_room_with_its_condition_met() -> None:
    # Crystal Quarry's back shows Armor Of Gnom's icon, with the condition G >= 5, met as the player
    # entered (the position's mark, player=1,1+; entering itself: test_rules_item_on_entry.py).
    rows = row1(". room.crystal-quarry@0b . . .")
    met = pos(rows, "1,1+", el="5.4.4.4.4")
    assert "take normal.armor-of-gnom" in legal(met)
    after = act(met, "take normal.armor-of-gnom")
    assert ids(after.carry) == ["normal.armor-of-gnom"]
    assert rules(after, "item") == ["TOC-ITEM-01D"]

    unmet = pos(rows, "1,1", el="4.4.4.4.4")
    assert illegal(unmet, "take normal.armor-of-gnom") == "TOC-ITEM-01D"


def test_TOC_NORMAL_01_normal_item_not_gained_from_a_neighbouring_room() -> None:
    # The icon is on the room next door: a normal item is gained by entering that room.
    state = pos(row1(". room.root-cellar@1f room.crystal-quarry@0b . ."), "1,1", el="5.4.4.4.4")
    assert illegal(state, "take normal.armor-of-gnom") == "TOC-ITEM-01D"
    state = pos(row1(". room.root-cellar@1f room.crystal-quarry@0b . ."), "1,1", el="5.4.4.4.4",
                opts="normal_item:while_inside")
    assert illegal(state, "take normal.armor-of-gnom") == "TOC-ITEM-01D"


@pytest.mark.parametrize("item_id", NORMAL_IDS)
def test_TOC_NORMAL_01_may_be_carried_or_set_in_any_front_or_rear_slot(item_id: str) -> None:
    state = pos(row1(GNOM), "1,1", carry=item_id)
    offered = {a for a in legal(state) if a.startswith(f"set {item_id} ")}
    assert offered == {f"set {item_id} {s}" for s in game().slot_ids}


def test_TOC_NORMAL_02_parts_of_a_normal_item_card() -> None:
    """TOC-NORMAL-02 (Parts of a normal-item card)."""
    for card_ in cards().normal_items:
        assert card_.name
        assert card_.vs.items(), card_.id  # VS value
        assert card_.carry.text and card_.carry.effects  # n-text
        assert card_.set_front.text and card_.set_front.effects  # set-text-f
        assert card_.set_rear.text and card_.set_rear.effects  # set-text-r
        assert card_.set_front.counters is not None and card_.set_rear.counters is not None  # effect-counter
        assert card_.carry.counters is None  # 制限なし


def test_TOC_NORMAL_03_names_are_the_manuals() -> None:
    """TOC-NORMAL-03 (Name)."""
    assert [i.name for i in cards().normal_items] == [
        "Armor Of Gnom",
        "Potion Of Life",
        "Ring Of Vulcan",
        "Sack Of Fly",
        "Sword Of Light",
    ]


def test_TOC_NORMAL_04_vs_values_are_supplied_and_marked_reconstructed() -> None:
    """TOC-NORMAL-04 (VS value)."""
    marked = {r.card: r.fields for r in cards().header.reconstructed}
    for card_ in cards().normal_items:
        assert card_.vs.items()
        assert "vs" in marked[card_.id]


def test_TOC_NORMAL_05_carry_effect_acts_only_while_carried() -> None:
    # Sword Of Light's n-text (every numeric da +1) acts from carry, not from a slot or lost.
    """TOC-NORMAL-05 (N-text, the carry effect)."""
    rows = row1(NUMERIC_EXIT)
    assert act(pos(rows, "1,1", carry="normal.sword-of-light"), "move e").life == 4
    assert act(pos(rows, "1,1", slots="front-3:normal.sword-of-light:4"), "move e").life == 2
    assert act(pos(rows, "1,1", lost="normal.sword-of-light"), "move e").life == 2
    # Armor Of Gnom set in a slot does not nullify Gnom's da.
    assert act(pos(row1(GNOM), "1,1", slots="rear-3:normal.armor-of-gnom:2"), "fight e G").life == 1


def test_TOC_NORMAL_06_use_needs_the_slots_row_or_column() -> None:
    rows = row1(GNOM)
    column = pos(rows, "1,1", life=2, slots="front-1:normal.potion-of-life:4")
    assert "use front-1" in legal(column)
    assert act(column, "use front-1").life == 5
    row = pos(rows, "1,1", life=2, slots="rear-1:normal.potion-of-life:2")
    assert "use rear-1" in legal(row)
    assert act(row, "use rear-1").life == 8

    for slot_id in ("front-3", "rear-3"):
        far = pos(rows, "1,1", life=2, slots=f"{slot_id}:normal.potion-of-life:2")
        assert illegal(far, f"use {slot_id}") == "TOC-NORMAL-06"


def test_TOC_NORMAL_06_use_is_optional_and_may_repeat() -> None:
    state = pos(row1(GNOM), "1,1", life=1, slots="front-1:normal.potion-of-life:4")
    # Optional: the rest of the game stays open while the item waits in its slot.
    assert {"move e", "fight e G", "use front-1"} <= legal(state)
    once = act(state, "use front-1")
    twice = act(once, "use front-1")
    assert (once.life, twice.life) == (4, 7)
    assert slot(twice, "front-1") == ("normal.potion-of-life", 2)
    assert rules(twice, "use") == ["TOC-NORMAL-06"]


def test_TOC_NORMAL_06_a_set_item_cannot_be_taken_off_or_moved() -> None:
    state = pos(row1(GNOM), "1,1", carry="normal.potion-of-life,normal.armor-of-gnom")
    set_ = act(state, "set normal.potion-of-life rear-3")
    assert rules(set_, "set") == ["TOC-NORMAL-06"]
    assert slot(set_, "rear-3") == ("normal.potion-of-life", 2)
    assert ids(set_.carry) == ["normal.armor-of-gnom"]
    # No action names the set item, except using it.
    assert not [a for a in legal(set_) if "potion-of-life" in a]
    assert illegal(set_, "set normal.potion-of-life front-1") == "TOC-NORMAL-06"
    assert illegal(set_, "discard normal.potion-of-life") == "TOC-CARRY-03"
    # Its slot stays taken.
    assert illegal(set_, "set normal.armor-of-gnom rear-3") == "TOC-NORMAL-06"


def test_TOC_NORMAL_06_a_value_is_not_split() -> None:
    # Ring Of Vulcan: the whole +2 goes to the one element chosen; one must be chosen.
    state = pos(row1(GNOM), "1,1", slots="front-1:normal.ring-of-vulcan:4")
    assert illegal(state, "use front-1") == "TOC-NORMAL-06"
    assert act(state, "use front-1 W").elements == (4, 6, 4, 4, 4)
    # Potion Of Life: no element to choose; the +3 goes to life alone.
    potion = pos(row1(GNOM), "1,1", life=1, slots="front-1:normal.potion-of-life:4")
    assert illegal(potion, "use front-1 G") == "TOC-NORMAL-06"


def test_TOC_NORMAL_06_at_zero_uses_the_item_goes_to_lost() -> None:
    state = pos(row1(GNOM), "1,1", life=1, slots="front-1:normal.potion-of-life:1")
    after = act(state, "use front-1")
    assert after.life == 4
    assert slot(after, "front-1") == (None, -1)
    assert ids(after.lost) == ["normal.potion-of-life"]
    assert illegal(after, "use front-1") == "TOC-NORMAL-06"


def test_TOC_NORMAL_06_going_to_lost_at_zero_cites_the_shared_rule() -> None:
    state = pos(row1(GNOM), "1,1", life=1, slots="front-1:normal.potion-of-life:1")
    after = act(state, "use front-1")
    assert rules(after, "lost") == ["TOC-NORMAL-06"]


def test_TOC_NORMAL_07_rear_effect_and_its_two_uses() -> None:
    """TOC-NORMAL-07 (Set-text-r)."""
    state = pos(row1(GNOM), "1,1", life=1, slots="rear-1:normal.potion-of-life:2")
    once = act(state, "use rear-1")
    assert once.life == 8  # +7
    assert slot(once, "rear-1") == ("normal.potion-of-life", 1)
    twice = act(act(once, "move e"), "use rear-1")  # on Gnom now: still row 1
    assert slot(twice, "rear-1") == (None, -1)
    assert ids(twice.lost) == ["normal.potion-of-life"]
    assert "lost" in [e.kind for e in twice.events]


@pytest.mark.parametrize(("slot_id", "full"), [("front-1", 4), ("rear-1", 2), ("front-4", 4), ("rear-0", 2)])
def test_TOC_NORMAL_08_counters_start_full_and_drop_by_one_per_use(slot_id: str, full: int) -> None:
    state = pos(row1(GNOM), "1,1", carry="normal.ring-of-vulcan")
    set_ = act(state, f"set normal.ring-of-vulcan {slot_id}")
    assert slot(set_, slot_id) == ("normal.ring-of-vulcan", full)
    if slot_id in ("front-1", "rear-1"):
        used = act(set_, f"use {slot_id} G")
        assert slot(used, slot_id) == ("normal.ring-of-vulcan", full - 1)
