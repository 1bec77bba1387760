"""The modes the conformance suite runs, each variant of their options, and the games it plays in them.

A game's modes come from its :class:`~chaos_tower.registry.GameSpec`: each mode's adapter
variants (:class:`~chaos_tower.registry.Variant`, the names OpenSpiel and PettingZoo serve), or
the mode at its defaults if it declares none, each with each of its free options at another
value (:func:`variants`). So a mode that is registered is checked with no edit to the suite.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from contextlib import suppress
from functools import cache
from typing import Any

import attrs
from attrs import field, frozen

from .. import api, registry
from ..kernel.errors import ChaosTowerError
from ..kernel.options import OptionSpec

__all__ = [
    "CUT",
    "ConformanceMode",
    "Game",
    "conformance_modes",
    "foreign_actions",
    "players",
    "random_games",
    "random_line",
    "twisted",
    "variants",
]

CUT = 30
"""A small cut-off for the variant that ends games by the action limit, so that that ending is reached."""


@frozen(kw_only=True)
class ConformanceMode:
    """One registered mode with one choice of its free options (a variant)."""

    name: str
    """The variant's name and the options it sets, e.g. ``chaos_tower_vs3[extra_rule=True]``."""
    options: Mapping[str, Any]
    """The :func:`chaos_tower.new_game` keywords: the mode's own (``mode=``) and the variant's."""
    load_cards: Callable[[], object] = field(eq=False, repr=False)
    """Returns the card set to play with; :meth:`cards` reads it once."""
    zero_sum: bool
    spec: registry.ModeSpec = field(eq=False, repr=False)
    """The registered mode: its option specs, rules, agents and facts."""
    _cards: list[Any] = field(factory=list, eq=False, repr=False, init=False)

    def cards(self) -> Any:
        """The card set (loaded on first need, then kept)."""
        if not self._cards:
            self._cards.append(self.load_cards())
        return self._cards[0]

    def start(self, seed: int) -> Any:
        """A new game of this variant from ``seed``."""
        return api.new_game(self.cards(), seed=seed, **self.options)


def variants(free: tuple[OptionSpec, ...]) -> list[dict[str, Any]]:
    """The defaults, then each free option at each other value it can take, one at a time.

    A flag (a bool option) is also tried set; an option with allowed values at each
    of them; a limit with no default (``max_actions``) at a small value, so that the
    mode's cut-off ending is reached. Other options keep their defaults.
    """
    found: list[dict[str, Any]] = [{}]
    for spec in free:
        if spec.allowed is not None:
            found += [{spec.name: value} for value in spec.allowed if value != spec.default]
        elif spec.types == (bool,):
            found.append({spec.name: not spec.default})
        elif spec.types == (int,) and spec.default is None and not spec.required:
            found.append({spec.name: max(spec.low or 1, CUT)})
    return found


@cache
def _builtin(name: str, cardset_type: type, folder: str) -> Any:
    from ..cardsets.loading import load_cardset

    load: Callable[..., Any] = load_cardset
    return load(game=name)


def _builtin_cards(game: registry.GameSpec) -> Callable[[], Any]:
    """The game's built-in card set, read once per game (its name, card-set type and folder)."""
    return lambda: _builtin(game.name, game.cardset_type, game.builtin)


def conformance_modes(
    game: registry.GameSpec, cards: Callable[[], object] | None = None
) -> tuple[ConformanceMode, ...]:
    """The suite's modes of ``game``: each mode's variants (or the mode alone, at its defaults, if
    it names none), each with each variant of the options the variant leaves free; played with the
    card set ``cards()`` returns (default: the game's built-in one)."""
    load = cards or _builtin_cards(game)
    found = []
    for mode in game.modes:
        named = mode.variants or (registry.Variant(name=f"{game.name}_{mode.name}"),)
        for variant in named:
            fixed = {"mode": mode.name, **variant.options}
            free = tuple(spec for spec in mode.options if spec.name not in fixed)
            for extra in variants(free):
                label = ",".join(f"{k}={v}" for k, v in extra.items())
                found.append(
                    ConformanceMode(
                        name=f"{variant.name}[{label}]" if label else variant.name,
                        options={**fixed, **extra},
                        load_cards=load,
                        zero_sum=variant.zero_sum,
                        spec=mode,
                    )
                )
    return tuple(found)


