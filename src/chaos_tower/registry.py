"""The games as data: one :class:`GameSpec` per game, one :class:`ModeSpec` per mode (issue 12).

A game describes itself in one spec module (``chaos_tower.tower.spec``, ``chaos_tower.crest.spec``)
that calls :func:`register_game`; what needs the list of games, modes or adapter variants reads it
here (today :data:`chaos_tower.integrations.MODES`; the front door, loading, the converter, the
command line and the docs tools are still to follow, see the note of issue 12).

>>> import chaos_tower as ct
>>> from chaos_tower import registry
>>> [game.name for game in registry.games()]
['tower', 'crest']
>>> registry.mode_of(type(ct.new_game(ct.load_cardset(), seed=1))).name
'solo'
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from typing import Any

from attrs import field, frozen

__all__ = [
    "GameSpec",
    "ModeSpec",
    "Variant",
    "game",
    "game_of_cards",
    "games",
    "mode_of",
    "mode_of_format",
    "register_game",
]


@frozen(kw_only=True)
class Variant:
    """A mode with some options fixed, under one name: what the adapters register (OpenSpiel's
    ``pyspiel.load_game(name)``, PettingZoo's ``env(name)``)."""

    name: str
    options: Mapping[str, object] = field(factory=dict)
    """The keywords of ``new_game`` the name fixes (``players``, ``teams``)."""
    zero_sum: bool = False
    """Every ending's returns sum to 0 (two sides)."""


@frozen(kw_only=True)
class ModeSpec:
    """One mode of a game: its state type, its save and view formats, its adapter variants."""

    name: str
    """The ``mode=`` of ``new_game``: ``solo``, ``vs``, ``duel``."""
    state_type: type
    save_format: str
    view_format: str | None = None
    """The format of a player's view save (``ct.dumps(ct.observation(s, p))``), if it has one."""
    variants: tuple[Variant, ...] = ()


@frozen(kw_only=True)
class GameSpec:
    """One game: its name and title, its rule registry, its card sets and its modes."""

    name: str
    """The card-set header's ``game`` and ``load_cardset(game=...)``: ``tower``, ``crest``."""
    title: str
    rules_file: str
    """The rule registry under ``chaos_tower/rules/`` (each rule's ja text, English and reading)."""
    rule_pattern: str
    """A regular expression every rule ID of the game matches in full (the citation scanners' pattern)."""
    cardset_type: type
    schemas: tuple[str, ...]
    """The names of its JSON Schemas (``cardsets.schema.SCHEMA_FILES`` keys)."""
    builtin: str
    """The built-in card set's folder under ``carddata/``."""
    modes: tuple[ModeSpec, ...]
    converter_hooks: Callable[[Any], None]
    """Adds the hooks of the game's records to the shared cattrs converter (given as its argument)."""

    def matches_rule(self, rule_id: str) -> bool:
        """Whether ``rule_id`` is written as this game's rule IDs are."""
        return re.fullmatch(self.rule_pattern, rule_id) is not None


_GAMES: dict[str, GameSpec] = {}
_BY_STATE: dict[type, tuple[GameSpec, ModeSpec]] = {}
_BY_FORMAT: dict[str, tuple[GameSpec, ModeSpec]] = {}
_BY_CARDS: dict[type, GameSpec] = {}


def register_game(spec: GameSpec) -> None:
    """Add a game; a second game of the same name, state type or save format is refused."""
    clashes = [spec.name] if spec.name in _GAMES else []
    clashes += [m.state_type.__name__ for m in spec.modes if m.state_type in _BY_STATE]
    clashes += [m.save_format for m in spec.modes if m.save_format in _BY_FORMAT]
    if clashes:
        raise ValueError(f"game {spec.name!r}: already registered: {', '.join(clashes)}")
    _GAMES[spec.name] = spec
    _BY_CARDS[spec.cardset_type] = spec
    for mode in spec.modes:
        _BY_STATE[mode.state_type] = (spec, mode)
        _BY_FORMAT[mode.save_format] = (spec, mode)


_built_in_loaded = False


def _built_in() -> None:
    # The built-in games describe themselves on first need (chaos_tower.games), so that
    # `import chaos_tower` stays light (issue 13); by name, since their specs import this module.
    global _built_in_loaded
    if not _built_in_loaded:
        _built_in_loaded = True
        importlib.import_module("chaos_tower.games")


def games() -> tuple[GameSpec, ...]:
    """Every registered game, in the order registered."""
    _built_in()
    return tuple(_GAMES.values())


def game(name: str) -> GameSpec:
    """The game called ``name``; a :class:`KeyError` naming the registered games if none is."""
    _built_in()
    found = _GAMES.get(name)
    if found is None:
        raise KeyError(f"no game {name!r}; the games are {', '.join(sorted(_GAMES))}")
    return found


def mode_of(state_type: type) -> ModeSpec:
    """The mode whose states are of ``state_type``."""
    _built_in()
    return _BY_STATE[state_type][1]


def mode_of_format(save_format: str) -> tuple[GameSpec, ModeSpec] | None:
    """The game and mode whose saves have the ``format`` ``save_format``, or ``None``."""
    _built_in()
    return _BY_FORMAT.get(save_format)


def game_of_cards(cardset_type: type) -> GameSpec | None:
    """The game whose card sets are of ``cardset_type``, or ``None``."""
    _built_in()
    return _BY_CARDS.get(cardset_type)
