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