@frozen(kw_only=True)
class Game:
    """One random game of a mode: its seed, the actions chosen and every state (the start first)."""

    mode: ConformanceMode
    seed: int
    actions: tuple[Any, ...]
    states: tuple[Any, ...]


def random_games(mode: ConformanceMode, first_seed: int, budget: int, cap: int) -> tuple[Game, ...]:
    """Random games from seeds ``first_seed``, ``first_seed + 1``, ... until ``budget`` actions are played.

    Each game takes random legal actions (its chooser seeded from its seed) until it
    ends or has had ``cap`` actions; so a mode whose random games end soon plays more of them.
    """
    games: list[Game] = []
    seed = first_seed
    while sum(len(g.actions) for g in games) < budget:
        states, actions = random_line(mode.start(seed), random.Random(seed * 7919 + 1), cap)
        games.append(Game(mode=mode, seed=seed, actions=tuple(actions), states=tuple(states)))
        seed += 1
    return tuple(games)


def random_line(state: Any, chooser: random.Random, cap: int) -> tuple[list[Any], list[Any]]:
    """The states and actions of a line from ``state``: ``chooser``'s pick among the legal actions
    until the game ends or ``cap`` actions are played."""
    states, actions = [state], []
    for _ in range(cap):
        legal = api.legal_actions(state)
        if not legal:
            break
        action = chooser.choice(legal)
        state = api.apply(state, action)
        actions.append(action)
        states.append(state)
    return states, actions


def players(state: Any) -> range:
    """The seats of the state's game."""
    return range(api.rules_of(state).players(state))


@frozen
class _Stranger:
    """An action of no game at all."""

    what: str = "stranger"


STRANGERS: tuple[Any, ...] = (None, "move n", 3, ("place", 0), _Stranger())
"""Things that are no action of any game."""


def twisted(action: Any) -> list[Any]:
    """Copies of an action record with one field made impossible: each int at -1 and 99, each text
    ``"no-such-thing"``: the rules must refuse each as illegal or malformed (or it is legal)."""
    if not attrs.has(type(action)):
        return []
    out = []
    for field_ in attrs.fields(type(action)):
        value = getattr(action, field_.name)
        wrong: tuple[Any, ...] = ()
        if type(value) is int:
            wrong = (-1, 99)
        elif type(value) is str:
            wrong = ("no-such-thing",)
        elif isinstance(value, tuple) and all(type(v) is int for v in value):
            wrong = ((*value, 99), tuple(-v - 1 for v in value))
        for bad in wrong:
            with suppress(TypeError, ValueError):  # a record that refuses the value itself
                out.append(attrs.evolve(action, **{field_.name.lstrip("_"): bad}))
    return out


@cache
def _others(names: tuple[str, ...]) -> tuple[Any, ...]:
    found: list[Any] = []
    for game in registry.registered():
        if game.name not in names:
            continue
        for mode in (
            conformance_modes(game)[:1]
            + tuple(m for m in conformance_modes(game) if m.spec is not game.modes[0])[:1]
        ):
            try:
                found += api.action_space(mode.start(1))[:6]
            except (ChaosTowerError, ValueError, TypeError, KeyError):  # cannot start here: none to borrow
                continue
    return tuple(found)


def foreign_actions(state: Any) -> tuple[Any, ...]:
    """What the rules of ``state`` must refuse or judge: things that are no action, every other
    registered game's actions, and this game's own actions with impossible fields."""
    own_type = type(state)
    names = tuple(g.name for g in registry.registered() if all(m.state_type is not own_type for m in g.modes))
    space = api.action_space(state)
    picked = [space[i] for i in sorted({0, len(space) // 2, len(space) - 1}) if space]
    return (*STRANGERS, *_others(names), *(t for a in picked for t in twisted(a)))
