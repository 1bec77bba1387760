"""The card-set pieces every game's set shares: what the set supplies beyond the manual, and a
problem found in a set.

Both the Tower and Crest Duel use them, so they live with the card-set readers rather than in
one game (issue 12: a game imports only the kernel, the card-set readers and itself).
"""

from __future__ import annotations

from attrs import frozen

from ..kernel.errors import Severity
from .safeload import JsonPath

__all__ = ["Issue", "Reconstructed"]


@frozen(kw_only=True)
class Reconstructed:
    """A card, or some of its fields, that the manual does not give and this set supplies."""

    card: str
    fields: tuple[str, ...] = ()
    """Empty: the whole card is reconstructed."""
    note: str = ""


@frozen(kw_only=True)
class Issue:
    """A problem at a path of the joined card-set document."""

    path: JsonPath
    code: str
    message: str
    hint: str | None = None
    severity: Severity = "error"
