"""The games shipped with the package, then those installed packages add (issue 12: a new game is one spec).

Each built-in entry is a package whose ``spec`` module describes the game to :mod:`.registry`.
Another package adds its game with an entry point of the group ``chaos_tower.games`` naming its
spec (``mygame = "mygame.spec:SPEC"``, a :class:`~chaos_tower.registry.GameSpec`, or a module that
registers itself): :func:`chaos_tower.registry.installed` registers them after the built-in games,
in the entry points' name order, on first need.
"""

from __future__ import annotations

import warnings
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points

from . import registry

__all__ = ["BUILTIN", "PluginWarning", "installed"]  # registry.installed() calls installed() on first need

BUILTIN = ("tower", "crest")

for _name in BUILTIN:
    import_module(f".{_name}.spec", __package__)


class PluginWarning(UserWarning):
    """An installed game plugin that is left out (it fails to load, or clashes with a game already there).

    The built-in games, and every other plugin, go on as if it were not installed; the command
    line prints the warning as one line, ``chaos-tower: warning: …``.
    """


_WARNED: set[str] = set()
"""The plugins warned about already: each one warns once a process."""


def _warn(point: EntryPoint, why: str) -> None:
    if point.name in _WARNED:
        return
    _WARNED.add(point.name)
    source = f" from {point.dist.name}" if point.dist is not None else ""
    warnings.warn(
        f"the game plugin {point.name!r} ({point.value}{source}) is left out: {why}",
        PluginWarning,
        stacklevel=4,
    )


def _points() -> list[EntryPoint]:
    try:
        return sorted(entry_points(group=registry.ENTRY_POINT_GROUP), key=lambda p: p.name)
    except Exception as exc:  # broken metadata of some installed distribution
        warnings.warn(f"the game plugins cannot be listed: {type(exc).__name__}: {exc}", PluginWarning, 3)
        return []


def _register(point: EntryPoint) -> None:
    if point.name in BUILTIN:
        _warn(point, "it has the name of a built-in game")
        return
    try:
        loaded = point.load()  # a spec module registers itself; a GameSpec is registered here
    except Exception as exc:  # a plugin's own fault never stops the built-in games
        _warn(point, f"{type(exc).__name__}: {exc}")
        return
    if not isinstance(loaded, registry.GameSpec) or registry._GAMES.get(loaded.name) is loaded:
        return
    try:
        registry.register_game(loaded)  # refuses a clash, changing nothing
    except ValueError as exc:
        _warn(point, str(exc))


def installed() -> tuple[str, ...]:
    """Register each installed package's game (entry points ``chaos_tower.games``); their names.

    A game already registered under the entry point's name is left as it is, so calling this
    again registers nothing twice. A plugin that fails to load (its module raises) or clashes with
    a game already registered (a built-in game's name, state type, save format or notation word)
    is left out with a :class:`PluginWarning` naming it; the other games are not touched.
    """
    names = []
    for point in _points():
        if point.name not in registry._GAMES or point.name in BUILTIN:
            _register(point)
        names.append(point.name)
    return tuple(names)
