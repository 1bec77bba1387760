"""Hand-built scenarios for the board rules of Tower of CHAOS: item icons (``TOC-ITEM``), the carry
(``TOC-CARRY``), GameOver (``TOC-OVER``), and illegal and malformed actions.

Each test is named after the rule it checks (``TOC-CARRY-02`` → ``test_TOC_CARRY_02_…``) and
asserts exact outcomes, as in ``test_rules_board_start.py``, which also checks the card data used
here. Positions and geometry: :mod:`.board_helpers`.
"""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.state import EMPTY

from .board_helpers import ALL_RESET, E, events, illegal, rules, starting_with
from .scenario import act, game, legal, position

# -- TOC-ITEM: item icons -------------------------------------------------------------------


def test_TOC_ITEM_01_a_flipped_card_with_an_icon_shows_it() -> None:
    # Clay Workshop's back shows the Torn Map; Ash Hall's back has no icon.
    rows = [". . room.ash-hall@0f . .", ". room.tide-gallery@0f room.clay-workshop@3f . .", E, E, E]
    state = position(rows, "1,1")
    shown = act(state, "flip e G")
    assert [(e.rule, e.kind) for e in shown.events if e.kind == "icon"] == [("TOC-ITEM-01", "icon")]
    assert "item.torn-map" in events(shown, "icon")[0].text
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1")
    assert events(act(state, "flip e V"), "icon") == []


def test_TOC_ITEM_01A_a_monster_item_after_the_fight() -> None:
    state = position([E, ". room.tide-gallery@0f monster.gnom@3f . .", E, E, E], "1,1", life=8)
    assert "take item.gnom-scale" not in legal(state)
    assert illegal(state, "take item.gnom-scale") == "TOC-ITEM-01A"  # the living Gnom shows no icon
    won = act(state, "fight e G")
    assert ("TOC-ITEM-01", "icon") in [(e.rule, e.kind) for e in won.events]
    assert starting_with(won, "take") == {"take item.gnom-scale"}
    taken = act(won, "take item.gnom-scale")
    assert ct.to_notation(taken).split()[8] == "carry=item.gnom-scale"
    assert [(e.rule, e.kind) for e in taken.events] == [("TOC-ITEM-01A", "item")]
    assert illegal(taken, "take item.gnom-scale") == "TOC-ITEM-01A"  # only one


def test_TOC_ITEM_01A_taken_from_a_neighbouring_cell_paths_ignored() -> None:
    # Root Cellar (walls e and w) beside the defeated Gnom: no road, still in reach.
    state = position([E, ". room.root-cellar@0f monster.gnom@0b . .", E, E, E], "1,1")
    assert starting_with(state, "take") == {"take item.gnom-scale"}
    # two cells away, or diagonal: out of reach
    far = position([E, ". room.root-cellar@0f . monster.gnom@0b .", E, E, E], "1,1")
    assert illegal(far, "take item.gnom-scale") == "TOC-ITEM-01A"
    diagonal = position([E, ". room.root-cellar@0f . . .", ". . monster.gnom@0b . .", E, E], "1,1")
    assert illegal(diagonal, "take item.gnom-scale") == "TOC-ITEM-01A"


def test_TOC_ITEM_01A_a_monster_item_is_kept_in_carry_only() -> None:
    state = position([E, ". room.root-cellar@0f . . .", E, E, E], "1,1", carry="item.gnom-scale")
    assert not starting_with(state, "set")
    assert illegal(state, "set item.gnom-scale front-1") == "TOC-ITEM-01A"
    assert illegal(state, "set item.gnom-scale rear-1") == "TOC-ITEM-01A"


def test_TOC_ITEM_01B_change_items_from_icons_and_their_trade() -> None:
    # Silent Crypt's back shows the Rusted Key, Clay Workshop's back the Torn Map; both beside
    # the player, whatever their paths.
    rows = [E, ". room.silent-crypt@0b room.root-cellar@0f room.clay-workshop@0b .", E, E, E]
    state = position(rows, "2,1")
    assert starting_with(state, "take") == {"take item.rusted-key", "take item.torn-map"}
    assert illegal(state, "make item.sealed-chart") == "TOC-ITEM-01B"  # nothing to trade yet
    one = act(state, "take item.rusted-key")
    assert [(e.rule, e.kind) for e in one.events] == [("TOC-ITEM-01B", "item")]
    assert illegal(one, "make item.sealed-chart") == "TOC-ITEM-01B"  # the Torn Map is missing
    two = act(one, "take item.torn-map")
    assert "make item.sealed-chart" in legal(two)
    made = act(two, "make item.sealed-chart")
    words = ct.to_notation(made).split()
    assert "carry=item.sealed-chart" in words
    assert "lost=item.rusted-key,item.torn-map" in words
    assert [(e.rule, e.kind) for e in made.events] == [("TOC-ITEM-01B", "consume"), ("TOC-ITEM-01B", "item")]
    assert illegal(made, "make item.sealed-chart") == "TOC-ITEM-01B"  # one of a kind
    assert illegal(made, "set item.sealed-chart front-2") == "TOC-ITEM-01B"  # carry only


