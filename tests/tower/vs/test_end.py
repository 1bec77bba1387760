"""The end: TOC-VS2-030 to 032 and TOC-VS3-050 to 052."""

from __future__ import annotations

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.tower.vs.end import subtract_due

from .scenario import CARDS, play, rigged


def _last_card(players: int, letters: list[str], counters: list[tuple[int, ...]], **kw: object) -> ct.VsState:
    state = rigged(players, letters, counters=counters, top=["room.stone-garden"], **kw)  # type: ignore[arg-type]
    return attrs.evolve(state, deck=state.deck[:1], drawn=state.deck[1:])


def test_TOC_VS2_030_deck_out_highest_single_counter_wins() -> None:
    # Stone Garden is G+1 S+1; nobody holds G or S here, so every counter can only keep or lose.
    state = _last_card(2, ["WV", "DG"], [(1, 7), (6, 6)])
    state = play(state, "draw", "adjust 0 0", "adjust 0 0")
    assert ct.outcome(state) == ct.VsOutcome(results=("won", "lost"), cause="deck-out", rule="TOC-VS2-030")
    assert [e.rule for e in state.events][-2:] == ["TOC-VS2-030", "TOC-VS2-030"]


def test_TOC_VS2_030_the_number_of_counters_left_does_not_count_and_a_tie_is_a_draw() -> None:
    state = _last_card(2, ["WV", "DG"], [(0, 5), (5, 5)])
    state = play(state, "draw", "adjust 0 0", "adjust 0 0")
    assert ct.outcome(state).results == ("draw", "draw")  # type: ignore[union-attr]
    assert ct.returns(state) == (0.0, 0.0)


def test_TOC_VS2_031_both_named_loses() -> None:
    state = rigged(2, ["GW", "VS"], turn=1)
    state = play(state, "seen 0 G pay 0", "seen 0 W pay 0")
    assert ct.outcome(state) == ct.VsOutcome(results=("lost", "won"), cause="named", rule="TOC-VS2-031")


def test_TOC_VS2_031_both_counters_at_zero_loses_one_does_not() -> None:
    top = ["monster.gnom", "room.root-cellar"]  # G+3 S-1, then G+2 W-1
    state = rigged(2, ["GW", "VS"], top=top, counters=[(4, 4), (1, 1)], turn=1)
    state = play(state, "draw", "adjust 0 -1")
    assert state.counters[1] == (1, 0) and not ct.is_terminal(state)
    state = play(state, "adjust 0 0", "draw", "adjust 0 -1", "adjust -1 0")
    assert ct.outcome(state) == ct.VsOutcome(
        results=("won", "lost"), cause="counters-zero", rule="TOC-VS2-031"
    )


def test_TOC_VS2_032_extra_rule_counters_at_8_and_da_from_round_4() -> None:
    state = ct.new_game(CARDS, mode="vs", players=2, seed=0, extra_rule=True)
    assert state.counters == ((8, 8), (8, 8))
    assert [m.extra_da for m in CARDS.number.floors][:5] == [0, 0, 0, -1, -1]
    while state.round < 4:
        assert subtract_due(state) == 0
        state = play(state, "draw")
        while state.phase == "adjust":
            state = ct.apply(state, ct.legal_actions(state)[-1])
    assert state.round == 4 and subtract_due(state) == 1
    mover = state.turn
    before = state.counters[mover]
    state = play(state, "draw")
    while state.phase == "adjust":
        state = play(state, "adjust 0 0")
    # Da 1 with two counters above 0: the player chooses which pays.
    assert state.phase == "pay" and ct.current_player(state) == mover
    assert {a.amounts for a in ct.legal_actions(state)} == {(1, 0), (0, 1)}  # type: ignore[attr-defined]
    state = play(state, "subtract 0 1")
    assert state.counters[mover] == (before[0], before[1] - 1)
    assert state.events[0].rule == "TOC-VS2-032"
    assert state.turn != mover


