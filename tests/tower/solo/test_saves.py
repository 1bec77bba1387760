"""Solo saves are untrusted input: only positions the game could reach load, every number in bounds.

Each test changes one field of a sound save (which loads unchanged) and checks
that ``loads`` refuses it with :class:`~chaos_tower.kernel.errors.SaveError`.
"""

from __future__ import annotations

import json
import math
import time

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.invariants import violations

from .scenario import cards, position

ROWS = [". . . . .", ". . . . .", ". . room.tide-gallery@0f . .", ". . . . .", ". . . . ."]


def _sound(**fields: object) -> ct.State:
    state = position(ROWS, player="2,2", **fields)
    assert violations(state) == []
    assert ct.loads(ct.dumps(state), cards()) == state  # the unchanged save loads
    return state


def _saved(state: ct.State, **fields: str) -> str:
    """The save of ``state`` with notation fields replaced (or added, like ``result``)."""
    data = json.loads(ct.dumps(state))
    words = dict(word.split("=", 1) for word in data["position"].split())
    words.update(fields)
    data["position"] = " ".join(f"{k}={v}" for k, v in words.items())
    return json.dumps(data)


def _refused(text: str, match: str | None = None) -> None:
    with pytest.raises(ct.SaveError, match=match):
        ct.loads(text, cards())


@pytest.mark.parametrize(
    "result",
    [
        "won::TOC-STEP-11E",  # the case: a win with no cause
        "won:rebright-fell:",
        "won:life-zero:TOC-OVER-01",
        "lost:rebright-fell:TOC-STEP-11E",
        "ended:no-action:TOC-OVER-01",  # no-action is told by outcome(), never saved
        "lost:made-up:TOC-OVER-01",
    ],
)
def test_TOC_OVER_01_a_result_is_one_the_game_gives(result: str) -> None:
    """TOC-OVER-01 / TOC-STEP-11E: a saved result is a (result, cause, rule) the engine can end with."""
    _refused(_saved(_sound(acts="3"), result=result), "result")


def test_TOC_STEP_11E_a_win_needs_rebright_fallen() -> None:
    """TOC-STEP-11E: 'won' by Rebright's fall needs Rebright summoned with every value at 0."""
    state = _sound(acts="3")
    _refused(_saved(state, result="won:rebright-fell:TOC-STEP-11E"), "TOC-STEP-11E")
    _refused(_saved(state, result="won:rebright-fell:TOC-STEP-11E", rebright="0.0.0.1.0!"), "TOC-STEP-11E")
    won = ct.loads(_saved(state, result="won:rebright-fell:TOC-STEP-11E", rebright="0.0.0.0.0!"), cards())
    assert won.result is not None and won.result.result == "won"


def test_TOC_STEP_11E_rebright_at_zero_while_playing_is_refused() -> None:
    """TOC-STEP-11E: Rebright with every value at 0 has fallen; the game cannot still be on."""
    _refused(_saved(_sound(), rebright="0.0.0.0.0!"), "TOC-STEP-11E")


def test_TOC_OVER_01_life_zero_and_the_limit_need_their_position() -> None:
    """TOC-OVER-01: 'life-zero' needs life at 0; 'max-actions' needs the count at the limit."""
    state = _sound(acts="3/50")
    _refused(_saved(state, result="lost:life-zero:TOC-OVER-01"), "life")
    _refused(_saved(state, result="ended:max-actions:TOC-OVER-01"), "max")
    _refused(_saved(state, acts="3", result="ended:max-actions:TOC-OVER-01"), "max")
    ended = ct.loads(_saved(state, acts="50/50", result="ended:max-actions:TOC-OVER-01"), cards())
    assert ended.actions == 50
    lost = ct.loads(_saved(state, life="0", result="lost:life-zero:TOC-OVER-01"), cards())
    assert lost.life == 0


def test_TOC_OVER_01_left_floor_needs_the_player_at_the_edge() -> None:
    """TOC-OVER-01: a player who walked off the floor stands on an edge cell."""
    _refused(_saved(_sound(acts="3"), result="lost:left-floor:TOC-OVER-01"), "edge")


def test_TOC_OVER_01_a_new_game_has_no_result() -> None:
    """TOC-OVER-01: a game ends only by an action, so a result needs at least one action."""
    text = _saved(_sound(acts="3/50"), acts="0/50", life="0", result="lost:life-zero:TOC-OVER-01")
    _refused(text, "action")


@pytest.mark.parametrize("acts", ["51/50", "50/50", "-1", "-1/50", "3/0"])
def test_TOC_OVER_01_actions_past_max_actions_are_refused(acts: str) -> None:
    """TOC-OVER-01 (max_actions): the count never passes the limit, and at the limit the game has ended."""
    _refused(_saved(_sound(acts="3/50"), acts=acts))


@pytest.mark.parametrize("rebright", ["1.2.3.4.5", "5.5.5.5.5"])
def test_TOC_STEP_11E_rebright_values_need_rebright_summoned(rebright: str) -> None:
    """TOC-STEP-11E: Rebright has values only once summoned: waiting to be placed, or on the floor."""
    _refused(_saved(_sound(), rebright=rebright), "Rebright")
    assert ct.loads(_saved(_sound(), rebright=rebright + "!"), cards()).rebright_pending


