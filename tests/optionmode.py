"""A registered mode given one more option for a test's duration (the games as they were after)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import attrs

from chaos_tower import registry
from chaos_tower.kernel.options import OptionSpec


def _register(chosen: tuple[registry.GameSpec, ...]) -> None:
    for game in registry.registered():
        registry.unregister_game(game.name)
    for game in chosen:
        registry.register_game(game)


@contextmanager
def mode_with_option(game_name: str, mode_name: str, spec: OptionSpec) -> Iterator[None]:
    """Game ``game_name`` registered with its mode ``mode_name`` given the option ``spec``."""
    games = registry.registered()
    game = registry.game(game_name)
    mode = game.mode(mode_name)
    changed = attrs.evolve(
        game, modes=tuple(attrs.evolve(m, options=(*m.options, spec)) if m is mode else m for m in game.modes)
    )
    _register(tuple(changed if g is game else g for g in games))
    try:
        yield
    finally:
        _register(games)
