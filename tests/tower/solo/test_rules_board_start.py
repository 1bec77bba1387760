"""Hand-built scenarios for the board rules of Tower of CHAOS: all-reset (``TOC-PREP``) and the
first chaos card (``TOC-START``); the later cards and the moves are in
``test_rules_board_progress.py``, items, carry and GameOver in ``test_rules_board_items_over.py``.

Each test is named after the rule it checks (``TOC-START-M`` → ``test_TOC_START_M_…``)
and asserts exact outcomes: life, element vectors, which actions are legal, the
rule an :class:`~chaos_tower.IllegalActionError` names, and the rule IDs on the
events of the new state. Positions and geometry: :mod:`.board_helpers`.

The card numbers used (da per side, elements, flip costs) are those of the
built-in card set; :func:`_data` checks the few the board scenarios (all three files)
rely on, so that a change of the card data fails loudly at the precondition, not in the rule.
"""

from __future__ import annotations

from collections import Counter

import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.state import EMPTY

from .board_helpers import ALL_RESET, E, cell, events, illegal, places, starting_with, with_top
from .scenario import act, cards, game, legal, position

DIRS = "nesw"


def _data(card_id: str, face: str = "front") -> tuple[tuple[object, ...], tuple[int, ...]]:
    """(sides f r b l, element vector) of a card's face in the compiled game."""
    g = game()
    table = g.table[g.card_index(card_id)]
    f = table.front if face == "front" else table.back
    return f.sides, f.element


def _flip_cost(card_id: str) -> tuple[int, ...]:
    g = game()
    return g.table[g.card_index(card_id)].flip_cost


def fresh(seed: int = 0) -> ct.State:
    return ct.new_game(cards(), seed=seed)


# The card data the board scenarios (the three test_rules_board_* files) rely on (built-in set).
def test_card_data_used_by_these_scenarios() -> None:
    assert _data("room.tide-gallery") == ((-1, -1, -1, -1), (0, 1, 0, -1, 0))
    assert _data("room.ash-hall") == ((-1, -1, "-", -1), (0, -1, 1, 0, 0))
    assert _data("room.ash-hall", "back")[0] == (-1, "-", "-", -1)
    assert _flip_cost("room.ash-hall") == (0, 2, 2, 0, 0)
    assert _data("room.ink-vault") == (("-", None, -1, None), (0, 0, 0, 0, 1))
    assert _data("room.dusk-corridor") == ((-1, "-", None, None), (0, 0, 0, 0, 1))
    assert _data("room.moss-stair")[0] == ("-", None, None, None)
    assert _data("room.root-cellar")[0] == (-1, None, "-", None)
    assert _data("room.root-cellar", "back") == (("-", None, "-", None), (2, 0, 0, 0, 0))
    assert _data("room.cloud-terrace")[0] == (-1, 1, None, None)
    assert _data("room.cloud-terrace", "back") == (("-", 1, None, None), (0, 0, 0, 2, 0))
    assert _flip_cost("room.cloud-terrace") == (0, 0, 0, 2, 2)
    assert _data("room.crystal-quarry", "back") == ((-1, -1, "-", "-"), (2, 0, 0, 0, 0))
    assert _flip_cost("room.crystal-quarry") == (3, 0, 2, 0, 0)
    assert _data("room.stone-garden")[0] == (-1, -1, None, "-")
    assert _data("room.lamp-chapel")[0] == ("-", None, None, None)
    assert _data("room.ember-forge")[0] == (-1, -1, None, -2)
    assert _data("room.kiln-room")[0] == (-2, "-", None, None)
    assert _data("monster.giant-crab") == ((-1, -1, -1, -1), (0, 3, 0, 0, 0))
    assert _data("monster.giant-crab", "back") == (("-", -1, "-", -1), (1, 1, 0, 0, 0))
    assert _data("monster.kelpie") == ((-2, -1, None, -1), (2, 2, 0, 0, 0))
    assert _data("monster.gnom") == ((-2, None, -3, None), (4, 0, 0, 3, 0))
    assert _data("monster.gnom", "back") == (("-", None, -1, None), (3, 0, 0, 0, 0))
    assert _data("monster.basilisk") == ((-3, None, -1, -1), (2, 0, 3, 0, 0))
    assert _data("monster.vampire-bat") == ((-1, None, -1, None), (0, 0, 0, 2, 1))
    assert _data("monster.mud-slime")[0] == (-1, -1, None, None)
    assert _data("monster.mud-slime", "back")[0] == ("-", "-", None, None)


