"""A Tower card set's fingerprint: the SHA-256 of its canonical JSON, the name saves and pickles give it.

Shared by the solo game's compiled tables and the VS table, so neither mode
reaches into the other for it. Kept on the card-set object (``cards._memo``),
and the set is registered under it (:mod:`chaos_tower.kernel.cardref`), so a
pickled state of either mode can name its set. Importing this module (as both
modes' states do) hands the kernel the loader of the built-in set, so a fresh
process unpickling a state of it finds it.
"""

from __future__ import annotations

import hashlib
import json

from ..cardsets.converter import converter
from ..kernel.cardref import add_builtin, register
from ..kernel.memo import remember
from .cards import TowerCardSet

__all__ = ["digest", "fingerprint"]


def fingerprint(cards: TowerCardSet) -> str:
    """The hex SHA-256 of the set's data as canonical JSON (sorted keys, no spaces, UTF-8)."""
    return remember(cards._memo, "tower.fingerprint", lambda: _registered(cards, digest(cards)))


def digest(cards: TowerCardSet) -> str:
    """The fingerprint computed afresh: nothing kept, nothing registered."""
    data = converter().unstructure(cards)
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _registered(cards: TowerCardSet, digest: str) -> str:
    register(digest, cards)
    return digest


def _builtin_sets() -> tuple[TowerCardSet]:
    """The built-in set, registered: what a fresh process unpickling a state looks in."""
    from ..cardsets.loading import load_cardset  # by need: unpickling a built-in set's state

    cards = load_cardset(game="tower")
    fingerprint(cards)
    return (cards,)


add_builtin(_builtin_sets)