def test_TOC_VS2_032_da_2_is_shared_and_limited_by_what_counters_hold() -> None:
    state = rigged(2, ["GW", "VS"], extra_rule=True, round=7, counters=[(1, 5), (8, 8)])
    assert subtract_due(state) == 2
    state = play(state, "draw")
    while state.phase == "adjust":
        state = play(state, "adjust 0 0")
    assert {a.amounts for a in ct.legal_actions(state)} == {(1, 1), (0, 2)}  # type: ignore[attr-defined]
    with pytest.raises(ct.IllegalActionError) as err:
        play(state, "subtract 2 0")
    assert err.value.rule == "TOC-VS2-032"


def test_TOC_VS3_050_deck_out_among_players_still_in() -> None:
    state = _last_card(4, ["W", "V", "D", "G"], [(7,), (5,), (7,), (0,)], out=(False, False, False, True))
    state = play(state, "draw", "adjust 0", "adjust 0", "adjust 0")
    assert ct.outcome(state) == ct.VsOutcome(
        results=("draw", "lost", "draw", "lost"), cause="deck-out", rule="TOC-VS3-050"
    )
    assert ct.returns(state) == (0.0, -1.0, 0.0, -1.0)


def test_TOC_VS3_051_out_at_zero_and_last_one_in_wins() -> None:
    state = rigged(3, ["G", "W", "S"], top=["monster.gnom"], counters=[(4,), (1,), (1,)])
    state = play(state, "draw", "adjust 0", "adjust -1")
    assert state.out == (False, True, False) and not ct.is_terminal(state)
    state = play(state, "adjust -1")  # S at -1: the last point goes
    assert ct.outcome(state) == ct.VsOutcome(
        results=("won", "lost", "lost"), cause="last-in", rule="TOC-VS3-051"
    )


def test_TOC_VS3_051_two_right_names_win_with_five_players() -> None:
    state = rigged(5, ["G", "W", "V", "S", "D"])
    state = play(state, "seen 1 W pay 0")
    assert state.out[1] and not ct.is_terminal(state)
    state = play(state, "seen 3 S pay 0")
    assert ct.outcome(state) == ct.VsOutcome(
        results=("won", "lost", "lost", "lost", "lost"), cause="named", rule="TOC-VS3-051"
    )


def test_TOC_VS3_051_declarer_paying_the_last_point_for_the_last_name_wins() -> None:
    state = rigged(3, ["G", "W", "S"], counters=[(1,), (0,), (4,)], out=(False, True, False))
    state = play(state, "seen 2 S pay 0")
    assert ct.outcome(state) == ct.VsOutcome(
        results=("won", "lost", "lost"), cause="named", rule="TOC-VS3-051"
    )


def test_TOC_VS3_052_extra_rule_one_counter_takes_all() -> None:
    state = rigged(3, ["G", "W", "S"], extra_rule=True, round=7, counters=[(8,), (8,), (8,)])
    state = play(state, "draw", "adjust 0", "adjust 0", "adjust 0")
    assert state.counters[0] == (6,), "da -2 from round 7 comes off the one counter, no decision"
    assert any(e.rule == "TOC-VS3-052" and e.amount == -2 for e in state.events)
    assert ct.new_game(CARDS, mode="vs", players=4, extra_rule=True).counters == ((8,),) * 4


def test_TOC_VS3_052_rounds_count_every_player_still_in() -> None:
    state = rigged(3, ["G", "W", "S"], extra_rule=True, counters=[(8,), (0,), (8,)], out=(False, True, False))
    for _ in range(2):
        state = play(state, "draw", "adjust 0", "adjust 0")
    assert state.round == 2 and state.turn == 0


def test_TOC_VS2_026_a_max_actions_limit_ends_the_game_undecided() -> None:
    for players, rule_id in ((2, "TOC-VS2-026"), (3, "TOC-VS3-046")):
        state = ct.new_game(CARDS, mode="vs", players=players, seed=1, max_actions=3)
        state = ct.apply(state, ct.Draw())
        for _ in range(2):  # the mildest adjustments: keep or gain
            assert not ct.is_terminal(state)
            state = ct.apply(state, ct.legal_actions(state)[-1])
        assert ct.outcome(state) == ct.VsOutcome(
            results=("ended",) * players, cause="max-actions", rule=rule_id
        )
        assert ct.returns(state) == (0.0,) * players and ct.legal_actions(state) == ()
