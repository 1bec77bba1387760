"""The modes the conformance suite runs, and the games it plays in them.

:func:`registered_modes` is the suite's one source of modes: every test of
tests/conformance/ is generated from it, so a mode that is registered is
checked with no edit to the suite.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from attrs import frozen

import chaos_tower as ct
from chaos_tower.integrations import Mode, modes

# A small cut-off for the variant that ends games by the action limit, so that that ending is reached.
CUT = 30


@frozen(kw_only=True)
class ConformanceMode:
    """One registered mode with one choice of its free options (a variant)."""

    name: str
    """The mode's registered name and the variant's options, e.g. ``chaos_tower_vs3[extra_rule=True]``."""
    options: dict[str, Any]
    """The :func:`chaos_tower.new_game` keywords: the mode's own and the variant's."""
    load_cards: Callable[[], Any]
    """Returns the card set to play with; :meth:`cards` reads it once."""
    zero_sum: bool

    def cards(self) -> Any:
        return _cards(self.load_cards)

    def start(self, seed: int) -> Any:
        return ct.new_game(self.cards(), seed=seed, **self.options)


@cache
def _cards(load: Callable[[], Any]) -> Any:
    return load()


def _variants(free: tuple[ct.OptionSpec, ...]) -> list[dict[str, Any]]:
    """The defaults, then each free option at each other value it can take, one at a time.

    A flag (a bool option) is also tried set; an option with allowed values at each
    of them; a limit with no default (``max_actions``) at a small value, so that the
    mode's cut-off ending is reached. Other options keep their defaults.
    """
    variants: list[dict[str, Any]] = [{}]
    for spec in free:
        if spec.allowed is not None:
            variants += [{spec.name: value} for value in spec.allowed if value != spec.default]
        elif spec.types == (bool,):
            variants.append({spec.name: not spec.default})
        elif spec.types == (int,) and spec.default is None and not spec.required:
            variants.append({spec.name: max(spec.low or 1, CUT)})
    return variants


def registered_modes() -> tuple[ConformanceMode, ...]:
    """Every registered mode, with each variant of its options.

    The list is read from the registry at each call, through the modes the adapters
    serve (:func:`chaos_tower.integrations.modes`: each with its ``new_game``
    keywords, card set, zero-sum flag and free options), so a game registered before
    the suite is collected (an installed package's, by its entry point) is in it, and
    this function is the only place the suite learns of modes.
    """
    return conformance_modes(modes())


def conformance_modes(adapter_modes: tuple[Mode, ...]) -> tuple[ConformanceMode, ...]:
    """The suite's modes for these adapter modes: each with each variant of its free options."""
    found = []
    for mode in adapter_modes:
        for variant in _variants(mode.free_options()):
            label = ",".join(f"{k}={v}" for k, v in variant.items())
            found.append(
                ConformanceMode(
                    name=f"{mode.name}[{label}]" if label else mode.name,
                    options={**mode.options, **variant},
                    load_cards=mode.cards,
                    zero_sum=mode.zero_sum,
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
        chooser = random.Random(seed * 7919 + 1)
        state = mode.start(seed)
        states, actions = [state], []
        for _ in range(cap):
            legal = ct.legal_actions(state)
            if not legal:
                break
            action = chooser.choice(legal)
            state = ct.apply(state, action)
            actions.append(action)
            states.append(state)
        games.append(Game(mode=mode, seed=seed, actions=tuple(actions), states=tuple(states)))
        seed += 1
    return tuple(games)


def players(state: Any) -> range:
    """The seats of the state's game."""
    return range(ct.rules_of(state).players(state))


def foreign_actions() -> tuple[Any, ...]:
    """Actions of every game, some with impossible fields, and things that are no action at all.

    Each mode's own are legal now and then; the others never: ``can_apply`` must say so,
    ``check_action`` and ``apply`` must refuse them with a typed error.
    """
    return (
        None,
        "move n",
        3,
        ("place", 0),
        ct.Move(direction=0),
        ct.Move(direction=9),
        ct.Place(cell=-1, rotation=45),
        ct.Discard(item="no-such-item"),
        ct.Draw(),
        ct.Give(item="no-such-item", to=99, pay=7),
        ct.Declare(target=0, attribute="Q", pay=0),
        ct.Adjust(deltas=(5, -5, 1)),
        ct.Subtract(amounts=(99,)),
        ct.CrestDone(),
        ct.CrestRecover(),
        ct.CrestPlace(card="no-such-card", mark=99, mode="new"),
        ct.CrestUse(mark=-1, target=42),
        ct.CrestSwapHands(),
    )
