"""The modes the test suite's conformance runs: every registered game's, from the packaged suite.

The suite itself ships in the package (:mod:`chaos_tower.conformance`, issue 23 item 8);
:func:`registered_modes` is this test suite's one source of modes, read from the registry at each
call, so a mode that is registered is checked with no edit here.
"""

from __future__ import annotations

from chaos_tower import registry
from chaos_tower.conformance import ConformanceMode, Game, conformance_modes, random_games

__all__ = ["ConformanceMode", "Game", "random_games", "registered_modes"]


def registered_modes() -> tuple[ConformanceMode, ...]:
    """Every registered game's modes (:func:`chaos_tower.conformance.conformance_modes`): each
    adapter variant with each variant of its free options, in the order registered."""
    return tuple(mode for game in registry.games() for mode in conformance_modes(game))
