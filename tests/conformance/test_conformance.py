"""The conformance suite: every registered mode and variant, every property of the front door.

The suite ships in the package (:mod:`chaos_tower.conformance`); this runs its checks one by one,
so that each is a test of its own. Generated from :func:`.modes.registered_modes` (every mode the
adapters serve, each variant of its options) times :data:`chaos_tower.conformance.CHECKS`: random play, each
property asserted on every state reached. The quick run plays about 150 steps
per variant (a few hundred per mode); the ``slow`` run plays 1000 per variant,
in games of up to 2000 actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower import api
from chaos_tower.conformance import CHECKS, DEPTHS
from chaos_tower.integrations import MODES

from .modes import ConformanceMode, Game, random_games, registered_modes

QUICK = DEPTHS["quick"]
DEEP = DEPTHS["deep"]

# (check, mode name) -> why it fails today; each is an xfail(strict=True), so a fix shows up at once.
KNOWN: dict[tuple[str, str], str] = {}


@cache
def _mode(name: str) -> ConformanceMode:
    return next(m for m in registered_modes() if m.name == name)


@cache
def _quick(name: str) -> tuple[Game, ...]:
    return random_games(_mode(name), **QUICK)


@cache
def _deep(name: str) -> tuple[Game, ...]:
    return random_games(_mode(name), **DEEP)


def _grid() -> list[Any]:
    params = []
    for check in CHECKS:
        for mode in registered_modes():
            reason = KNOWN.get((check.__name__, mode.name))
            marks = (pytest.mark.xfail(strict=True, reason=reason),) if reason else ()
            params.append(pytest.param(check, mode.name, marks=marks, id=f"{check.__name__}-{mode.name}"))
    return params


@pytest.mark.parametrize(("check", "name"), _grid())
def test_conformance(check: Callable[[Game], None], name: str) -> None:
    """The property ``check`` holds on every state of short random games of mode ``name``."""
    for game in _quick(name):
        check(game)


@pytest.mark.slow
@pytest.mark.parametrize(("check", "name"), _grid())
def test_conformance_deep(check: Callable[[Game], None], name: str) -> None:
    """The property ``check`` on 1000 random steps per variant of mode ``name``, in games of up to 2000."""
    for game in _deep(name):
        check(game)


def test_every_registered_mode_is_in_the_suite() -> None:
    """The suite's list is the registered one: every adapter mode with its variants, and nothing else."""
    names = [m.name for m in registered_modes()]
    assert len(names) == len(set(names))
    assert {n.split("[")[0] for n in names} == {m.name for m in MODES}
    for variant in ("adjust_after_draw=all", "declare_when=any_time", "own_attribute_bluff=True"):
        assert f"chaos_tower_vs3[{variant}]" in names
    assert "crest_duel_4_teams[max_actions=30]" in names and "chaos_tower_solo" in names


def test_the_quick_games_play_a_few_hundred_steps_per_mode() -> None:
    """The quick run is not empty: 150 steps or more per variant, and every mode has games that end."""
    ended = set()
    for mode in registered_modes():
        games = _quick(mode.name)
        assert sum(len(g.actions) for g in games) >= 150
        if any(ct.is_terminal(g.states[-1]) for g in games):
            ended.add(mode.name.split("[")[0])
    assert ended == {m.name for m in MODES}


def _shifted(tensor: Any) -> Any:
    return lambda state, player: tuple(v + 2.0 for v in tensor(state, player))


def _other_world(determinize: Any) -> Any:
    return lambda state, player, seed: _mode("chaos_tower_vs3").start(seed + 1)


def _touching(apply: Any) -> Any:
    def touch(state: Any, action: Any) -> Any:
        object.__setattr__(state, "rng", state.rng ^ 1)  # what a careless rule might do to its input
        return apply(state, action)

    return touch


def _unseeded(apply: Any) -> Any:
    return lambda state, action: attrs.evolve(apply(state, action), seed=random.getrandbits(32))


def _altered(loads: Any) -> Any:
    return lambda text, cards: attrs.evolve(loads(text, cards), actions=99)


# A broken front door that each check must catch: (check, the function broken, how).
BROKEN: list[tuple[str, str, Callable[[Any], Any]]] = [
    ("offered_actions_are_legal", "can_apply", lambda real: lambda state, action: False),
    ("bad_actions_are_refused", "can_apply", lambda real: lambda state, action: True),
    ("apply_is_pure", "apply", _touching),
    ("saves_round_trip", "loads", _altered),
    ("notation_round_trips", "to_notation", lambda real: lambda state: real(state) + "\n"),
    ("observations_save_and_read_back", "dumps", lambda real: lambda state: real(state).replace('"', "'")),
    ("pictures_draw", "seat_view", lambda real: lambda state, player: repr(state)),
    ("action_indices_round_trip", "action_index", lambda real: lambda state, action: real(state, action) + 1),
    ("tensors_fit_their_layout", "observation_tensor", _shifted),
    ("determinize_hides_nothing_and_leaks_nothing", "determinize", _other_world),
    ("games_are_deterministic", "apply", _unseeded),
    ("endings_are_consistent", "returns", lambda real: lambda state: (1.0,) * 3),
]


@pytest.mark.parametrize(("check", "target", "breaking"), BROKEN, ids=[b[0] for b in BROKEN])
def test_each_check_catches_a_broken_front_door(
    monkeypatch: pytest.MonkeyPatch, check: str, target: str, breaking: Callable[[Any], Any]
) -> None:
    """The suite can fail: with one front-door function broken, the check that guards it fails."""
    game = random_games(_mode("chaos_tower_vs3"), first_seed=5, budget=20, cap=20)[0]  # not the cached ones
    found = {c.__name__: c for c in CHECKS}[check]
    found(game)  # sound first
    monkeypatch.setattr(api, target, breaking(getattr(api, target)))  # what the packaged checks call
    with pytest.raises((AssertionError, ct.ChaosTowerError)):
        found(game)


def test_every_check_has_its_broken_front_door() -> None:
    """Each check of the suite is shown to fail when what it guards is broken (the list above)."""
    assert sorted(b[0] for b in BROKEN) == sorted(c.__name__ for c in CHECKS)
