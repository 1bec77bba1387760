"""Hand-built Crest Duel positions for scenario tests, with every card still accounted for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

import attrs

import chaos_tower as ct
from chaos_tower.crest.cards import STATUSES, CrestCardSet, MonsterStats, Status
from chaos_tower.crest.invariants import violations
from chaos_tower.crest.state import NO_RING, CrestState


@cache
def crest_cards() -> CrestCardSet:
    """The built-in Crest Duel set."""
    return ct.load_cardset(game="crest")


def monster(monster_id: str) -> MonsterStats:
    """A monster card of the built-in set by id."""
    return next(m for m in crest_cards().monsters if m.id == monster_id)


def arrange(
    *,
    monsters: Sequence[str] = ("gorgath", "ixalith"),
    teams: object = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    marks: Mapping[int, Mapping[int, Sequence[str]]] | None = None,
    rings: Mapping[int, str] | None = None,
    hp: Mapping[int, int] | None = None,
    statuses: Mapping[int, Mapping[Status, int]] | None = None,
    discard: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    phase: str = "wield",
    seat: int = 0,
    first: int = 0,
    used: Sequence[bool] | None = None,
) -> CrestState:
    """A position with exactly these cards in these places; the rest of the deck in card order.

    ``deck`` given: the deck is exactly those cards (top first) and the rest go to the discards.
    """
    cards = crest_cards()
    players = len(monsters)
    base = ct.new_game(cards, players=players, teams=teams, seed=0)
    game = base.game
    pool = list(range(game.deck_size))

    def take(kind_id: str) -> int:
        kind = game.kind_ids[kind_id]
        instance = next(i for i in pool if game.kind_of[i] == kind)
        pool.remove(instance)
        return instance

    hands = hands or {}
    marks = marks or {}
    rings = rings or {}
    hp = hp or {}
    statuses = statuses or {}
    index = [m.id for m in cards.monsters]
    seats = range(players)
    hand_t = tuple(tuple(sorted(take(k) for k in hands.get(s, ()))) for s in seats)
    mark_t = tuple(
        tuple(
            tuple(take(k) for k in marks.get(s, {}).get(m, ()))
            for m in range(len(monster(monsters[s]).marks))
        )
        for s in seats
    )
    ring_t = tuple(take(rings[s]) if s in rings else NO_RING for s in seats)
    discard_t = [take(k) for k in discard]
    if deck is None:
        deck_t = list(pool)
    else:
        deck_t = [take(k) for k in deck]
        discard_t += pool
    status_t = tuple(tuple(statuses.get(s, {}).get(st, 0) for st in STATUSES) for s in seats)
    state = attrs.evolve(
        base,
        monsters=tuple(index.index(m) for m in monsters),
        hp=tuple(hp.get(s, monster(monsters[s]).hp) for s in seats),
        alive=(True,) * players,
        hands=hand_t,
        marks=mark_t,
        rings=ring_t,
        statuses=status_t,
        deck=tuple(deck_t),
        discard=tuple(discard_t),
        phase=phase,
        seat=seat,
        first=first,
        setup_count=0,
        used=tuple(used) if used is not None else (False,) * len(mark_t[seat]),
        turns=1,
        rounds=1,
        events=(),
    )
    problems = violations(state)
    assert problems == [], problems
    return state


def kinds(state: CrestState, instances: Sequence[int]) -> list[str]:
    """The kind ids of some instances, in order."""
    return [state.game.card(i).id for i in instances]


def play(state: CrestState, *texts: str) -> CrestState:
    """Apply actions given by their text forms."""
    for text in texts:
        state = ct.apply(state, ct.parse_action(state, text))
    return state


def rules_of_events(state: CrestState) -> set[str]:
    """The rule IDs cited by the last action's events."""
    return {e.rule for e in state.events}
