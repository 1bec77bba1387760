"""Hand-built scenarios for the number card and ZAP (``TOC-ZAP-01``..``07``): floors and their
extra da, the fall that resets everything, the step that ends ZAP, and a numeric Rebright da
with floor 4's extra da (``TOC-PROG2-03``). Geometry, layouts and helpers: :mod:`.items_steps_helpers`.
"""

from __future__ import annotations

from collections import Counter

import chaos_tower as ct
from chaos_tower.tower.solo.invariants import violations

from .items_steps_helpers import (
    ALL_STEPS_BUT_SEQLRITH,
    BESIONT_ROWS,
    GNOM,
    NUMERIC_EXIT,
    ONDINE,
    REBRIGHT_ROWS,
    E,
    card,
    cell,
    ids,
    illegal,
    pos,
    row1,
    rules,
)
from .scenario import act, cards, game, legal

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
