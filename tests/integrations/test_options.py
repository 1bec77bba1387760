"""The options a mode's name leaves open are OpenSpiel game parameters and PettingZoo keywords."""

from __future__ import annotations

import pickle

import pyspiel
import pytest

import chaos_tower as ct
from chaos_tower.integrations import MODES
from chaos_tower.integrations import openspiel as ct_openspiel  # noqa: F401  (registers the games)
from chaos_tower.integrations import pettingzoo as ct_pettingzoo

VS_READINGS = {"adjust_after_draw": "all", "declare_when": "any_time", "own_attribute_bluff": True}


def test_every_mode_offers_the_options_its_name_leaves_open() -> None:
    """TOC-VS2-027, TOC-VS2-029, TOC-VS2-032: VS games take the readings and extra_rule as parameters."""
    for mode in MODES:
        params = pyspiel.load_game(mode.name).get_parameters()
        # An option without a default pyspiel can hold (Crest's teams: the _teams names) is no parameter.
        free = {spec.name for spec in mode.free_options() if spec.default is not None} | {"max_actions"}
        assert set(params) == {"seeds", *free}
        assert not free & set(mode.options)
    vs = pyspiel.load_game("chaos_tower_vs3").get_parameters()
    assert vs["adjust_after_draw"] == "drawer" and vs["declare_when"] == "own_turn"
    assert vs["own_attribute_bluff"] is False and vs["extra_rule"] is False


def test_TOC_VS2_027_openspiel_parameters_reach_the_game_and_survive_a_pickle() -> None:
    """TOC-VS2-027, TOC-VS2-029: pyspiel parameters become the state's options, also after a pickle."""
    game = pyspiel.load_game("chaos_tower_vs2", {**VS_READINGS, "extra_rule": True, "max_actions": 40})
    state = game.new_initial_state()
    state.apply_action(5)
    state.apply_action(state.legal_actions()[0])
    options = ct.options(state.state)
    assert options.as_dict() == {"players": 2, "extra_rule": True, "max_actions": 40, **VS_READINGS}
    back = pickle.loads(pickle.dumps(state))
    assert ct.options(back.state) == options and back.state == state.state


def test_openspiel_refuses_parameters_of_the_wrong_type_or_value() -> None:
    """TOC-VS2-027: a value outside the option's list is refused by new_game; a wrong type by pyspiel."""
    with pytest.raises(ct.OptionError, match="adjust_after_draw"):
        pyspiel.load_game("chaos_tower_vs2", {"adjust_after_draw": "everyone"})
    with pytest.raises(pyspiel.SpielError, match="extra_rule"):
        pyspiel.load_game("chaos_tower_vs2", {"extra_rule": 1})
    with pytest.raises(pyspiel.SpielError, match="players"):
        pyspiel.load_game("chaos_tower_vs2", {"players": 3})


def test_TOC_VS2_029_pettingzoo_keywords_reach_the_game() -> None:
    """TOC-VS2-029: env(name, **options) starts games with those options; fixed ones are refused."""
    env = ct_pettingzoo.env("chaos_tower_vs3", max_actions=30, **VS_READINGS)
    env.reset(seed=4)
    assert ct.options(env.game_state).as_dict() == {
        "players": 3,
        "extra_rule": False,
        "max_actions": 30,
        **VS_READINGS,
    }
    with pytest.raises(ct.OptionError, match="players is fixed"):
        ct_pettingzoo.env("chaos_tower_vs3", players=4)
    with pytest.raises(ct.OptionError, match="extra_rule must be bool"):
        ct_pettingzoo.env("chaos_tower_vs3", extra_rule="no")
    with pytest.raises(ct.OptionError, match="no option colour"):
        ct_pettingzoo.env("crest_duel_2", colour="red")
