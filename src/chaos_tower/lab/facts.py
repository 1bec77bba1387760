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
from .race import OUT, Race

__all__ = ["FACTS", "Tracker", "tracker_for"]

FACTS = ("drawn", "placed", "fought", "defeated", "held", "used")
"""The per-card fact columns, each a sorted list of distinct card IDs per game."""

_COUNTER = re.compile(r"counter (\d+) [+-]\d+ to (-?\d+)")
_SUBTRACT = re.compile(r"(\d+) from counter (\d+)")
_NAMED = re.compile(r"player (\d+) named (\w) for player (\d+): (right|wrong)$")
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

    def __init__(self, cards: Any, players: int = 1) -> None:
        self.names: dict[str, str] = _names(cards)
        self.players = players
        self.turns = 0
        """Turns begun (solo: chaos cards placed from the deck, TOC-PLAY-A)."""
        self.race: Race | None = None
        """The score or HP race between seats (:mod:`.race`), in modes that have one."""
        self.bluffs: int | None = None
        self.bluffs_kept: int | None = None
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

    def close(self, state: Any) -> None:
        """Read what the game's end shows the referee (the VS attributes, for the bluffs)."""

    def row(self) -> dict[str, Any]:
        """The facts as row values (card IDs)."""
        row: dict[str, Any] = {fact: sorted(cards - {""}) for fact, cards in self.sets.items()}
        seat_cards = sorted(entry for entry in self.seat_cards if not entry.endswith(":"))
        killers = [card for card in self.killers if card]
        row.update(killers=killers, floor=self.floor, first=self.first, seat_cards=seat_cards)
        row["monsters"] = [self.monsters.get(seat, "") for seat in range(len(self.monsters))] or None
        race = self.race.row() if self.race is not None else {}
        row.update(
            turns=self.turns,
            lead_changes=race.get("lead_changes"),
            leader=race.get("leader"),
            lead_kept=race.get("lead_kept"),
            bluffs=self.bluffs,
            bluffs_kept=self.bluffs_kept,
        )
        return row


class SoloTracker(Tracker):
    """The solo Tower: cards placed (so drawn), monsters fought and defeated, items held, used."""

    def __init__(self, cards: Any, players: int = 1) -> None:
        super().__init__(cards, players)
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
                    self.turns += 1
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


_VS_RACE = frozenset(("deal", "counters", "order", "turn", "pay", "adjust", "extra-da", "out", "declare"))
_CREST_RACE = frozenset(("damage", "heal", "recover"))


