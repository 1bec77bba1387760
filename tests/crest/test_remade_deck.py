"""CRD-BEAST-D, CRD-DEATH-A: what a seat keeps knowing after the deck is remade or its hand is taken.

When the deck runs out the discards are shuffled into a new deck: every seat saw them, so the
deck holds only those, less the cards drawn since; a seat knows its own draws, the others' only by
number, and each seat's draws are in its hand or among the cards it has shown since. A dead seat
whose killer took its hand knows the killer holds what of it the killer has not shown. Every world
``ct.determinize`` draws for a seat keeps to all of it. What is checked here is worked out from
the game's states themselves (instances that moved), not from the state's records.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.crest import remade
from chaos_tower.crest.invariants import violations
from chaos_tower.crest.knowledge import MIXED, chain_of
from chaos_tower.kernel.errors import SaveError
from chaos_tower.kernel.notation_words import NotationError

CARDS = ct.load_cardset(game="crest")
KINDS = ct.new_game(CARDS, seed=0).game.kind_of


def _kinds(instances: object) -> Counter[int]:
    return Counter(KINDS[i] for i in instances)  # type: ignore[attr-defined]


def _reshuffled(state: ct.CrestState) -> bool:
    return any(e.kind == "reshuffle" for e in state.events)


def _game(
    players: int, seed: int, after: int, teams: bool = False, swap: bool = False
) -> list[ct.CrestState]:
    """The states of a random game from ``seed`` on (the next seeds if it ends first) that passes
    through a reshuffle, up to ``after`` actions past it; ``swap``: the killer always swaps hands."""
    for tried in range(40):
        chooser = random.Random(seed + tried)
        state = ct.new_game(CARDS, players=players, teams=teams, seed=seed + tried)
        states, since = [state], None
        while not ct.is_terminal(state) and (since is None or len(states) - since < after):
            legal = ct.legal_actions(state)
            swaps = [a for a in legal if isinstance(a, ct.CrestSwapHands)]
            state = ct.apply(state, swaps[0] if swap and swaps else chooser.choice(legal))
            states.append(state)
            if since is None and _reshuffled(state):
                since = len(states) - 1
        if since is not None:
            return states
    raise AssertionError("no game reshuffled")  # pragma: no cover


def _truth(states: list[ct.CrestState]) -> tuple[set[int], list[set[int]]]:
    """The instances shuffled into the last remade deck, and each seat's draws from it since,
    from how the instances moved."""
    j = max(i for i, s in enumerate(states) if _reshuffled(s))
    before, at = states[j - 1], states[j]
    held_before = {i for hand in before.hands for i in hand}
    remade = set(at.deck) | {
        i for hand in at.hands for i in hand if i not in held_before and i not in before.deck
    }
    drawn: list[set[int]] = [set() for _ in range(at.players)]
    for k in range(j, len(states)):
        for seat in range(at.players):
            new = set(states[k].hands[seat]) - set(states[k - 1].hands[seat])
            drawn[seat] |= new & (remade if k == j else set(states[k - 1].deck))
    return remade, drawn


def _check_worlds(state: ct.CrestState, remade: set[int], drawn: list[set[int]], seeds: range) -> None:
    """CRD-BEAST-D: every world for every seat (a) shows the seat what it was shown, (b) is a sound
    position that a save accepts, (c) has a deck of what was remade less the seat's own draws, and
    each other seat's draws in its hand or shown since; nothing hidden steers it."""
    assert state.remade == tuple(sorted(_kinds(remade).elements()))
    for seat in range(state.players):
        assert state.drawn[seat] == tuple(sorted(_kinds(drawn[seat]).elements())), seat
        view = ct.observation(state, seat)
        for world_seed in seeds:
            world = ct.determinize(state, seat, world_seed)
            assert ct.observation(world, seat) == view  # (a)
            assert ct.dumps(ct.observation(world, seat)) == ct.dumps(view)
            assert violations(world) == []  # (b)
            assert ct.loads(ct.dumps(world), CARDS) == world
            left = _kinds(remade) - _kinds(drawn[seat])
            assert not _kinds(world.deck) - left, (seat, world_seed)  # (c)
            assert world.remade == state.remade and world.shown == state.shown
            assert sum(map(len, world.drawn)) == sum(map(len, state.drawn))
            for other in range(state.players):
                assert len(world.drawn[other]) == len(state.drawn[other])
                if world.shown[other] != MIXED:
                    room = _kinds(world.hands[other]) + Counter(world.shown[other])
                    assert not Counter(world.drawn[other]) - room, (seat, other)
            assert ct.determinize(world, seat, 7) == ct.determinize(state, seat, 7)  # from the view alone


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([2, 3, 4, 5, 6]), st.integers(0, 2**20), st.integers(0, 60), st.booleans())
def test_CRD_BEAST_D_every_world_keeps_the_remade_deck(
    players: int, seed: int, after: int, teams: bool
) -> None:
    """CRD-BEAST-D: over random games that pass through a reshuffle (2 to 6 seats, teams where the
    rule allows), every world for every seat agrees with its view, is sound and keeps the remade
    deck to what was shuffled in, less the seat's draws."""
    states = _game(players, seed, after, teams=teams and players in (4, 6))
    state = states[-1]
    remade, drawn = _truth(states)
    _check_worlds(state, remade, drawn, range(3))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_CRD_BEAST_D_the_records_follow_the_game_through_every_state(players: int) -> None:
    """CRD-BEAST-D: at every state after a reshuffle the records are what the instances did, and the
    worlds keep to them (a long game, checked state by state)."""
    states = _game(players, 5, 120)
    first = next(i for i, s in enumerate(states) if _reshuffled(s))
    for k in range(first, len(states), 7):
        remade, drawn = _truth(states[: k + 1])
        _check_worlds(states[k], remade, drawn, range(2))


