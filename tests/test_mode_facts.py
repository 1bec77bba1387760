"""A mode's facts are data on its ModeSpec (issue 23, item 2): players, teams, chance, hidden
information, utility, maximum length, the agents that play it. The adapters, the command line and
the lab read them instead of tables of their own: a game with other facts (the toy, changed here)
changes what each of them offers, with no edit to them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from chaos_tower import lab, registry
from chaos_tower.app.cli import main
from chaos_tower.integrations import DEFAULT_MAX_ACTIONS, mode, modes
from chaos_tower.kernel.options import OptionSpec
from toygame.spec import SPEC

TOY = SPEC.modes[0]
FACTS: dict[str, Any] = {
    "hidden_information": False,
    "utility": (-2.0, 2.0),
    "max_length": 77,
    "agents": ("random",),
}
"""The toy's facts, changed: what each tool must then say differently."""


@pytest.fixture
def toy_of_other_facts() -> Iterator[registry.ModeSpec]:
    """The toy registered with other facts and adapter names of its own (``toy_facts_N``)."""
    variants = tuple(
        attrs.evolve(v, name=v.name.replace("toy_duel", "toy_facts")) for v in TOY.variants
    )
    changed = attrs.evolve(TOY, variants=variants, **FACTS)
    registry.register_game(attrs.evolve(SPEC, modes=(changed,)))
    try:
        yield changed
    finally:
        registry.unregister_game("toy")


def test_CRD_PLAYERS_A_the_built_in_modes_state_their_facts() -> None:
    """CRD-PLAYERS-A, CRD-PLAYERS-C: the player counts and teams the manuals give (and the Tower's
    VS sections, 2 to 5); chance and hidden information in every mode; returns from -1 to 1; only
    VS has the simple agent."""
    solo, vs = registry.game("tower").modes
    (duel,) = registry.game("crest").modes
    assert (solo.players, vs.players, duel.players) == ((1, 1), (2, 5), (2, 6))
    assert (solo.team_players, vs.team_players, duel.team_players) == ((), (), (4, 6))
    for spec in (solo, vs, duel):
        assert spec.chance and spec.hidden_information and spec.utility == (-1.0, 1.0)
        assert spec.max_length is None  # the manuals bound no game: the adapters use their default
        assert spec.plays("random") and spec.plays("mcts")
    assert vs.plays("simple") and not solo.plays("simple") and not duel.plays("simple")


def test_facts_that_contradict_the_options_are_refused() -> None:
    """A players range other than the players option's, or teams without a teams option, is an error."""
    with pytest.raises(ValueError, match="players option takes 2 to 6, its facts say 2 to 5"):
        attrs.evolve(registry.game("crest").modes[0], players=(2, 5))
    with pytest.raises(ValueError, match="team_players"):
        attrs.evolve(TOY, team_players=(4,))
    with pytest.raises(ValueError, match="no range"):
        attrs.evolve(TOY, players=(3, 2))
    extra = OptionSpec(name="teams", types=(bool,), default=False, rule="TOY-SETUP-01", doc="teams")
    with pytest.raises(ValueError, match="team_players"):
        attrs.evolve(TOY, options=(*TOY.options, extra))


def test_the_adapters_modes_carry_the_facts(toy_of_other_facts: registry.ModeSpec) -> None:
    """integrations.modes(): each adapter mode has its ModeSpec, and its player count from it."""
    entry = mode("toy_facts_3")
    assert entry.facts is toy_of_other_facts and entry.players == 3
    assert mode("chaos_tower_solo").players == 1
    assert [m.name for m in modes() if m.name.startswith("toy_facts")] == [
        "toy_facts_2",
        "toy_facts_3",
        "toy_facts_4",
    ]


def test_openspiel_reads_information_utility_and_length_from_the_facts(
    toy_of_other_facts: registry.ModeSpec,
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from chaos_tower.integrations import openspiel

    openspiel.register_games()
    game = pyspiel.load_game("toy_facts_2")
    kind, facts = game.get_type(), toy_of_other_facts
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert (game.min_utility(), game.max_utility()) == facts.utility
    assert game.max_game_length() == facts.max_length == game.get_parameters()["max_actions"]
    built_in = pyspiel.load_game("chaos_tower_vs3")
    assert built_in.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert built_in.max_game_length() == DEFAULT_MAX_ACTIONS


def test_pettingzoo_bounds_a_game_by_the_facts(toy_of_other_facts: registry.ModeSpec) -> None:
    pytest.importorskip("pettingzoo")
    from chaos_tower.integrations import pettingzoo as ct_pettingzoo

    assert ct_pettingzoo.env("toy_facts_2").max_actions == 77
    assert ct_pettingzoo.env("toy_facts_2", max_actions=5).max_actions == 5
    assert ct_pettingzoo.env("chaos_tower_solo").max_actions == DEFAULT_MAX_ACTIONS


def test_the_command_line_checks_players_teams_and_agents_by_the_facts(
    toy_of_other_facts: registry.ModeSpec, capsys: pytest.CaptureFixture[str]
) -> None:
    """``chaos-tower play``: no argparse table of player counts or agents; each mode's facts decide."""
    assert main(["play", "--game", "toy", "--players", "5", "--agent", "random"]) == 2
    assert "toy's duel mode is for 2 to 4 players, not 5" in capsys.readouterr().err
    assert main(["play", "--game", "toy", "--agent", "greedy"]) == 2
    assert "--agent greedy: toy's duel mode is played by the agents random" in capsys.readouterr().err
    assert main(["play", "--game", "toy", "--seat", "1=mcts"]) == 2
    assert "'mcts' is not one of random, human" in capsys.readouterr().err
    assert main(["play", "--game", "toy", "--players", "3", "--agent", "random", "--quiet"]) == 0
    assert "result" in capsys.readouterr().out
    assert main(["play", "--players", "2", "--agent", "random"]) == 2
    assert "--players: the solo game is for 1 player, not 2" in capsys.readouterr().err
    assert main(["play", "--players", "1", "--extra-rule", "--agent", "random"]) == 2
    assert "belong to --mode vs" in capsys.readouterr().err
    assert main(["play", "--agent", "simple"]) == 2
    assert "the solo game is played by the agents random, greedy, heuristic, mcts" in capsys.readouterr().err
    assert main(["play", "--game", "crest", "--players", "2", "--teams", "--agent", "random"]) == 2
    assert "--teams: Crest Duel plays in teams with 4 or 6 players" in capsys.readouterr().err


def test_the_lab_checks_players_and_teams_by_the_facts(tmp_path: Any) -> None:
    with pytest.raises(lab.LabError, match="tower-vs has 2 to 5 players, not 6"):
        lab.RunSpec(mode="vs", players=6).check()
    with pytest.raises(lab.LabError, match="plays in teams with 4 or 6 players, not 3"):
        lab.RunSpec(game="crest", mode="duel", players=3, teams=True).check()
    with pytest.raises(lab.LabError, match="tower-solo plays in teams with no number of players"):
        lab.RunSpec(teams=True).check()
