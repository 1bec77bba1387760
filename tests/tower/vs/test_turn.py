"""A turn: TOC-VS2-026 to 028 and TOC-VS3-046 to 048."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.tower.vs.turn import adjust_options

from .scenario import item, play, rigged, vs_of


def test_TOC_VS2_026_a_turn_is_a_draw_or_a_gift_or_a_declaration_first() -> None:
    state = rigged(2, ["GW", "VS"])
    kinds = {type(a).__name__ for a in ct.legal_actions(state)}
    assert kinds == {"Draw", "Give", "Declare"}
    after = ct.apply(state, ct.Draw())
    assert after.phase == "adjust"
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(after, ct.Draw())
    assert err.value.rule == "TOC-VS2-026"
    with pytest.raises(ct.IllegalActionError) as err:
        ct.check_action(state, ct.Adjust(deltas=(0, 0)))
    assert err.value.rule == "TOC-VS2-027"


def test_TOC_VS3_046_a_turn_in_the_3_to_5_player_game() -> None:
    state = rigged(3, ["G", "W", "V"])
    after = ct.apply(state, ct.Draw())
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(after, ct.Give(item=ct.action_space(state)[1].item, to=1, pay=0))  # type: ignore[attr-defined]
    assert err.value.rule == "TOC-VS3-046"


@pytest.mark.parametrize(
    ("counter", "value", "expected"),
    [
        (4, 2, (-4, -3, -2, -1, 0, 2)),  # + : the same amount, nothing, or any loss
        (7, 3, (-7, -6, -5, -4, -3, -2, -1, 0, 1)),  # the gain stops at 8
        (8, 1, (-8, -7, -6, -5, -4, -3, -2, -1, 0)),
        (4, 0, (-4, -3, -2, -1, 0)),  # 0 : nothing or any loss
        (4, -1, (-4, -3, -2, -1)),  # - : any loss, at least 1
        (1, -2, (-1,)),
        (0, -1, (0,)),  # a counter at 0 stays there
        (0, 2, (0, 2)),
    ],
)
def test_TOC_VS2_027_options_for_each_sign(counter: int, value: int, expected: tuple[int, ...]) -> None:
    assert adjust_options(counter, value, 0, 8) == expected


def test_TOC_VS2_027_every_player_adjusts_drawer_first() -> None:
    gnom = vs_of("monster.gnom")
    assert gnom["G"] == 3 and gnom["S"] == -1 and gnom["W"] == gnom["V"] == gnom["D"] == 0
    # Seat 1 draws; seat 1 holds S (and V), seat 0 holds G (and W).
    state = rigged(2, ["GW", "VS"], top=["monster.gnom"], turn=1)
    state = ct.apply(state, ct.Draw())
    assert state.queue == (1, 0) and ct.current_player(state) == 1
    assert [str(e) for e in state.events] == ["[TOC-VS2-027] player 1 draws Gnom (G+3 S-1); 44 left"]
    # Seat 1: V untouched (nothing or a loss), S at -1 (a loss of at least 1).
    choices = {a.deltas for a in ct.legal_actions(state)}  # type: ignore[attr-defined]
    assert (0, -1) in choices and (-2, -4) in choices
    assert not any(s == 0 for (_v, s) in choices), "S must lose at least 1"
    assert not any(v > 0 for (v, _s) in choices), "V is not on the card: no gain"
    state = play(state, "adjust 0 -1")
    assert state.counters[1] == (4, 3) and ct.current_player(state) == 0
    # Seat 0: G may gain 3; W may only keep or lose.
    choices = {a.deltas for a in ct.legal_actions(state)}  # type: ignore[attr-defined]
    assert (3, 0) in choices and (0, 0) in choices and (3, -4) in choices
    assert all(g in (3, 0, -1, -2, -3, -4) for (g, _w) in choices)
    state = play(state, "adjust +3 0")
    assert state.counters[0] == (7, 4)
    assert state.phase == "turn" and state.turn == 0
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(ct.apply(state, ct.Draw()), ct.Adjust(deltas=(5, 0)))
    assert err.value.rule == "TOC-VS2-027"


def test_TOC_VS3_047_everyone_in_adjusts_in_play_order() -> None:
    state = rigged(4, ["G", "W", "V", "S"], top=["monster.gnom"], turn=2)
    state = ct.apply(state, ct.Draw())
    assert state.queue == (2, 3, 0, 1)
    order = []
    while state.phase == "adjust":
        me = ct.current_player(state)
        order.append(me)
        options = {a.deltas for a in ct.legal_actions(state)}  # type: ignore[attr-defined]
        if me == 0:  # G: +3
            assert (3,) in options and (0,) in options
            state = play(state, "adjust +3")
        elif me == 3:  # S: -1, at least 1
            assert (0,) not in options and (-1,) in options
            state = play(state, "adjust -1")
        else:
            assert max(options) == (0,)
            state = play(state, "adjust 0")
    assert order == [2, 3, 0, 1]
    assert state.counters == ((7,), (4,), (4,), (3,))
    assert state.events[0].rule == "TOC-VS3-047"


def test_TOC_VS3_047_players_out_are_not_asked() -> None:
    state = rigged(
        3, ["G", "W", "V"], top=["monster.gnom"], counters=[(4,), (0,), (4,)], out=(False, True, False)
    )
    state = ct.apply(state, ct.Draw())
    assert state.queue == (0, 2)


def test_TOC_VS2_028_give_an_item_pay_one_receiver_adjusts() -> None:
    sack = "normal.sack-of-fly"
    assert vs_of(sack)["S"] == 2 and vs_of(sack)["G"] == -1
    state = rigged(2, ["GW", "VS"], hands=((item(sack),), tuple(i for i in range(10) if i != item(sack))))
    state = play(state, f"give {sack} to 1 pay 1")
    assert state.counters[0] == (4, 3), "the giver pays 1 from the counter named"
    assert state.hands[0] == () and state.gifts[-1].item == item(sack)
    assert state.queue == (1,) and ct.current_player(state) == 1, "only the receiver adjusts"
    options = {a.deltas for a in ct.legal_actions(state)}  # type: ignore[attr-defined]
    assert (0, 2) in options and (1, 0) not in options  # S +2 allowed; V not on the card
    state = play(state, "adjust 0 +2")
    assert state.counters[1] == (4, 6)
    assert state.turn == 1 and state.phase == "turn"
    assert {e.rule for e in state.events} <= {"TOC-VS2-028", "TOC-VS2-025"}


def test_TOC_VS2_028_gift_limits() -> None:
    sack = item("normal.sack-of-fly")
    state = rigged(
        2, ["GW", "VS"], counters=[(0, 4), (4, 4)], hands=((sack,), tuple(i for i in range(10) if i != sack))
    )
    for text, why in [
        ("give normal.sack-of-fly to 0 pay 1", "another player"),
        ("give normal.sack-of-fly to 1 pay 0", "cannot pay"),
        ("give normal.sword-of-light to 1 pay 1", "not in player 0's hand"),
    ]:
        with pytest.raises(ct.IllegalActionError, match=why) as err:
            play(state, text)
        assert err.value.rule == "TOC-VS2-028"
    with pytest.raises(ct.MalformedActionError):
        play(state, "give normal.no-such-item to 1 pay 1")


def test_TOC_VS3_048_giver_chooses_the_receiver() -> None:
    sack = item("normal.sack-of-fly")
    hands = ((sack,), (), tuple(i for i in range(10) if i != sack))
    state = rigged(3, ["G", "W", "S"], hands=hands, unused=())
    gifts = [a for a in ct.legal_actions(state) if isinstance(a, ct.Give)]
    assert {g.to for g in gifts} == {1, 2}
    state = play(state, "give normal.sack-of-fly to 2 pay 0")
    assert state.counters[0] == (3,) and state.queue == (2,)
    assert state.events[0].rule == "TOC-VS3-048"
    state = play(state, "adjust +2")
    assert state.counters[2] == (6,) and state.turn == 1
