"""Hand-built scenarios for the steps (``TOC-STEP-01``..``11E``): placing and entering a step, the
five steps' conditions, Rebright and its fall (the won outcome of ``TOC-OVER-01``).
Geometry, layouts and helpers: :mod:`.items_steps_helpers`.
"""

from __future__ import annotations

from collections import Counter

import pytest

import chaos_tower as ct

from .items_steps_helpers import (
    ALL_STEPS_BUT_SEQLRITH,
    BESIONT_ROWS,
    E,
    at,
    card,
    card_ids,
    cell,
    illegal,
    pos,
    rebright_position,
    rules,
)
from .scenario import act, cards, game, legal

STEP_IDS = ["step.besiont", "step.marnit", "step.elerint", "step.piant", "step.seqlrith"]


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
