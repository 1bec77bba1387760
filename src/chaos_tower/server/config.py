"""The server's settings, and the card sets it serves (only those it was started with, validated)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import field, frozen

from .. import registry
from ..app.replay import cardset_id
from ..cardsets.loading import check_cardset

__all__ = ["CardSets", "ServerConfig", "ServerSetupError", "load_cardsets"]

MAX_FRAME_BYTES = 4096
"""The largest frame a client may send (bytes of UTF-8 text); larger ones get an error frame."""
MAX_MESSAGE_BYTES = 65536
"""The websocket layer closes a connection whose message is larger than this (code 1009)."""
RATE_PER_SECOND = 10.0
"""A connection may send this many frames a second on average, in bursts of :data:`RATE_BURST`."""
RATE_BURST = 30


class ServerSetupError(Exception):
    """The server cannot start: a card set is invalid, or the database cannot be opened."""


@frozen(kw_only=True)
class ServerConfig:
    """What :func:`chaos_tower.server.create_app` is given (all optional)."""

    db: str = "chaos-tower.sqlite3"
    """A SQLite file (``:memory:`` for none), or a ``postgresql://`` URL."""
    cards: tuple[str, ...] = ()
    """Card-set files or folders; none: the built-in set of every registered game."""
    docs_base: str | None = None
    """Where the published docs are (``https://…/``): rule links go there; ``None``: the server's own
    ``/rules/ID`` pages (which work offline)."""
    max_frame: int = MAX_FRAME_BYTES
    rate: float = RATE_PER_SECOND
    burst: int = RATE_BURST
    max_tables: int = 10000
    """Tables kept open at once; creating one more is refused (503)."""
    clock: Callable[[], float] = field(default=time.time, eq=False)
    """Wall-clock seconds (the turn timers' deadlines); tests give their own."""


@frozen(kw_only=True)
class CardSets:
    """The card sets the server serves, by key (``GET /api/games`` lists them)."""

    by_key: Mapping[str, Any]
    """Key (``tower``, ``crest``, or the set's header name) -> the loaded card set."""
    games: Mapping[str, str]
    """Key -> the game's name."""

    def by_sha(self, sha256: str) -> tuple[str, Any] | None:
        """The key and card set whose fingerprint is ``sha256`` (a stored table's set), or ``None``."""
        for key, cards in self.by_key.items():
            if cardset_id(cards).sha256 == sha256:
                return key, cards
        return None

    def describe(self) -> list[dict[str, Any]]:
        out = []
        for key, cards in self.by_key.items():
            ident = cardset_id(cards)
            out.append({"key": key, "game": self.games[key], "name": ident.name, "version": ident.version})
        return out


def load_cardsets(paths: Sequence[str | Path] = ()) -> CardSets:
    """The card sets of ``paths``, each checked as ``chaos-tower validate`` checks it (same limits);
    none: every registered game's built-in set. :class:`ServerSetupError` listing the problems of
    the first set that does not load."""
    by_key: dict[str, Any] = {}
    games: dict[str, str] = {}
    if not paths:
        for spec in registry.games():
            cards, problems = check_cardset(None, game=spec.name)
            if cards is None:
                raise ServerSetupError(f"the built-in {spec.name} card set does not load: {problems[:3]}")
            by_key[spec.name] = cards
            games[spec.name] = spec.name
        return CardSets(by_key=by_key, games=games)
    for path in paths:
        cards, problems = check_cardset(path)
        if cards is None:
            shown = "\n".join(str(p) for p in problems if p.is_error)
            raise ServerSetupError(f"--cards {path}: not a valid card set:\n{shown}")
        owner = registry.game_of_cards(type(cards))
        game = owner.name if owner is not None else "?"
        key = str(cards.header.name)
        if key in by_key:
            key = f"{key}-{cards.header.version}"
        if key in by_key:
            raise ServerSetupError(f"--cards {path}: a card set named {key!r} is already served")
        by_key[key] = cards
        games[key] = game
    return CardSets(by_key=by_key, games=games)
