"""The lab's per-card facts of one game: each game's own tracker, found in the registry (issue 25 item 8).

A game gives its tracker in its spec (:attr:`chaos_tower.registry.GameSpec.facts`; the Tower's
in :mod:`chaos_tower.tower.labfacts`, Crest Duel's in :mod:`chaos_tower.crest.labfacts`); a game
that gives none is played with the base tracker (:class:`chaos_tower.kernel.facts.Tracker`), which
keeps no card fact. The lab names no game: a mode is found by its front door name (``rules``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Any

from chaos_tower import registry
from chaos_tower.kernel.facts import FACTS, ROW, FactsError, Tracker

from .failure import LabError

__all__ = ["FACTS", "ROW", "Tracker", "mode_named", "tracker_for", "tracker_maker"]


@cache
def mode_named(rules: str) -> tuple[registry.GameSpec, registry.ModeSpec]:
    """The game and mode whose front door name (``ct.rules_of(state).name``) is ``rules``."""
    for game in registry.games():
        for mode in game.modes:
            if mode.rules.name == rules:
                return game, mode
    known = ", ".join(m.rules.name for g in registry.games() for m in g.modes)
    raise LabError(f"no registered mode plays {rules!r} (the modes: {known})")


def tracker_for(rules: str, cards: Any, players: int | None = None) -> Tracker:
    """A new tracker for one game of the mode named ``rules`` (``tower-solo``, ``crest``, ``toy``) and
    ``players`` (default: the mode's fewest); :class:`LabError` for a set whose facts cannot be kept
    by card ID."""
    try:
        return _maker(rules, cards, players)()
    except FactsError as exc:
        raise LabError(str(exc)) from None


def tracker_maker(rules: str, cards: Any, players: int | None = None) -> Callable[[], Tracker]:
    """What :func:`tracker_for` makes, as a function of no arguments: the mode looked up and the card
    set checked once (:class:`LabError` now, for a set whose facts cannot be kept by card ID), so a
    lab chunk makes each game's tracker with one call."""
    tracker_for(rules, cards, players)
    return _maker(rules, cards, players)


def _maker(rules: str, cards: Any, players: int | None) -> Callable[[], Tracker]:
    game, mode = mode_named(rules)
    count = players or mode.players[0]
    if game.facts is None:
        return partial(Tracker, cards, count)
    return partial(game.facts, mode.name, cards, count)
