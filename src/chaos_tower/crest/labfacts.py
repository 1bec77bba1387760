"""Crest Duel's per-card facts for the lab, read from its events (issue 25 item 8).

:attr:`chaos_tower.registry.GameSpec.facts` of Crest: a :class:`CrestTracker` per game. Crest's
events name the hand's cards by ID (each checked) and the monsters by name. For ``lab metrics`` it
also counts the turns and keeps the race of the monsters' HP (:mod:`chaos_tower.kernel.race`).
"""

from __future__ import annotations

import re
from typing import Any

from ..kernel.facts import Tracker
from ..kernel.race import OUT, Race

__all__ = ["CrestTracker", "crest_facts"]

_SEAT = re.compile(r"^seat (\d+) \(([^)]+)\)")
_RACE = frozenset(("damage", "heal", "recover"))


class CrestTracker(Tracker):
    """Crest Duel: cards put out and grown (placed), crests and spells used; the card of each killing blow."""

    reads_events = True
    counts_turns = True

    def __init__(self, cards: Any, players: int = 2) -> None:
        super().__init__(cards, players)
        self.ids = frozenset(card.id for card in cards.all_cards())
        self.source: list[str] = []
        self.hp = {card.id: float(card.hp) for card in cards.monsters}
        self.hp_race = self.race = Race([0.0] * players)
        """Each seat's HP: its monster card's, less the damage, plus the healing (CRD-BEAST-B)."""

    def begin(self, seat: int | None) -> None:
        """Nothing: the first seat is read from the events (the setup's "who begins")."""

    @staticmethod
    def expected(cards: Any) -> list[tuple[str, tuple[str, ...], str]]:
        """Every crest and ring placed; every spell cast."""
        placed = [(c.id, ("placed",), "placed") for c in (*cards.crests, *cards.rings)]
        return [*placed, *((c.id, ("used",), "cast") for c in cards.spells)]

    def observe(self, events: Any) -> None:
        sets = self.sets
        self.source = []  # a blow is credited within its own action only
        for event in events:
            kind = event.kind
            text = event.text
            seat = _SEAT.match(text) if text.startswith("seat ") else None
            if seat and int(seat.group(1)) not in self.monsters:
                name = str(seat.group(2))
                self.monsters[int(seat.group(1))] = monster = self._id(name)  # the monsters are named by name
                if int(seat.group(1)) < len(self.hp_race.scores):
                    self.hp_race.scores[int(seat.group(1))] = self.hp.get(monster, 0.0)
            if kind in _RACE and seat and event.amount is not None:
                where = int(seat.group(1))
                if where < len(self.hp_race.scores):
                    self.hp_race.scores[where] += -event.amount if kind == "damage" else event.amount
            elif kind == "turn":
                self.turns += 1
                self.hp_race.turn()
            if kind == "reveal":
                sets["placed"].update(self._cards_in(kind, text))  # put out face down (CRD-START-D)
            elif kind == "grow":
                sets["placed"].update(self._cards_in(kind, text))  # a crest grown, a chaos ring worn
            elif kind == "use" and " uses " in text:
                inside = text.partition(" uses ")[2].partition(" (")[2].rpartition(") at ")[0]
                self.source = [self._card(card) for card in inside.split(" + ") if card.strip()]
                sets["used"].update(self.source)
            elif kind == "spell":
                self.source = [self._card(text.partition(" casts ")[2])]
                sets["used"].update(self.source)
            elif kind == "first" and self.first is None:
                self.first = int(text.split()[1])
            elif kind == "death":
                dead = _SEAT.match(text)
                if dead and int(dead.group(1)) < len(self.hp_race.scores):
                    self.hp_race.scores[int(dead.group(1))] = OUT  # out of the race
                # CRD-DEATH-A: one credit per death, to the card of the blow that killed, or to its
                # cards together ("a + b") when a combined blow did: never one credit per card.
                blow = " + ".join(sorted({card for card in self.source if card}))
                if blow:
                    self.killers.append(blow)
            if kind in ("reveal", "grow", "use", "spell") and text.startswith("seat "):
                who = text.split(" ", 2)[1]
                mine = self.source if kind in ("use", "spell") else self._cards_in(kind, text)
                self.seat_cards.update(f"{who}:{card}" for card in mine)

    def _card(self, text: str) -> str:
        # Crest's events name the hand's cards by ID: checked, never a display name kept.
        card = text.strip()
        if card not in self.ids:
            self.unmatched.append(card)
            return ""
        return card

    def _cards_in(self, kind: str, text: str) -> list[str]:
        # "reveals: a, b" (or "reveals: nothing"); "puts a on m0", "puts a in place of m0's crests";
        # "wears r" or "wears r, removing q" (the ring taken off is no card placed).
        if kind == "reveal":
            shown = text.partition(" reveals: ")[2].strip()
            return [] if shown == "nothing" else [self._card(c) for c in shown.split(", ") if c.strip()]
        if " puts " in text:
            put = text.partition(" puts ")[2]
            return [
                self._card(
                    put.partition(" in place of ")[0] if " in place of " in put else put.partition(" on ")[0]
                )
            ]
        if " wears " in text:
            return [self._card(text.partition(" wears ")[2].partition(", removing ")[0])]
        return []  # "removes 2 crest(s) from m0"


def crest_facts(mode: str, cards: Any, players: int) -> Tracker:
    """A new tracker for one duel of ``players``."""
    return CrestTracker(cards, players)