class VsTracker(Tracker):
    """The VS modes: chaos cards drawn, items given (used); the card whose adjustment put a player out."""

    def __init__(self, cards: Any, players: int = 2) -> None:
        super().__init__(cards, players)
        self.adjusted: dict[str, str] = {}
        self.per = 2 if players == 2 else 1  # counters (and attributes) per player (TOC-VS2-020)
        self.counters: list[list[int]] = []
        self.start = 0
        self.out: set[int] = set()
        self.named: list[tuple[int, str, int, bool]] = []
        """Each declaration: (declarer, attribute, target, right)."""

    def _standing(self) -> None:
        # The race: each player's highest single counter (TOC-VS2-030), a player out out of it.
        if self.race is not None:
            self.race.scores[:] = [
                OUT if p in self.out else float(max(c)) for p, c in enumerate(self.counters)
            ]

    def _seat(self, player: int) -> list[int]:
        # A player's counters; a tracker told fewer players than the game has adds the others as
        # they first appear, at the start value.
        while len(self.counters) <= player and self.counters and self.race is not None:
            self.counters.append([self.start] * self.per)
            self.race.scores.append(float(self.start))
        return self.counters[player]

    def _race_event(self, kind: str, text: str, amount: int | None) -> None:
        if kind == "counters" and amount is not None:
            self.start = amount
            self.counters = [[amount] * self.per for _ in range(self.players)]
            self.race = Race([float(amount)] * self.players)
        elif kind == "order" or kind == "turn":
            self.turns += 1
            if self.race is not None:
                self.race.turn()
            return
        elif kind == "deal":
            self.per = int(text.split()[0])  # "2 attribute(s) dealt to each player": one per counter
            return
        elif kind == "pay":
            words = text.split()  # player P lowers counter S by 1 to V (why)
            self._seat(int(words[1]))[int(words[4])] = int(words[8])
        elif kind == "adjust":
            mine = self._seat(int(text.split()[1]))
            for slot, value in _COUNTER.findall(text.partition(": ")[2]):
                mine[int(slot)] = int(value)
        elif kind == "extra-da":
            mine = self._seat(int(text.partition(": player ")[2].split()[0]))
            for amount_text, slot in _SUBTRACT.findall(text):
                mine[int(slot)] -= int(amount_text)
        elif kind == "out":
            self.out.add(int(text.split()[1]))
        elif kind == "declare":
            named = _NAMED.search(text)
            if named:
                who, letter, target, verdict = named.groups()
                self.named.append((int(who), letter, int(target), verdict == "right"))
            return
        else:
            return
        self._standing()

    def close(self, state: Any) -> None:
        # A bluff names one's own attribute (own_attribute_bluff, TOC-VS2-029): who holds what is
        # secret until the end, so it is read from the referee's final state. It is kept when no
        # other player named that attribute rightly for the bluffer afterwards.
        from ..tower.vocabulary import LETTERS

        held = getattr(state, "attributes", None)
        if held is None:
            return
        bluffs = kept = 0
        for index, (who, attribute, _target, _right) in enumerate(self.named):
            if LETTERS.index(attribute) in held[who]:
                bluffs += 1
                found = any(
                    later[0] != who and later[2] == who and later[1] == attribute and later[3]
                    for later in self.named[index + 1 :]
                )
                kept += not found
        self.bluffs, self.bluffs_kept = bluffs, kept

    def observe(self, events: Any) -> None:
        sets = self.sets
        for event in events:
            kind = event.kind
            text = event.text
            if kind in _VS_RACE:
                self._race_event(kind, text, event.amount)
            if kind == "order" and self.first is None and event.amount is not None:
                # The setup's "player P begins" (TOC-VS2-025 / TOC-VS3-045). Not the first "turn"
                # event: that one announces the second turn, so it named the seat after the first.
                self.first = event.amount
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

    def __init__(self, cards: Any, players: int = 2) -> None:
        super().__init__(cards, players)
        self.ids = frozenset(card.id for card in cards.all_cards())
        self.source: list[str] = []
        self.hp = {card.id: float(card.hp) for card in cards.monsters}
        self.hp_race = self.race = Race([0.0] * players)
        """Each seat's HP: its monster card's, less the damage, plus the healing (CRD-BEAST-B)."""

    def observe(self, events: Any) -> None:
        sets = self.sets
        self.source = []  # a blow is credited within its own action only
        for event in events:
            kind = event.kind
            text = event.text
            seat = _SEAT.match(text)
            if seat and int(seat.group(1)) not in self.monsters:
                name = str(seat.group(2))
                self.monsters[int(seat.group(1))] = monster = self._id(name)  # named by name
                if int(seat.group(1)) < len(self.hp_race.scores):
                    self.hp_race.scores[int(seat.group(1))] = self.hp.get(monster, 0.0)
            if kind in _CREST_RACE and seat and event.amount is not None:
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
                    self.hp_race.scores[int(dead.group(1))] = OUT
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


def tracker_for(rules: str, cards: Any, players: int | None = None) -> Tracker:
    """A new tracker for a game of ``rules`` (``tower-solo``, ``tower-vs``, ``crest``) and ``players``."""
    kind = {"tower-solo": SoloTracker, "tower-vs": VsTracker, "crest": CrestTracker}[rules]
    return kind(cards, players or (1 if rules == "tower-solo" else 2))
