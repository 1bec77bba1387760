"""Every option of every registered mode, at each of its other values, survives every way a game is kept.

Issue 22: an option that a save, the notation, a replay or a view's save drops
would give back another game than the one played. The sweep is generated from
the registry's option specs (:func:`chaos_tower.option_specs`, every registered
mode), not a hand-picked list: each option at each value other than its default
that its spec admits (each allowed value, a flag set, an int range's ends and
every value of a small range, ``max_actions`` at 1 and at a small cut, a tuple
option at each layout the mode records for it, and that layout's permutations).
A value the mode only takes with another option set (Crest's teams need 4 or 6
players) is started with each other option's values in turn until one starts.
For each such game, its start and a few random actions on: ``loads(dumps(s))``,
``from_notation(to_notation(s))``, a replay written, read back and verified,
and each seat's view saved and read back give the same state (or view) and the
same options.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.integrations import modes

SMALL_RANGE = 8
"""An int option with at most this many values is tried at each of them."""
CUT = 3
STEPS = 12


def _cards_of(mode: str) -> Any:
    found = next(m for m in modes() if m.options["mode"] == mode)
    return _cards(found.cards)


@cache
def _cards(load: Any) -> Any:
    return load()


def _plain_values(spec: ct.OptionSpec) -> list[Any]:
    """The values the spec admits, read from it alone (a tuple option's come from the games)."""
    values: list[Any] = []
    if spec.allowed is not None:
        values += spec.allowed
    if bool in spec.types:
        values += [True, False]
    if int in spec.types:
        low = spec.low if spec.low is not None else 0
        if spec.high is not None and spec.high - low < SMALL_RANGE:
            values += range(low, spec.high + 1)
        else:
            values += [low, low + CUT, *([spec.high] if spec.high is not None else [])]
    return [v for v in dict.fromkeys(values) if v != spec.default or type(v) is not type(spec.default)]


def _start(mode: str, chosen: dict[str, Any], seed: int) -> Any | None:
    try:
        return ct.new_game(_cards_of(mode), mode=mode, seed=seed, **chosen)
    except ct.OptionError:
        return None


def _companions(mode: str, name: str) -> list[dict[str, Any]]:
    """Nothing else, then each other option of the mode at each of its values, one at a time."""
    tries: list[dict[str, Any]] = [{}]
    for other in ct.option_specs(mode=mode)[mode]:
        if other.name != name:
            tries += [{other.name: v} for v in _plain_values(other)]
    return tries


def _with_companions(mode: str, name: str, value: Any, seed: int) -> tuple[dict[str, Any], Any] | None:
    """Options with ``name`` at ``value`` that the mode starts with, and the state; else ``None``."""
    for extra in _companions(mode, name):
        chosen = {**extra, name: value}
        state = _start(mode, chosen, seed)
        if state is not None:
            return chosen, state
    return None


def _cases() -> Iterator[tuple[str, str, Any]]:
    for mode, specs in ct.option_specs().items():
        for spec in specs:
            values = _plain_values(spec)
            if tuple in spec.types:
                # The layouts the mode records for the other values (teams=True: (0, 1, 0, 1)), each order.
                recorded = set()
                for value, extra in itertools.product(values, _companions(mode, spec.name)):
                    state = _start(mode, {**extra, spec.name: value}, 1)
                    if state is not None and isinstance(ct.options(state)[spec.name], tuple):
                        recorded.add(ct.options(state)[spec.name])
                values += sorted({p for layout in recorded for p in itertools.permutations(layout)})
            for value in values:
                yield mode, spec.name, value


CASES = list(_cases())


def _ids(case: tuple[str, str, Any]) -> str:
    return f"{case[0]}-{case[1]}={case[2]!r}".replace(" ", "")


def _played(state: Any, seed: int) -> tuple[list[Any], list[Any]]:
    chooser = random.Random(seed)
    states, actions = [state], []
    for _ in range(STEPS):
        legal = ct.legal_actions(state)
        if not legal:
            break
        action = chooser.choice(legal)
        state = ct.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions


def test_the_sweep_covers_every_option_of_every_registered_mode() -> None:
    """Generated from the registry: each option of each mode has at least one other value swept."""
    swept = {(mode, name) for mode, name, _ in CASES}
    assert swept == {(mode, s.name) for mode, specs in ct.option_specs().items() for s in specs}
    assert ("duel", "teams", (0, 0, 1, 1)) in CASES and ("duel", "teams", (1, 1, 0, 0, 1, 0)) in CASES
    assert ("vs", "adjust_after_draw", "all") in CASES


@pytest.mark.parametrize(("mode", "name", "value"), CASES, ids=[_ids(c) for c in CASES])
def test_an_option_at_another_value_survives_saves_notation_replays_and_views(
    mode: str, name: str, value: Any
) -> None:
    """TOC-VS2-029, TOC-STEP-02, CRD-PLAYERS-C: the game a state, its notation, its replay and its
    views give back is the one played, under the same options."""
    started = _with_companions(mode, name, value, seed=5)
    if started is None:
        # No value of the other options lets this one start: then the mode must refuse it, typed.
        with pytest.raises(ct.OptionError):
            ct.new_game(_cards_of(mode), mode=mode, seed=5, **{name: value})
        return
    chosen, start = started
    options = ct.options(start)
    assert options.mode == mode
    cards = _cards_of(mode)
    states, actions = _played(start, seed=5)
    for state in states:
        assert ct.options(state) == options
        again = ct.loads(ct.dumps(state), cards)
        assert again == state and ct.options(again) == options
        noted = ct.from_notation(ct.to_notation(state), cards)
        assert noted == state and ct.options(noted) == options
        for seat in range(ct.rules_of(state).players(state)):
            view = ct.observation(state, seat)
            back = ct.loads(ct.dumps(view), cards)
            assert back == view and ct.dumps(back) == ct.dumps(view)
            if ct.rules_of(state).determinize is not None:
                # A world drawn from the view is played under the same options.
                assert ct.options(ct.determinize(state, seat, seed=3)) == options
    recorded = replay.record(cards, actions, seed=5, mode=mode, **chosen)
    read = replay.loads(recorded.dumps())
    assert read.options == options
    final = replay.verify(read, cards)
    assert final == states[-1] and ct.options(final) == options
    assert replay.state_at(read, cards, 0) == start


def test_the_sweep_catches_a_save_that_drops_an_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep can fail: a save read back under the default reading is another game."""
    real = ct.loads
    monkeypatch.setattr(ct, "loads", lambda text, cards: real(text.replace('"all"', '"drawer"'), cards))
    with pytest.raises(AssertionError):
        test_an_option_at_another_value_survives_saves_notation_replays_and_views(
            "vs", "adjust_after_draw", "all"
        )
