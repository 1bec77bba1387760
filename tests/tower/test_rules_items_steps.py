"""Hand-built scenarios for the normal items, rare items, steps and the number card / ZAP.

Each test is named after the rule ID it checks (`shared/manual/README.md`):
``TOC-NORMAL-01``..``09E``, ``TOC-RARE-01``..``08E``, ``TOC-STEP-01``..``11E``,
``TOC-ZAP-01``..``07``, and the won outcome of ``TOC-OVER-01``.

Geometry used throughout: cells ``x,y`` from the top left; a card at rotation
``k`` shows side ``s`` (f=0 r=1 b=2 l=3) toward direction ``(s + k) % 4``
(n=0 e=1 s=2 w=3). The default sheet has front slots ``front-0..4`` over the
columns and rear slots ``rear-0..4`` beside the rows, so a player at ``1,1``
may use ``front-1`` and ``rear-1`` but not ``front-3`` or ``rear-3``.

Recurring layouts (row ``y=1``, the player on Root Cellar at ``1,1``):

* ``room.root-cellar@3f``: its ``b`` side (``-``) faces east, its ``f`` side
  (da -1) faces west; ``room.root-cellar@1f`` turns the da -1 side east.
* ``monster.gnom@1f`` at ``2,1``: its ``b`` side (da -3) faces west, toward
  the player; a fight with G costs 4, its back gives G +3.
* ``room.ash-hall@0f`` at ``2,1``: its ``l`` side (da -1) faces west.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.invariants import violations

from .scenario import act, cards, game, legal, position

E = ". . . . ."
ALL_STEPS_BUT_SEQLRITH = "step.besiont,step.marnit,step.elerint,step.piant"

# Row y=1 layouts; the player stands on Root Cellar at 1,1.
GNOM = ". room.root-cellar@3f monster.gnom@1f . ."
ONDINE = ". room.root-cellar@3f monster.ondine@0f . ."  # Ondine's l side, da -2, faces west
VULCAN = ". room.root-cellar@3f monster.vulcan@0f . ."  # Vulcan's l side, da -2, faces west
SILVESTRE = ". room.root-cellar@3f monster.silvestre@0f . ."  # every side da -2
DASH_EXIT = ". room.root-cellar@3f room.ash-hall@0f . ."  # leave by '-', enter by da -1
NUMERIC_EXIT = ". room.root-cellar@1f room.ash-hall@0f . ."  # leave by da -1, enter by da -1

# Rebright on the floor at 1,1, the player on Seqlrith at 2,1 (its only path faces west).
REBRIGHT_ROWS = [E, ". rebright@0f step.seqlrith@3f . .", E, E, E]


def pos(rows: list[str], player: str, **fields: object) -> ct.State:
    """A hand-built position that is sound (every card and item in exactly one place)."""
    state = position(rows, player, **fields)
    assert violations(state) == []
    return state


def row1(cells: str) -> list[str]:
    """A floor whose only cards lie in row ``y=1``."""
    return [E, cells, E, E, E]


def rebright_position(values: str = "5.5.5.5.5", **fields: object) -> ct.State:
    """Rebright placed next to the player, who stands on Seqlrith after using the four other steps.

    The player holds 8 of every element by default, so that fighting Rebright stays possible
    (a position with no legal action at all is GameOver, `TOC-OVER-01`).
    """
    fields.setdefault("used", ALL_STEPS_BUT_SEQLRITH)
    fields.setdefault("el", "8.8.8.8.8")
    fields.setdefault("life", 8)
    return pos(REBRIGHT_ROWS, "2,1", rebright=values, **fields)


def rules(state: ct.State, kind: str | None = None) -> list[str]:
    """The rule IDs of the events of the action that made ``state`` (of one kind, if given)."""
    return [e.rule for e in state.events if kind is None or e.kind == kind]


def illegal(state: ct.State, text: str) -> str:
    """Assert that ``text`` is not legal (neither offered nor applicable); return the rule cited."""
    assert text not in legal(state)
    with pytest.raises(ct.IllegalActionError) as info:
        act(state, text)
    return info.value.rule


def item(item_id: str) -> int:
    return game().item_index[item_id]


def card(card_id: str) -> int:
    return game().card_index(card_id)


def slot(state: ct.State, slot_id: str) -> tuple[str | None, int]:
    """The item id set in a slot (or None) and its counters."""
    index = game().slot_ids.index(slot_id)
    held = state.slots[index]
    return (None if held == -1 else game().items[held].id), state.counters[index]


def ids(items: tuple[int, ...]) -> list[str]:
    return [game().items[i].id for i in items]


def card_ids(cards_: tuple[int, ...]) -> list[str]:
    return [game().table[c].id for c in cards_]


def at(state: ct.State, x: int, y: int) -> str | None:
    """The id of the card on a cell, or None."""
    code = state.floor[game().grid.cell(x, y)]
    return None if code == -1 else game().table[code >> 3].id


def cell(x: int, y: int) -> int:
    return game().grid.cell(x, y)


NORMAL_IDS = [
    "normal.armor-of-gnom",
    "normal.potion-of-life",
    "normal.ring-of-vulcan",
    "normal.sack-of-fly",
    "normal.sword-of-light",
]
RARE_IDS = [
    "rare.power-of-guard",
    "rare.power-of-destiny",
    "rare.power-of-robust",
    "rare.power-of-addition",
    "rare.sword-of-black",
]
STEP_IDS = ["step.besiont", "step.marnit", "step.elerint", "step.piant", "step.seqlrith"]


# =============================================================== TOC-NORMAL-01..09


def test_TOC_NORMAL_01_five_normal_items() -> None:
    assert [i.id for i in cards().normal_items] == NORMAL_IDS
    assert all(game().items[item(i)].kind == "normal" for i in NORMAL_IDS)


def test_TOC_NORMAL_01_gained_by_entering_the_room_with_its_condition_met() -> None:
    # Crystal Quarry's back shows Armor Of Gnom's icon, with the condition G >= 5.
    rows = row1(". room.crystal-quarry@0b . . .")
    met = pos(rows, "1,1", el="5.4.4.4.4")
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


# =============================================================== TOC-RARE-01..08


RECIPES = [
    ("rare.power-of-guard", "item.gnom-scale", "normal.armor-of-gnom"),
    ("rare.power-of-destiny", "item.ondine-tear", "normal.potion-of-life"),
    ("rare.power-of-robust", "item.vulcan-ember", "normal.ring-of-vulcan"),
    ("rare.power-of-addition", "item.silvestre-feather", "normal.sack-of-fly"),
    ("rare.sword-of-black", "item.shade-shard", "normal.sword-of-light"),
]


def test_TOC_RARE_01_five_rare_items() -> None:
    assert [i.id for i in cards().rare_items] == RARE_IDS
    assert all(game().items[item(i)].kind == "rare" for i in RARE_IDS)


@pytest.mark.parametrize(("rare", "monster_item", "normal"), RECIPES)
def test_TOC_RARE_01_gained_by_consuming_a_combination(rare: str, monster_item: str, normal: str) -> None:
    state = pos(row1(GNOM), "1,1", carry=f"{monster_item},{normal}")
    assert f"make {rare}" in legal(state)
    made = act(state, f"make {rare}")
    assert ids(made.carry) == [rare]
    assert sorted(ids(made.lost)) == sorted([monster_item, normal])


@pytest.mark.parametrize("item_id", RARE_IDS)
def test_TOC_RARE_01_may_be_carried_or_set_in_any_slot(item_id: str) -> None:
    state = pos(row1(GNOM), "1,1", carry=item_id)
    offered = {a for a in legal(state) if a.startswith(f"set {item_id} ")}
    assert offered == {f"set {item_id} {s}" for s in game().slot_ids}


def test_TOC_RARE_02_parts_of_a_rare_item_card() -> None:
    """TOC-RARE-02 (Parts of a rare-item card)."""
    for card_ in cards().rare_items:
        assert card_.name
        assert card_.vs.items()  # VS value
        assert card_.carry.text and card_.carry.effects  # r-text
        assert card_.recipe.text and card_.recipe.consume  # get-text
        assert card_.set.text and card_.set.effects  # set-effect


def test_TOC_RARE_03_names_are_the_manuals() -> None:
    """TOC-RARE-03 (Name)."""
    assert [i.name for i in cards().rare_items] == [
        "Power Of Guard",
        "Power Of Destiny",
        "Power Of Robust",
        "Power Of Addition",
        "Sword Of Black",
    ]


def test_TOC_RARE_04_vs_values_are_supplied_and_marked_reconstructed() -> None:
    """TOC-RARE-04 (VS value)."""
    marked = {r.card: r.fields for r in cards().header.reconstructed}
    for card_ in cards().rare_items:
        assert card_.vs.items()
        assert "vs" in marked[card_.id]


def test_TOC_RARE_05_carry_effect_acts_only_while_carried() -> None:
    # Power Of Guard's r-text (monster da +2) from carry, not from a slot.
    """TOC-RARE-05 (R-text, the carry effect)."""
    assert act(pos(row1(GNOM), "1,1", carry="rare.power-of-guard"), "fight e G").life == 3
    assert act(pos(row1(GNOM), "1,1", slots="front-3:rare.power-of-guard:-1"), "fight e G").life == 1


def test_TOC_RARE_06_make_consumes_the_recipe_into_lost() -> None:
    state = pos(row1(GNOM), "1,1", carry="item.gnom-scale,normal.armor-of-gnom,item.rusted-key")
    made = act(state, "make rare.power-of-guard")
    assert ids(made.carry) == ["item.rusted-key", "rare.power-of-guard"]
    assert ids(made.lost) == ["item.gnom-scale", "normal.armor-of-gnom"]
    assert rules(made, "consume") == ["TOC-RARE-06"]
    assert rules(made, "item") == ["TOC-RARE-06"]


def test_TOC_RARE_06_make_needs_the_whole_recipe_in_carry() -> None:
    half = pos(row1(GNOM), "1,1", carry="item.gnom-scale")
    assert illegal(half, "make rare.power-of-guard") == "TOC-RARE-06"
    # A recipe item set in a slot is not in carry.
    set_ = pos(row1(GNOM), "1,1", carry="item.gnom-scale", slots="front-3:normal.armor-of-gnom:4")
    assert illegal(set_, "make rare.power-of-guard") == "TOC-RARE-06"
    # Once made, it cannot be made again.
    made = pos(row1(GNOM), "1,1", carry="rare.power-of-guard,item.rusted-key")
    assert illegal(made, "make rare.power-of-guard") == "TOC-RARE-06"


def test_TOC_RARE_07_set_effect_needs_rebright() -> None:
    state = pos(row1(GNOM), "1,1", slots="front-1:rare.power-of-guard:-1")
    assert illegal(state, "use front-1") == "TOC-RARE-07"


def test_TOC_RARE_07_set_in_either_slot_without_a_counter() -> None:
    state = rebright_position(carry="rare.power-of-guard")
    set_ = act(state, "set rare.power-of-guard rear-1")
    assert rules(set_, "set") == ["TOC-RARE-07"]
    assert slot(set_, "rear-1") == ("rare.power-of-guard", -1)
    used = act(set_, "use rear-1")
    assert used.rebright == (0, 5, 5, 5, 5)
    assert rules(used, "use") == ["TOC-RARE-07"]
    # No limit: still set, and usable again whenever a use would change something
    # (TOC-OVER-01 reading: with G already 0 it would not).
    assert slot(used, "rear-1") == ("rare.power-of-guard", -1)
    assert "use rear-1" not in legal(used)
    raised = attrs.evolve(used, rebright=(3, 5, 5, 5, 5))  # as Sword Of Black's +5 would leave it
    assert "use rear-1" in legal(raised)
    assert act(raised, "use rear-1").rebright == (0, 5, 5, 5, 5)


def test_TOC_RARE_07_use_needs_the_slots_row_or_column() -> None:
    state = rebright_position(slots="front-3:rare.power-of-guard:-1")
    assert "fight w G" in legal(state)
    assert "use front-3" not in legal(state)
    with pytest.raises(ct.IllegalActionError) as info:
        act(state, "use front-3")
    assert info.value.rule == "TOC-RARE-07"
    aligned = rebright_position(slots="front-2:rare.power-of-guard:-1")
    assert act(aligned, "use front-2").rebright == (0, 5, 5, 5, 5)


def test_TOC_RARE_07_out_of_line_use_cites_the_rare_clause() -> None:
    state = rebright_position(slots="front-3:rare.power-of-guard:-1")
    assert illegal(state, "use front-3") == "TOC-RARE-07"


def test_TOC_RARE_08_the_five_items_have_no_counters() -> None:
    for item_id in RARE_IDS:
        table = game().items[item(item_id)]
        assert (table.front_counters, table.rear_counters) == (None, None)
        assert table.front_effects == table.rear_effects  # one set-effect for both slots


def test_TOC_RARE_08_only_rare_items_are_cited_as_rare_items() -> None:
    state = pos([". room.root-cellar@3f . . .", E, E, E, E], "1,0", carry="item.harpy-plume", life=3)
    after = act(state, "step step.besiont 0,0 r0")
    assert after.life == 4
    assert "TOC-RARE-08" not in rules(after, "life")


# -------------------------------------------------------------- 08A Power Of Guard


def test_TOC_RARE_08A_guard_carried_adds_2_to_monster_da() -> None:
    state = pos(row1(GNOM), "1,1", carry="rare.power-of-guard")
    assert act(state, "fight e G").life == 3  # -3 + 2
    assert act(state, "move e").life == 3
    # Rooms are not monsters.
    assert act(pos(row1(NUMERIC_EXIT), "1,1", carry="rare.power-of-guard"), "move e").life == 2


def test_TOC_RARE_08A_guard_set_makes_rebrights_g_0() -> None:
    state = rebright_position(slots="front-2:rare.power-of-guard:-1")
    after = act(state, "use front-2")
    assert after.rebright == (0, 5, 5, 5, 5)
    assert rules(after, "rebright") == ["TOC-RARE-07"]


# ------------------------------------------------------------ 08B Power Of Destiny

BESIONT_ROWS = [". room.root-cellar@3f . . .", E, ". . monster.kelpie@0f . .", E, E]  # player at 1,0


def test_TOC_RARE_08B_destiny_carried_sets_life_to_8_on_a_step() -> None:
    state = pos(BESIONT_ROWS, "1,0", carry="rare.power-of-destiny", life=2)
    assert act(state, "step step.besiont 0,0 r0").life == 8
    assert act(pos(BESIONT_ROWS, "1,0", life=2), "step step.besiont 0,0 r0").life == 2


def test_TOC_RARE_08B_destiny_set_makes_rebrights_w_0() -> None:
    state = rebright_position(slots="rear-1:rare.power-of-destiny:-1")
    assert act(state, "use rear-1").rebright == (5, 0, 5, 5, 5)


# ------------------------------------------------------------- 08C Power Of Robust


def test_TOC_RARE_08C_robust_carried_makes_fights_cost_2_more() -> None:
    poor = pos(row1(GNOM), "1,1", carry="rare.power-of-robust")  # G 4, S 4: Gnom asks G 6 or S 5
    assert illegal(poor, "fight e G") == "TOC-PROG2-03"
    assert illegal(poor, "fight e S") == "TOC-PROG2-03"
    rich = pos(row1(GNOM), "1,1", carry="rare.power-of-robust", el="6.4.4.4.4")
    assert act(rich, "fight e G").elements == (3, 4, 4, 4, 4)  # pays 6, then mg-element +3


def test_TOC_RARE_08C_robust_set_makes_rebrights_v_0() -> None:
    state = rebright_position(slots="front-2:rare.power-of-robust:-1")
    assert act(state, "use front-2").rebright == (5, 5, 0, 5, 5)


# ----------------------------------------------------------- 08D Power Of Addition


def test_TOC_RARE_08D_addition_carried_gives_life_2_on_a_step() -> None:
    state = pos(BESIONT_ROWS, "1,0", carry="rare.power-of-addition", life=3)
    assert act(state, "step step.besiont 0,0 r0").life == 5
    high = pos(BESIONT_ROWS, "1,0", carry="rare.power-of-addition", life=7)
    assert act(high, "step step.besiont 0,0 r0").life == 8


def test_TOC_RARE_08D_addition_set_makes_rebrights_s_0() -> None:
    state = rebright_position(slots="front-2:rare.power-of-addition:-1")
    assert act(state, "use front-2").rebright == (5, 5, 5, 0, 5)


# -------------------------------------------------------------- 08E Sword Of Black


def test_TOC_RARE_08E_black_carried_adds_2_to_every_numeric_da() -> None:
    assert act(pos(row1(NUMERIC_EXIT), "1,1", carry="rare.sword-of-black"), "move e").life == 6
    assert act(pos(row1(DASH_EXIT), "1,1", carry="rare.sword-of-black"), "move e").life == 5  # '-' stays 0
    assert act(pos(row1(GNOM), "1,1", carry="rare.sword-of-black"), "fight e G").life == 3


def test_TOC_RARE_08E_black_set_adds_5_to_every_rebright_value() -> None:
    state = rebright_position("0.0.0.0.1", slots="front-2:rare.sword-of-black:-1")
    assert act(state, "use front-2").rebright == (5, 5, 5, 5, 6)


def test_TOC_OVER_01_a_set_effect_that_changes_nothing_is_not_offered() -> None:
    """TOC-OVER-01 (reading), TOC-RARE-07: Rebright's G already 0, Power Of Guard's use changes nothing."""
    state = rebright_position("0.5.5.5.5", slots="front-2:rare.power-of-guard:-1")
    assert ct.outcome(state) is None  # the fights remain
    assert illegal(state, "use front-2") == "TOC-OVER-01"
    # Sword Of Black (+5) on values all at the sheet's top, 8, changes nothing either.
    full = rebright_position("8.8.8.8.8", slots="front-2:rare.sword-of-black:-1")
    assert illegal(full, "use front-2") == "TOC-OVER-01"
    assert "use front-2" in legal(rebright_position("8.8.8.8.7", slots="front-2:rare.sword-of-black:-1"))


def test_TOC_OVER_01_no_element_to_pay_rebright_and_only_empty_uses_is_game_over() -> None:
    """TOC-OVER-01: on Seqlrith with nothing to pay Rebright, a use that changes nothing does not
    keep the game going: no legal action is left, and the game is lost (移動不可能)."""
    state = rebright_position("0.5.5.5.5", el="0.0.0.0.0", slots="front-2:rare.power-of-guard:-1")
    assert ct.legal_actions(state) == ()
    assert ct.outcome(state) == ct.Outcome(result="lost", cause="no-action", rule="TOC-OVER-01")
    assert ct.is_terminal(state)
    assert illegal(state, "use front-2") == "TOC-OVER-01"
    # A use that does change something keeps it alive: Rebright's W is still 5.
    alive = rebright_position("0.5.5.5.5", el="0.0.0.0.0", slots="front-2:rare.power-of-destiny:-1")
    assert legal(alive) == {"use front-2"}
    after = act(alive, "use front-2")
    assert after.rebright == (0, 0, 5, 5, 5)
    assert ct.outcome(after) == ct.Outcome(result="lost", cause="no-action", rule="TOC-OVER-01")


def test_TOC_RARE_08_set_effect_bringing_the_last_value_to_0_wins() -> None:
    state = rebright_position("1.0.0.0.0", slots="front-2:rare.power-of-guard:-1")
    after = act(state, "use front-2")
    assert after.rebright == (0, 0, 0, 0, 0)
    result = ct.outcome(after)
    assert result is not None and result.result == "won"


# =============================================================== TOC-STEP-01..11


def test_TOC_STEP_01_the_player_enters_at_once_ignoring_da_and_goes_up_a_floor() -> None:
    # Root Cellar's da -1 side faces the corner 0,0: placing Besiont there costs nothing.
    state = pos(BESIONT_ROWS, "1,0")
    after = act(state, "step step.besiont 0,0 r0")
    assert after.player == cell(0, 0)
    assert at(after, 0, 0) == "step.besiont"
    assert after.life == 4
    assert after.level == 2
    assert rules(after, "step") == ["TOC-STEP-01"]
    assert "floor" in [e.kind for e in after.events]
    assert card("step.besiont") not in after.step_area


def test_TOC_STEP_02_a_step_needs_its_condition() -> None:
    state = pos(BESIONT_ROWS, "1,0")
    # 2,0 lies on a path of the player's card but is not a corner.
    assert illegal(state, "step step.besiont 2,0 r0") == "TOC-STEP-02"


def test_TOC_STEP_02_a_step_other_than_marnit_goes_where_a_path_points() -> None:
    state = pos(BESIONT_ROWS, "1,0")
    # 4,4 is a corner but no path of the player's card points there.
    assert illegal(state, "step step.besiont 4,4 r0") == "TOC-PLAY-F"


def test_TOC_STEP_02_the_road_rule_does_not_bind_a_step() -> None:
    """TOC-STEP-02 (reading), TOC-PLAY-D: a step may turn a wall to a road that enters its cell.

    2,1 neighbours the player's Root Cellar (its '-' side faces east) and the Clay Workshop above.
    Elerint turned r90 shows its wall (b) to the player: a chaos card could not lie so, a step
    may, since entering it returns every other card to the deck (TOC-STEP-03)."""
    state = pos([". . room.clay-workshop@0f . .", ". room.root-cellar@3f . . .", E, E, E], "1,1")
    assert "step step.elerint 2,1 r90" in legal(state)
    after = act(state, "step step.elerint 2,1 r90")
    assert after.player == cell(2, 1)
    assert [c for c in after.floor if c != -1] == [after.floor[cell(2, 1)]]


def test_TOC_STEP_04_a_step_needs_a_path_into_the_floor() -> None:
    """TOC-STEP-04: the cards placed from a step (and Rebright) lie inside the floor, so a step
    is turned with at least one path into it. Seqlrith's single path, at the top edge, may
    point anywhere but north."""
    rows = [
        ". room.root-cellar@3f . . .",
        E,
        "room.rain-cistern@1f . room.ember-forge@0f . room.cloud-terrace@0f",
        E,
        "room.ink-vault@0f . . . .",
    ]
    state = pos(rows, "1,0", used=ALL_STEPS_BUT_SEQLRITH)
    assert {a for a in legal(state) if a.startswith("step step.seqlrith")} == {
        f"step step.seqlrith {c} r{r}" for c in ("0,0", "2,0") for r in (90, 180, 270)
    } - {"step step.seqlrith 0,0 r270"}  # at the corner 0,0, west is off the floor too
    assert illegal(state, "step step.seqlrith 2,0 r0") == "TOC-STEP-04"
    assert illegal(state, "step step.seqlrith 0,0 r270") == "TOC-STEP-04"
    # Turned away from the player: Rebright goes where the path points, 3,0.
    after = act(state, "step step.seqlrith 2,0 r90")
    assert legal(after) == {f"rebright 3,0 r{r}" for r in (0, 90, 180, 270)}


def test_TOC_STEP_03_every_other_chaos_card_returns_to_the_deck() -> None:
    state = pos(BESIONT_ROWS, "1,0")
    assert len(state.deck) == 43
    after = act(state, "step step.besiont 0,0 r0")
    assert len(after.deck) == 45
    assert Counter(after.deck) == Counter(game().chaos)
    assert [c for c in after.floor if c != -1] == [after.floor[cell(0, 0)]]
    assert rules(after, "reset") == ["TOC-STEP-03"]


def test_TOC_STEP_04_placements_from_the_steps_paths() -> None:
    after = act(pos(BESIONT_ROWS, "1,0"), "step step.besiont 0,0 r0")
    places = {a.split()[1] for a in legal(after) if a.startswith("place ")}
    assert places == {"1,0", "0,1"}
    one = act(after, sorted(a for a in legal(after) if a.startswith("place 1,0"))[0])
    assert one.player == cell(0, 0)
    assert {a.split()[1] for a in legal(one) if a.startswith("place ")} == {"0,1"}


def test_TOC_STEP_05_leaving_a_step_puts_it_in_the_used_area() -> None:
    state = pos(["step.besiont@0f room.ash-hall@0f . . .", E, E, E, E], "0,0", level=2)
    after = act(state, "move e")
    assert after.used_steps == (card("step.besiont"),)
    assert card("step.besiont") not in after.step_area
    assert at(after, 0, 0) is None
    assert "TOC-STEP-05" in rules(after, "step")


def test_TOC_STEP_05_a_used_step_can_be_placed_again_when_its_condition_holds() -> None:
    state = pos(BESIONT_ROWS, "1,0", used="step.besiont")
    assert "step step.besiont 0,0 r0" in legal(state)
    after = act(state, "step step.besiont 0,0 r0")
    assert after.player == cell(0, 0)
    assert after.level == 2
    assert card("step.besiont") not in after.used_steps


def test_TOC_STEP_06_parts_of_a_step_card() -> None:
    """TOC-STEP-06 (Parts of a step card)."""
    for step in cards().steps:
        assert step.name
        assert step.step_element.items()  # step-element
        assert step.text and step.condition is not None  # s-text
        assert any(side is not None for side in step.da.as_tuple())  # da


def test_TOC_STEP_07_names_are_the_manuals() -> None:
    """TOC-STEP-07 (Name)."""
    assert [s.name for s in cards().steps] == ["Besiont", "Marnit", "Elerint", "Piant", "Seqlrith"]


def test_TOC_STEP_08_the_step_element_is_applied_on_entering() -> None:
    after = act(pos(BESIONT_ROWS, "1,0", el="4.4.4.4.4"), "step step.besiont 0,0 r0")
    assert after.elements == (5, 4, 4, 4, 4)  # Besiont: G +1 (card data)
    assert rules(after, "elements") == ["TOC-STEP-08"]


def test_TOC_STEP_09_the_s_text_is_the_placement_condition() -> None:
    """TOC-STEP-09 (S-text, the condition)."""
    texts = {s.id: s.text for s in cards().steps}
    assert "四つ角" in texts["step.besiont"]
    assert "monster2匹以上" in texts["step.marnit"]
    assert "同じelement2つ" in texts["step.elerint"]
    assert "生死を問わず" in texts["step.piant"]
    assert "他のstep4種類使用後" in texts["step.seqlrith"]


def test_TOC_STEP_10_leaving_a_step_passes_its_da() -> None:
    # Besiont's sides are '-': leaving it costs only the da of the card entered.
    """TOC-STEP-10 (A step's da)."""
    state = pos(["step.besiont@0f room.ash-hall@0f . . .", E, E, E, E], "0,0", level=2)
    assert act(state, "move e").life == 3
    # '-' takes no extra da on floor 4: only the entered side gets -1.
    deep = pos(["step.besiont@0f room.ash-hall@0f . . .", E, E, E, E], "0,0", level=4)
    assert act(deep, "move e").life == 2


def test_TOC_STEP_11_five_steps() -> None:
    assert [s.id for s in cards().steps] == STEP_IDS
    fresh = ct.new_game(cards())
    assert card_ids(fresh.step_area) == STEP_IDS


def _step_cells(state: ct.State, step_id: str) -> set[str]:
    return {a.split()[2] for a in legal(state) if a.startswith(f"step {step_id} ")}


def test_TOC_STEP_11A_besiont_only_on_a_corner() -> None:
    state = pos(BESIONT_ROWS, "1,0")
    assert _step_cells(state, "step.besiont") == {"0,0"}
    assert act(state, "step step.besiont 0,0 r90").level == 2
    # The same card turned so that its paths point at 0,1 and 2,1: no corner, no Besiont.
    middle = pos([E, ". room.root-cellar@3f . . .", E, E, E], "1,1")
    assert _step_cells(middle, "step.besiont") == set()
    assert illegal(middle, "step step.besiont 0,1 r0") == "TOC-STEP-02"


MARNIT_ROWS = [
    ". room.root-cellar@3f . . .",
    E,
    ". . monster.kelpie@0f . .",
    E,
    "monster.merrow@0f . . . .",
]


def test_TOC_STEP_11B_marnit_anywhere_while_two_monsters_live() -> None:
    state = pos(MARNIT_ROWS, "1,0")
    cells = _step_cells(state, "step.marnit")
    assert {"4,3", "3,0", "0,0", "2,0"} <= cells  # far from the player's paths, too
    after = act(state, "step step.marnit 4,3 r0")
    assert after.player == cell(4, 3)
    assert after.level == 2
    assert after.elements == (4, 5, 4, 4, 4)  # Marnit: W +1 (card data)
    assert [c for c in after.floor if c != -1] == [after.floor[cell(4, 3)]]


def test_TOC_STEP_11B_marnit_on_a_cell_two_roads_enter_at_right_angles() -> None:
    """TOC-STEP-11B, TOC-STEP-02 (reading): Marnit's paths (f, b) are opposite, so no turn of it
    answers Kelpie's road from the west and the Tide Gallery's from the south at 3,2; it is a
    step, not a chaos card, and TOC-PLAY-D does not bind it."""
    rows = [*MARNIT_ROWS[:3], ". . . room.tide-gallery@0f .", MARNIT_ROWS[4]]
    state = pos(rows, "1,0")
    assert {a for a in legal(state) if a.startswith("step step.marnit 3,2 ")} == {
        f"step step.marnit 3,2 r{r}" for r in (0, 90, 180, 270)
    }
    after = act(state, "step step.marnit 3,2 r0")
    assert after.player == cell(3, 2)
    assert after.level == 2
    assert [c for c in after.floor if c != -1] == [after.floor[cell(3, 2)]]


def test_TOC_STEP_11B_marnit_not_with_one_living_monster() -> None:
    rows = [*MARNIT_ROWS[:2], ". . monster.kelpie@0b . .", *MARNIT_ROWS[3:]]  # Kelpie defeated
    state = pos(rows, "1,0")
    assert _step_cells(state, "step.marnit") == set()
    assert illegal(state, "step step.marnit 4,3 r0") == "TOC-STEP-02"


def test_TOC_STEP_11C_elerint_next_to_two_cards_of_one_attribute() -> None:
    # 2,1 neighbours Root Cellar (G) and Clay Workshop (G).
    state = pos([". . room.clay-workshop@0f . .", ". room.root-cellar@3f . . .", E, E, E], "1,1")
    assert _step_cells(state, "step.elerint") == {"2,1"}
    after = act(state, "step step.elerint 2,1 r0")
    assert after.level == 2
    assert after.elements == (4, 4, 5, 4, 4)  # Elerint: V +1 (card data)


def test_TOC_STEP_11C_elerint_not_next_to_two_different_attributes() -> None:
    # 2,1 neighbours Root Cellar (G) and Rain Cistern (W).
    state = pos([". . room.rain-cistern@1f . .", ". room.root-cellar@3f . . .", E, E, E], "1,1")
    assert _step_cells(state, "step.elerint") == set()
    assert illegal(state, "step step.elerint 2,1 r0") == "TOC-STEP-02"


@pytest.mark.parametrize("face", ["f", "b"])
def test_TOC_STEP_11D_piant_next_to_a_monster_living_or_defeated(face: str) -> None:
    state = pos([f". . monster.cockatrice@0{face} . .", ". room.root-cellar@3f . . .", E, E, E], "1,1")
    assert _step_cells(state, "step.piant") == {"2,1"}
    after = act(state, "step step.piant 2,1 r0")
    assert after.level == 2
    assert after.elements == (4, 4, 4, 5, 4)  # Piant: S +1 (card data)


def test_TOC_STEP_11D_piant_not_without_a_monster() -> None:
    state = pos([". . room.cloud-terrace@0f . .", ". room.root-cellar@3f . . .", E, E, E], "1,1")
    assert _step_cells(state, "step.piant") == set()
    assert illegal(state, "step step.piant 2,1 r0") == "TOC-STEP-02"


# Five attributes on the floor: W V S in row 0, G (the player's Root Cellar), D at 0,4.
SEQLRITH_ROWS = [
    "room.rain-cistern@1f . room.ember-forge@0f . room.cloud-terrace@0f",
    ". room.root-cellar@3f . . .",
    E,
    E,
    "room.ink-vault@0f . . . .",
]


def test_TOC_STEP_11E_seqlrith_after_the_four_others_with_all_five_attributes() -> None:
    state = pos(SEQLRITH_ROWS, "1,1", used=ALL_STEPS_BUT_SEQLRITH)
    assert "step step.seqlrith 2,1 r270" in legal(state)
    # It need not face the player (TOC-STEP-02 reading): at 2,1 every turn points into the
    # floor; at 0,1 (the Root Cellar's other path) every turn but west, off the floor.
    assert {a for a in legal(state) if a.startswith("step step.seqlrith")} == {
        f"step step.seqlrith {c} r{r}" for c in ("2,1", "0,1") for r in (0, 90, 180, 270)
    } - {"step step.seqlrith 0,1 r270"}
    # One of the four not used yet.
    three = pos(SEQLRITH_ROWS, "1,1", used="step.besiont,step.marnit,step.elerint")
    assert illegal(three, "step step.seqlrith 2,1 r270") == "TOC-STEP-02"
    # No dark card on the floor.
    no_dark = pos([*SEQLRITH_ROWS[:4], E], "1,1", used=ALL_STEPS_BUT_SEQLRITH)
    assert illegal(no_dark, "step step.seqlrith 2,1 r270") == "TOC-STEP-02"


def test_TOC_STEP_11E_seqlrith_makes_rebright_appear_instead_of_a_floor() -> None:
    state = pos(SEQLRITH_ROWS, "1,1", used=ALL_STEPS_BUT_SEQLRITH, level=3)
    after = act(state, "step step.seqlrith 2,1 r270")
    assert after.level == 3
    assert after.rebright == (5, 5, 5, 5, 5)
    assert after.rebright_pending
    assert after.elements == (4, 4, 4, 4, 5)  # Seqlrith: D +1 (card data)
    assert len(after.deck) == 45
    assert "rebright" in [e.kind for e in after.events]
    # Rebright is placed next, where Seqlrith's path points, and nothing else is possible.
    assert legal(after) == {f"rebright 1,1 r{r}" for r in (0, 90, 180, 270)}
    assert illegal(after, "place 1,1 r0") == "TOC-STEP-04"
    assert illegal(after, "move w") == "TOC-STEP-04"
    placed = act(after, "rebright 1,1 r0")
    assert not placed.rebright_pending
    assert at(placed, 1, 1) == "rebright"
    assert rules(placed, "place") == ["TOC-STEP-04"]


def test_TOC_STEP_11E_rebright_is_placed_before_anything_else_even_with_items_in_carry() -> None:
    state = pos(
        SEQLRITH_ROWS,
        "1,1",
        used=ALL_STEPS_BUT_SEQLRITH,
        carry="item.gnom-scale,normal.armor-of-gnom",
    )
    after = act(state, "step step.seqlrith 2,1 r270")
    assert legal(after) == {f"rebright 1,1 r{r}" for r in (0, 90, 180, 270)}


def test_TOC_STEP_11E_rebright_is_fought_attribute_by_attribute() -> None:
    state = rebright_position(el="5.4.8.8.8", life=8)
    hit = act(state, "fight w G")
    assert hit.rebright == (0, 5, 5, 5, 5)
    assert hit.elements == (0, 4, 8, 8, 8)  # paid Rebright's G value, 5
    assert hit.life == 8  # Rebright's sides are '-' paths in the default set: no damage
    assert "TOC-STEP-11E" in rules(hit, "rebright")
    # An attribute already at 0 cannot be attacked again; one the player lacks cannot pay.
    assert illegal(hit, "fight w G") == "TOC-STEP-11E"
    assert illegal(hit, "fight w W") == "TOC-PROG2-03"  # W 4 < 5
    assert ct.outcome(hit) is None


def test_TOC_STEP_11E_rebright_falls_when_all_five_are_0() -> None:
    state = rebright_position(el="8.8.8.8.8", life=8)
    for letter in "GWVS":
        state = act(state, f"fight w {letter}")
        assert ct.outcome(state) is None
    last = act(state, "fight w D")
    assert last.rebright == (0, 0, 0, 0, 0)
    assert last.elements == (3, 3, 3, 3, 3)
    assert last.life == 8
    result = ct.outcome(last)
    assert result is not None
    assert (result.result, result.cause) == ("won", "rebright-fell")
    assert legal(last) == set()


def test_TOC_OVER_01_rebright_falling_is_won() -> None:
    state = rebright_position("0.0.0.0.1", el="4.4.4.4.1")
    after = act(state, "fight w D")
    result = ct.outcome(after)
    assert result is not None and result.result == "won"
    assert ct.is_terminal(after)


# =============================================================== TOC-ZAP-01..07


def test_TOC_ZAP_01_the_number_card_shows_the_floor() -> None:
    fresh = ct.new_game(cards())
    assert fresh.level == 1
    after = act(pos(BESIONT_ROWS, "1,0"), "step step.besiont 0,0 r0")
    assert after.level == 2
    assert "level=2 " in ct.to_notation(after)


def test_TOC_ZAP_02_floors_start_at_1_with_an_extra_da_each() -> None:
    """TOC-ZAP-02 (Floor and extra da)."""
    assert [game().extra_da(f) for f in (1, 2, 3, 4)] == [0, 0, 0, -1]
    assert [m.floor for m in cards().number.floors][:4] == [1, 2, 3, 4]


def test_TOC_ZAP_03_extra_da_from_floor_4_on_numeric_da_only() -> None:
    # Passing: leave by '-' (no extra), enter Gnom by -3 (-1 extra from floor 4).
    assert act(pos(row1(GNOM), "1,1", life=6, level=3), "move e").life == 3
    assert act(pos(row1(GNOM), "1,1", life=6, level=4), "move e").life == 2
    # Both sides numeric: each takes the extra da.
    assert act(pos(row1(NUMERIC_EXIT), "1,1", level=4), "move e").life == 0
    # The manual's example: a da -2 path on floor 4 counts as da -3 (here in a fight).
    assert act(pos(row1(ONDINE), "1,1", life=6, level=3), "fight e W").life == 4
    assert act(pos(row1(ONDINE), "1,1", life=6, level=4), "fight e W").life == 3


def _rich_position() -> ct.State:
    """A position far from all-reset: floor 4, values moved, items everywhere, a step used."""
    return pos(
        [". . room.clay-workshop@0f . .", ". room.root-cellar@3f monster.gnom@1b . .", E, E, E],
        "1,1",
        level=4,
        life=6,
        el="2.5.6.7.8",
        carry="item.rusted-key,normal.potion-of-life",
        slots="front-0:normal.sword-of-light:3",
        lost="normal.armor-of-gnom",
        used="step.besiont",
        bonus=2,
    )


def test_TOC_ZAP_04_a_fall_resets_everything() -> None:
    state = _rich_position()
    fell = act(state, "move w")  # Root Cellar's da -1 path leads to the empty 0,1
    assert fell.life == 4
    assert fell.elements == (4, 4, 4, 4, 4)
    assert fell.step_area == game().steps and fell.used_steps == ()
    assert len(fell.deck) == 45
    assert Counter(fell.deck) == Counter(game().chaos)
    assert fell.deck != game().chaos  # reshuffled
    assert all(c == -1 for c in fell.floor)
    assert fell.carry == () and fell.lost == ()
    assert all(s == -1 for s in fell.slots) and all(c == -1 for c in fell.counters)
    assert fell.rebright is None and fell.combat_bonus == 0
    assert "TOC-ZAP-04" in rules(fell, "reset")
    assert violations(fell) == []


def test_TOC_ZAP_05_falling_off_a_path_into_an_empty_cell_is_zap() -> None:
    fell = act(pos(row1(GNOM), "1,1"), "move w")
    assert fell.level == 0
    assert rules(fell, "zap") == ["TOC-ZAP-05"]
    assert ct.outcome(fell) is None


def test_TOC_ZAP_05_a_fall_pays_no_da_even_at_life_1() -> None:
    """TOC-ZAP-05 (engine decision): 「chaosカードの道から落ちる」 is a ZAP; the path fallen from
    (Root Cellar's da -1, west) is not paid first, so life 1 does not end the game: the fall resets
    life to 4 (TOC-ZAP-04)."""
    fell = act(pos(row1(GNOM), "1,1", life=1), "move w")
    assert ct.outcome(fell) is None
    assert (fell.level, fell.life) == (0, 4)
    assert rules(fell, "zap") == ["TOC-ZAP-05"]
    assert not any(e.kind == "life" for e in fell.events)


def test_TOC_ZAP_05_leaving_the_floor_is_gameover_not_zap() -> None:
    off = act(pos(["room.root-cellar@3f . . . .", E, E, E, E], "0,0"), "move w")
    assert off.level == 1
    result = ct.outcome(off)
    assert result is not None and (result.result, result.cause) == ("lost", "left-floor")


def test_TOC_ZAP_06_the_player_starts_again_where_they_fell() -> None:
    fell = act(_rich_position(), "move w")
    assert fell.level == 0
    assert "level=Z " in ct.to_notation(fell)
    assert fell.player == cell(0, 1)
    assert fell.floor[cell(0, 1)] == -1
    # The first card goes under the player, and nothing else can be done before.
    offered = legal(fell)
    assert offered and all(a.startswith("place 0,1 r") for a in offered)
    assert illegal(fell, "place 0,0 r90") == "TOC-ZAP-06"
    assert illegal(fell, "move e") == "TOC-START-A"
    placed = act(fell, sorted(offered)[0])
    assert placed.player == cell(0, 1)
    assert placed.floor[cell(0, 1)] != -1
    assert placed.deck == fell.deck[1:]
    assert placed.level == 0


def test_TOC_ZAP_06_extra_da_in_zap() -> None:
    # The number card shows ZAP: the set's ZAP extra da (0) applies, not floor 4's.
    assert game().extra_da(0) == cards().number.zap_extra_da == 0
    assert act(pos(row1(GNOM), "1,1", life=6, level="Z"), "move e").life == 3


def test_TOC_ZAP_07_a_step_ends_zap_at_floor_1_keeping_what_was_gained() -> None:
    state = pos(
        BESIONT_ROWS,
        "1,0",
        level="Z",
        life=3,
        el="6.5.4.4.4",
        carry="item.rusted-key,normal.potion-of-life",
    )
    after = act(state, "step step.besiont 0,0 r0")
    assert after.level == 1
    assert after.step_returns
    assert after.life == 3
    assert after.elements == (7, 5, 4, 4, 4)  # kept, plus Besiont's G +1
    assert ids(after.carry) == ["item.rusted-key", "normal.potion-of-life"]
    assert "TOC-ZAP-07" in rules(after, "floor")


def test_TOC_ZAP_07_the_step_used_in_zap_returns_to_the_step_area() -> None:
    state = pos(["step.besiont@0f room.ash-hall@0f . . .", E, E, E, E], "0,0", level="1*")
    after = act(state, "move e")
    assert card("step.besiont") in after.step_area
    assert after.used_steps == ()
    assert not after.step_returns
    assert "TOC-ZAP-07" in rules(after, "step")
    # Back in the step area, it may be used again.
    assert after.level == 1


def test_TOC_ZAP_07_destiny_acts_on_the_step_that_ends_zap() -> None:
    state = pos(BESIONT_ROWS, "1,0", level="Z", life=2, carry="rare.power-of-destiny")
    after = act(state, "step step.besiont 0,0 r0")
    assert (after.level, after.life) == (1, 8)


def test_TOC_PROG2_03_a_numeric_rebright_da_is_the_damage_of_each_attack() -> None:
    """A card set may give Rebright damaging sides; each attack then costs that da, floor extra included."""
    import attrs

    from chaos_tower.tower.cards import Sides

    base = cards()
    harsh = attrs.evolve(base, rebright=attrs.evolve(base.rebright, da=Sides(f=-1, r=-1, b=-1, l=-1)))
    game = ct.new_game(harsh).game
    rows = "/".join(r.replace(" ", ",") for r in REBRIGHT_ROWS)
    state = ct.from_notation(
        f"floor={rows} player=2,1 rebright=5.5.5.5.5 el=8.8.8.8.8 life=8 level=4 "
        f"used={ALL_STEPS_BUT_SEQLRITH}",
        game,
    )
    hit = ct.apply(state, ct.parse_action(state, "fight w G"))
    assert hit.life == 8 - 1 - 1  # Rebright's da -1, and floor 4's extra da -1 (TOC-ZAP-03)