# -- TOC-PREP: all-reset ------------------------------------------------------------


def test_TOC_PREP_01_the_tower_sheet_is_the_card_sets_grid() -> None:
    state = fresh()
    sheet = cards().sheet
    assert (state.game.grid.columns, state.game.grid.rows) == (sheet.columns, sheet.rows) == (5, 5)
    assert len(state.floor) == 25
    assert ct.to_notation(state).split()[0] == "floor=" + "/".join([",".join("." * 5)] * 5)


def test_TOC_PREP_02_every_area_of_the_sheet_exists() -> None:
    state = fresh()
    g = state.game
    # chaos area, step area, used-step area, carry, set slots, lost: all present in the position.
    words = [w.split("=")[0] for w in ct.to_notation(state).split()]
    for area in ("floor", "player", "life", "el", "level", "deck", "steps", "used", "carry", "slots", "lost"):
        assert area in words
    assert len(state.slots) == len(state.counters) == len(g.slot_ids) == 10
    assert {g.slot_side[i] for i in range(10)} == {"front", "rear"}


def test_TOC_PREP_03_the_chaos_deck_is_every_room_and_monster_shuffled_face_up() -> None:
    state = fresh(seed=0)
    g = state.game
    kinds = Counter(g.table[c].kind for c in state.deck)
    assert kinds == {"room": 25, "monster": 20}
    assert len(state.deck) == 45 and sorted(state.deck) == sorted(g.chaos)
    # shuffled: not the card-set order, different per seed, the same for the same seed
    assert state.deck != g.chaos
    assert fresh(seed=1).deck != state.deck
    assert fresh(seed=0).deck == state.deck
    # face up: the top card is known before it is drawn, and it is the card placed
    top = g.table[state.deck[0]].id
    after = act(state, "place 2,2 r0" if "place 2,2 r0" in legal(state) else sorted(places(state))[0])
    assert top in ct.to_notation(after).split()[0]
    assert after.deck == state.deck[1:]


def test_TOC_PREP_04_steps_lie_unused_in_the_step_area() -> None:
    """TOC-PREP-04 (The step cards)."""
    state = fresh()
    g = state.game
    assert state.step_area == g.steps
    assert [g.table[s].id for s in state.step_area] == [
        "step.besiont",
        "step.marnit",
        "step.elerint",
        "step.piant",
        "step.seqlrith",
    ]
    assert state.used_steps == ()


def _items_in_their_area(kind: str) -> None:
    state = fresh()
    g = state.game
    ids = [i for i, item in enumerate(g.items) if item.kind == kind]
    assert len(ids) == 5
    held = set(state.carry) | {i for i in state.slots if i != EMPTY} | set(state.lost)
    assert not held & set(ids)
    # still in the area: none can be set, discarded or made into anything yet
    assert not {a for a in legal(state) if a.split()[0] in ("set", "use", "discard", "make")}


def test_TOC_PREP_05_normal_items_are_stacked_in_the_normal_area() -> None:
    """TOC-PREP-05 (The normal items)."""
    _items_in_their_area("normal")


def test_TOC_PREP_06_rare_items_lie_in_the_rare_area() -> None:
    """TOC-PREP-06 (The rare items)."""
    _items_in_their_area("rare")


def test_TOC_PREP_07_the_floor_area_starts_empty() -> None:
    """TOC-PREP-07 (The floor area)."""
    state = fresh()
    assert state.floor == (EMPTY,) * 25


def test_TOC_PREP_08_set_item_front_slots_one_per_column_empty() -> None:
    """TOC-PREP-08 (Set item front)."""
    state = fresh()
    g = state.game
    front = [i for i, side in enumerate(g.slot_side) if side == "front"]
    assert [g.slot_ids[i] for i in front] == [f"front-{n}" for n in range(5)]
    assert sorted(g.slot_column[i] for i in front) == [0, 1, 2, 3, 4]
    assert all(state.slots[i] == EMPTY and state.counters[i] == -1 for i in front)


