"""The race between seats, read from the events: who leads at each turn's start, for the lab's metrics.

A game's facts tracker (:class:`chaos_tower.kernel.facts.Tracker`, ``GameSpec.facts``) of a mode
with a score or HP race keeps one number per seat in a :class:`Race`: Crest Duel a monster's HP
(:mod:`chaos_tower.crest.labfacts`), the VS modes a player's highest single counter
(:mod:`chaos_tower.tower.labfacts`; the figure the deck-out ending compares, TOC-VS2-030 /
TOC-VS3-050); a seat dead or out is out of the race. At the start of every turn the
*leader* is the one seat with the highest number (a tie: no leader). The row of
a game keeps, generically (any game whose tracker keeps a race fills them):

* ``turns``: the turns begun;
* ``lead_changes``: how often the leader changed from one seat to another,
  over the turns' starts and the final standing (ties skipped);
* ``leader``: the leader of the final standing (``None``: a tie, or no race);
* ``lead_kept``: of the turns' starts, how many at the end in a row had that
  final leader in the lead.

The solo Tower has no race between seats: its ``lead_*`` columns stay empty.
"""

from __future__ import annotations

import itertools
from typing import Any

__all__ = ["OUT", "Race"]

OUT = float("-inf")
"""The score of a seat out of the race (dead, out of the game)."""


class Race:
    """One number per seat; :meth:`turn` notes the leader at a turn's start, :meth:`row` the columns."""

    def __init__(self, scores: list[float]) -> None:
        self.scores = scores
        self.leaders: list[int | None] = []

    def leader(self) -> int | None:
        """The one seat with the highest score, or ``None`` on a tie (or no seat left)."""
        scores = self.scores
        if not scores:
            return None
        best = max(scores)
        if best == OUT or scores.count(best) != 1:
            return None
        return scores.index(best)

    def turn(self) -> None:
        """Note the leader at a turn's start."""
        self.leaders.append(self.leader())

    def row(self) -> dict[str, Any]:
        final = self.leader()
        led = [seat for seat in (*self.leaders, final) if seat is not None]
        changes = sum(1 for before, after in itertools.pairwise(led) if before != after)
        kept = 0
        if final is not None:
            for seat in reversed(self.leaders):
                if seat != final:
                    break
                kept += 1
        return {"lead_changes": changes, "leader": final, "lead_kept": kept}
