"""Per-card facts of one game, read from the events the engine attaches to each state.

The engine's events name cards in their text (``Wraith is defeated and turned
over``); each game's tracker maps those names back to card IDs and keeps, for
one game: the cards drawn, placed, fought, defeated, held (gained) and used,
the floor reached, and the card that dealt each killing blow. Only the events
are read, never the rules' internals, so the facts are what a spectator of the
game's log would count. A fact the events of a game never show stays empty
(Crest Duel's events do not name the cards drawn in a refill, which are secret).
"""

from __future__ import annotations

import re
from typing import Any

from .failure import LabError

__all__ = ["FACTS", "Tracker", "tracker_for"]

FACTS = ("drawn", "placed", "fought", "defeated", "held", "used")
"""The per-card fact columns, each a sorted list of distinct card IDs per game."""

_LEAVING = re.compile(r"da ([+-]\d+) leaving (.+), ([+-]\d+) entering (.+)$")
_SEAT = re.compile(r"^seat (\d+) \(([^)]+)\)")


_NAMES: dict[int, tuple[Any, dict[str, str]]] = {}


def _names(cards: Any) -> dict[str, str]:
    """Each card's display name → its ID, for reading the events' text back to IDs.

    Every fact is kept by card ID; the events name cards by their display name,
    so a set in which two cards share a name, or a name has spaces at an end
    (the events' text cannot show where it begins), cannot have its facts kept
    by ID: :class:`LabError`, before any game, rather than one card's facts
    counted for the other. Built once per card set and process.
    """
    known = _NAMES.get(id(cards))
    if known is None or known[0] is not cards:
        names: dict[str, str] = {}
        for card in cards.all_cards():
            name = card.name
            if name != name.strip() or not name:
                raise LabError(
                    f"card {card.id}: its name {name!r} has spaces at an end; the lab reads each card's "
                    "facts back from the events by name: write the name without them"
                )
            other = names.setdefault(name, card.id)
            if other != card.id:
                raise LabError(
                    f"cards {other} and {card.id} are both named {name!r}: the lab could not tell their "
                    "facts apart; give each card its own name"
                )
        known = _NAMES[id(cards)] = (cards, names)
    return known[1]


class Tracker:
    """Collects one game's facts from each step's events; :meth:`row` gives them."""

    def __init__(self, cards: Any) -> None:
        self.names: dict[str, str] = _names(cards)
        self.sets: dict[str, set[str]] = {fact: set() for fact in FACTS}
        self.killers: list[str] = []
        self.floor: int | None = None
        self.first: int | None = None
        self.monsters: dict[int, str] = {}
        self.seat_cards: set[str] = set()
        """``seat:card`` for each card a seat drew, placed or used (games of several players)."""
        self.unmatched: list[str] = []
        """Names read from the events that are no card's (none, as the lab's tests check)."""

    def _id(self, name: str) -> str:
        # A card's ID, never its display name: a name no card has (text this tracker misread) is
        # noted in ``unmatched`` and counts for no card.
        found = self.names.get(name.strip())
        if found is None:
            self.unmatched.append(name)
            return ""
        return found

    def observe(self, events: Any) -> None:
        """Read the events of one action."""

    def row(self) -> dict[str, Any]:
        """The facts as row values (card IDs)."""
        row: dict[str, Any] = {fact: sorted(cards - {""}) for fact, cards in self.sets.items()}
        seat_cards = sorted(entry for entry in self.seat_cards if not entry.endswith(":"))
        killers = [card for card in self.killers if card]
        row.update(killers=killers, floor=self.floor, first=self.first, seat_cards=seat_cards)
        row["monsters"] = [self.monsters.get(seat, "") for seat in range(len(self.monsters))] or None
        return row


class SoloTracker(Tracker):
    """The solo Tower: cards placed (so drawn), monsters fought and defeated, items held, used."""

    def __init__(self, cards: Any) -> None:
        super().__init__(cards)
        self.floor = 1  # the game starts on floor 1 (TOC-PREP-01)
        self.monster_ids = {self.names[card.name] for card in cards.monsters}
        self.blow: str | None = None

    def observe(self, events: Any) -> None:
        sets = self.sets
        for event in events:
            kind = event.kind
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

    def __init__(self, cards: Any) -> None:
        super().__init__(cards)
        self.adjusted: dict[str, str] = {}

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


class CrestTracker(Tracker):
    """Crest Duel: cards put out and grown (placed), crests and spells used; the card of each killing blow."""

    def __init__(self, cards: Any) -> None:
        super().__init__(cards)
        self.ids = frozenset(card.id for card in cards.all_cards())
        self.players = 0
        self.source: list[str] = []

    def observe(self, events: Any) -> None:
        sets = self.sets
        self.source = []  # a blow is credited within its own action only
        for event in events:
            kind = event.kind
            text = event.text
            seat = _SEAT.match(text)
            if seat and int(seat.group(1)) not in self.monsters:
                name = str(seat.group(2))
                self.monsters[int(seat.group(1))] = self._id(name)  # the monsters are named by name
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


def tracker_for(rules: str, cards: Any) -> Tracker:
    """A new tracker for a game of ``rules`` (``tower-solo``, ``tower-vs``, ``crest``)."""
    kind = {"tower-solo": SoloTracker, "tower-vs": VsTracker, "crest": CrestTracker}[rules]
    return kind(cards)
