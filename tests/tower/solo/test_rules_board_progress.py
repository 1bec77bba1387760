"""Hand-built scenarios for the board rules of Tower of CHAOS: the second and later chaos cards
(``TOC-PLAY``) and the four kinds of progress between rooms and monsters, with combat
(``TOC-PROG1`` .. ``TOC-PROG4``).

Each test is named after the rule it checks (``TOC-PLAY-D`` → ``test_TOC_PLAY_D_…``) and asserts
exact outcomes, as in ``test_rules_board_start.py``, which also checks the card data used here.
Positions and geometry: :mod:`.board_helpers`.
"""

from __future__ import annotations

import pytest

import chaos_tower as ct

from .board_helpers import ALL_RESET, E, cell, events, illegal, places, starting_with, with_top
from .scenario import act, legal, position

# -- TOC-PLAY: the second and later chaos cards ----------------------------------------------


def test_TOC_PLAY_A_as_many_cards_as_the_players_card_has_paths() -> None:
    four = ("room.bell-tower", "room.crystal-quarry", "room.eclipse-hall", "monster.giant-crab")
    state = with_top([E, E, ". . room.tide-gallery@0f . .", E, E], "2,2", *four)
    assert {p.split()[1] for p in places(state)} == {"2,1", "3,2", "2,3", "1,2"}
    for target in ("2,1", "3,2", "2,3", "1,2"):
        before = state.deck[0]
        state = act(state, f"place {target} r0")
        assert [e.rule for e in events(state, "place")] == ["TOC-PLAY-A"]
        assert state.deck[0] != before
    assert places(state) == set()
    assert len(state.deck) == 45 - 5


def test_TOC_PLAY_A_a_dead_end_offers_one_placement() -> None:
    state = with_top([E, E, ". . room.moss-stair@1f . .", E, E], "2,2", "room.tide-gallery")
    assert places(state) == {f"place 3,2 r{r}" for r in (0, 90, 180, 270)}
    after = act(state, "place 3,2 r0")
    assert places(after) == set()


def test_TOC_PLAY_B_drawing_is_optional() -> None:
    """TOC-PLAY-B (Drawing is optional)."""
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1", life=8)
    assert places(state)  # there are cells to fill ...
    assert "move e" in legal(state)  # ... and the player may walk on instead
    after = act(state, "move e")
    assert after.deck == state.deck
    assert after.player == 1 * 5 + 2


def test_TOC_PLAY_C_any_rotation() -> None:
    """TOC-PLAY-C (Any rotation)."""
    state = with_top([E, E, ". . room.tide-gallery@0f . .", E, E], "2,2", "room.bell-tower")
    assert {p for p in places(state) if p.startswith("place 3,2 ")} == {
        f"place 3,2 r{r}" for r in (0, 90, 180, 270)
    }
    for quarter in range(4):
        after = act(state, f"place 3,2 r{quarter * 90}")
        assert cell(after, 3, 2) == f"room.bell-tower@{quarter}f"


def test_TOC_PLAY_D_no_blocking_a_road() -> None:
    # Cloud Terrace has paths on f and r only: next to the player (path e) it needs f or r facing w.
    state = with_top([E, E, ". . room.tide-gallery@0f . .", E, E], "2,2", "room.cloud-terrace")
    assert {p for p in places(state) if p.startswith("place 3,2 ")} == {"place 3,2 r180", "place 3,2 r270"}
    assert illegal(state, "place 3,2 r0") == "TOC-PLAY-D"
    assert illegal(state, "place 3,2 r90") == "TOC-PLAY-D"


def test_TOC_PLAY_D_a_cell_between_two_roads_needs_both_paths() -> None:
    # 3,2 lies between the player (path e) and a Tide Gallery at 4,2 (path w): Cloud Terrace's
    # two paths are adjacent sides, never opposite, so it cannot go there at all.
    rows = [E, E, ". . room.tide-gallery@0f . room.ash-hall@0f", E, E]
    state = with_top(rows, "2,2", "room.cloud-terrace")
    assert not {p for p in places(state) if p.startswith("place 3,2 ")}
    for quarter in range(4):
        assert illegal(state, f"place 3,2 r{quarter * 90}") == "TOC-PLAY-D"