def test_TOC_PREP_09_set_item_rear_slots_one_per_row_empty() -> None:
    """TOC-PREP-09 (Set item rear)."""
    state = fresh()
    g = state.game
    rear = [i for i, side in enumerate(g.slot_side) if side == "rear"]
    assert [g.slot_ids[i] for i in rear] == [f"rear-{n}" for n in range(5)]
    assert sorted(g.slot_row[i] for i in rear) == [0, 1, 2, 3, 4]
    assert all(state.slots[i] == EMPTY and state.counters[i] == -1 for i in rear)
    assert "slots=-" in ct.to_notation(state).split()


def test_TOC_PREP_10_the_number_card_shows_1() -> None:
    """TOC-PREP-10 (The number card)."""
    state = fresh()
    assert state.level == 1
    assert "level=1" in ct.to_notation(state).split()
    assert state.game.extra_da(1) == 0


def test_TOC_PREP_11_carry_is_empty_and_holds_five() -> None:
    state = fresh()
    assert state.carry == ()
    assert state.game.carry_limit == cards().sheet.carry_limit == 5


def test_TOC_PREP_12_every_element_starts_at_4() -> None:
    state = fresh()
    assert state.elements == ALL_RESET
    assert "el=4.4.4.4.4" in ct.to_notation(state).split()


def test_TOC_PREP_13_an_element_at_0_lies_in_the_zero_area_and_cannot_be_spent() -> None:
    """TOC-PREP-13 (Where spent elements go)."""
    assert 0 not in fresh().elements  # the zero area is empty at all-reset
    # W at 0: the Giant Crab (W 3 only) cannot be fought, the Ash Hall (V 2 / W 2) only with V
    state = position(
        [E, ". room.tide-gallery@0f monster.giant-crab@0f . .", ". room.ash-hall@0f . . .", E, E],
        "1,1",
        el="4.0.4.4.4",
    )
    assert illegal(state, "fight e W") == "TOC-PROG2-03"
    assert illegal(state, "flip s W") == "TOC-PROG1-03"
    assert starting_with(state, "flip") == {"flip s V"}
    # an element does not fall below 0: the Ash Hall's room-element W-1 leaves W at 0
    after = act(state, "move s")
    assert after.elements == (4, 0, 5, 4, 4)


def test_TOC_PREP_14_the_lost_area_starts_empty() -> None:
    """TOC-PREP-14 (The lost area)."""
    state = fresh()
    assert state.lost == ()
    assert "lost=-" in ct.to_notation(state).split()


def test_TOC_PREP_15_life_4_and_the_life_card_goes_on_the_first_card() -> None:
    state = fresh()
    assert state.life == 4
    assert state.player == -1  # the first card is not placed yet
    assert "player=-" in ct.to_notation(state).split()
    assert ct.outcome(state) is None and state.result is None
    first = sorted(places(state))[0]
    after = act(state, first)
    x, y = (int(v) for v in first.split()[1].split(","))
    assert after.player == y * 5 + x
    assert after.life == 4 and after.elements == ALL_RESET


# -- TOC-START: the first chaos card ---------------------------------------------------


def test_TOC_START_A_the_first_action_draws_one_chaos_card() -> None:
    state = fresh()
    actions = ct.legal_actions(state)
    assert actions and all(isinstance(a, ct.Place) for a in actions)
    assert illegal(state, "move n") == "TOC-START-A"
    assert illegal(state, "flip n G") == "TOC-START-A"
    assert illegal(state, "fight n G") == "TOC-START-A"
    assert illegal(state, "step step.besiont 0,0 r90") == "TOC-START-A"  # the first card is a chaos card
    after = ct.apply(state, actions[0])
    assert len(after.deck) == 44 and after.deck == state.deck[1:]
    assert [e.rule for e in events(after, "place")] == ["TOC-START-A"]


