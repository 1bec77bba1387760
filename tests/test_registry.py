"""The games as data (chaos_tower.registry, issue 12): each game's spec, and what reads it."""

from __future__ import annotations

import pytest

import chaos_tower as ct
from chaos_tower import registry
from chaos_tower.crest.state import CrestState
from chaos_tower.integrations import MODES
from chaos_tower.rulebook import crest_rules, tower_rules
from chaos_tower.tower.solo.state import State
from chaos_tower.tower.vs.state import VsState


def test_the_builtin_games_and_modes_are_registered_in_order() -> None:
    """The Tower (solo, vs) then Crest Duel (duel), each found by name, state type, save format, card set."""
    assert [g.name for g in registry.games()] == ["tower", "crest"]
    assert [m.name for m in registry.game("tower").modes] == ["solo", "vs"]
    assert registry.mode_of(State).name == "solo"
    assert registry.mode_of(VsState).name == "vs"
    assert registry.mode_of(CrestState).name == "duel"
    assert registry.game_of_cards(type(ct.load_cardset())) is registry.game("tower")
    assert registry.game_of_cards(type(ct.load_cardset(game="crest"))) is registry.game("crest")
    for spec in registry.games():
        for mode in spec.modes:
            assert registry.mode_of_format(mode.save_format) == (spec, mode)
    assert registry.mode_of_format("chaos-tower/chess/1") is None


def test_an_unknown_game_names_the_registered_ones() -> None:
    """A misspelt game name is refused with the list of games."""
    with pytest.raises(KeyError, match="crest, tower"):
        registry.game("towr")


def test_a_game_cannot_be_registered_twice() -> None:
    """Registering the Tower again is refused and changes nothing."""
    before = registry.games()
    with pytest.raises(ValueError, match="already registered"):
        registry.register_game(registry.game("tower"))
    assert registry.games() == before


def test_every_rule_id_matches_its_games_pattern() -> None:
    """The rule-ID patterns of the specs fit every rule of the registries, and not the other game's."""
    tower, crest = registry.game("tower"), registry.game("crest")
    assert all(tower.matches_rule(r.id) and not crest.matches_rule(r.id) for r in tower_rules())
    assert all(crest.matches_rule(r.id) and not tower.matches_rule(r.id) for r in crest_rules())


def test_the_adapters_modes_come_from_the_registry() -> None:
    """integrations.MODES is every spec's variants, with the mode's name and zero_sum."""
    expected = [
        (v.name, {"mode": m.name, **v.options}, v.zero_sum)
        for g in registry.games()
        for m in g.modes
        for v in m.variants
    ]
    assert [(m.name, m.options, m.zero_sum) for m in MODES] == expected
    assert [m.name for m in MODES][:2] == ["chaos_tower_solo", "chaos_tower_vs2"]
    assert len(MODES) == 12


def test_the_converter_gets_each_games_hooks() -> None:
    """The card-set converter names no game: the Tower's and Crest's records come from their specs."""
    from pathlib import Path

    from chaos_tower.cardsets import converter

    text = Path(converter.__file__).read_text(encoding="utf-8")
    assert "crest" not in text.lower() and "..tower" not in text
    crest_cards, tower_cards = ct.load_cardset(game="crest"), ct.load_cardset()
    assert converter.converter().unstructure(crest_cards).keys() >= {"header"}
    assert converter.converter().unstructure(tower_cards.rooms[0])["id"] == tower_cards.rooms[0].id


def test_the_front_door_reads_each_mode_from_the_registry() -> None:
    """ct.rules_of is the ModeSpec's rules; new_game takes the mode's start and options; a view's
    record is made from its ViewCodec and refuses to play (TypeError), saving and loading like a game."""
    cards = ct.load_cardset()
    state = ct.new_game(cards, seed=2, mode="vs", players=3)
    mode = registry.mode_of(VsState)
    assert ct.rules_of(state) is mode.rules
    assert ct.option_specs(cards)["vs"] == mode.options
    view = ct.observation(state, 1)
    assert mode.view is not None and type(view) is mode.view.view_type
    assert ct.rules_of(view).name == mode.view.name == "tower-vs-view"
    assert registry.LOADS[mode.view.format] is mode.view.loads  # a view's own codec entry, format -> loads
    assert ct.loads(ct.dumps(view), cards) == view
    with pytest.raises(TypeError, match="one player's view"):
        ct.legal_actions(view)


def test_a_game_clashing_with_a_registered_format_or_word_is_refused() -> None:
    """A new game reusing the solo save's format, or the VS notation word, is refused, changing nothing."""
    import attrs

    tower = registry.game("tower")
    solo = tower.mode("solo")
    before = registry.games()
    copied = attrs.evolve(tower, name="tower2", cardset_type=int, modes=(attrs.evolve(solo, state_type=int),))
    with pytest.raises(ValueError, match=solo.save_format):
        registry.register_game(copied)
    assert registry.games() == before and ct.rules_of(ct.new_game(ct.load_cardset(), seed=1)) is solo.rules


def test_the_terminal_hand_over_comes_from_each_mode() -> None:
    """VS hands over before every decision, with 'player' (as its own loop did); Crest and solo do not."""
    assert registry.game("tower").mode("vs").hand_over.every_decision
    assert registry.game("tower").mode("vs").hand_over.word == "player"
    assert not registry.game("crest").mode("duel").hand_over.every_decision
    assert registry.game("tower").mode("solo").agent_max_actions == 2000


def test_play_checks_game_and_mode_against_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    """--game and --mode have no fixed argparse choices (so --help imports no game): play refuses an
    unknown game with the registered ones, and a mode the game lacks with its modes."""
    from chaos_tower.app.cli import main

    assert main(["play", "--game", "chess", "--agent", "random"]) == 2
    assert "crest, tower" in capsys.readouterr().err
    assert main(["play", "--mode", "duel", "--agent", "random"]) == 2
    assert "solo or vs" in capsys.readouterr().err


def test_built_in_games_alone_never_scan_the_installed_packages() -> None:
    """Loading, starting and playing a built-in game reads no entry points (a scan costs ~10 ms);
    asking for every game, or for a name no built-in game has, does."""
    import subprocess
    import sys

    script = (
        "import chaos_tower as ct\n"
        "from chaos_tower import registry\n"
        "s = ct.new_game(ct.load_cardset(game='crest'), seed=1)\n"
        "s = ct.apply(s, ct.legal_actions(s)[0]); ct.loads(ct.dumps(s), ct.load_cardset(game='crest'))\n"
        "before = registry._installed_loaded\n"
        "registry.games()\n"
        "print(before, registry._installed_loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]
