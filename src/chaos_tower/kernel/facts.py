"""Per-card facts of one game, read from the events the engine attaches to each state (issue 25 item 8).

A game hands the lab a tracker per mode (:attr:`chaos_tower.registry.GameSpec.facts`): an object
that reads each action's events (:meth:`Tracker.observe`) and gives the game's row of facts
(:meth:`Tracker.row`): the cards drawn, placed, fought, defeated, held (gained) and used, the
floor reached, the card that dealt each killing blow, each seat's result, and for the metrics the
turns begun, the race between seats (:mod:`.race`) and the bluffs. Only the events
are read, never the rules' internals, so the facts are what a spectator of the game's log would
count. This base tracker keeps no card fact (a game without a tracker of its own still plays in
the lab: its rows have outcomes, lengths and results, and empty fact columns); each game's own
tracker (``chaos_tower.tower.labfacts``, ``chaos_tower.crest.labfacts``) reads its events.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from .race import Race

__all__ = ["FACTS", "ROW", "FactsError", "Tracker", "card_names", "seat_results"]

FACTS = ("drawn", "placed", "fought", "defeated", "held", "used")
"""The per-card fact columns, each a sorted list of distinct card IDs per game."""
ROW = (
    *FACTS,
    *("killers", "floor", "first", "seat_cards", "monsters", "turns"),
    *("lead_changes", "leader", "lead_kept", "bluffs", "bluffs_kept"),
)
"""The columns of a tracker's row (:meth:`Tracker.row`), in the order of :meth:`Tracker.values`."""


class FactsError(ValueError):
    """A card set whose facts cannot be kept by card ID (two cards of one name, a name with spaces)."""


_NAMES: dict[int, tuple[Any, dict[str, str]]] = {}


def card_names(cards: Any) -> dict[str, str]:
    """Each card's display name → its ID, for reading the events' text back to IDs.

    Every fact is kept by card ID; the events name cards by their display name,
    so a set in which two cards share a name, or a name has spaces at an end
    (the events' text cannot show where it begins), cannot have its facts kept
    by ID: :class:`FactsError`, before any game, rather than one card's facts
    counted for the other. Built once per card set and process.
    """
    known = _NAMES.get(id(cards))
    if known is None or known[0] is not cards:
        names: dict[str, str] = {}
        for card in cards.all_cards():
            name = card.name
            if name != name.strip() or not name:
                raise FactsError(
                    f"card {card.id}: its name {name!r} has spaces at an end; the lab reads each card's "
                    "facts back from the events by name: write the name without them"
                )
            other = names.setdefault(name, card.id)
            if other != card.id:
                raise FactsError(
                    f"cards {other} and {card.id} are both named {name!r}: the lab could not tell their "
                    "facts apart; give each card its own name"
                )
        known = _NAMES[id(cards)] = (cards, names)
    return known[1]


def seat_results(end: Any, players: int) -> list[str]:
    """Each seat's result, ``won``, ``lost``, ``draw`` or ``ended`` (the action limit), from an outcome.

    The front door's outcomes say it one of three ways: per seat (``results``), by the seats that
    won (``winners``, with ``cause``), or for the one player (``result``).
    """
    results = getattr(end, "results", None)
    if results is not None:
        return [str(r) for r in results]
    winners = getattr(end, "winners", None)
    if winners is not None:
        won = set(winners)
        ended = getattr(end, "cause", None) == "max-actions"
        return ["ended" if ended else "won" if s in won else "lost" for s in range(players)]
    return [str(end.result)]


_UNREAD = frozenset(("",))
"""The ID :meth:`Tracker._id` gives a name no card has: counted for no card."""
_NO_RACE: dict[str, Any] = {}
_FACT_SETS = itemgetter(*FACTS)  # a tracker's sets of FACTS, in that order


