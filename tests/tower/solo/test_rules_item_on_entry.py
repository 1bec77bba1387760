"""When a normal item's condition is asked (``TOC-ITEM-01D``, ``TOC-NORMAL-01``): as the player enters.

条件を揃えたそのroomに入る事でnormal-itemを取得可能: the item is gained by entering its room with
the condition met. The engine asks the condition as the player enters (after the room-element
and the r-text on entering have acted) and marks the position (``player=x,y+``); the item may then
be taken until the player leaves. Meeting the condition later, inside, does not give it; falling
below it later does not take it away. The option ``normal_item="while_inside"`` keeps the reading
of the engine before 2026-12-05, which asked the condition when the item was taken.

Crystal Quarry's back shows Armor Of Gnom's icon with the condition G >= 5; its room-element
gives G+2 on entering. Ash Hall lies east of it, and a Ring Of Vulcan (G+2, no move) is set in the
front slot of its column.
"""

from __future__ import annotations

import chaos_tower as ct

from .items_steps_helpers import illegal, pos, row1
from .scenario import act, legal

TAKE = "take normal.armor-of-gnom"
ROWS = row1(". room.crystal-quarry@0b room.ash-hall@0f . .")
RING = "front-1:normal.ring-of-vulcan:4"
# Clay Workshop north of the quarry: flipping it from the quarry costs G 1 (or W 2).
WITH_WORKSHOP = [
    ". room.clay-workshop@1f . . .",
    ". room.crystal-quarry@0b room.ash-hall@0f . .",
    ". . . . .",
    ". . . . .",
    ". . . . .",
]


def _opts(reading: str | None) -> dict[str, str]:
    return {} if reading is None else {"opts": f"normal_item:{reading}"}


def test_TOC_ITEM_01D_a_condition_met_as_the_player_enters_offers_the_item() -> None:
    """TOC-ITEM-01D: entering with G 4 (6 after the room-element) offers the item and marks the
    position; entering with G 2 (4 after it) does not."""
    met = act(pos(ROWS, "2,1", el="4.4.4.4.4", life=8), "move w")
    assert met.item_on_entry and " player=1,1+ " in ct.to_notation(met)
    assert TAKE in legal(met)
    taken = act(met, TAKE)
    assert [e.rule for e in taken.events if e.kind == "item"] == ["TOC-ITEM-01D"]
    unmet = act(pos(ROWS, "2,1", el="2.4.4.4.4", life=8), "move w")
    assert not unmet.item_on_entry and unmet.elements[0] == 4
    assert illegal(unmet, TAKE) == "TOC-ITEM-01D"


def test_TOC_ITEM_01D_a_condition_met_inside_does_not_offer_the_item() -> None:
    """TOC-ITEM-01D: having entered with the condition unmet, a Ring Of Vulcan used inside brings G
    to 6, and the item is still not offered; leaving and entering again with the condition met
    offers it."""
    inside = act(pos(ROWS, "2,1", el="2.4.4.4.4", life=8, slots=RING), "move w")
    ringed = act(inside, "use front-1 G")
    assert ringed.elements[0] == 6 and not ringed.item_on_entry
    assert illegal(ringed, TAKE) == "TOC-ITEM-01D"
    again = act(act(ringed, "move e"), "move w")
    assert again.item_on_entry and TAKE in legal(again)


def test_TOC_ITEM_01D_a_condition_met_on_entry_stays_met_until_the_player_leaves() -> None:
    """TOC-ITEM-01D: entering with G 3 (5 after the room-element) offers the item; flipping the
    workshop next door for G 1 leaves G 4, and the item is still offered, the condition having been
    met as the player entered."""
    entered = act(pos(WITH_WORKSHOP, "2,1", el="3.4.4.4.4", life=8), "move w")
    assert entered.elements[0] == 5 and TAKE in legal(entered)
    spent = act(entered, "flip n G")
    assert spent.elements[0] == 4 and spent.item_on_entry
    assert TAKE in legal(spent)


def test_TOC_ITEM_01D_the_option_while_inside_asks_the_condition_when_the_item_is_taken() -> None:
    """TOC-ITEM-01D, option ``normal_item="while_inside"``: the item is offered whenever the
    condition holds while the player stands in the room (the engine's reading before 2026-12-05)."""
    inside = act(pos(ROWS, "2,1", el="2.4.4.4.4", life=8, slots=RING, **_opts("while_inside")), "move w")
    assert TAKE not in legal(inside)
    assert TAKE in legal(act(inside, "use front-1 G"))
    entered = act(pos(WITH_WORKSHOP, "2,1", el="3.4.4.4.4", life=8, **_opts("while_inside")), "move w")
    assert TAKE in legal(entered)
    assert illegal(act(entered, "flip n G"), TAKE) == "TOC-ITEM-01D"
    assert ct.options(entered)["normal_item"] == "while_inside"


def test_TOC_ITEM_01D_the_mark_reads_back_and_stands_only_on_a_normal_items_room() -> None:
    """TOC-ITEM-01D: the mark round-trips through positions and saves, and a position that marks a
    room showing no normal item is refused."""
    met = act(pos(ROWS, "2,1", el="4.4.4.4.4", life=8), "move w")
    cards = ct.load_cardset()
    assert ct.from_notation(ct.to_notation(met), cards) == met
    assert ct.loads(ct.dumps(met), cards) == met
    assert ct.observation(met, 0).item_on_entry
    moved = act(met, "move e")
    assert not moved.item_on_entry and " player=2,1 " in ct.to_notation(moved)
    wrong = ct.to_notation(moved).replace(" player=2,1 ", " player=2,1+ ")
    try:
        ct.loads(ct.dumps(ct.from_notation(wrong, cards)), cards)
    except ct.SaveError as exc:
        assert "TOC-ITEM-01D" in str(exc)
    else:
        raise AssertionError("a mark on Ash Hall was accepted")
