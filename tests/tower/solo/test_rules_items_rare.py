"""Hand-built scenarios for the rare items (``TOC-RARE-01``..``08E``): their recipes, carry and
set effects (those on Rebright), and the readings of ``TOC-OVER-01`` (GameOver, won) that set
effects touch. Geometry, layouts and helpers: :mod:`.items_steps_helpers`.
"""

from __future__ import annotations

import attrs
import pytest

import chaos_tower as ct

from .items_steps_helpers import (
    BESIONT_ROWS,
    DASH_EXIT,
    GNOM,
    NUMERIC_EXIT,
    E,
    ids,
    illegal,
    item,
    pos,
    rebright_position,
    row1,
    rules,
    slot,
)
from .scenario import act, cards, game, legal

RARE_IDS = [
    "rare.power-of-guard",
    "rare.power-of-destiny",
    "rare.power-of-robust",
    "rare.power-of-addition",
    "rare.sword-of-black",
]


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
