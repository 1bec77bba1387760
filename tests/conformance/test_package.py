"""``chaos_tower.conformance.check(game)``, the suite a plugin author runs from their own tests
(issue 23, item 8): it passes a sound game, reports every broken promise of an unsound one with
the check, the variant, the seed and where it was raised, and lists what a mode does not offer."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower import conformance, registry
from toygame import views
from toygame.spec import SPEC


def _toy(**rules: Any) -> registry.GameSpec:
    """The toy game with some of its front-door functions replaced."""
    mode = SPEC.modes[0]
    return attrs.evolve(SPEC, modes=(attrs.evolve(mode, rules=attrs.evolve(mode.rules, **rules)),))


def test_a_sound_game_passes_and_is_registered_only_for_the_run() -> None:
    """The toy, not registered before, passes every check; afterwards it is registered no more."""
    assert "toy" not in [g.name for g in registry.registered()]
    report = conformance.check(SPEC, depth="smoke")
    assert report.ok and report.game == "toy" and len(report.passed) > 60
    assert "toy" not in [g.name for g in registry.registered()]


def test_a_broken_save_is_reported_with_its_check_variant_seed_and_place() -> None:
    """A save that forgets the pile breaks saves_round_trip and every sweep that saves: one
    :class:`ConformanceError` (an AssertionError) lists each, where it was raised."""

    def forgetful(state: Any) -> str:
        return views.dumps(attrs.evolve(state, pile=()))

    with pytest.raises(AssertionError) as caught:
        conformance.check(_toy(dumps=forgetful), depth="smoke", agents=False)
    error = caught.value
    assert isinstance(error, conformance.ConformanceError)
    text = str(error)
    assert text.startswith("conformance of toy: ")
    assert "saves_round_trip [toy_duel_2, seed 1]: " in text
    assert "options [duel players=3, seed 5]: " in text
    assert "at " in text and "conformance/checks.py" in text
    failed = {f.check for f in error.report.failures}
    assert {"saves_round_trip", "options"} <= failed and "notation_round_trips" not in failed


def test_a_mode_without_notation_has_those_checks_listed_as_not_offered() -> None:
    """An optional front-door function a mode does not offer is listed, not failed."""
    report = conformance.check(_toy(to_notation=None, from_notation=None), depth="smoke", agents=False)
    assert "notation_round_trips [toy_duel_2]: no to_notation, from_notation" in report.skipped
    assert report.ok


def test_bad_arguments_are_refused_before_anything_runs() -> None:
    with pytest.raises(ValueError, match="depth is one of smoke, quick, deep"):
        conformance.check(SPEC, depth="long")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="toy has no mode solo; its modes are duel"):
        conformance.check(SPEC, modes=["solo"])
    with pytest.raises(KeyError, match="no game 'nothing'"):
        conformance.check("nothing")


@pytest.mark.slow
@pytest.mark.parametrize("game", ["tower", "crest"])
def test_each_built_in_game_passes_the_packaged_suite(game: str) -> None:
    """Every built-in game, as a plugin's would be: play checks, every option, every claiming agent."""
    report = conformance.check(game, depth="smoke")
    assert report.ok and all(f"agent random [{m.name}]" in report.passed for m in _bases(game))


def _bases(game: str) -> list[Any]:
    return [m for m in conformance.conformance_modes(ct.registry.game(game)) if "[" not in m.name]