def test_TOC_START_B_first_card_anywhere_any_rotation_with_a_path_into_the_floor() -> None:
    # Moss Stair: a dead end with its only path on the front side.
    state = with_top([E] * 5, "-", "room.moss-stair")
    found = places(state)
    # at a corner only the two rotations turning the path inward
    assert {p for p in found if p.startswith("place 0,0 ")} == {"place 0,0 r90", "place 0,0 r180"}
    assert illegal(state, "place 0,0 r0") == "TOC-START-B"
    assert illegal(state, "place 0,0 r270") == "TOC-START-B"
    # at an edge three, inside all four; every cell of the floor is possible
    assert {p for p in found if p.startswith("place 2,0 ")} == {
        "place 2,0 r90",
        "place 2,0 r180",
        "place 2,0 r270",
    }
    assert {p for p in found if p.startswith("place 2,2 ")} == {f"place 2,2 r{r}" for r in (0, 90, 180, 270)}
    assert {p.split()[1] for p in found} == {f"{x},{y}" for x in range(5) for y in range(5)}
    assert len(found) == 80  # one per (cell, inward direction): 2 × 40 neighbour pairs
    after = act(state, "place 4,4 r270")
    assert cell(after, 4, 4) == "room.moss-stair@3f"


def test_TOC_START_E_flipping_a_room_keeps_its_rotation() -> None:
    # Cloud Terrace at r180: front f-1 faces s, r+1 faces w (toward the player).
    """TOC-START-E (Names; flipping keeps direction)."""
    state = position([E, ". room.tide-gallery@0f room.cloud-terrace@2f . .", E, E, E], "1,1", life=6)
    after = act(state, "flip e S")
    assert cell(after, 2, 1) == "room.cloud-terrace@2b"
    assert after.elements == (4, 4, 4, 2, 4)
    # the back's sides map by the same rotation: its r (+1) still faces w, its f ("-") s
    moved = act(after, "move e")
    assert moved.life == 6 - 1 + 1
    assert moved.elements == (4, 4, 4, 4, 4)  # back room-element S+2
    assert starting_with(moved, "move") == {"move w", "move s"}


def test_TOC_START_E_a_defeated_monster_keeps_its_rotation() -> None:
    state = position([E, ". room.tide-gallery@0f monster.giant-crab@3f . .", E, E, E], "1,1", life=6)
    after = act(state, "fight e W")
    assert cell(after, 2, 1) == "monster.giant-crab@3b"


def test_TOC_START_G_room_element_applies_on_every_entry() -> None:
    # Ink Vault (D+1) and Dusk Corridor (D+1) joined by "-" paths: life never changes.
    """TOC-START-G (Room-element)."""
    state = position([E, ". room.dusk-corridor@1f . . .", ". room.ink-vault@0f . . .", E, E], "1,2")
    seen = []
    for direction in "nsnsn":
        state = act(state, f"move {direction}")
        seen.append((state.life, state.elements, len(events(state, "elements"))))
    assert seen == [
        (4, (4, 4, 4, 4, 5), 1),
        (4, (4, 4, 4, 4, 6), 1),
        (4, (4, 4, 4, 4, 7), 1),
        (4, (4, 4, 4, 4, 8), 1),
        (4, (4, 4, 4, 4, 8), 0),  # D is at the sheet's top, 8: nothing changes
    ]


def test_TOC_START_J_the_player_cannot_flip_the_room_they_stand_in() -> None:
    alone = position([E, E, ". . room.tide-gallery@0f . .", E, E], "2,2")
    assert starting_with(alone, "flip") == set()
    for d in DIRS:
        for letter in "GWVSD":
            assert illegal(alone, f"flip {d} {letter}") == "TOC-PROG1-03"
    # next to another room, only the neighbour can be flipped, never the room underfoot
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "2,1")
    assert starting_with(state, "flip") == {"flip w W", "flip w S"}
    after = act(state, "flip w W")
    assert cell(after, 2, 1) == "room.ash-hall@0f" and cell(after, 1, 1) == "room.tide-gallery@0b"


def test_TOC_START_J_r_text_acts_on_placing_and_on_entering() -> None:
    # Kiln Room: "When placed, V +1".
    state = with_top([E, E, ". . room.tide-gallery@0f . .", E, E], "2,2", "room.kiln-room")
    after = act(state, "place 3,2 r180")  # its r ("-") faces w, toward the player
    assert after.elements == (4, 4, 5, 4, 4)
    assert [e.rule for e in events(after, "elements")] == ["TOC-START-J"]
    # Root Cellar's back: "On entering, life +1" (entry through "-" paths: da 0).
    state = position([E, ". room.root-cellar@0b . . .", ". room.ink-vault@0f . . .", E, E], "1,2")
    after = act(state, "move n")
    assert after.life == 5
    assert after.elements == (6, 4, 4, 4, 4)
    assert ("TOC-START-J", 1) in [(e.rule, e.amount) for e in events(after, "life")]