def test_CRD_BEAST_D_a_seat_sees_only_its_own_draws() -> None:
    """CRD-BEAST-D: a seat's view names the cards it drew from the remade deck and only how many the
    others drew: two worlds that give another seat different draws look the same to it."""
    state = _game(4, 11, 40)[-1]
    seat, other = 0, 2
    view = ct.observation(state, seat)
    assert view.drawn == tuple(state.game.kinds[k].id for k in state.drawn[seat])
    assert view.drawn_sizes == tuple(len(row) for row in state.drawn)
    worlds = [ct.determinize(state, seat, s) for s in range(40)]
    differ = [(a, b) for a in worlds for b in worlds if a.drawn[other] != b.drawn[other]]
    assert differ, "every world gave the other seat the same draws"
    a, b = differ[0]
    assert ct.dumps(ct.observation(a, seat)) == ct.dumps(ct.observation(b, seat))
    assert ct.observation(a, other).drawn != ct.observation(b, other).drawn


def _after_a_swap(players: int) -> tuple[list[ct.CrestState], int]:
    """A game in which a killer took a dead seat's hand, and the index of the state just after."""
    for seed in range(200):
        states = _game(players, seed, 30, swap=True)
        for k, s in enumerate(states):
            if (
                any(e.kind == "swap" and "swaps hands" in e.text for e in s.events)
                and states[k - 1].hands[states[k - 1].dying[0]]
            ):
                return states, k
    raise AssertionError("no swap of hands")  # pragma: no cover


@pytest.mark.parametrize("players", [3, 4])
def test_CRD_DEATH_A_a_dead_seat_finds_its_old_hand_with_its_killer(players: int) -> None:
    """CRD-DEATH-A: the dead seat whose hand its killer took finds, in every world, the cards of it
    the killer has not shown since in the killer's hand; nobody else is told of them."""
    states, k = _after_a_swap(players)
    before = states[k - 1]
    killer, dead = before.seat, before.dying[0]
    old = _kinds(before.hands[dead])
    checked = 0
    for t in range(k, len(states)):
        if not states[t].alive[killer] and states[t].phase != "death":
            break
        if t > k:
            old -= _kinds(set(states[t - 1].hands[killer]) - set(states[t].hands[killer]))
        state = states[t]
        view = ct.observation(state, dead)
        names = state.game.kinds
        assert Counter(view.passed) == Counter({names[kind].id: n for kind, n in old.items() if n > 0})
        assert view.passed_to == (killer if +old else -1)
        for seat in range(state.players):  # each seat is told only of its own old hand
            own = state.passed[seat][1:] if state.passed and state.passed[seat] else ()
            assert ct.observation(state, seat).passed == tuple(names[kind].id for kind in own)
        for world_seed in range(3):
            world = ct.determinize(state, dead, world_seed)
            assert not +old - _kinds(world.hands[killer]), (t, world_seed)
            assert violations(world) == [] and ct.observation(world, dead) == view
            checked += 1
    assert checked


