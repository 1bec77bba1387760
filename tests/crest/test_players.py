"""2.(4) プレイ人数: CRD-PLAYERS-A..C."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower.crest.actions import Cast
from chaos_tower.crest.agents import CrestRandomAgent
from chaos_tower.crest.cards import CrestCardSet

from .helpers import arrange


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_CRD_PLAYERS_A_two_to_six_players_only(crest: CrestCardSet, players: int) -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        ct.new_game(crest, players=players)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_CRD_PLAYERS_A_every_count_from_two_to_six_starts(crest: CrestCardSet, players: int) -> None:
    state = ct.new_game(crest, players=players, seed=1)
    assert ct.rules_of(state).players(state) == players
    assert len(state.hands) == players


def test_CRD_PLAYERS_B_the_two_player_duel_plays_to_a_winner(crest: CrestCardSet) -> None:
    """CRD-PLAYERS-B (Made for two)."""
    state = ct.new_game(crest, players=2, seed=9)
    agent = CrestRandomAgent(9)
    while not ct.is_terminal(state):
        state = ct.apply(state, agent.choose_in(state))
    assert state.result is not None and len(state.result.winners) == 1
    assert sorted(ct.returns(state)) == [-1.0, 1.0]


def test_CRD_PLAYERS_C_two_teams_with_four_or_six(crest: CrestCardSet) -> None:
    assert ct.new_game(crest, players=4, teams=True).teams == (0, 1, 0, 1)
    assert ct.new_game(crest, players=6, teams=True).teams == (0, 1, 0, 1, 0, 1)
    assert ct.new_game(crest, players=4, teams=(0, 0, 1, 1)).teams == (0, 0, 1, 1)
    for players, teams in (
        (2, True),
        (3, True),
        (5, True),
        (4, (0, 0, 0, 1)),
        (4, (0, 1, 2, 1)),
        (6, (0, 1)),
    ):
        with pytest.raises(ct.OptionError, match="teams"):
            ct.new_game(crest, players=players, teams=teams)
    with pytest.raises(ValueError, match="extra_rule"):
        ct.new_game(crest, players=4, extra_rule=True)


@pytest.mark.parametrize(
    ("players", "teams"), [(3, True), (4, (0, 0, 0, 1)), (6, (0, 1)), (5, (0, 1, 0, 1, 0))]
)
def test_CRD_PLAYERS_C_a_refused_team_layout_is_an_option_error(
    crest: CrestCardSet, players: int, teams: bool | tuple[int, ...]
) -> None:
    """CRD-PLAYERS-C: a layout the rule does not allow is refused like every other option (issue 22),
    by ``ct.new_game`` and by the mode's own ``new_game``, naming the mode and the option."""
    from chaos_tower.crest.start import new_game

    for start in (ct.new_game, new_game):
        with pytest.raises(ct.OptionError, match=r"^duel: teams") as err:
            start(crest, players=players, teams=teams)
        assert isinstance(err.value, ValueError)


def test_CRD_PLAYERS_C_teammates_are_not_targets() -> None:
    state = arrange(monsters=("ixalith", "gorgath", "azhrem", "vorkath"), teams=True, hands={0: ["fireball"]})
    targets = {a.target for a in ct.legal_actions(state) if isinstance(a, Cast)}
    assert targets == {1, 3}
    with pytest.raises(ct.IllegalActionError) as err:
        ct.apply(state, Cast(card="fireball", target=2))
    assert err.value.rule == "CRD-WIELD-F"
