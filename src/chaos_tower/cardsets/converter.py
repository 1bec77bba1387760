"""The one cattrs converter that maps card-set data to typed records and back."""

from __future__ import annotations

from functools import cache

from cattrs import Converter

from .. import registry

__all__ = ["converter", "make_converter"]

def make_converter() -> Converter:
    """Build the converter; call :func:`converter` to share the one instance.

    Default values are left out when unstructuring, so a card written back is
    as short as a person would write it; structuring fills them in again.
    """
    conv = Converter(omit_if_default=True, forbid_extra_keys=True)
    # Each game adds the hooks of its own records (its spec's converter_hooks), so that this
    # module names no game (issue 12).
    for game in registry.registered():
        game.converter_hooks(conv)
    return conv


def converter() -> Converter:
    """The shared converter (built once per set of registered games; safe to share once built)."""
    return _shared(tuple(game.name for game in registry.registered()))


@cache
def _shared(games: tuple[str, ...]) -> Converter:
    # Keyed by the registered games: a game registered later gets a converter with its hooks.
    return make_converter()
