"""The Tower's per-card facts for the lab, read from its events (issue 25 item 8).

:attr:`chaos_tower.registry.GameSpec.facts` of the Tower: a :class:`SoloTracker` for the solo
game and a :class:`VsTracker` for the VS modes. Each reads only the event kinds it needs
(a set lookup per event, then the event's text); the base, :class:`chaos_tower.kernel.facts.Tracker`,
turns the facts into a row.
"""

from __future__ import annotations

import re
from typing import Any

from ..kernel.facts import Tracker

__all__ = ["SoloTracker", "VsTracker", "tower_facts"]

_LEAVING = re.compile(r"da ([+-]\d+) leaving (.+), ([+-]\d+) entering (.+)$")


class SoloTracker(Tracker):
    """The solo Tower: cards placed (so drawn), monsters fought and defeated, items held, used."""

    reads_events = True
    _KINDS = frozenset(("place", "step", "move", "elements", "defeat", "item", "use", "life", "floor", "end"))

    def __init__(self, cards: Any) -> None:
        super().__init__(cards)
        self.floor = 1  # the game starts on floor 1 (TOC-PREP-01)
        self.monster_ids = {self.names[card.name] for card in cards.monsters}
        self.blow: str | None = None

    @staticmethod
    def expected(cards: Any) -> list[tuple[str, tuple[str, ...], str]]:
        """Every room and monster placed; every item gained (held, or used)."""
        chaos = [(c.id, ("placed",), "placed") for c in (*cards.rooms, *cards.monsters)]
        items = (*cards.items, *cards.normal_items, *cards.rare_items)
        return [*chaos, *((c.id, ("held", "used"), "gained") for c in items)]

    def observe(self, events: Any) -> None:
        sets = self.sets
        kinds = self._KINDS
        for event in events:
            kind = event.kind
            if kind not in kinds:  # most events ("reset", "player", "zap", "flip") say nothing of a card
                continue
            text = event.text
            if (kind == "place" or kind == "step") and " placed at " in text:
                card = self._id(text.partition(" placed at ")[0])
                sets["placed"].add(card)
                if kind == "place":
                    sets["drawn"].add(card)  # a chaos card is placed as it is drawn (TOC-PLAY-A)
            elif kind == "move" and " → " in text:  # not "the player walks off the floor"
                card = self._id(text.rpartition(" → ")[2].rpartition(" (")[0])
                if card in self.monster_ids:
                    sets["fought"].add(card)
            elif kind == "elements" and ": fighting " in text:
                sets["fought"].add(self._id(text.partition(": fighting ")[2]))
            elif kind == "defeat":
                sets["defeated"].add(self._id(text.partition(" is defeated")[0]))
            elif kind == "item":
                sets["held"].add(self._id(text.rpartition(" gained")[0]))
            elif kind == "use":
                sets["used"].add(self._id(text.partition(" used from ")[0]))
            elif kind == "life" and event.amount is not None and event.amount < 0:
                self.blow = self._blow(text.partition(": ")[2])
            elif kind == "floor" and text.startswith("floor "):
                self.floor = max(self.floor or 0, int(text.partition(" → ")[2].partition(":")[0]))
            elif kind == "end" and text.startswith("life reached 0") and self.blow:
                self.killers.append(self.blow)  # the card of the damage that ended it (TOC-OVER-01)

    def _blow(self, why: str) -> str | None:
        # "da -1 leaving A, -2 entering B": the card that cost more (B on a tie, the card stepped onto);
        # "Wraith's da in the fight", "Rebright's da": the card named.
        moved = _LEAVING.match(why)
        if moved:
            leave, here, enter, there = moved.groups()
            return self._id(here) if int(leave) < int(enter) else self._id(there)
        if "'s da" in why:
            return self._id(why.partition("'s da")[0])
        return None


class VsTracker(Tracker):
    """The VS modes: chaos cards drawn, items given (used); the card whose adjustment put a player out."""

    reads_events = True

    def __init__(self, cards: Any) -> None:
        super().__init__(cards)
        self.adjusted: dict[str, str] = {}

    @staticmethod
    def expected(cards: Any) -> list[tuple[str, tuple[str, ...], str]]:
        """Every room and monster drawn."""
        return [(c.id, ("drawn",), "drawn") for c in (*cards.rooms, *cards.monsters)]

    def observe(self, events: Any) -> None:
        sets = self.sets
        for event in events:
            kind = event.kind
            text = event.text
            if kind == "turn" and self.first is None and event.amount is not None:
                self.first = event.amount  # the first turn announced is the first seat's (TOC-VS3-045)
            elif kind == "draw":
                who, _, rest = text.partition(" draws ")
                card = self._id(rest.rpartition(" (")[0])
                sets["drawn"].add(card)
                self.seat_cards.add(f"{who.removeprefix('player ')}:{card}")
            elif kind == "give":
                who, _, rest = text.partition(" gives ")
                card = self._id(rest.rpartition(" to player ")[0])
                sets["used"].add(card)
                self.seat_cards.add(f"{who.removeprefix('player ')}:{card}")
            elif kind == "adjust":
                player, _, rest = text.partition(" adjusts for ")
                self.adjusted[player] = self._id(rest.partition(":")[0])
            elif kind == "out" and "counters-zero" in text:
                blow = self.adjusted.get(text.partition(" is out")[0])
                if blow:
                    self.killers.append(blow)


def tower_facts(mode: str, cards: Any) -> Tracker:
    """A new tracker for one game of ``mode`` (``solo`` or ``vs``)."""
    return SoloTracker(cards) if mode == "solo" else VsTracker(cards)