def test_TOC_ITEM_01C_a_growth_item_ends_the_trades() -> None:
    g = game()
    # no card of the built-in set shows a growth icon: a growth item is only traded for
    icons = {f.icon.item for t in g.table for f in (t.front, t.back) if f.icon is not None}
    growth = {item.id for item in g.items if item.kind == "growth"}
    assert growth == {"item.lantern-of-ascent"} and not icons & growth
    state = position([E, ". room.root-cellar@0f . . .", E, E, E], "1,1", carry="item.sealed-chart")
    assert illegal(state, "make item.lantern-of-ascent") == "TOC-ITEM-01C"
    state = position(
        [E, ". room.root-cellar@0f . . .", E, E, E], "1,1", carry="item.sealed-chart,item.moonlit-chime"
    )
    made = act(state, "make item.lantern-of-ascent")
    words = ct.to_notation(made).split()
    assert "carry=item.lantern-of-ascent" in words
    assert "lost=item.sealed-chart,item.moonlit-chime" in words
    assert [(e.rule, e.kind) for e in made.events] == [("TOC-ITEM-01C", "consume"), ("TOC-ITEM-01C", "item")]
    assert illegal(made, "set item.lantern-of-ascent front-1") == "TOC-ITEM-01C"


def test_TOC_ITEM_01D_a_normal_item_in_the_flipped_room_with_its_condition() -> None:
    # Crystal Quarry: flip with V 2; its back (G+2 on entering) shows the Armor Of Gnom, "G 5 or more".
    rows = [E, ". room.tide-gallery@0f room.crystal-quarry@0f . .", E, E, E]
    # G 5 both before and after entering (whether the condition is asked before or after the
    # room-element is left open here: see the report)
    state = position(rows, "1,1", el="5.4.4.4.4")
    flipped = act(state, "flip e V")
    assert illegal(flipped, "take normal.armor-of-gnom") == "TOC-ITEM-01D"  # not from next door
    inside = act(flipped, "move e")  # exit Tide -1, entry Quarry back l "-": G 5 + 2
    assert (inside.life, inside.elements) == (3, (7, 4, 2, 4, 4))
    assert starting_with(inside, "take") == {"take normal.armor-of-gnom"}
    taken = act(inside, "take normal.armor-of-gnom")
    assert [(e.rule, e.kind) for e in taken.events] == [("TOC-ITEM-01D", "item")]
    assert "carry=normal.armor-of-gnom" in ct.to_notation(taken).split()
    assert "set normal.armor-of-gnom front-2" in legal(taken)  # a normal item may be set


def test_TOC_ITEM_01D_not_without_its_condition() -> None:
    rows = [E, ". room.tide-gallery@0f room.crystal-quarry@0f . .", E, E, E]
    inside = act(act(position(rows, "1,1", el="2.4.4.4.4"), "flip e V"), "move e")
    assert inside.elements[0] == 4
    assert starting_with(inside, "take") == set()
    assert illegal(inside, "take normal.armor-of-gnom") == "TOC-ITEM-01D"


def test_TOC_ITEM_01E_a_rare_item_from_its_combination() -> None:
    """TOC-ITEM-01E (Rare item)."""
    rows = [E, ". room.root-cellar@0f . . .", E, E, E]
    state = position(rows, "1,1", carry="item.gnom-scale")
    assert illegal(state, "make rare.power-of-guard") == "TOC-RARE-06"
    state = position(rows, "1,1", carry="item.gnom-scale,normal.armor-of-gnom,item.rusted-key")
    assert starting_with(state, "make") == {"make rare.power-of-guard"}
    made = act(state, "make rare.power-of-guard")
    words = ct.to_notation(made).split()
    assert "carry=item.rusted-key,rare.power-of-guard" in words
    assert "lost=item.gnom-scale,normal.armor-of-gnom" in words
    assert [(e.rule, e.kind) for e in made.events] == [("TOC-RARE-06", "consume"), ("TOC-RARE-06", "item")]
    assert "set rare.power-of-guard rear-1" in legal(made)  # a rare item may be set
    assert illegal(made, "make rare.power-of-guard") == "TOC-RARE-06"


# -- TOC-CARRY ------------------------------------------------------------------------------