@pytest.mark.parametrize("rebright", ["9.5.5.5.5!", "5.5.5.5.-1!"])
def test_TOC_RARE_07_rebright_values_stay_within_their_bounds(rebright: str) -> None:
    """TOC-RARE-07: Rebright's values stay within 0 and the larger of its card's value and the sheet's top."""
    _refused(_saved(_sound(), rebright=rebright), "Rebright")


def test_TOC_ZAP_05_the_player_stands_on_a_card_while_cards_lie_on_the_floor() -> None:
    """TOC-ZAP-05: only after a fall (ZAP, the floor cleared) does the player stand on an empty cell."""
    _refused(_saved(_sound(), player="0,0"), "empty cell")
    zap = position([". . . . ."] * 5, player="0,0", level="Z")
    assert ct.loads(ct.dumps(zap), cards()) == zap
    _refused(_saved(zap, level="1"), "ZAP")


@pytest.mark.parametrize(
    "counter",
    ["5", "0", "-2"],
)
def test_TOC_NORMAL_08_slot_counters_within_the_items_counters(counter: str) -> None:
    """TOC-NORMAL-08: an item is set with full effect-counters (4 on the front) and loses one per use."""
    state = _sound(slots="front-0:normal.armor-of-gnom:4")
    _refused(_saved(state, slots=f"front-0:normal.armor-of-gnom:{counter}"))
    _refused(_saved(state, slots="front-0:rare.sword-of-black:3"))  # a rare item has no counters


def test_TOC_NORMAL_06_the_combat_bonus_is_one_the_items_could_add() -> None:
    """TOC-NORMAL-06: the next fight's bonus comes from uses of items; the set's only add da (+2, +5)."""
    state = _sound(acts="1")
    assert ct.loads(_saved(state, bonus="5"), cards()).combat_bonus == 5  # rear Armor Of Gnom, once
    _refused(_saved(state, bonus="-1"), "bonus")


@pytest.mark.parametrize(
    "fields",
    [
        {"bonus": str(10**400)},
        {"acts": "3", "slots": f"front-0:normal.armor-of-gnom:{10**400}"},
        {"rebright": ".".join([str(10**400)] * 5) + "!"},
        {"acts": f"{10**400}/{10**400 + 1}"},
        {"level": str(10**400)},
        {"life": str(-(10**400))},
        {"el": ".".join([str(10**400)] * 5)},
        {"rng": "f" * 400},
    ],
)
def test_TOC_PREP_02_huge_numbers_are_refused_at_once(fields: dict[str, str]) -> None:
    """TOC-PREP-02: every number of the sheet has bounds; a 10**400 is refused quickly, not computed with."""
    text = _saved(_sound(), **fields)
    start = time.perf_counter()
    _refused(text)
    assert time.perf_counter() - start < 1.0


def test_TOC_PREP_02_observation_tensor_never_overflows() -> None:
    """TOC-PREP-02: the numeric view is finite even for a state built by hand with huge numbers."""
    state = attrs.evolve(_sound(), combat_bonus=10**400, actions=10**400, level=10**400, life=-(10**400))
    vector = ct.observation_tensor(state, 0)
    assert all(math.isfinite(v) for v in vector)


def test_TOC_STEP_03_a_step_return_pending_on_the_zap_level_is_refused() -> None:
    """TOC-STEP-03 / TOC-ZAP-04: a step puts the player on level 1 with its return pending; a ZAP clears it.

    ``level=0*`` once loaded to a state whose save wrote ``level=Z`` and lost the mark (found by
    tests/kernel/test_save_corruption.py).
    """
    _sound(level="1*")
    zap = position([". . . . ."] * 5, player="0,0", level="Z")
    _refused(_saved(zap, level="0*"), "ZAP level")


def test_TOC_PLAY_A_a_save_keeps_the_card_an_event_is_about() -> None:
    """TOC-PLAY-A: the card placed is named in the save's event by ID (``card``); an event about no
    card is saved without the key, as before it was kept, and a save written before loads too."""
    state = ct.new_game(cards(), seed=7)
    state = ct.apply(state, ct.legal_actions(state)[0])
    placed, stands = state.events
    assert placed.kind == "place" and placed.card is not None and stands.card is None
    saved = json.loads(ct.dumps(state))
    assert saved["events"][0]["card"] == placed.card
    assert "card" not in saved["events"][1]
    assert ct.loads(ct.dumps(state), cards()).events == state.events
    del saved["events"][0]["card"]  # a save from before events carried their card
    assert ct.loads(json.dumps(saved), cards()).events == (attrs.evolve(placed, card=None), stands)


@pytest.mark.parametrize("card", [None, 7, ["monster.vulcan"]])
def test_TOC_PLAY_A_an_event_card_is_an_id_or_left_out(card: object) -> None:
    """TOC-PLAY-A: an event's ``card`` in a save is a card ID (text); null, a number or a list is refused."""
    state = ct.new_game(cards(), seed=7)
    state = ct.apply(state, ct.legal_actions(state)[0])
    saved = json.loads(ct.dumps(state))
    saved["events"][0]["card"] = card
    _refused(json.dumps(saved), "bad event")
