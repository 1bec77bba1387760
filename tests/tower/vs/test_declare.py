"""Declarations, "見えた": TOC-VS2-029 and TOC-VS3-049."""

from __future__ import annotations

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.tower.vs import declaration_limit

from .scenario import play, quiet_turn, rigged


def test_TOC_VS2_029_wrong_then_right_costs_one_each() -> None:
    state = rigged(2, ["GW", "VS"])
    state = play(state, "seen 1 D pay 0")  # D is the leftover: wrong
    assert state.counters[0] == (3, 4) and state.declarations[0] == 1
    assert state.revealed[1] == (False, False)
    assert state.phase == "turn" and state.turn == 0, "a declaration does not end the turn"
    assert str(state.named[-1]) == "player 0 named D for player 1: wrong"
    state = play(state, "seen 1 S pay 1")
    assert state.counters[0] == (3, 3) and state.revealed[1] == (False, True)
    assert ct.observation(state, 0).face_up[1] == (None, "S")
    assert ct.observation(state, 1).face_up[1] == (None, "S")
    assert [e.rule for e in state.events] == ["TOC-VS2-029", "TOC-VS2-029"]
    with pytest.raises(ct.IllegalActionError, match="used all 2") as err:
        play(state, "seen 1 V pay 0")
    assert err.value.rule == "TOC-VS2-029"
    assert declaration_limit(2) == 2


def test_TOC_VS2_029_what_cannot_be_named() -> None:
    state = rigged(2, ["GW", "VS"], counters=[(0, 4), (4, 4)])
    for text, why in [
        ("seen 1 G pay 1", "own attribute"),
        ("seen 0 V pay 1", "another player"),
        ("seen 1 V pay 0", "cannot pay"),
    ]:
        with pytest.raises(ct.IllegalActionError, match=why) as err:
            play(state, text)
        assert err.value.rule == "TOC-VS2-029"
    named = quiet_turn(quiet_turn(play(state, "seen 1 V pay 1")))
    assert named.turn == 0 and named.declarations[0] == 1
    with pytest.raises(ct.IllegalActionError, match="already face up"):
        play(named, "seen 1 V pay 1")
    with pytest.raises(ct.MalformedActionError):
        play(state, "seen 1 X pay 1")


def test_TOC_VS2_029_naming_both_wins() -> None:
    state = rigged(2, ["GW", "VS"])
    state = play(state, "seen 1 V pay 0", "seen 1 S pay 0")
    assert ct.is_terminal(state)
    assert ct.outcome(state).results == ("won", "lost")  # type: ignore[union-attr]
    assert ct.returns(state) == (1.0, -1.0)
    assert ct.legal_actions(state) == ()


@pytest.mark.parametrize(("players", "limit"), [(3, 2), (4, 3), (5, 3)])
def test_TOC_VS3_049_declaration_limits(players: int, limit: int) -> None:
    assert declaration_limit(players) == limit
    letters = ["G", "W", "V", "S", "D"][:players]
    unheld = [x for x in "GWVSD" if x not in letters]
    state = rigged(3 if players == 3 else players, letters, counters=[(8,)] * players)
    # Wrong names only (attributes nobody holds, or the wrong one for a seat) so nobody goes out.
    guesses = [f"seen 1 {x} pay 0" for x in unheld] + [f"seen 1 {x} pay 0" for x in letters[2:]]
    for text in guesses[:limit]:
        state = play(state, text)
    assert state.declarations[0] == limit and state.counters[0] == (8 - limit,)
    # One more name, legal but for the limit (a wrong name for seat 2, whose attribute is V).
    extra = guesses[limit] if len(guesses) > limit else f"seen 2 {'D' if players == 4 else 'W'} pay 0"
    assert ct.can_apply(attrs.evolve(state, declarations=(0,) * players), ct.parse_action(state, extra))
    with pytest.raises(ct.IllegalActionError, match=f"used all {limit}") as err:
        play(state, extra)
    assert err.value.rule == "TOC-VS3-049"


def test_TOC_VS3_049_a_right_name_puts_the_player_out() -> None:
    state = rigged(4, ["G", "W", "V", "S"])
    state = play(state, "seen 2 V pay 0")
    assert state.revealed[2] == (True,) and state.out == (False, False, True, False)
    assert [e.rule for e in state.events] == ["TOC-VS3-049", "TOC-VS3-049", "TOC-VS3-051"]
    with pytest.raises(ct.IllegalActionError):
        play(state, "seen 2 G pay 0")


def test_TOC_VS2_029_a_name_may_be_given_as_G_W_V_S_D_or_in_kanji() -> None:
    # 宣言名は G W V S D か 地 水 火 風 闇 で行う
    state = rigged(2, ["GW", "VS"])
    for kanji, letter in zip("地水火風闇", "GWVSD", strict=True):
        assert ct.parse_action(state, f"seen 1 {kanji} pay 0") == ct.Declare(
            target=1, attribute=letter, pay=0
        )
    after = play(state, "seen 1 風 pay 0")
    assert after.revealed[1] == (False, True)
