"""Card sets by content fingerprint, so that a pickled state refers to its card set instead of carrying it.

A state holds its compiled card set (``State.game``, ``VsState.table``,
``CrestState.game``); pickled as it is, every state carried the whole compiled set
(64 KB), a trap for anyone who parallelises (Dask, multiprocessing). Now a compiled
set pickles as its card set's fingerprint (the one saves name the set by) and is
compiled again, once per process, on unpickling: :func:`lookup` finds the card set
in a process-wide weak registry (every set is registered when it is compiled, and
when a pickled card set is unpickled), else among the built-in sets of the games
whose modules are loaded: each game hands :func:`add_builtin` the function that
loads and registers its built-in sets (the kernel names no game).

So, in a fresh process (a worker): a state of a built-in set unpickles by itself; a
state of another set needs that card set unpickled (or loaded) first, for example
by pickling ``(cards, states)`` together; the card set's own pickle carries its data.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from .errors import SaveError

__all__ = ["add_builtin", "lookup", "register", "restore_cardset"]

_LIVE: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
_BUILT_IN: list[Any] = []  # the built-in sets, once loaded for a lookup: kept for the process
_LOADERS: list[Callable[[], Iterable[Any]]] = []  # the games' loaders of built-in sets, not yet run
_RUN: set[Callable[[], Iterable[Any]]] = set()


def add_builtin(load: Callable[[], Iterable[Any]]) -> None:
    """A game's loader of its built-in card sets, run (once) when a lookup misses every registered set.

    ``load`` loads the sets, registers each (compiling one registers it) and returns them; they are
    then kept for the process. A game calls this when the module that unpickles its states is
    imported, so a fresh process that unpickles a state has its game's loader at hand.
    """
    if load not in _RUN and load not in _LOADERS:
        _LOADERS.append(load)


def register(fingerprint: str, cards: Any) -> None:
    """Make ``cards`` the card set of ``fingerprint`` in this process (weakly: freed with it)."""
    _LIVE.setdefault(fingerprint, cards)


def lookup(fingerprint: str) -> Any:
    """The card set of ``fingerprint``: a registered one, else a built-in one; :class:`SaveError` if none."""
    found = _LIVE.get(fingerprint)
    while found is None and _LOADERS:
        # By need: only a fresh process unpickling a state pays, one game's sets at a time.
        load = _LOADERS.pop(0)
        _RUN.add(load)
        _BUILT_IN.extend(load())
        found = _LIVE.get(fingerprint)
    if found is None:
        raise SaveError(
            f"the pickled state's card set (fingerprint {fingerprint[:12]}…) is not known in this process: "
            "unpickle or load that card set first (pickle it together with the states)"
        )
    return found


def restore_cardset(cls: type, fields: dict[str, Any], fingerprint: Callable[[Any], str]) -> Any:
    """Unpickle a card set and register it by its fingerprint; its memo starts empty (nothing compiled)."""
    cards = cls(**fields)
    register(fingerprint(cards), cards)
    return cards


def cardset_reduce(
    cards: Any, fingerprint: Callable[[Any], str]
) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """A card set's pickle: its fields (not its derived memo), restored by :func:`restore_cardset`."""
    fields = {a.alias: getattr(cards, a.name) for a in attrs.fields(type(cards)) if a.init}
    return (restore_cardset, (type(cards), fields, fingerprint))