def test_TOC_CARRY_01_gained_items_go_to_carry() -> None:
    """TOC-CARRY-01 (Items come from icons)."""
    rows = [E, ". room.silent-crypt@0b room.root-cellar@0f monster.gnom@0b .", E, E, E]
    state = position(rows, "2,1", carry="item.torn-map")
    one = act(state, "take item.gnom-scale")
    two = act(one, "take item.rusted-key")
    assert "carry=item.torn-map,item.gnom-scale,item.rusted-key" in ct.to_notation(two).split()
    assert two.lost == ()


FULL = "item.golem-core,item.salamander-tail,item.harpy-plume,item.torn-map,item.moon-pebble"


def test_TOC_CARRY_02_a_sixth_item_names_what_goes_to_lost() -> None:
    rows = [E, ". room.root-cellar@0f monster.gnom@0b . .", E, E, E]
    state = position(rows, "1,1", carry=FULL)
    assert illegal(state, "take item.gnom-scale") == "TOC-CARRY-02"
    drops = [*FULL.split(","), "item.gnom-scale"]
    assert starting_with(state, "take") == {f"take item.gnom-scale drop {d}" for d in drops}
    after = act(state, "take item.gnom-scale drop item.harpy-plume")
    words = ct.to_notation(after).split()
    kept_five = "item.golem-core,item.salamander-tail,item.torn-map,item.moon-pebble,item.gnom-scale"
    assert f"carry={kept_five}" in words
    assert "lost=item.harpy-plume" in words
    assert ("TOC-CARRY-02", "lost") in [(e.rule, e.kind) for e in after.events]
    # or the new item itself goes straight to lost
    kept = act(state, "take item.gnom-scale drop item.gnom-scale")
    assert kept.carry == state.carry
    assert "lost=item.gnom-scale" in ct.to_notation(kept).split()
    assert illegal(state, "take item.gnom-scale drop item.rusted-key") == "TOC-CARRY-02"  # not carried


def test_TOC_CARRY_02_nothing_is_dropped_while_carry_has_room() -> None:
    rows = [E, ". room.root-cellar@0f monster.gnom@0b . .", E, E, E]
    state = position(rows, "1,1", carry="item.golem-core")
    assert starting_with(state, "take") == {"take item.gnom-scale"}
    assert illegal(state, "take item.gnom-scale drop item.golem-core") == "TOC-ITEM-01A"


def test_TOC_CARRY_02_a_trade_with_a_full_carry_frees_its_own_room() -> None:
    full = "item.rusted-key,item.torn-map,item.golem-core,item.salamander-tail,item.harpy-plume"
    state = position([E, ". room.root-cellar@0f . . .", E, E, E], "1,1", carry=full)
    made = act(state, "make item.sealed-chart")
    assert len(made.carry) == 4
    assert "lost=item.rusted-key,item.torn-map" in ct.to_notation(made).split()


def test_TOC_CARRY_03_discarded_items_go_to_lost_and_stay_there() -> None:
    rows = [E, ". room.root-cellar@0f monster.gnom@0b . .", E, E, E]
    state = position(rows, "1,1", carry="item.gnom-scale,item.golem-core")
    assert starting_with(state, "discard") == {"discard item.gnom-scale", "discard item.golem-core"}
    after = act(state, "discard item.gnom-scale")
    words = ct.to_notation(after).split()
    assert "carry=item.golem-core" in words and "lost=item.gnom-scale" in words
    assert [(e.rule, e.kind) for e in after.events] == [("TOC-CARRY-03", "lost")]
    # the Gnom still shows its icon next door, but a lost item cannot be used again
    assert illegal(after, "take item.gnom-scale") == "TOC-ITEM-01A"
    assert illegal(after, "discard item.gnom-scale") == "TOC-CARRY-03"


def test_TOC_CARRY_03_a_consumed_rare_ingredient_and_a_lost_rare_item_do_not_return() -> None:
    state = position([E, ". room.root-cellar@0f . . .", E, E, E], "1,1", lost="rare.power-of-guard")
    assert illegal(state, "make rare.power-of-guard") == "TOC-RARE-06"


def test_TOC_CARRY_03_a_zap_brings_lost_items_back() -> None:
    rows = [E, ". room.tide-gallery@0f . . .", E, E, E]
    state = position(
        rows,
        "1,1",
        carry="item.golem-core",
        lost="item.gnom-scale,rare.power-of-guard",
        slots="front-1:normal.potion-of-life:2",
    )
    fallen = act(state, "move e")  # a path onto an empty cell: ZAP
    assert fallen.level == 0
    assert (fallen.carry, fallen.lost) == ((), ())
    assert all(s == EMPTY for s in fallen.slots)
    assert (fallen.life, fallen.elements) == (4, ALL_RESET)
    assert {"TOC-ZAP-05", "TOC-ZAP-04"} <= set(rules(fallen))


# -- TOC-OVER: GameOver ----------------------------------------------------------------------


