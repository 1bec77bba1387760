"""Card sets by content fingerprint, so that a pickled state refers to its card set instead of carrying it.

A state holds its compiled card set (``State.game``, ``VsState.table``,
``CrestState.game``); pickled as it is, every state carried the whole compiled set
(64 KB), a trap for anyone who parallelises (Dask, multiprocessing). Now a compiled
set pickles as its card set's fingerprint (the one saves name the set by) and is
compiled again, once per process, on unpickling: :func:`lookup` finds the card set
in a process-wide weak registry (every set is registered when it is compiled, and
when a pickled card set is unpickled), else among the built-in sets.

So, in a fresh process (a worker): a state of a built-in set unpickles by itself; a
state of another set needs that card set unpickled (or loaded) first, for example
by pickling ``(cards, states)`` together; the card set's own pickle carries its data.
"""

from __future__ import annotations

import importlib
import weakref
from collections.abc import Callable
from typing import Any

import attrs

from .errors import SaveError

__all__ = ["lookup", "register", "restore_cardset"]

_LIVE: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
_BUILT_IN: list[Any] = []  # the built-in sets, once loaded for a lookup: kept for the process


def register(fingerprint: str, cards: Any) -> None:
    """Make ``cards`` the card set of ``fingerprint`` in this process (weakly: freed with it)."""
    _LIVE.setdefault(fingerprint, cards)


def lookup(fingerprint: str) -> Any:
    """The card set of ``fingerprint``: a registered one, else a built-in one; :class:`SaveError` if none."""
    found = _LIVE.get(fingerprint)
    if found is None and not _BUILT_IN:
        # By name and by need: only a fresh process unpickling a state pays, and this module
        # stays below the games (which import it). Compiling a set registers it.
        load_cardset = importlib.import_module("chaos_tower.loading").load_cardset
        _BUILT_IN.extend((load_cardset(), load_cardset(game="crest")))
        importlib.import_module("chaos_tower.tower.tables").compile_game(_BUILT_IN[0])
        importlib.import_module("chaos_tower.crest.state").compiled(_BUILT_IN[1])
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
