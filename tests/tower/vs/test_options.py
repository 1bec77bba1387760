"""The VS readings the manual leaves open, as options: their effects, each under its rule ID."""

from __future__ import annotations

import pytest

import chaos_tower as ct

from .scenario import CARDS, play, rigged


def test_TOC_VS2_027_by_default_only_the_drawer_adjusts() -> None:
    """TOC-VS2-027: adjust_after_draw="drawer" (the default): 自分のelement, the drawer's own."""
    state = rigged(2, ["GW", "VS"], adjust_after_draw="drawer")
    assert ct.new_game(CARDS, mode="vs", players=2).adjust_after_draw == "drawer"
    drawn = ct.apply(state, ct.Draw())
    assert drawn.phase == "adjust" and drawn.queue == (0,)
    after = ct.apply(drawn, ct.Adjust(deltas=(0, 0)))
    assert after.phase == "turn" and after.turn == 1, "the turn passes once the drawer has adjusted"


def test_TOC_VS2_027_option_all_asks_every_player_drawer_first() -> None:
    """TOC-VS2-027: adjust_after_draw="all": the drawer, then the other."""
    state = rigged(2, ["GW", "VS"], adjust_after_draw="all")
    drawn = ct.apply(state, ct.Draw())
    assert drawn.queue == (0, 1)
    assert ct.current_player(ct.apply(drawn, ct.Adjust(deltas=(0, 0)))) == 1


@pytest.mark.parametrize(("reading", "queue"), [("drawer", (1,)), ("all", (1, 2, 3, 0))])
def test_TOC_VS3_047_who_adjusts_with_four_players(reading: str, queue: tuple[int, ...]) -> None:
    """TOC-VS3-047: as TOC-VS2-027, every player still in in play order under "all"."""
    state = rigged(4, ["G", "W", "V", "S"], turn=1, adjust_after_draw=reading)
    assert ct.apply(state, ct.Draw()).queue == queue


def test_TOC_VS2_029_by_default_a_declaration_waits_for_ones_own_turn() -> None:
    """TOC-VS2-029: declare_when="own_turn" (the default) refuses a declaration during an adjustment."""
    state = ct.apply(rigged(2, ["GW", "VS"], adjust_after_draw="all"), ct.Draw())
    state = ct.apply(state, ct.Adjust(deltas=(0, 0)))
    assert ct.current_player(state) == 1 and state.phase == "adjust"
    with pytest.raises(ct.IllegalActionError, match="own turn") as err:
        ct.apply(state, ct.Declare(target=0, attribute="G", pay=0))
    assert err.value.rule == "TOC-VS2-029"
    assert not any(isinstance(a, ct.Declare) for a in ct.legal_actions(state))


def test_TOC_VS2_029_option_any_time_declares_before_an_adjustment() -> None:
    """TOC-VS2-029: declare_when="any_time": the player asked to adjust may declare first, then adjusts."""
    state = ct.apply(rigged(2, ["GW", "VS"], adjust_after_draw="all", declare_when="any_time"), ct.Draw())
    state = ct.apply(state, ct.Adjust(deltas=(0, 0)))
    declaration = ct.Declare(target=0, attribute="G", pay=0)
    assert declaration in ct.legal_actions(state)
    after = ct.apply(state, declaration)
    assert after.named[-1].player == 1 and after.named[-1].right
    assert after.revealed[0] == (True, False) and after.counters[1] == (3, 4)
    assert after.phase == "adjust" and after.queue == (1,), "the adjustment is still to be made"
    assert after.turn == 0 and ct.loads(ct.dumps(after), CARDS) == after


def test_TOC_VS3_049_any_time_a_declarer_out_by_paying_leaves_the_others_to_adjust() -> None:
    """TOC-VS3-049 / TOC-VS3-051: a declarer who pays their last point during an adjustment is out;
    the adjustment goes on with the others, and the turn passes."""
    state = rigged(
        3,
        ["G", "W", "V"],
        counters=[(4,), (1,), (4,)],
        adjust_after_draw="all",
        declare_when="any_time",
    )
    state = ct.apply(ct.apply(state, ct.Draw()), ct.Adjust(deltas=(0,)))
    assert ct.current_player(state) == 1
    after = ct.apply(state, ct.Declare(target=2, attribute="D", pay=0))
    assert after.out == (False, True, False)
    assert after.phase == "adjust" and after.queue == (2,)
    assert ct.loads(ct.dumps(after), CARDS) == after


def test_TOC_VS2_029_any_time_before_the_extra_rules_payment() -> None:
    """TOC-VS2-029 / TOC-VS2-032: with declare_when="any_time" the payer may declare first."""
    state = rigged(
        2,
        ["GW", "VS"],
        extra_rule=True,
        counters=[(8, 8), (8, 8)],
        adjust_after_draw="drawer",
        declare_when="any_time",
        round=7,
    )
    state = ct.apply(ct.apply(state, ct.Draw()), ct.Adjust(deltas=(0, 0)))
    assert state.phase == "pay"
    declaration = ct.Declare(target=1, attribute="D", pay=0)
    assert declaration in ct.legal_actions(state)
    after = ct.apply(state, declaration)
    assert after.counters[0] == (7, 8) and after.phase == "pay"
    assert ct.loads(ct.dumps(after), CARDS) == after


