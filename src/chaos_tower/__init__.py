"""chaos_tower: the reference rules engine for Tower of CHAOS (CHAOSの塔) and Crest Duel.

The card-set layer is here today: :func:`load_cardset` reads and validates a
set (the built-in one by default) into frozen, typed records.

>>> import chaos_tower as ct
>>> cards = ct.load_cardset()
>>> cards.header.game
'tower'
"""

from __future__ import annotations

from .cards import TowerCardSet
from .errors import CardSetError, ChaosTowerError, Problem
from .loading import check_cardset, load_cardset
from .safeload import LIMITS, Limits

__all__ = [
    "LIMITS",
    "CardSetError",
    "ChaosTowerError",
    "Limits",
    "Problem",
    "TowerCardSet",
    "check_cardset",
    "load_cardset",
]

__version__ = "0.1.0"