def test_TOC_PLAY_D_a_neighbours_wall_does_not_constrain() -> None:
    # Root Cellar at 4,2 turned r0 shows walls east and west: it has no road into 3,2.
    rows = [E, E, ". . room.tide-gallery@0f . room.root-cellar@0f", E, E]
    state = with_top(rows, "2,2", "room.cloud-terrace")
    assert {p for p in places(state) if p.startswith("place 3,2 ")} == {"place 3,2 r180", "place 3,2 r270"}


def test_TOC_PLAY_E_only_inside_the_floor_area() -> None:
    # Tide Gallery in the corner: its n and w paths point off the floor.
    state = with_top(["room.tide-gallery@0f . . . .", E, E, E, E], "0,0", "room.bell-tower")
    assert {p.split()[1] for p in places(state)} == {"1,0", "0,1"}
    with pytest.raises(ct.MalformedActionError):
        ct.parse_action(state, "place 5,0 r0")
    with pytest.raises(ct.MalformedActionError):
        ct.apply(state, ct.Place(cell=25, rotation=0))
    with pytest.raises(ct.MalformedActionError):
        ct.apply(state, ct.Place(cell=-1, rotation=0))


def test_TOC_PLAY_E_not_on_an_occupied_cell() -> None:
    state = with_top([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1", "room.bell-tower")
    assert illegal(state, "place 2,1 r0") == "TOC-PLAY-E"
    assert illegal(state, "place 1,1 r0") == "TOC-PLAY-E"


def test_TOC_PLAY_F_only_next_to_the_players_card_where_a_path_points() -> None:
    # Root Cellar at r0: paths n (-1) and s ("-"); walls e and w.
    state = with_top([E, E, ". . room.root-cellar@0f . .", E, E], "2,2", "room.bell-tower")
    assert {p.split()[1] for p in places(state)} == {"2,1", "2,3"}
    assert illegal(state, "place 4,4 r0") == "TOC-PLAY-F"  # far away
    assert illegal(state, "place 3,3 r0") == "TOC-PLAY-F"  # diagonal
    assert illegal(state, "place 3,2 r0") == "TOC-PLAY-F"  # beside a wall


# -- TOC-PROG1: room → room --------------------------------------------------------------


def test_TOC_PROG1_01_carried_da_modifiers_act_on_numbers() -> None:
    # Sword Of Light in carry: every da on the floor +1, so -1 and -1 become 0 and 0.
    """TOC-PROG1-01 (Check both r-texts)."""
    rows = [E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E]
    state = position(rows, "1,1", carry="normal.sword-of-light")
    after = act(state, "move e")
    assert after.life == 4
    assert events(after, "life") == []
    # without it: -2
    assert act(position(rows, "1,1"), "move e").life == 2
    # on floor 4 with it: (-1 - 1 + 1) twice
    floor4 = position(rows, "1,1", carry="normal.sword-of-light", level=4)
    assert act(floor4, "move e").life == 2


def test_TOC_PROG1_01_carried_da_modifiers_leave_hyphens_alone() -> None:
    # Ink Vault f "-" to Dusk Corridor r "-": +1 from the Sword Of Light and the Lantern touches neither.
    rows = [E, ". room.dusk-corridor@1f . . .", ". room.ink-vault@0f . . .", E, E]
    state = position(rows, "1,2", carry="normal.sword-of-light,item.lantern-of-ascent")
    assert act(state, "move n").life == 4


def test_TOC_PROG1_01_room_r_text_on_da_acts_on_numbers_only() -> None:
    # Eclipse Hall on the floor: the da of dark cards -1. Ink Vault (dark) b -1 -> -2; f "-" stays.
    rows = [
        E,
        ". room.dusk-corridor@1f . . .",
        ". room.ink-vault@0f . . .",
        ". room.tide-gallery@0f . . .",
        ". . . . room.eclipse-hall@0f",
    ]
    state = position(rows, "1,2", life=8)
    assert act(state, "move s").life == 8 - 2 - 1  # Ink Vault b -1-1, Tide Gallery f -1
    assert act(state, "move n").life == 8  # "-" and "-"


def test_TOC_PROG1_02_life_by_both_paths_and_room_element_on_every_entry() -> None:
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1", life=8)
    one = act(state, "move e")  # exit Tide r -1, entry Ash l -1; Ash: V+1 W-1
    assert (one.life, one.elements, one.player) == (6, (4, 3, 5, 4, 4), 7)
    assert [(e.rule, e.amount) for e in events(one, "life")] == [("TOC-PROG1-02", -2)]
    assert [e.rule for e in events(one, "elements")] == ["TOC-PROG1-02"]
    assert [e.rule for e in events(one, "move")] == ["TOC-PROG1-02"]
    two = act(one, "move w")  # back into the Tide Gallery: W+1 S-1 again
    assert (two.life, two.elements) == (4, (4, 4, 5, 3, 4))
    three = act(two, "move e")  # and the Ash Hall's room-element again on re-entry
    assert (three.life, three.elements) == (2, (4, 3, 6, 3, 4))


def test_TOC_PROG1_02_at_life_1_a_da_minus_1_then_plus_1_move_is_survived() -> None:
    """TOC-PROG1-02 (reading): a move's two da are summed into one change, then clamped.

    Tide Gallery's r (da -1) faces east; the Moss Stair's back at r270 turns its f (da +1) west.
    Passed one after the other, -1 would bring life 1 to 0 first: GameOver. Summed, it is 0."""
    state = position([E, ". room.tide-gallery@0f room.moss-stair@3b . .", E, E, E], "1,1", life=1)
    after = act(state, "move e")
    assert after.result is None and ct.outcome(after) is None
    assert after.life == 1
    assert events(after, "life") == []
    assert after.player == state.player + 1
    assert after.elements == (6, 5, 4, 4, 4)  # the Moss Stair's back was entered: G +2, W +1


def test_TOC_PROG1_02_at_life_8_a_da_plus_1_then_minus_1_move_keeps_8() -> None:
    """TOC-PROG1-02 (reading): summed, +1 then -1 is 0 at life 8; passed one after the other,
    +1 would be clamped at 8 and -1 leave 7."""
    rows = [E, ". room.moss-stair@1b room.ash-hall@0f . .", E, E, E]  # +1 east, Ash Hall's l -1 west
    state = position(rows, "1,1", life=8)
    after = act(state, "move e")
    assert after.life == 8
    assert events(after, "life") == []
    # Below the top both steps count: 7 + 1 - 1.
    assert act(position(rows, "1,1", life=7), "move e").life == 7


def test_TOC_PROG2_02_the_two_da_are_summed_before_the_bounds_too() -> None:
    """TOC-PROG2-02 (reading of TOC-PROG1-02): room to monster, the same sum then clamp.

    Sword Of Black carried: Root Cellar's f (da -1) becomes +1, Gnom's b (da -3) becomes -1."""
    rows = [E, ". room.root-cellar@1f monster.gnom@1f . .", E, E, E]
    state = position(rows, "1,1", life=8, carry="rare.sword-of-black")
    after = act(state, "move e")
    assert after.life == 8
    assert [e.rule for e in events(after, "move")] == ["TOC-PROG2-02"]


def test_TOC_PROG1_02_no_move_into_a_card_that_has_no_road_back() -> None:
    # Root Cellar at 2,1 shows a wall to the west.
    state = position([E, ". room.tide-gallery@0f room.root-cellar@0f . .", E, E, E], "1,1")
    assert illegal(state, "move e") == "TOC-PROG1-02"


def test_TOC_PROG1_03_flip_a_connected_neighbour_paying_one_attribute() -> None:
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1")
    assert starting_with(state, "flip") == {"flip e W", "flip e V"}  # Ash Hall: W 2 or V 2
    after = act(state, "flip e V")
    assert after.elements == (4, 4, 2, 4, 4)
    assert cell(after, 2, 1) == "room.ash-hall@0b"
    assert after.player == state.player and after.life == 4
    assert ("TOC-PROG1-03", "flip") in [(e.rule, e.kind) for e in after.events]
    assert [e.rule for e in events(after, "elements")] == ["TOC-PROG1-03"]
    assert illegal(after, "flip e W") == "TOC-PROG1-03"  # already flipped


def test_TOC_PROG1_03_an_attribute_the_room_does_not_list_cannot_pay() -> None:
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1")
    for letter in "GSD":
        assert illegal(state, f"flip e {letter}") == "TOC-PROG1-03"


def test_TOC_PROG1_03_not_connected_no_flip() -> None:
    # Root Cellar at 2,1 (r0) shows a wall west; Ash Hall at 1,0 (r1): its r -1 meets Tide's f -1.
    rows = [". room.ash-hall@1f . . .", ". room.tide-gallery@0f room.root-cellar@0f . .", E, E, E]
    state = position(rows, "1,1")
    assert illegal(state, "flip e G") == "TOC-PROG1-03"
    assert illegal(state, "flip e S") == "TOC-PROG1-03"
    # the connected Ash Hall to the north can be flipped, with W or V
    assert starting_with(state, "flip") == {"flip n W", "flip n V"}


def test_TOC_PROG1_03_not_enough_element_no_flip() -> None:
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1", el="4.4.1.4.4")
    assert illegal(state, "flip e V") == "TOC-PROG1-03"
    assert starting_with(state, "flip") == {"flip e W"}
    after = act(state, "flip e W")
    assert after.elements == (4, 2, 1, 4, 4)


def test_TOC_PROG1_03_a_monster_is_fought_not_flipped() -> None:
    state = position([E, ". room.tide-gallery@0f monster.giant-crab@0f . .", E, E, E], "1,1")
    assert illegal(state, "flip e W") == "TOC-PROG1-03"


# -- TOC-PROG2: room → monster, and combat ------------------------------------------------


def test_TOC_PROG2_01_a_monster_is_placed_next_to_the_player_without_blocking() -> None:
    # Gnom: f -2, b -3, walls r and l. From Stone Garden's r path (east) it must turn f or b west.
    """TOC-PROG2-01 (Placing a monster; check r-text)."""
    state = with_top([E, ". room.stone-garden@0f . . .", E, E, E], "1,1", "monster.gnom")
    assert {p for p in places(state) if p.startswith("place 2,1 ")} == {"place 2,1 r90", "place 2,1 r270"}
    assert illegal(state, "place 2,1 r0") == "TOC-PLAY-D"
    after = act(state, "place 2,1 r270")
    assert cell(after, 2, 1) == "monster.gnom@3f"


def test_TOC_PROG2_01_the_current_rooms_r_text_acts_on_the_monster_element() -> None:
    # Stone Garden: while the player stands here, earth monsters' monster-element -1.
    state = position([E, ". room.stone-garden@0f monster.gnom@3f . .", E, E, E], "1,1", life=8)
    after = act(state, "fight e G")  # costs 4 - 1 = 3; Gnom's f -2 faces the player
    assert after.elements == (4 - 3 + 3, 4, 4, 4, 4)
    assert after.life == 6
    plain = position([E, ". room.tide-gallery@0f monster.gnom@3f . .", E, E, E], "1,1", life=8)
    assert act(plain, "fight e G").elements == (4 - 4 + 3, 4, 4, 4, 4)


def test_TOC_PROG2_01_the_current_rooms_r_text_acts_on_the_monster_da() -> None:
    # Lamp Chapel: while the player stands here, dark monsters' da +1 (Vampire Bat f -1 -> 0).
    state = position([E, ". room.lamp-chapel@1f monster.vampire-bat@3f . .", E, E, E], "1,1")
    after = act(state, "fight e D")
    assert after.life == 4
    assert after.elements == (4, 4, 4, 4, 4 - 1 + 1)


def test_TOC_PROG2_02_moving_room_to_monster_pays_both_da_and_no_element() -> None:
    # Kelpie at r0: l -1 faces w.
    state = position([E, ". room.tide-gallery@0f monster.kelpie@0f . .", E, E, E], "1,1", life=8)
    after = act(state, "move e")
    assert (after.life, after.elements, after.player) == (6, ALL_RESET, 7)
    assert [e.rule for e in events(after, "move")] == ["TOC-PROG2-02"]
    assert [(e.rule, e.amount) for e in events(after, "life")] == [("TOC-PROG2-02", -2)]
    assert cell(after, 2, 1) == "monster.kelpie@0f"  # walking in is not a fight


def test_TOC_PROG2_03_fight_from_a_room() -> None:
    state = position([E, ". room.tide-gallery@0f monster.giant-crab@0f . .", E, E, E], "1,1", life=8)
    assert starting_with(state, "fight") == {"fight e W"}  # Giant Crab's monster-element: W 3
    after = act(state, "fight e W")
    # W 4 - 3, then the back's mg-element G+1 W+1 once; damage: the crab's l -1
    assert after.elements == (5, 2, 4, 4, 4)
    assert after.life == 7
    assert after.player == state.player
    assert cell(after, 2, 1) == "monster.giant-crab@0b"
    assert cell(after, 1, 1) == "room.tide-gallery@0f"
    kinds = [(e.rule, e.kind) for e in after.events]
    assert ("TOC-PROG2-03", "defeat") in kinds
    assert ("TOC-ITEM-01", "icon") in kinds  # the back shows the Moon Pebble
    assert [e.rule for e in events(after, "elements")] == ["TOC-PROG2-03", "TOC-PROG2-03"]
    assert illegal(after, "fight e W") == "TOC-PROG2-03"  # no longer a living monster


def test_TOC_PROG2_03_mg_element_applies_only_once() -> None:
    state = position([E, ". room.tide-gallery@0f monster.giant-crab@0f . .", E, E, E], "1,1", life=8)
    won = act(state, "fight e W")
    there = act(won, "move e")  # onto the defeated crab: its l -1, no element
    assert there.elements == won.elements
    back = act(there, "move w")  # only the Tide Gallery's room-element
    assert back.elements == (5, 3, 4, 3, 4)


def test_TOC_PROG2_03_not_connected_no_fight() -> None:
    # Kelpie at r1: its b wall faces w.
    state = position([E, ". room.tide-gallery@0f monster.kelpie@1f . .", E, E, E], "1,1")
    assert starting_with(state, "fight") == set()
    for letter in "GWVSD":
        assert illegal(state, f"fight e {letter}") == "TOC-PROG2-03"


def test_TOC_PROG2_03_not_enough_element_no_fight() -> None:
    state = position([E, ". room.tide-gallery@0f monster.kelpie@0f . .", E, E, E], "1,1", el="1.4.4.4.4")
    assert starting_with(state, "fight") == {"fight e W"}  # Kelpie: W 2 or G 2; G is 1
    assert illegal(state, "fight e G") == "TOC-PROG2-03"
    assert illegal(state, "fight e V") == "TOC-PROG2-03"  # not listed


def test_TOC_PROG2_03_a_fight_that_brings_life_to_0_ends_the_game_and_the_monster_falls() -> None:
    state = position([E, ". room.tide-gallery@0f monster.giant-crab@0f . .", E, E, E], "1,1", life=1)
    after = act(state, "fight e W")
    assert after.life == 0
    assert after.result == ct.Outcome(result="lost", cause="life-zero", rule="TOC-OVER-01")
    assert cell(after, 2, 1) == "monster.giant-crab@0b"


def test_TOC_PROG2_03_the_rooms_combat_r_text_acts_on_the_fight() -> None:
    # Ember Forge: "In a fight from this room, da +1". The Giant Crab's l -1 becomes 0.
    state = position([E, ". room.ember-forge@0f monster.giant-crab@0f . .", E, E, E], "1,1", life=8)
    assert act(state, "fight e W").life == 8


# -- TOC-PROG3: monster → room -------------------------------------------------------------


def test_TOC_PROG3_01_a_monsters_text_on_the_floor_acts_on_numeric_da() -> None:
    # Hellhound (anywhere on the floor): fire rooms' da -1. Kelpie r -1 -> Ash Hall l -1-1.
    """TOC-PROG3-01 (Check m-text and r-text)."""
    rows = [E, ". monster.kelpie@0f room.ash-hall@0f . .", E, E, ". . . . monster.hellhound@0f"]
    state = position(rows, "1,1", life=8)
    assert act(state, "move e").life == 8 - 1 - 2
    # Ash Hall at r1: its b "-" faces w and stays 0.
    rows = [E, ". monster.kelpie@0f room.ash-hall@1f . .", E, E, ". . . . monster.hellhound@0f"]
    assert act(position(rows, "1,1", life=8), "move e").life == 8 - 1


def test_TOC_PROG3_02_moving_monster_to_room_pays_both_da_and_the_room_element() -> None:
    state = position([E, ". monster.kelpie@0f room.tide-gallery@0f . .", E, E, E], "1,1", life=8)
    after = act(state, "move e")
    assert (after.life, after.elements) == (6, (4, 5, 4, 3, 4))
    assert [e.rule for e in events(after, "move")] == ["TOC-PROG3-02"]
    assert [e.rule for e in events(after, "elements")] == ["TOC-PROG3-02"]
    # from a defeated monster too: Giant Crab's back r -1
    state = position([E, ". monster.giant-crab@0b room.tide-gallery@0f . .", E, E, E], "1,1", life=8)
    after = act(state, "move e")
    assert (after.life, after.elements) == (6, (4, 5, 4, 3, 4))
    assert [e.rule for e in events(after, "move")] == ["TOC-PROG3-02"]


# -- TOC-PROG4: monster → monster, and combat ---------------------------------------------


def test_TOC_PROG4_01_placing_from_a_monster_needs_a_connected_path() -> None:
    # Kelpie at r0: f -2 n, r -1 e, b wall s, l -1 w. Mud Slime has paths f and r.
    """TOC-PROG4-01 (Placing next to the player)."""
    state = with_top([E, E, ". . monster.kelpie@0f . .", E, E], "2,2", "monster.mud-slime")
    assert {p.split()[1] for p in places(state)} == {"2,1", "3,2", "1,2"}
    assert illegal(state, "place 2,3 r0") == "TOC-PLAY-F"
    assert {p for p in places(state) if p.startswith("place 3,2 ")} == {"place 3,2 r180", "place 3,2 r270"}
    assert illegal(state, "place 3,2 r0") == "TOC-PLAY-D"


def test_TOC_PROG4_02_moving_monster_to_monster_pays_both_da() -> None:
    state = position([E, ". monster.kelpie@0f monster.giant-crab@0f . .", E, E, E], "1,1", life=8)
    after = act(state, "move e")
    assert (after.life, after.elements) == (6, ALL_RESET)
    assert [e.rule for e in events(after, "move")] == ["TOC-PROG4-02"]
    assert [(e.rule, e.amount) for e in events(after, "life")] == [("TOC-PROG4-02", -2)]


@pytest.mark.parametrize(("k", "own"), [(0, -1), (1, -2)])
def test_TOC_PROG4_03_damage_adds_the_players_monster_side_facing_the_fight(k: int, own: int) -> None:
    # Kelpie under the player: r -1 faces e at r0, f -2 faces e at r1. Giant Crab: l -1.
    state = position([E, f". monster.kelpie@{k}f monster.giant-crab@0f . .", E, E, E], "1,1", life=8)
    after = act(state, "fight e W")
    assert after.life == 8 + own - 1
    assert [(e.rule, e.amount) for e in events(after, "life")] == [("TOC-PROG4-03", own - 1)]
    assert after.elements == (5, 2, 4, 4, 4)
    assert cell(after, 1, 1) == f"monster.kelpie@{k}f"  # the monster underfoot stays as it is
    assert cell(after, 2, 1) == "monster.giant-crab@0b"
    assert ("TOC-PROG4-03", "defeat") in [(e.rule, e.kind) for e in after.events]


def test_TOC_PROG4_03_a_hyphen_underfoot_adds_nothing_even_on_floor_4() -> None:
    # Defeated Mud Slime under the player: r "-" faces e.
    state = position([E, ". monster.mud-slime@0b monster.giant-crab@0f . .", E, E, E], "1,1", life=8, level=4)
    assert act(state, "fight e W").life == 8 - 2


def test_TOC_PROG4_03_not_enough_element_no_fight() -> None:
    state = position([E, ". monster.kelpie@0f monster.giant-crab@0f . .", E, E, E], "1,1", el="4.2.4.4.4")
    assert starting_with(state, "fight") == set()
    assert illegal(state, "fight e W") == "TOC-PROG4-03"


def test_TOC_PROG4_03_not_connected_no_fight() -> None:
    # Kelpie at r3: its b wall faces e.
    state = position([E, ". monster.kelpie@3f monster.giant-crab@0f . .", E, E, E], "1,1")
    assert starting_with(state, "fight") == set()
    with pytest.raises(ct.IllegalActionError):
        act(state, "fight e W")


def test_TOC_PROG4_03_not_connected_cites_progress_4() -> None:
    state = position([E, ". monster.kelpie@3f monster.giant-crab@0f . .", E, E, E], "1,1")
    assert illegal(state, "fight e W") == "TOC-PROG4-03"