def test_TOC_VS2_029_own_attribute_is_refused_unless_bluffing_is_on() -> None:
    """TOC-VS2-029: naming one's own attribute: refused by default; own_attribute_bluff=True allows it,
    always wrong, costing 1 and a declaration like any other."""
    with pytest.raises(ct.IllegalActionError, match="own attribute") as err:
        play(rigged(2, ["GW", "VS"]), "seen 1 G pay 0")
    assert err.value.rule == "TOC-VS2-029"
    bluff = play(rigged(2, ["GW", "VS"], own_attribute_bluff=True), "seen 1 G pay 0")
    assert not bluff.named[-1].right and bluff.revealed == ((False, False), (False, False))
    assert bluff.counters[0] == (3, 4) and bluff.declarations[0] == 1


def test_TOC_VS2_032_extra_rule_option_sets_the_counters_at_8() -> None:
    """TOC-VS2-032: extra_rule=True."""
    assert ct.new_game(CARDS, mode="vs", players=2, seed=1, extra_rule=True).counters == ((8, 8), (8, 8))
    assert ct.new_game(CARDS, mode="vs", players=2, seed=1).counters == ((4, 4), (4, 4))


def test_TOC_VS2_026_max_actions_option_stops_the_game() -> None:
    """TOC-VS2-026: max_actions=1 ends a VS game after one action, nobody winning."""
    state = ct.new_game(CARDS, mode="vs", players=3, seed=1, max_actions=1)
    state = ct.apply(state, ct.legal_actions(state)[0])
    outcome = ct.outcome(state)
    assert outcome is not None and outcome.cause == "max-actions" and outcome.rule == "TOC-VS3-046"


def test_TOC_VS2_01_players_option_is_required_and_counted() -> None:
    """TOC-VS2-01: players, 2 to 5, no default."""
    assert ct.new_game(CARDS, mode="vs", players=5).players == 5
    with pytest.raises(ct.OptionError, match="say players"):
        ct.new_game(CARDS, mode="vs")
    with pytest.raises(ct.OptionError, match="2 to 5"):
        ct.new_game(CARDS, mode="vs", players=6)


def test_TOC_VS2_027_the_options_are_in_the_state_its_save_and_every_view() -> None:
    """TOC-VS2-027, TOC-VS2-029: the options are public: the state, its save and each player's view
    (JSON and tensor) carry them."""
    state = ct.new_game(
        CARDS, mode="vs", players=2, seed=3, adjust_after_draw="all", own_attribute_bluff=True
    )
    back = ct.loads(ct.dumps(state), CARDS)
    assert ct.options(back) == ct.options(state)
    assert ct.options(state)["adjust_after_draw"] == "all" and ct.options(state)["own_attribute_bluff"]
    view = ct.observation(state, 1)
    assert (view.adjust_after_draw, view.declare_when, view.own_attribute_bluff) == ("all", "own_turn", True)
    assert ct.loads(view.dumps(), CARDS) == view
    assert ct.observation_tensor(state, 1)[-3:] == (1.0, 0.0, 1.0)
    plain = ct.new_game(CARDS, mode="vs", players=2, seed=3)
    assert ct.observation_tensor(plain, 1)[-3:] == (0.0, 0.0, 0.0)


def test_TOC_VS2_027_play_flags_choose_the_readings(capsys: pytest.CaptureFixture[str]) -> None:
    """TOC-VS2-027, TOC-VS2-029: chaos-tower play --adjust-after-draw / --declare-when /
    --own-attribute-bluff reach the VS game; the solo game and Crest Duel refuse them."""
    from chaos_tower.app.cli import main

    base = ["play", "--mode", "vs", "--players", "2", "--agent", "simple", "--seed", "3"]
    assert main(base) == 0
    drawer = capsys.readouterr().out
    assert main([*base, "--adjust-after-draw", "all"]) == 0
    every = capsys.readouterr().out
    assert "player 1 adjusts" in every.split("player 0 draws", 1)[1].split("player 1 draws", 1)[0]
    assert "player 1 adjusts" not in drawer.split("player 0 draws", 1)[1].split("player 1 draws", 1)[0]
    assert main([*base, "--declare-when", "any_time", "--own-attribute-bluff"]) == 0
    capsys.readouterr()
    assert main(["play", "--declare-when", "any_time"]) == 2
    assert main(["play", "--game", "crest", "--own-attribute-bluff"]) == 2
    assert "VS readings" in capsys.readouterr().err


def test_TOC_VS3_051_any_time_declarer_who_puts_out_the_last_two_wins_and_the_end_saves() -> None:
    """TOC-VS3-051 / TOC-VS2-029: with declare_when="any_time", a declarer who is not the turn player
    names the last other player in and pays their own last point for it: nobody is left, the declarer
    wins, and that ending is a sound position (it saves, and its notation reads back)."""
    state = rigged(
        3,
        ["G", "W", "V"],
        counters=[(4,), (1,), (0,)],
        out=(False, False, True),
        adjust_after_draw="all",
        declare_when="any_time",
    )
    state = ct.apply(ct.apply(state, ct.Draw()), ct.Adjust(deltas=(0,)))
    assert ct.current_player(state) == 1 and state.turn == 0
    after = ct.apply(state, ct.Declare(target=0, attribute="G", pay=0))
    assert after.out == (True, True, True)
    won = ct.VsOutcome(results=("lost", "won", "lost"), cause="named", rule="TOC-VS3-051")
    assert ct.outcome(after) == won
    assert ct.loads(ct.dumps(after), CARDS) == after
    assert ct.from_notation(ct.to_notation(after), CARDS) == after
