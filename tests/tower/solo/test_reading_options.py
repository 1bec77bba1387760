"""The solo mode's two reading options: ``step_on_road`` (TOC-STEP-02) and ``da_order`` (TOC-PROG1-02).

Where the manual leaves two readings open, the default is today's reading and the
other is an option of the mode. For each: the default is unchanged, the option
changes the outcome in the hand-built position of the rule's own test, and the
option survives a save, a replay, the one-line notation and the adapters.
"""

from __future__ import annotations

import json

import pyspiel
import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.integrations import openspiel as ct_openspiel  # noqa: F401  (registers the games)
from chaos_tower.integrations import pettingzoo as ct_pettingzoo

from .scenario import act, cards, legal, position

E = ". . . . ."
# TOC-STEP-02's test: Elerint at 2,1 turned r90 shows its wall to the player's Root Cellar.
STEP_ROWS = [". . room.clay-workshop@0f . .", ". room.root-cellar@3f . . .", E, E, E]
ELERINT = "step step.elerint 2,1 r90"
# TOC-PROG1-02's tests: Tide Gallery's r (da -1) then the Moss Stair's back f (da +1) at life 1;
# the Moss Stair's back (+1) then Ash Hall's l (-1) at life 8.
MINUS_PLUS = [E, ". room.tide-gallery@0f room.moss-stair@3b . .", E, E, E]
PLUS_MINUS = [E, ". room.moss-stair@1b room.ash-hall@0f . .", E, E, E]


def test_TOC_STEP_02_step_on_road_defaults_to_today_s_reading() -> None:
    """TOC-STEP-02 (reading), option step_on_road: off by default, and a step may close a road."""
    state = ct.new_game(cards(), seed=3)
    assert ct.options(state)["step_on_road"] is False
    assert ELERINT in legal(position(STEP_ROWS, "1,1"))


def test_TOC_STEP_02_step_on_road_applies_TOC_PLAY_D_to_steps() -> None:
    """TOC-STEP-02 with step_on_road=True: a step that would close a neighbour's road is refused by
    TOC-PLAY-D, as a chaos card would be; a rotation that keeps every road open is still offered."""
    state = position(STEP_ROWS, "1,1", steproad=1)
    assert state.step_on_road is True
    action = ct.parse_action(state, ELERINT)
    with pytest.raises(ct.IllegalActionError) as refused:
        ct.check_action(state, action)
    assert refused.value.rule == "TOC-PLAY-D"
    offered = {a for a in legal(state) if a.startswith("step step.elerint 2,1")}
    assert offered and ELERINT not in offered
    assert offered < {a for a in legal(position(STEP_ROWS, "1,1")) if a.startswith("step step.elerint 2,1")}


def test_TOC_PROG1_02_da_order_defaults_to_summed() -> None:
    """TOC-PROG1-02 (reading), option da_order: 'summed' by default; -1 then +1 at life 1 is survived."""
    assert ct.options(ct.new_game(cards(), seed=3))["da_order"] == "summed"
    after = act(position(MINUS_PLUS, "1,1", life=1), "move e")
    assert after.result is None and after.life == 1


def test_TOC_PROG1_02_sequential_da_at_life_1_minus_then_plus_is_game_over() -> None:
    """TOC-PROG1-02 with da_order='sequential': the first path's -1 takes life 1 to 0, GameOver,
    before the second path's +1."""
    after = act(position(MINUS_PLUS, "1,1", life=1, da="sequential"), "move e")
    assert after.result is not None
    assert (after.result.result, after.result.cause, after.life) == ("lost", "life-zero", 0)
    assert [e.amount for e in after.events if e.kind == "life"] == [-1]


def test_TOC_PROG1_02_sequential_da_at_life_8_plus_then_minus_leaves_7() -> None:
    """TOC-PROG1-02 with da_order='sequential': +1 is clamped at life 8, then -1 leaves 7
    (summed, the two cancel and life stays 8)."""
    assert act(position(PLUS_MINUS, "1,1", life=8), "move e").life == 8
    after = act(position(PLUS_MINUS, "1,1", life=8, da="sequential"), "move e")
    assert after.life == 7
    assert [e.amount for e in after.events if e.kind == "life"] == [-1]
    # Away from the bounds the two readings agree: 5 - 1 + 1.
    assert act(position(MINUS_PLUS, "1,1", life=5, da="sequential"), "move e").life == 5