def test_TOC_START_L_a_hyphen_path_takes_no_extra_da_on_floor_4() -> None:
    """TOC-START-L (A room's da)."""
    rows = [E, ". room.dusk-corridor@1f . . .", ". room.ink-vault@0f . . .", E, E]
    state = position(rows, "1,2", level=4)
    assert state.game.extra_da(4) == -1
    after = act(state, "move n")  # exit Ink Vault f "-", entry Dusk Corridor r "-"
    assert after.life == 4
    assert events(after, "life") == []
    # the same floor on a numeric road: each da -1 becomes -2
    numeric = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1", life=8, level=4)
    assert act(numeric, "move e").life == 8 - 2 - 2


def test_TOC_START_L_a_hyphen_path_takes_no_plus_either() -> None:
    rows = [E, ". room.dusk-corridor@1f . . .", ". room.ink-vault@0f . . .", E, E]
    state = position(rows, "1,2", carry="normal.sword-of-light")  # every da +1 while carried
    assert act(state, "move n").life == 4


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_TOC_START_M_rotation_maps_sides_to_directions(k: int) -> None:
    # Cloud Terrace: f -1, r +1, b and l walls; Tide Galleries (da -1 all round) around it.
    """TOC-START-M (Directions of a room's da)."""
    t = "room.tide-gallery@0f"
    rows = [E, f". . {t} . .", f". {t} room.cloud-terrace@{k}f {t} .", f". . {t} . .", E]
    state = position(rows, "2,2", life=6)
    front, right = DIRS[k], DIRS[(k + 1) % 4]
    assert starting_with(state, "move") == {f"move {front}", f"move {right}"}
    assert act(state, f"move {front}").life == 6 - 1 - 1
    assert act(state, f"move {right}").life == 6 + 1 - 1
    for wall in (DIRS[(k + 2) % 4], DIRS[(k + 3) % 4]):
        assert illegal(state, f"move {wall}") == "TOC-PROG1-02"


@pytest.mark.parametrize(("k", "damage"), [(0, -1), (1, -1), (3, -3)])
def test_TOC_START_N_combat_damage_is_the_monster_da_facing_the_player(k: int, damage: int) -> None:
    # Basilisk: f -3, r wall, b -1, l -1; the side facing w is (3 - k) % 4.
    """TOC-START-N (A monster's da)."""
    state = position([E, f". room.tide-gallery@0f monster.basilisk@{k}f . .", E, E, E], "1,1", life=8)
    after = act(state, "fight e G")
    assert after.life == 8 + damage
    assert [(e.rule, e.amount) for e in events(after, "life")] == [("TOC-PROG2-03", damage)]


def test_TOC_START_N_no_fight_through_the_monsters_wall() -> None:
    state = position([E, ". room.tide-gallery@0f monster.basilisk@2f . .", E, E, E], "1,1", life=8)
    assert illegal(state, "fight e G") == "TOC-PROG2-03"


def test_TOC_START_N_extra_da_of_floor_4_adds_to_combat_damage() -> None:
    state = position([E, ". room.tide-gallery@0f monster.basilisk@3f . .", E, E, E], "1,1", life=8, level=4)
    assert act(state, "fight e G").life == 8 - 3 - 1


def test_TOC_START_P_the_life_card_on_the_first_card_marks_the_player() -> None:
    state = with_top([E] * 5, "-", "room.tide-gallery")
    after = act(state, "place 3,1 r0")
    assert after.player == 1 * 5 + 3
    assert "player=3,1" in ct.to_notation(after).split()
    assert ("TOC-START-P", "player") in [(e.rule, e.kind) for e in after.events]
    assert cell(after, 3, 1) == "room.tide-gallery@0f"
    # no room-element or da on being put there
    assert after.life == 4 and after.elements == ALL_RESET
