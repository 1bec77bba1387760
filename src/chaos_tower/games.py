"""The games shipped with the package, registered in this order (the adapters' modes follow it).

Each entry is a package whose ``spec`` module describes the game to :mod:`.registry`; another
game registers itself by importing its own spec module (issue 12: a new game is one spec).
"""

from __future__ import annotations

from importlib import import_module

__all__ = ["BUILTIN"]

BUILTIN = ("tower", "crest")

for _name in BUILTIN:
    import_module(f".{_name}.spec", __package__)