def test_TOC_OVER_01_life_0_is_game_over() -> None:
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1", life=2)
    after = act(state, "move e")
    assert after.life == 0
    over = ct.Outcome(result="lost", cause="life-zero", rule="TOC-OVER-01")
    assert after.result == over and ct.outcome(after) == over and ct.is_terminal(after)
    assert ("TOC-OVER-01", "end") in [(e.rule, e.kind) for e in after.events]
    assert ct.legal_actions(after) == ()
    assert illegal(after, "move w") == "TOC-OVER-01"


def test_TOC_OVER_01_life_cannot_go_below_0() -> None:
    state = position([E, ". room.tide-gallery@0f room.ash-hall@0f . .", E, E, E], "1,1", life=1)
    after = act(state, "move e")
    assert after.life == 0 and after.result is not None and after.result.cause == "life-zero"


def test_TOC_OVER_01_walking_off_the_floor_is_game_over() -> None:
    state = position([E, "room.tide-gallery@0f . . . .", E, E, E], "0,1")
    assert "move w" in legal(state)
    after = act(state, "move w")
    over = ct.Outcome(result="lost", cause="left-floor", rule="TOC-OVER-01")
    assert after.result == over and ct.outcome(after) == over
    assert after.life == 4  # no da is paid off the edge
    assert ct.legal_actions(after) == ()


def test_TOC_OVER_01_no_wall_is_walked_through_off_the_floor() -> None:
    # Root Cellar in the corner, r1: paths e and w; its n side is a wall on the edge.
    state = position(["room.root-cellar@1f . . . .", E, E, E, E], "0,0")
    assert illegal(state, "move n") == "TOC-PROG1-02"
    after = act(state, "move w")
    assert after.result is not None and after.result.cause == "left-floor"


def _stuck(**fields: object) -> ct.State:
    # Moss Stair's only path (f "-", north) meets the Root Cellar's wall (r1: n and s walls).
    return position([E, ". . room.root-cellar@1f . .", ". . room.moss-stair@0f . .", E, E], "2,2", **fields)


def test_TOC_OVER_01_no_card_to_place_and_no_move_is_game_over() -> None:
    state = _stuck()
    assert state.deck  # cards remain, but none can be placed
    assert ct.legal_actions(state) == ()
    assert ct.outcome(state) == ct.Outcome(result="lost", cause="no-action", rule="TOC-OVER-01")
    assert ct.is_terminal(state)
    # every action is refused, citing GameOver
    assert illegal(state, "move n") == "TOC-OVER-01"
    assert illegal(state, "place 2,1 r0") == "TOC-OVER-01"


def test_TOC_OVER_01_no_action_even_with_items_left_to_throw_away() -> None:
    state = _stuck(carry="item.rusted-key")
    assert ct.legal_actions(state) == ()
    assert ct.outcome(state) == ct.Outcome(result="lost", cause="no-action", rule="TOC-OVER-01")


def test_TOC_OVER_01_a_game_over_position_accepts_no_action() -> None:
    # Throwing items away is all that is left: that is no action (engine reading of TOC-OVER-01).
    state = _stuck(carry="item.rusted-key")
    assert ct.legal_actions(state) == ()
    assert illegal(state, "discard item.rusted-key") == "TOC-OVER-01"


# -- illegal and malformed actions --------------------------------------------------------------


def test_illegal_actions_raise_and_leave_the_state_as_it_was() -> None:
    state = position([E, ". room.tide-gallery@0f monster.kelpie@1f . .", E, E, E], "1,1", life=5)
    before = ct.to_notation(state)
    copy = ct.from_notation(before, state.game)
    for text in ("fight e W", "flip e W", "move e", "take item.gnom-scale", "discard item.gnom-scale"):
        with pytest.raises(ct.IllegalActionError) as info:
            act(state, text)
        assert info.value.rule.startswith("TOC-")
        assert ct.to_notation(state) == before
        assert state == copy


def test_malformed_actions_are_not_illegal_actions() -> None:
    state = position([E, ". room.tide-gallery@0f . . .", E, E, E], "1,1")
    assert not issubclass(ct.MalformedActionError, ct.IllegalActionError)
    before = ct.to_notation(state)
    for action in (
        ct.Move(direction=7),
        ct.Place(cell=25, rotation=0),
        ct.Place(cell=3, rotation=4),
        ct.Fight(direction=1, attribute=5),
        ct.Flip(direction=-1, attribute=0),
    ):
        with pytest.raises(ct.MalformedActionError) as info:
            ct.apply(state, action)
        assert not isinstance(info.value, ct.IllegalActionError)
        assert not ct.can_apply(state, action)
    for text in ("jump", "move x", "place 2,2 r45", "fight e Q", "take item.no-such-thing"):
        with pytest.raises(ct.MalformedActionError):
            ct.parse_action(state, text)
    assert ct.to_notation(state) == before
