"""Hand-built scenarios for the five normal items one by one (``TOC-NORMAL-09``..``09E``): each
item's carry, front and rear effects (Armor Of Gnom, Potion Of Life, Ring Of Vulcan, Sack Of Fly,
Sword Of Light); the rules all normal items share are in ``test_rules_items_normal.py``.
Geometry, layouts and helpers: :mod:`.items_steps_helpers`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from .items_steps_helpers import (
    DASH_EXIT,
    GNOM,
    NORMAL_IDS,
    NUMERIC_EXIT,
    ONDINE,
    SILVESTRE,
    VULCAN,
    E,
    at,
    card,
    cell,
    ids,
    illegal,
    item,
    pos,
    row1,
    rules,
    slot,
)
from .scenario import act, cards, legal

# =============================================================== TOC-NORMAL-09..09E


def test_TOC_NORMAL_09_the_five_items_counters() -> None:
    table = {i.id: (i.set_front.counters, i.set_rear.counters) for i in cards().normal_items}
    assert table == {i: (4, 2) for i in NORMAL_IDS}


# ------------------------------------------------------------ 09A Armor Of Gnom


def test_TOC_NORMAL_09A_armor_carried_nullifies_gnoms_da_in_a_fight() -> None:
    plain = act(pos(row1(GNOM), "1,1"), "fight e G")
    assert plain.life == 1  # da -3
    armored = act(pos(row1(GNOM), "1,1", carry="normal.armor-of-gnom"), "fight e G")
    assert armored.life == 4
    assert armored.elements == (3, 4, 4, 4, 4)  # paid 4, mg-element +3


def test_TOC_NORMAL_09A_armor_carried_nullifies_gnoms_da_when_passing() -> None:
    assert act(pos(row1(GNOM), "1,1"), "move e").life == 1
    assert act(pos(row1(GNOM), "1,1", carry="normal.armor-of-gnom"), "move e").life == 4
    # Even the extra da of floor 4 does not reach a nullified da.
    assert act(pos(row1(GNOM), "1,1", carry="normal.armor-of-gnom", level=4), "move e").life == 4


def test_TOC_NORMAL_09A_armor_carried_leaves_other_monsters_alone() -> None:
    state = pos(row1(ONDINE), "1,1", carry="normal.armor-of-gnom")
    assert act(state, "fight e W").life == 2  # Ondine's da -2 still hurts


def test_TOC_NORMAL_09A_armor_front_adds_2_to_the_next_fights_da() -> None:
    state = pos(row1(GNOM), "1,1", slots="front-1:normal.armor-of-gnom:4")
    used = act(state, "use front-1")
    assert used.combat_bonus == 2
    assert slot(used, "front-1") == ("normal.armor-of-gnom", 3)
    fought = act(used, "fight e G")
    assert fought.life == 3  # -3 + 2
    assert fought.combat_bonus == 0  # only the next fight


def test_TOC_NORMAL_09A_armor_rear_adds_5_to_the_next_fights_da() -> None:
    # Floor 7 (extra da -2): Gnom's -3 becomes -5, and the rear's +5 cancels it.
    state = pos(row1(GNOM), "1,1", life=6, level=7, slots="rear-1:normal.armor-of-gnom:2")
    assert act(state, "fight e G").life == 1
    used = act(state, "use rear-1")
    assert used.combat_bonus == 5
    assert slot(used, "rear-1") == ("normal.armor-of-gnom", 1)
    assert act(used, "fight e G").life == 6


# ----------------------------------------------------------- 09B Potion Of Life


def test_TOC_NORMAL_09B_potion_carried_nullifies_ondines_da() -> None:
    assert act(pos(row1(ONDINE), "1,1"), "fight e W").life == 2
    assert act(pos(row1(ONDINE), "1,1", carry="normal.potion-of-life"), "fight e W").life == 4
    assert act(pos(row1(ONDINE), "1,1", carry="normal.potion-of-life"), "move e").life == 4


def test_TOC_NORMAL_09B_potion_front_gives_life_3_clamped_at_8() -> None:
    state = pos(row1(GNOM), "1,1", life=4, slots="front-1:normal.potion-of-life:4")
    once = act(state, "use front-1")
    twice = act(once, "use front-1")
    assert (once.life, twice.life) == (7, 8)
    assert slot(twice, "front-1") == ("normal.potion-of-life", 2)
    assert rules(once, "life") == ["TOC-NORMAL-06"]


def test_TOC_NORMAL_09B_potion_rear_gives_life_7_clamped_at_8() -> None:
    low = pos(row1(GNOM), "1,1", life=1, slots="rear-1:normal.potion-of-life:2")
    assert act(low, "use rear-1").life == 8
    mid = pos(row1(GNOM), "1,1", life=4, slots="rear-1:normal.potion-of-life:2")
    after = act(mid, "use rear-1")
    assert after.life == 8
    assert slot(after, "rear-1") == ("normal.potion-of-life", 1)


# ----------------------------------------------------------- 09C Ring Of Vulcan


def test_TOC_NORMAL_09C_ring_carried_nullifies_vulcans_da() -> None:
    assert act(pos(row1(VULCAN), "1,1"), "fight e V").life == 2
    assert act(pos(row1(VULCAN), "1,1", carry="normal.ring-of-vulcan"), "fight e V").life == 4
    assert act(pos(row1(VULCAN), "1,1", carry="normal.ring-of-vulcan"), "move e").life == 4


def test_TOC_NORMAL_09C_ring_front_adds_2_to_one_chosen_element() -> None:
    state = pos(row1(GNOM), "1,1", slots="front-1:normal.ring-of-vulcan:4")
    assert {a for a in legal(state) if a.startswith("use")} == {f"use front-1 {a}" for a in "GWVSD"}
    after = act(state, "use front-1 D")
    assert after.elements == (4, 4, 4, 4, 6)
    assert slot(after, "front-1") == ("normal.ring-of-vulcan", 3)


def test_TOC_NORMAL_09C_ring_rear_adds_5_to_one_chosen_element_clamped_at_8() -> None:
    state = pos(row1(GNOM), "1,1", el="2.4.4.4.4", slots="rear-1:normal.ring-of-vulcan:2")
    once = act(state, "use rear-1 G")
    assert once.elements == (7, 4, 4, 4, 4)
    twice = act(once, "use rear-1 G")
    assert twice.elements == (8, 4, 4, 4, 4)
    assert slot(twice, "rear-1") == (None, -1)
    assert ids(twice.lost) == ["normal.ring-of-vulcan"]


# -------------------------------------------------------------- 09D Sack Of Fly


def test_TOC_NORMAL_09D_sack_carried_nullifies_silvestres_da() -> None:
    assert act(pos(row1(SILVESTRE), "1,1"), "fight e S").life == 2
    assert act(pos(row1(SILVESTRE), "1,1", carry="normal.sack-of-fly"), "fight e S").life == 4
    assert act(pos(row1(SILVESTRE), "1,1", carry="normal.sack-of-fly"), "move e").life == 4


def test_TOC_NORMAL_09D_sack_front_flies_anywhere_ignoring_da() -> None:
    rows = [E, ". room.root-cellar@3f monster.gnom@1f . room.ash-hall@0f", E, E, E]
    state = pos(rows, "1,1", slots="front-1:normal.sack-of-fly:4")
    offered = {a for a in legal(state) if a.startswith("use")}
    assert offered == {f"use front-1 at {x},{y}" for x in range(5) for y in range(5)} - {"use front-1 at 1,1"}
    # To a room far away, not connected: no da; the room is entered (room-element).
    far = act(state, "use front-1 at 4,1")
    assert far.player == cell(4, 1)
    assert far.life == 4
    assert far.elements == (4, 3, 5, 4, 4)  # Ash Hall: V +1, W -1
    assert slot(far, "front-1") == ("normal.sack-of-fly", 3)
    assert "TOC-NORMAL-09D" in rules(far, "move")
    # Onto Gnom, whose da -3 faces the player: still no da.
    onto = act(state, "use front-1 at 2,1")
    assert (onto.player, onto.life) == (cell(2, 1), 4)
    assert illegal(state, "use front-1 at 1,1") == "TOC-NORMAL-09D"


def test_TOC_NORMAL_09D_sack_front_to_an_empty_cell_is_a_fall() -> None:
    state = pos(row1(GNOM), "1,1", life=7, slots="front-1:normal.sack-of-fly:4")
    fell = act(state, "use front-1 at 3,3")
    assert fell.level == 0
    assert fell.player == cell(3, 3)
    assert fell.floor[cell(3, 3)] == -1
    assert fell.life == 4
    assert "TOC-ZAP-05" in rules(fell, "zap")


def test_TOC_NORMAL_09D_sack_rear_reset_targets() -> None:
    rows = row1(". room.root-cellar@3f monster.gnom@1b . .")
    state = pos(
        rows,
        "1,1",
        slots="rear-1:normal.sack-of-fly:2,front-3:normal.potion-of-life:1",
        lost="normal.ring-of-vulcan",
        used="step.besiont",
    )
    offered = {a for a in legal(state) if a.startswith("use")}
    assert offered == {
        "use rear-1 on monster.gnom",
        "use rear-1 on step.besiont",
        "use rear-1 on normal.ring-of-vulcan",
        "use rear-1 on normal.potion-of-life",
    }
    # The card under the player is not among them, nor the Sack itself (TOC-NORMAL-08).
    assert illegal(state, "use rear-1 on room.root-cellar") == "TOC-NORMAL-09D"
    assert illegal(state, "use rear-1 on normal.sack-of-fly") == "TOC-NORMAL-08"


def test_TOC_NORMAL_09D_sack_rear_returns_a_floor_card_to_the_deck() -> None:
    rows = row1(". room.root-cellar@3f monster.gnom@1b . .")
    state = pos(rows, "1,1", slots="rear-1:normal.sack-of-fly:2")
    assert len(state.deck) == 43
    after = act(state, "use rear-1 on monster.gnom")
    assert at(after, 2, 1) is None
    assert len(after.deck) == 44
    assert Counter(after.deck) == Counter((*state.deck, card("monster.gnom")))
    assert slot(after, "rear-1") == ("normal.sack-of-fly", 1)
    assert rules(after, "reset") == ["TOC-NORMAL-09D"]


def test_TOC_NORMAL_09D_sack_rear_returns_a_used_step_to_the_step_area() -> None:
    state = pos(row1(GNOM), "1,1", slots="rear-1:normal.sack-of-fly:2", used="step.besiont")
    after = act(state, "use rear-1 on step.besiont")
    assert after.used_steps == ()
    assert card("step.besiont") in after.step_area


def test_TOC_NORMAL_09D_sack_rear_returns_a_lost_item_to_its_area() -> None:
    state = pos(row1(GNOM), "1,1", slots="rear-1:normal.sack-of-fly:2", lost="normal.ring-of-vulcan")
    after = act(state, "use rear-1 on normal.ring-of-vulcan")
    assert after.lost == ()
    assert item("normal.ring-of-vulcan") not in after.carry
    assert item("normal.ring-of-vulcan") not in after.slots


def test_TOC_NORMAL_09D_sack_rear_refills_a_set_items_counters() -> None:
    state = pos(row1(GNOM), "1,1", slots="rear-1:normal.sack-of-fly:2,front-3:normal.potion-of-life:1")
    after = act(state, "use rear-1 on normal.potion-of-life")
    assert slot(after, "front-3") == ("normal.potion-of-life", 4)
    assert slot(after, "rear-1") == ("normal.sack-of-fly", 1)


@pytest.mark.parametrize("left", [1, 2])
def test_TOC_NORMAL_08_sack_rear_cannot_refill_its_own_counters(left: int) -> None:
    """TOC-NORMAL-08, TOC-NORMAL-09D: every use costs one use, so the Sack cannot reset itself.

    Resetting its own effect-counters would refill what the use just spent: unlimited uses,
    and a use that changes nothing."""
    state = pos(row1(GNOM), "1,1", slots=f"rear-1:normal.sack-of-fly:{left}", used="step.besiont")
    assert illegal(state, "use rear-1 on normal.sack-of-fly") == "TOC-NORMAL-08"
    after = act(state, "use rear-1 on step.besiont")
    assert slot(after, "rear-1") == (("normal.sack-of-fly", 1) if left == 2 else (None, -1))


def test_TOC_NORMAL_08_every_use_of_the_sack_rear_costs_one_use() -> None:
    """TOC-NORMAL-08: whatever the Sack resets, each use lowers its counter by one."""
    state = pos(
        row1(". room.root-cellar@3f monster.gnom@1b . ."),
        "1,1",
        slots="rear-1:normal.sack-of-fly:2,front-3:normal.potion-of-life:1",
        used="step.besiont",
        lost="item.gnom-scale",
    )
    uses = sorted(a for a in legal(state) if a.startswith("use rear-1"))
    assert len(uses) == 4
    for text in uses:
        assert slot(act(state, text), "rear-1") == ("normal.sack-of-fly", 1), text


# ----------------------------------------------------------- 09E Sword Of Light


def test_TOC_NORMAL_09E_sword_carried_adds_1_to_every_numeric_da() -> None:
    # Leaving by da -1 and entering by da -1: -2 becomes 0.
    assert act(pos(row1(NUMERIC_EXIT), "1,1"), "move e").life == 2
    assert act(pos(row1(NUMERIC_EXIT), "1,1", carry="normal.sword-of-light"), "move e").life == 4
    # Monsters too: Gnom's -3 becomes -2 in a fight.
    assert act(pos(row1(GNOM), "1,1", carry="normal.sword-of-light"), "fight e G").life == 2


def test_TOC_NORMAL_09E_sword_carried_leaves_plain_paths_untouched() -> None:
    # Leaving by '-' (0, never +1) and entering by da -1 (+1 = 0).
    assert act(pos(row1(DASH_EXIT), "1,1"), "move e").life == 3
    assert act(pos(row1(DASH_EXIT), "1,1", carry="normal.sword-of-light"), "move e").life == 4


def test_TOC_NORMAL_09E_sword_front_moves_one_floor_card() -> None:
    state = pos(row1(GNOM), "1,1", slots="front-1:normal.sword-of-light:4")
    moved = act(state, "use front-1 at 2,1 to 3,3")
    assert at(moved, 2, 1) is None
    assert moved.floor[cell(3, 3)] == state.floor[cell(2, 1)]  # same card, face and rotation
    assert moved.player == cell(1, 1)
    assert slot(moved, "front-1") == ("normal.sword-of-light", 3)
    assert rules(moved, "relocate") == ["TOC-NORMAL-09E"]


def test_TOC_NORMAL_09E_sword_front_the_player_rides_along() -> None:
    state = pos(row1(GNOM), "1,1", slots="front-1:normal.sword-of-light:4")
    moved = act(state, "use front-1 at 1,1 to 0,4")
    assert moved.player == cell(0, 4)
    assert at(moved, 0, 4) == "room.root-cellar"
    assert at(moved, 1, 1) is None
    assert moved.life == 4


def test_TOC_NORMAL_09E_sword_front_needs_a_card_and_an_empty_destination() -> None:
    state = pos(row1(GNOM), "1,1", slots="front-1:normal.sword-of-light:4")
    assert illegal(state, "use front-1 at 2,1 to 1,1") == "TOC-NORMAL-09E"
    assert illegal(state, "use front-1 at 3,3 to 4,4") == "TOC-NORMAL-09E"


def test_TOC_NORMAL_09E_sword_rear_rearranging_mode() -> None:
    rows = [E, ". room.root-cellar@3f monster.gnom@1f . room.ash-hall@0f", E, E, E]
    state = pos(rows, "1,1", slots="rear-1:normal.sword-of-light:2")
    started = act(state, "use rear-1")
    assert started.rearranging
    assert slot(started, "rear-1") == ("normal.sword-of-light", 1)
    assert rules(started, "rearrange") == ["TOC-NORMAL-09E"]
    # Nothing but relocate / stand / finish until finished.
    offered = legal(started)
    assert {a.split()[0] for a in offered} == {"relocate", "stand", "finish"}
    assert "stand 4,1" in offered and "relocate 2,1 to 0,0 r90" in offered
    assert illegal(started, "move e") == "TOC-NORMAL-09E"
    assert illegal(started, "use rear-1") == "TOC-NORMAL-09E"

    turned = act(started, "relocate 2,1 to 0,0 r90")
    assert at(turned, 2, 1) is None and at(turned, 0, 0) == "monster.gnom"
    assert turned.floor[cell(0, 0)] >> 1 & 3 == 1  # rotation r90
    carried = act(turned, "relocate 1,1 to 2,2 r0")  # the player's card: the player goes along
    assert carried.player == cell(2, 2)
    stood = act(carried, "stand 4,1")
    assert stood.player == cell(4, 1)
    assert stood.rearranging
    done = act(stood, "finish")
    assert not done.rearranging
    assert "move n" in legal(done) and "finish" not in legal(done)
    assert illegal(done, "finish") == "TOC-NORMAL-09E"


def test_TOC_OVER_01_relocating_a_card_where_it_lies_unturned_is_not_an_action() -> None:
    """TOC-OVER-01 (reading), TOC-NORMAL-09E: a relocation that changes nothing is not offered."""
    state = pos(row1(GNOM), "1,1", slots="rear-1:normal.sword-of-light:1", mode="rearrange")
    assert illegal(state, "relocate 2,1 to 2,1 r90") == "TOC-OVER-01"  # Gnom lies at r90 already
    assert illegal(state, "relocate 1,1 to 1,1 r270") == "TOC-OVER-01"
    turned = act(state, "relocate 2,1 to 2,1 r0")  # turning it in place is a change
    assert turned.floor[cell(2, 1)] >> 1 & 3 == 0


def test_TOC_NORMAL_09E_sword_rear_cannot_stand_on_an_empty_cell() -> None:
    state = pos(row1(GNOM), "1,1", slots="rear-1:normal.sword-of-light:2", mode="rearrange")
    assert illegal(state, "stand 3,3") == "TOC-NORMAL-09E"
    assert illegal(state, "relocate 2,1 to 1,1 r0") == "TOC-NORMAL-09E"
