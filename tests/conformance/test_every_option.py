"""Every option of every registered mode, at each of its other values, survives every way a game is kept.

Issue 22: an option that a save, the notation, a replay or a view's save drops would give back
another game than the one played. The sweep ships in the package
(:func:`chaos_tower.conformance.sweeps.option_cases` and ``option_survives``, which
``chaos_tower.conformance.check`` runs) and is generated from each registered mode's option
specs, not a hand-picked list: each option at each value other than its default that its spec
admits (each allowed value, a flag set, an int range's ends and every value of a small range,
``max_actions`` at 1 and at a small cut, a tuple option at each layout the mode records for it,
and that layout's permutations). A value the mode only takes with another option set (Crest's
teams need 4 or 6 players) is started with each other option's values in turn until one starts.
For each such game, its start and a few random actions on: ``loads(dumps(s))``,
``from_notation(to_notation(s))``, a replay written, read back and verified, and each seat's
view saved and read back give the same state (or view) and the same options.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower import api, registry
from chaos_tower.conformance import sweeps


@cache
def _cards(game: str) -> Any:
    return ct.load_cardset(game=game)


def _cases() -> list[tuple[str, str, str, Any]]:
    return [
        (game.name, mode.name, name, value)
        for game in registry.games()
        for mode in game.modes
        for name, value in sweeps.option_cases(_cards(game.name), mode)
    ]


CASES = _cases()


def _ids(case: tuple[str, str, str, Any]) -> str:
    return f"{case[1]}-{case[2]}={case[3]!r}".replace(" ", "")


def test_the_sweep_covers_every_option_of_every_registered_mode() -> None:
    """Generated from the registry: each option of each mode has at least one other value swept."""
    swept = {(game, mode, name) for game, mode, name, _ in CASES}
    every = {(g.name, m.name, s.name) for g in registry.games() for m in g.modes for s in m.options}
    assert swept == every
    assert ("crest", "duel", "teams", (0, 0, 1, 1)) in CASES
    assert ("crest", "duel", "teams", (1, 1, 0, 0, 1, 0)) in CASES
    assert ("tower", "vs", "adjust_after_draw", "all") in CASES


@pytest.mark.parametrize(("game", "mode", "name", "value"), CASES, ids=[_ids(c) for c in CASES])
def test_an_option_at_another_value_survives_saves_notation_replays_and_views(
    game: str, mode: str, name: str, value: Any
) -> None:
    """TOC-VS2-029, TOC-STEP-02, CRD-PLAYERS-C: the game a state, its notation, its replay and its
    views give back is the one played, under the same options."""
    sweeps.option_survives(_cards(game), registry.game(game).mode(mode), name, value)


def test_the_sweep_catches_a_save_that_drops_an_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep can fail: a save read back under the default reading is another game."""
    real = api.loads
    monkeypatch.setattr(api, "loads", lambda text, cards: real(text.replace('"all"', '"drawer"'), cards))
    with pytest.raises(AssertionError, match="adjust_after_draw='all': the save loses it"):
        test_an_option_at_another_value_survives_saves_notation_replays_and_views(
            "tower", "vs", "adjust_after_draw", "all"
        )
