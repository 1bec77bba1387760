"""What every game's rules report: the events of an action, and the refusal of one.

One definition for every game (issue 12): the solo game, the VS modes and Crest Duel all
report :class:`Event` records and refuse actions with a :data:`Reason`.
"""

from __future__ import annotations

from attrs import frozen

__all__ = ["Event", "Reason"]

Reason = tuple[str, str] | None
"""Why an action is not allowed, as (rule ID, message); ``None`` when it is."""


@frozen(kw_only=True)
class Event:
    """One thing that happened during an action, with the rule that made it happen."""

    rule: str
    kind: str
    """A stable word: ``life``, ``elements``, ``place``, ``move``, ``flip``, ``defeat``, ``item``, …"""
    text: str
    amount: int | None = None
    card: str | None = None
    """The ID of the card the event is about, where it is about one (a card placed, entered,
    defeated, gained or used): what the text names by display name, for a reader that counts by
    ID, such as the lab (``chaos_tower.tower.labfacts``). ``None`` for the rest. The solo
    game sets it; the VS and Crest Duel engines do not yet (their trackers read the texts)."""

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"
