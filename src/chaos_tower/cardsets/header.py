"""The card-set pieces every game's set shares: what the set supplies beyond the manual, and a
problem found in a set.

Both the Tower and Crest Duel use them, so they live with the card-set readers rather than in
one game (issue 12: a game imports only the kernel, the card-set readers and itself).
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import frozen

from ..kernel.errors import Severity
from .safeload import JsonPath, format_path

__all__ = ["Issue", "Reconstructed", "name_issues"]


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


def name_issues(named: Iterable[tuple[JsonPath, str]]) -> list[Issue]:
    """The problems of the cards' names, given as (path of the ``name`` value, name) in file order.

    A name names one card: effects and the lab read names back, so a second card with the same
    name (``duplicate-name``, at the second) or a name with spaces at an end (``name-spaces``:
    ``"Hall "`` reads as ``Hall`` to a person, not to a lookup) is refused.
    """
    issues: list[Issue] = []
    seen: dict[str, JsonPath] = {}
    for path, name in named:
        if name != name.strip():
            issues.append(
                Issue(
                    path=path,
                    code="name-spaces",
                    message=f"the name {name!r} has spaces at its start or end",
                    hint=f"write it as printed: {name.strip()!r}",
                )
            )
        if name in seen:
            first = format_path(seen[name][:-1])
            issues.append(
                Issue(
                    path=path,
                    code="duplicate-name",
                    message=f"the name {name!r} is already used by {first}; each card has its own name",
                )
            )
        else:
            seen[name] = path
    return issues