class Tracker:
    """Collects one game's facts from each step's events; :meth:`row` gives them.

    The base keeps none: :meth:`observe` reads nothing (a game's own tracker reads its events).
    """

    reads_events = False
    """Whether :meth:`observe` reads anything (the lab skips the call when it does not)."""
    counts_turns = False
    """Whether :attr:`turns` is counted (the row's ``turns`` is empty when it is not)."""

    def __init__(self, cards: Any, players: int = 1) -> None:
        self.players = players
        self.names: dict[str, str] = card_names(cards)
        self.sets: dict[str, set[str]] = {fact: set() for fact in FACTS}
        self.killers: list[str] = []
        self.floor: int | None = None
        self.first: int | None = None
        self.monsters: dict[int, str] = {}
        self.seat_cards: set[str] = set()
        """``seat:card`` for each card a seat drew, placed or used (games of several players)."""
        self.unmatched: list[str] = []
        """Names read from the events that are no card's (none, as the lab's tests check)."""
        self.turns = 0
        """Turns begun, when :attr:`counts_turns` (a game's tracker counts them; the base none)."""
        self.race: Race | None = None
        """The score or HP race between seats (:mod:`.race`), in modes that have one."""
        self.bluffs: int | None = None
        """Declarations naming one's own attribute, in modes won by declaring (``None``: none kept)."""
        self.bluffs_kept: int | None = None

    def _id(self, name: str) -> str:
        # A card's ID, never its display name: a name no card has (text this tracker misread) is
        # noted in ``unmatched`` and counts for no card.
        found = self.names.get(name)
        if found is None:
            found = self.names.get(name.strip())
            if found is None:
                self.unmatched.append(name)
                return ""
        return found

    def begin(self, seat: int | None) -> None:
        """The seat to act in the game's first state. With several players the base takes it for the
        game's first seat (``first``); a game's tracker that reads its own "who begins" from the
        events (the VS setup's, Crest's) overrides this."""
        if self.players > 1:
            self.first = seat

    def observe(self, events: Any) -> None:
        """Read the events of one action."""

    def observe_all(self, log: Any) -> None:
        """Read a whole game's events, one action's events after another (the lab keeps them during
        the game and reads them after it). By default :meth:`observe` for each action's."""
        for events in log:
            self.observe(events)

    def close(self, state: Any) -> None:
        """Read what the game's last state shows (after its events); the base reads nothing."""

    def results(self, end: Any, players: int) -> list[str]:
        """Each seat's result from the game's outcome (:func:`seat_results`)."""
        return seat_results(end, players)

    def row(self) -> dict[str, Any]:
        """The facts as row values (card IDs), by column name (:data:`ROW`)."""
        return dict(zip(ROW, self.values(), strict=True))

    def values(self) -> tuple[Any, ...]:
        """The facts as row values, in the order of :data:`ROW`: a lab chunk keeps one tuple per game
        and turns them into columns at once (no dict per game; issue 25, the lab's overhead)."""
        facts = [sorted(cards - _UNREAD) if "" in cards else sorted(cards) for cards in _FACT_SETS(self.sets)]
        seat_cards = self.seat_cards
        monsters = self.monsters
        race = self.race.row() if self.race is not None else _NO_RACE
        return (
            *facts,
            [card for card in self.killers if card],
            self.floor,
            self.first,
            sorted(e for e in seat_cards if not e.endswith(":")) if seat_cards else [],
            [monsters.get(seat, "") for seat in range(len(monsters))] if monsters else None,
            self.turns if self.counts_turns else None,
            race.get("lead_changes"),
            race.get("leader"),
            race.get("lead_kept"),
            self.bluffs,
            self.bluffs_kept,
        )

    @staticmethod
    def expected(cards: Any) -> list[tuple[str, tuple[str, ...], str]]:
        """What ``chaos-tower validate --play`` expects of each card: (card ID, facts, verb).

        Each card that a game of the set should show doing something, and the fact columns any
        one of which shows it: ``("room.x", ("placed",), "placed")``, ``("item.y", ("held",
        "used"), "gained")``. A card never seeing its fact in a
        (statistically) meaningful number of games is warned about. The base expects nothing.
        """
        return []