def test_the_reading_options_are_checked() -> None:
    """TOC-STEP-02, TOC-PROG1-02: a wrong type or value is refused with a typed error, naming the option."""
    with pytest.raises(ct.OptionError, match="step_on_road must be bool"):
        ct.new_game(cards(), step_on_road=1)
    with pytest.raises(ct.OptionError, match="da_order is one of"):
        ct.new_game(cards(), da_order="both")


def _played(**options: object) -> ct.State:
    state = ct.new_game(cards(), seed=11, max_actions=40, **options)
    for _ in range(12):
        if ct.is_terminal(state):
            break
        state = ct.apply(state, ct.legal_actions(state)[-1])
    return state


def test_TOC_STEP_02_TOC_PROG1_02_options_survive_save_notation_and_replay() -> None:
    """TOC-STEP-02, TOC-PROG1-02: a game with both options set keeps them through dumps/loads, the
    one-line notation and a replay; a game with the defaults writes its notation as before."""
    state = _played(step_on_road=True, da_order="sequential")
    wanted = {
        "max_actions": 40,
        "step_on_road": True,
        "da_order": "sequential",
        "closed_walk": "lost",
        "normal_item": "on_entry",
    }
    back = ct.loads(ct.dumps(state), cards())
    assert back == state and ct.options(back).as_dict() == wanted
    text = ct.to_notation(state)
    assert "steproad=1" in text.split() and "da=sequential" in text.split()
    assert ct.options(ct.from_notation(text, cards())).as_dict() == wanted
    plain = ct.to_notation(_played())
    assert "steproad" not in plain and "da=" not in plain
    moves = [ct.action_text(s, a) for s, a in _trail(step_on_road=True, da_order="sequential")]
    made = replay.record(cards(), moves, seed=11, max_actions=40, step_on_road=True, da_order="sequential")
    read = replay.loads(json.dumps(made.to_json()))
    assert read.options.as_dict() == wanted
    assert replay.verify(read, cards()) == state


def _trail(**options: object) -> list[tuple[ct.State, ct.Action]]:
    state = ct.new_game(cards(), seed=11, max_actions=40, **options)
    out = []
    for _ in range(12):
        if ct.is_terminal(state):
            break
        action = ct.legal_actions(state)[-1]
        out.append((state, action))
        state = ct.apply(state, action)
    return out


def test_TOC_STEP_02_TOC_PROG1_02_options_are_adapter_parameters() -> None:
    """TOC-STEP-02, TOC-PROG1-02: OpenSpiel parameters and PettingZoo keywords reach the solo game."""
    params = pyspiel.load_game("chaos_tower_solo").get_parameters()
    assert params["step_on_road"] is False and params["da_order"] == "summed"
    game = pyspiel.load_game("chaos_tower_solo", {"step_on_road": True, "da_order": "sequential"})
    state = game.new_initial_state()
    state.apply_action(5)  # the chance node that draws the seed
    assert (state.state.step_on_road, state.state.da_order) == (True, "sequential")
    env = ct_pettingzoo.env("chaos_tower_solo", max_actions=30, da_order="sequential")
    env.reset(seed=2)
    assert ct.options(env.game_state)["da_order"] == "sequential"


def test_TOC_STEP_02_TOC_PROG1_02_the_player_s_view_shows_the_options() -> None:
    """TOC-STEP-02, TOC-PROG1-02: the rules in force are no secret: the player's view and its save
    hold both options, and a view save with a da_order of neither reading is refused."""
    state = _played(step_on_road=True, da_order="sequential")
    view = ct.observation(state, 0)
    assert (view.step_on_road, view.da_order) == (True, "sequential")
    text = ct.dumps(view)
    assert ct.loads(text, cards()) == view
    data = json.loads(text)
    data["da_order"] = "both"
    with pytest.raises(ct.SaveError, match="da_order"):
        ct.loads(json.dumps(data), cards())
