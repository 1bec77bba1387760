"""The Tower's per-card facts for the lab, read from its events (issue 25 item 8).

:attr:`chaos_tower.registry.GameSpec.facts` of the Tower: a :class:`SoloTracker` for the solo
game and a :class:`VsTracker` for the VS modes (with, for ``lab metrics``, the turns, the race of
the counters, :mod:`chaos_tower.kernel.race`, and the bluffs). Each reads only the event kinds it needs
(picked out by kind, then the event's text); the base, :class:`chaos_tower.kernel.facts.Tracker`,
turns the facts into a row.
"""

from __future__ import annotations

import re
from typing import Any

from ..kernel.facts import Tracker
from ..kernel.race import OUT, Race
from .vocabulary import LETTERS

__all__ = ["SoloTracker", "VsTracker", "tower_facts"]

_LEAVING = re.compile(r"da ([+-]\d+) leaving (.+), ([+-]\d+) entering (.+)$")
_COUNTER = re.compile(r"counter (\d+) [+-]\d+ to (-?\d+)")
_SUBTRACT = re.compile(r"(\d+) from counter (\d+)")
_NAMED = re.compile(r"player (\d+) named (\w) for player (\d+): (right|wrong)$")


_TEXTS = frozenset(("life", "floor", "end"))
"""The kinds of event, among those that name no card, whose text :class:`SoloTracker` reads. Not
``elements``: the element paid for a fight ("elements G-2: fighting Gnom") is followed in the same
action by the monster's ``defeat`` (TOC-PROG2-03: a fight always defeats the monster), which names
it."""

_MONSTERS: dict[int, tuple[Any, frozenset[str]]] = {}


def _monster_ids(cards: Any) -> frozenset[str]:
    # The monsters' IDs, once per card set and process.
    known = _MONSTERS.get(id(cards))
    if known is None or known[0] is not cards:
        known = _MONSTERS[id(cards)] = (cards, frozenset(card.id for card in cards.monsters))
    return known[1]


class SoloTracker(Tracker):
    """The solo Tower: cards placed (so drawn), monsters fought and defeated, items held, used."""

    reads_events = True
    counts_turns = True  # chaos cards placed from the deck (TOC-PLAY-A); no race between seats

    def __init__(self, cards: Any, players: int = 1) -> None:
        super().__init__(cards, players)
        self.floor = 1  # the game starts on floor 1 (TOC-PREP-01)
        self.monster_ids = _monster_ids(cards)
        self.hurt: Any = None
        """The last event that cost life: read only if the game then ends at life 0 (its killer)."""

    @staticmethod
    def expected(cards: Any) -> list[tuple[str, tuple[str, ...], str]]:
        """Every room and monster placed; every item gained (held, or used)."""
        chaos = [(c.id, ("placed",), "placed") for c in (*cards.rooms, *cards.monsters)]
        items = (*cards.items, *cards.normal_items, *cards.rare_items)
        return [*chaos, *((c.id, ("held", "used"), "gained") for c in items)]

    def observe(self, events: Any) -> None:
        self.observe_all((events,))

    def observe_all(self, log: Any) -> None:
        """Read every action's events of a game in one pass (the solo facts do not depend on where one
        action's events end and the next one's begin)."""
        # Written for speed (issue 25, the lab's overhead): a fact about a card is read from the
        # event's kind and the card ID it carries (Event.card), never from its text; of the events
        # that carry none, only the damage, floor and end events are read (_TEXTS).
        sets = self.sets
        placed, drawn, fought, defeated = sets["placed"], sets["drawn"], sets["fought"], sets["defeated"]
        monsters = self.monster_ids
        texts = _TEXTS
        turns = 0
        for events in log:
            for event in events:
                card = event.card
                if card is None:
                    kind = event.kind
                    if kind in texts:
                        self._read_text(kind, event)
                    continue
                kind = event.kind
                if kind == "place":  # a chaos card (or Rebright) placed as it is drawn (TOC-PLAY-A)
                    placed.add(card)
                    drawn.add(card)
                    turns += 1
                elif kind == "move":  # a monster entered is fought (TOC-PROG2-01)
                    if card in monsters:
                        fought.add(card)
                elif kind == "step":
                    # A step card placed (TOC-STEP-01), or leaving the floor after it was (TOC-STEP-05,
                    # TOC-ZAP-07): placed either way.
                    placed.add(card)
                elif kind == "defeat":  # the fight that defeated it (TOC-PROG2-03: every fight does)
                    defeated.add(card)
                    fought.add(card)
                elif kind == "item":
                    sets["held"].add(card)
                elif kind == "use":
                    sets["used"].add(card)
        self.turns += turns

    def _read_text(self, kind: str, event: Any) -> None:
        # The few events whose fact is in their text: the damage (whose card may deal the killing
        # blow), the floor reached, and the game's end.
        if kind == "life":
            if event.amount is not None and event.amount < 0:
                self.hurt = event
        elif kind == "floor":
            text = event.text
            if text.startswith("floor "):
                self.floor = max(self.floor or 0, int(text.partition(" → ")[2].partition(":")[0]))
        elif self.hurt is not None and event.text.startswith("life reached 0"):
            blow = self._blow(self.hurt.text.partition(": ")[2])
            if blow:
                self.killers.append(blow)  # the card of the damage that ended it (TOC-OVER-01)

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


class VsTracker(Tracker):
    """The VS modes: chaos cards drawn, items given (used); the card whose adjustment put a player out;
    for the metrics, the turns, the race of the counters and the bluffs."""

    reads_events = True
    counts_turns = True

    def __init__(self, cards: Any, players: int = 2) -> None:
        super().__init__(cards, players)
        self.adjusted: dict[str, str] = {}
        self.per = 2 if players == 2 else 1  # counters (and attributes) per player (TOC-VS2-020)
        self.counters: list[list[int]] = []
        self.start = 0
        self.out: set[int] = set()
        self.named: list[tuple[int, str, int, bool]] = []
        """Each declaration: (declarer, attribute, target, right)."""

    def begin(self, seat: int | None) -> None:
        """Nothing: the first seat is read from the events (the setup's "who begins")."""

    @staticmethod
    def expected(cards: Any) -> list[tuple[str, tuple[str, ...], str]]:
        """Every room and monster drawn."""
        return [(c.id, ("drawn",), "drawn") for c in (*cards.rooms, *cards.monsters)]

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
        """The bluffs, read from the referee's last state.

        A bluff names one's own attribute (own_attribute_bluff, TOC-VS2-029): who holds what is
        secret until the end, so it is read from the final state. It is kept when no other player
        named that attribute rightly for the bluffer afterwards.
        """
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


def tower_facts(mode: str, cards: Any, players: int) -> Tracker:
    """A new tracker for one game of ``mode`` (``solo`` or ``vs``) with ``players``."""
    return SoloTracker(cards, players) if mode == "solo" else VsTracker(cards, players)
