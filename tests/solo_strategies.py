"""Hypothesis strategies for the solo Tower game: seeds, positions and actions.

The action strategies take the position they choose in, so a test draws them step by step
with ``st.data()``; each one shrinks toward the first action of ``legal_actions`` (for a
failing game: toward the engine's own order). The card-set data strategies are in
:mod:`strategies`.
"""

from __future__ import annotations

# attrs and chaos_tower underscored: the public names of this module are its strategies.
import attrs as _attrs
from hypothesis import strategies as st

import chaos_tower as _ct


def game_seeds() -> st.SearchStrategy[int]:
    """A seed for :func:`chaos_tower.new_game`: small, any 64-bit number, or beyond
    (negative or larger: the generator keeps the low 64 bits, the state keeps the seed)."""
    return st.integers(0, 1 << 16) | st.integers(0, (1 << 64) - 1) | st.integers(-(1 << 80), 1 << 80)


def legal_choices(state: _ct.State) -> st.SearchStrategy[_ct.Action]:
    """Any legal action of ``state`` (which must have one), uniformly."""
    return st.sampled_from(_ct.legal_actions(state))


def _loses_at_once(state: _ct.State, action: _ct.Action) -> bool:
    result = _ct.outcome(_ct.apply(state, action))
    return result is not None and result.result == "lost"


@st.composite
def careful_actions(draw: st.DrawFn, state: _ct.State) -> _ct.Action:
    """A legal action of ``state`` that does not lose the game at once, unless every one does.

    The kind of action (place, step, move, take, use, …) is drawn first and then one
    action of that kind, so the rarer kinds (steps, items) are played about as often
    as placing and moving: games drawn this way climb floors, fall into ZAP and come
    back, and pick up, set and use items.
    """
    legal = _ct.legal_actions(state)
    groups: dict[type, list[_ct.Action]] = {}
    for action in legal:
        groups.setdefault(type(action), []).append(action)
    while groups:
        kind = draw(st.sampled_from(list(groups)))
        pool = groups[kind]
        action = draw(st.sampled_from(pool))
        if not _loses_at_once(state, action):
            return action
        pool.remove(action)
        if not pool:
            del groups[kind]
    return draw(st.sampled_from(legal))


def action_choices(max_size: int = 300) -> st.SearchStrategy[list[int]]:
    """Choice numbers for a whole game: step ``i`` plays ``legal[choices[i] % len(legal)]``."""
    return st.lists(st.integers(0, 1 << 16), max_size=max_size)


def any_actions(state: _ct.State) -> st.SearchStrategy[_ct.Action]:
    """Any action the card set can express (:func:`chaos_tower.action_space`): mostly illegal."""
    return st.sampled_from(_ct.action_space(state))


def malformed_actions(*, aliases: bool = True) -> st.SearchStrategy[object]:
    """Values :func:`chaos_tower.check_action` calls malformed: cells off the sheet, directions,
    rotations or attributes out of range or of the wrong type, and things that are not actions.

    ``aliases``: also actions whose fields are ``True``, ``False`` or a float, which compare
    and hash equal to a well-formed action (``Place(cell=True, ...) == Place(cell=1, ...)``).
    """
    bad_int = st.integers(-(1 << 40), -1) | st.integers(25, 1 << 40) | st.sampled_from(["0,0", "1"])
    bad_small = st.integers(-(1 << 40), -1) | st.integers(5, 1 << 40) | st.sampled_from(["n", "0"])
    if aliases:
        alias = st.sampled_from([True, False, 0.0, 1.0, 2.0, 3.0])
        bad_int, bad_small = bad_int | alias, bad_small | alias
    return st.one_of(
        st.builds(_ct.Place, cell=bad_int, rotation=st.integers(0, 3)),
        st.builds(_ct.Place, cell=st.integers(0, 24), rotation=bad_small),
        st.builds(_ct.Move, direction=bad_small),
        st.builds(_ct.Flip, direction=st.integers(0, 3), attribute=bad_small),
        st.builds(_ct.Fight, direction=bad_small, attribute=st.integers(0, 4)),
        st.builds(_ct.PlaceRebright, cell=bad_int, rotation=st.integers(0, 3)),
        st.builds(_ct.Use, slot=st.just("front-0"), cell=bad_int),
        st.sampled_from([None, "move n", 0, ("place", 0, 0), object()]),
    )


@st.composite
def tower_positions(
    draw: st.DrawFn, cards: _ct.TowerCardSet, *, max_actions: int | None = None, steps: int = 40
) -> _ct.State:
    """A position reached from a new game by up to ``steps`` careful actions."""
    state = _ct.new_game(cards, seed=draw(game_seeds()), max_actions=max_actions)
    for _ in range(draw(st.integers(0, steps))):
        if not _ct.legal_actions(state):
            break
        state = _ct.apply(state, draw(careful_actions(state)))
    return state


@st.composite
def item_positions(draw: st.DrawFn, cards: _ct.TowerCardSet, *, max_actions: int | None = None) -> _ct.State:
    """A position reached by careful play, then given items: some in carry, some set in slots
    with some of their effect-counters left.

    Not reached by play, but sound (:func:`chaos_tower.tower.solo.invariants.violations` finds
    nothing): what :func:`chaos_tower.loads` accepts. Games from here use the slot items
    (Sword Of Light's rearranging, Sack Of Fly's flight and reset, …) far more than play
    from a new game does.
    """
    state = draw(tower_positions(cards, max_actions=max_actions, steps=15))
    game = state.game
    free = [i for i in range(len(game.items)) if i not in (*state.carry, *state.slots, *state.lost)]
    order = draw(st.permutations(free))
    room = game.carry_limit - len(state.carry)
    carry = (*state.carry, *order[: draw(st.integers(0, room))])
    rest = [i for i in order if i not in carry and game.items[i].settable]
    slots, counters = list(state.slots), list(state.counters)
    for slot in range(len(slots)):
        if slots[slot] != -1 or not rest or not draw(st.booleans()):
            continue
        item = game.items[rest[0]]
        full = item.front_counters if game.slot_side[slot] == "front" else item.rear_counters
        slots[slot], counters[slot] = rest.pop(0), -1 if full is None else draw(st.integers(1, full))
    return _attrs.evolve(state, carry=carry, slots=tuple(slots), counters=tuple(counters), events=())
