"""The games shipped with the package, then those installed packages add (issue 12: a new game is one spec).

Each built-in entry is a package whose ``spec`` module describes the game to :mod:`.registry`.
Another package adds its game with an entry point of the group ``chaos_tower.games`` naming its
spec (``mygame = "mygame.spec:SPEC"``, a :class:`~chaos_tower.registry.GameSpec`, or a module that
registers itself): :func:`chaos_tower.registry.installed` registers them after the built-in games,
in the entry points' name order, on first need.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points

from . import registry

__all__ = ["BUILTIN", "installed"]  # registry.installed() calls installed() on first need

BUILTIN = ("tower", "crest")

for _name in BUILTIN:
    import_module(f".{_name}.spec", __package__)


def installed() -> tuple[str, ...]:
    """Register each installed package's game (entry points ``chaos_tower.games``); their names.

    A game already registered under the entry point's name is left as it is, so calling this
    again registers nothing twice.
    """
    names = []
    for point in sorted(entry_points(group=registry.ENTRY_POINT_GROUP), key=lambda p: p.name):
        if point.name not in registry._GAMES:
            loaded = point.load()  # a spec module registers itself; a GameSpec is registered here
            if isinstance(loaded, registry.GameSpec) and loaded.name not in registry._GAMES:
                registry.register_game(loaded)
        names.append(point.name)
    return tuple(names)