def test_CRD_BEAST_D_the_records_go_through_saves_notation_and_views() -> None:
    """CRD-BEAST-D, CRD-DEATH-A: a state holding the records comes back equal from its save and its
    notation, and a seat's view from its view save."""
    for state in (_game(3, 2, 25)[-1], _after_a_swap(4)[0][-1]):
        assert state.known is not None
        assert ct.loads(ct.dumps(state), CARDS) == state
        again = ct.from_notation(ct.to_notation(state), CARDS)
        assert again == state and ct.to_notation(again) == ct.to_notation(state)
        for seat in range(state.players):
            view = ct.observation(state, seat)
            assert ct.loads(ct.dumps(view), CARDS) == view


def test_CRD_BEAST_D_records_that_do_not_fit_the_position_are_refused() -> None:
    """CRD-BEAST-D: a save or notation whose remade deck is not its deck plus the draws since, or
    whose seat drew what it neither holds nor showed, is refused and nothing is loaded."""
    state = _game(2, 3, 20)[-1]
    n = state.players
    bad_remade = chain_of(n, state.remade[1:], state.drawn, state.shown, state.passed)
    seat = next(s for s in range(n) if state.shown[s] != MIXED)
    held = _kinds(state.hands[seat]) + Counter(state.shown[seat])
    ghost = next(k for k in range(len(state.game.kinds)) if not held[k])  # neither held nor shown
    drawn = tuple(tuple(sorted((*row, ghost))) if s == seat else row for s, row in enumerate(state.drawn))
    bad_draw = chain_of(n, tuple(sorted((*state.remade, ghost))), drawn, state.shown, state.passed)
    for known in (bad_remade, bad_draw):
        broken = attrs.evolve(state, known=known)
        assert violations(broken)
        with pytest.raises(SaveError):
            ct.loads(ct.dumps(broken), CARDS)
        with pytest.raises(NotationError):
            ct.from_notation(ct.to_notation(broken), CARDS)


def _valid(
    share: remade.Share, room: Counter[int], hidden: Counter[int], deck: int, seats: dict[int, remade.Seat]
) -> None:
    """A share keeps to what the player knows: the deck and each seat's draws are the room exactly;
    the deck and the draws held are hidden cards; each seat's other draws it showed."""
    assert sum(share.deck.values()) == deck
    assert share.deck + sum((Counter(d) for d in share.drawn.values()), Counter()) == room
    assert not (share.deck + sum(share.held.values(), Counter())) - hidden
    for s, info in seats.items():
        assert len(share.drawn[s]) == info.draws and sum(share.held[s].values()) <= info.room
        if info.shown is not None:
            assert not Counter(share.drawn[s]) - share.held[s] - info.shown


def test_CRD_BEAST_D_the_share_of_the_remade_deck_is_found_both_ways() -> None:
    """CRD-BEAST-D: the straight share and the flow both keep to what the player knows; the flow
    finds one where only a search does, and none where there is none."""
    seats = {
        1: remade.Seat(draws=2, room=1, shown=Counter({5: 1, 6: 1})),
        2: remade.Seat(draws=1, room=0, shown=Counter({5: 1})),
        3: remade.Seat(draws=1, room=2, shown=None),
    }
    room, hidden = Counter({5: 2, 6: 1, 7: 2, 8: 1}), Counter({7: 2, 8: 1, 9: 3})
    args = (room, hidden, 2, seats, (5, 6, 7, 8), (1, 2, 3))
    for find in (remade._straight, remade._flow):
        found = find(*args)
        assert found is not None
        _valid(found, room, hidden, 2, seats)
    # Seat 1 must hold a 7 (it drew two, showed one 6 and can show no more 5s than seat 2 leaves):
    # the straight way gives seat 1 both 5s first and is stuck; the flow mends it.
    tight = {
        1: remade.Seat(draws=2, room=1, shown=Counter({5: 2})),
        2: remade.Seat(draws=1, room=0, shown=Counter({5: 1})),
    }
    room2, hidden2 = Counter({5: 2, 7: 1}), Counter({7: 1, 9: 1})
    assert remade._straight(room2, hidden2, 0, tight, (5, 7), (1, 2)) is None
    found = remade._flow(room2, hidden2, 0, tight, (5, 7), (1, 2))
    assert found is not None
    _valid(found, room2, hidden2, 0, tight)
    assert found.drawn[2] == (5,) and found.held[1] == Counter({7: 1})
    shared = remade.share(room2, hidden2, 0, tight, 1)
    assert shared is not None
    _valid(shared[0], room2, hidden2, 0, tight)
    # No seat showed a 5, and none is hidden: no share at all.
    none = {1: remade.Seat(draws=1, room=1, shown=Counter())}
    assert remade._flow(Counter({5: 1}), Counter({7: 1}), 0, none, (5,), (1,)) is None
    assert remade.share(Counter({5: 1}), Counter({7: 1}), 0, none, 1) is None
