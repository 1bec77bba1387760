"""Malformed input at the front door: only the documented, typed errors come out, and nothing changes.

Every game (the solo Tower, the Tower's VS modes, Crest Duel) checks an
action's shape in one place before anything else looks at it: its type
belongs to the game, each field has the right type (a bool is not an int) and
lies within the card set's bounds. ``apply`` and ``check_action`` then raise
:class:`~chaos_tower.kernel.errors.MalformedActionError` (or
:class:`~chaos_tower.kernel.errors.IllegalActionError` for a well-formed action the
rules forbid), ``can_apply`` answers ``False`` and never raises, and
``action_text`` / ``action_index`` / ``parse_action`` raise
:class:`MalformedActionError`; ``loads`` raises
:class:`~chaos_tower.kernel.errors.SaveError` for anything that is not a save.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.crest import actions as crest_actions
from chaos_tower.tower.solo import actions as tower_actions
from chaos_tower.tower.vs import actions as vs_actions

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")


def _played(state: Any, steps: int, seed: int) -> Any:
    """The position after ``steps`` random legal actions (fewer if the game ends)."""
    rng = random.Random(seed)
    for _ in range(steps):
        actions = ct.legal_actions(state)
        if not actions:
            break
        state = ct.apply(state, rng.choice(actions))
    return state


SOLO = ct.new_game(TOWER, seed=1)
VS = ct.new_game(TOWER, mode="vs", players=2, seed=1)
DUEL = ct.new_game(CREST, players=2, seed=1)
STATES = {
    "solo": SOLO,
    "solo-later": _played(ct.new_game(TOWER, seed=2), 25, 2),
    "vs2": VS,
    "vs2-later": _played(ct.new_game(TOWER, mode="vs", players=2, seed=3, extra_rule=True), 9, 3),
    "vs4": _played(ct.new_game(TOWER, mode="vs", players=4, seed=4), 5, 4),
    "crest": DUEL,
    "crest-later": _played(ct.new_game(CREST, players=4, teams=True, seed=5), 30, 5),
}
GAMES = {"solo": SOLO, "vs": VS, "crest": DUEL}
CREST_ID, RING_ID, SPELL_ID = (
    next(k.id for k in DUEL.game.kinds if type(k).__name__ == kind)
    for kind in ("CrestCard", "RingCard", "SpellCard")
)

# One well-formed example of every action class of every game: the junk below is made from them.
EXAMPLES: tuple[Any, ...] = (
    tower_actions.Place(cell=0, rotation=0),
    tower_actions.PlaceStep(step="step.besiont", cell=0, rotation=0),
    tower_actions.PlaceRebright(cell=0, rotation=0),
    tower_actions.Move(direction=0),
    tower_actions.Flip(direction=0, attribute=0),
    tower_actions.Fight(direction=0, attribute=0),
    tower_actions.Take(item="rare.sword-of-black"),
    tower_actions.Make(item="rare.sword-of-black"),
    tower_actions.SetItem(item="rare.sword-of-black", slot="front-0"),
    tower_actions.Use(slot="front-0", attribute=0, cell=0, to=1, target="rare.sword-of-black"),
    tower_actions.Discard(item="rare.sword-of-black"),
    tower_actions.Relocate(cell=0, to=1, rotation=0),
    tower_actions.Stand(cell=0),
    tower_actions.Finish(),
    vs_actions.Draw(),
    vs_actions.Give(item=VS.table.item_ids[0], to=1, pay=0),
    vs_actions.Declare(target=1, attribute="G", pay=0),
    vs_actions.Adjust(deltas=(0, 0)),
    vs_actions.Subtract(amounts=(0, 0)),
    crest_actions.Place(card=CREST_ID, mark=0, mode="new"),
    crest_actions.Wear(card=RING_ID),
    crest_actions.Cast(card=SPELL_ID, target=1),
    crest_actions.Discard(cards=(CREST_ID, SPELL_ID)),
    crest_actions.Use(mark=0, target=1),
    crest_actions.Recover(),
    crest_actions.SwapMarks(theirs=0, mine=1),
    crest_actions.SwapHands(),
    crest_actions.Done(),
)


def _snapshot(state: Any) -> tuple[Any, str]:
    return attrs.evolve(state), ct.dumps(state)


def _unchanged(state: Any, before: tuple[Any, str]) -> None:
    assert state == before[0]
    assert ct.dumps(state) == before[1]


def assert_refused(state: Any, action: Any) -> None:
    """Every action function refuses ``action`` with MalformedActionError; can_apply answers False."""
    before = _snapshot(state)
    for function in (ct.apply, ct.check_action, ct.action_text, ct.action_index):
        with pytest.raises(ct.MalformedActionError):
            function(state, action)
    assert ct.can_apply(state, action) is False
    _unchanged(state, before)


# -- the cases of issue 11, in every game ----------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "action"),
    [
        ("solo", tower_actions.Place(cell=None, rotation=0)),  # type: ignore[arg-type]
        ("solo", tower_actions.Move(direction=None)),  # type: ignore[arg-type]
        ("solo", tower_actions.Take(item=None)),  # type: ignore[arg-type]
        ("solo", tower_actions.Use(slot=None)),  # type: ignore[arg-type]
        ("solo", tower_actions.Relocate(cell=0, to=None, rotation=0)),  # type: ignore[arg-type]
        ("vs", vs_actions.Give(item=None, to=0, pay=0)),  # type: ignore[arg-type]
        ("vs", vs_actions.Give(item=VS.table.item_ids[0], to=None, pay=0)),  # type: ignore[arg-type]
        ("vs", vs_actions.Declare(target=1, attribute=None, pay=0)),  # type: ignore[arg-type]
        ("vs", vs_actions.Adjust(deltas=None)),  # type: ignore[arg-type]
        ("vs", vs_actions.Subtract(amounts=(None, 0))),  # type: ignore[arg-type]
        ("crest", crest_actions.Place(card=None, mark=0, mode="new")),  # type: ignore[arg-type]
        ("crest", crest_actions.Place(card=CREST_ID, mark=None, mode="new")),  # type: ignore[arg-type]
        ("crest", crest_actions.Place(card=CREST_ID, mark=0, mode=None)),  # type: ignore[arg-type]
        ("crest", crest_actions.Discard(cards=None)),  # type: ignore[arg-type]
        ("crest", crest_actions.SwapMarks(theirs=None, mine=0)),  # type: ignore[arg-type]
    ],
    ids=repr,
)
def test_none_in_a_required_field_is_malformed(game: str, action: Any) -> None:
    """``None`` in a required field: a MalformedActionError from apply, check_action,
    action_text and action_index (not TypeError); can_apply answers False."""
    assert_refused(GAMES[game], action)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("huge", [10**30, -(10**30), 10**5000], ids=["1e30", "-1e30", "1e5000"])
def test_huge_int_fields_are_malformed(game: str, huge: int) -> None:
    """``Move(direction=10**30)`` and its like in each game: no IndexError, OverflowError or
    ValueError of an unprintable int; MalformedActionError."""
    actions = {
        "solo": [tower_actions.Move(direction=huge), tower_actions.Place(cell=huge, rotation=0)],
        "vs": [
            vs_actions.Give(item=VS.table.item_ids[0], to=huge, pay=0),
            vs_actions.Adjust(deltas=(huge, 0)),
        ],
        "crest": [crest_actions.Use(mark=huge), crest_actions.Cast(card=SPELL_ID, target=huge)],
    }[game]
    for action in actions:
        assert_refused(GAMES[game], action)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_action_of_another_game_is_malformed(game: str) -> None:
    """``action_text`` of a Tower ``Move`` on a VS state (it raised AttributeError), and every
    other action class of another game, on every game."""
    own = {"solo": tower_actions, "vs": vs_actions, "crest": crest_actions}[game]
    for action in EXAMPLES:
        if type(action).__module__ != own.__name__:
            assert_refused(GAMES[game], action)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_unhashable_fields_are_malformed(game: str) -> None:
    """``action_index`` with an unhashable field (a list where an id or a number goes)."""
    actions = {
        "solo": [tower_actions.Take(item=["x"]), tower_actions.Move(direction=[0])],  # type: ignore[arg-type]
        "vs": [vs_actions.Give(item=[1], to=0, pay=0), vs_actions.Adjust(deltas=[0, 0])],  # type: ignore[arg-type]
        "crest": [crest_actions.Wear(card=["x"]), crest_actions.Discard(cards=(["x"],))],  # type: ignore[arg-type]
    }[game]
    for action in actions:
        assert_refused(GAMES[game], action)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_record_without_its_fields_is_malformed(game: str) -> None:
    """An action class instance made by ``object.__new__`` (its fields never set): no AttributeError."""
    own = {"solo": tower_actions, "vs": vs_actions, "crest": crest_actions}[game]
    for example in EXAMPLES:
        if type(example).__module__ == own.__name__ and attrs.fields(type(example)):
            assert_refused(GAMES[game], object.__new__(type(example)))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bools_and_floats_are_not_numbers(game: str) -> None:
    """A bool or a float that equals a valid number (``True == 1``, ``0.0 == 0``) is malformed."""
    for example in EXAMPLES:
        own = {"solo": tower_actions, "vs": vs_actions, "crest": crest_actions}[game]
        if type(example).__module__ != own.__name__:
            continue
        for field in attrs.fields(type(example)):
            if type(getattr(example, field.name)) is int:
                for alias in (True, False, 0.0, 1.0):
                    assert_refused(GAMES[game], attrs.evolve(example, **{field.name: alias}))


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("text", [None, b"move n", b"draw", 3, ["draw"], 1.5])
def test_parse_action_of_a_non_string_is_malformed(game: str, text: object) -> None:
    """``parse_action(state, None)`` or bytes: MalformedActionError, not AttributeError/TypeError."""
    with pytest.raises(ct.MalformedActionError):
        ct.parse_action(GAMES[game], text)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [None, 3, 1.5, ["x"], {"format": "x"}, object()])
@pytest.mark.parametrize("cards", [TOWER, CREST], ids=["tower", "crest"])
def test_loads_of_a_non_string_is_a_save_error(text: object, cards: object) -> None:
    """``loads(None, cards)`` and other non-text input: SaveError, not TypeError."""
    with pytest.raises(ct.SaveError):
        ct.loads(text, cards)  # type: ignore[arg-type]


def test_loads_still_reads_text_and_bytes() -> None:
    """The guard in front of loads lets str, bytes and bytearray saves through."""
    text = ct.dumps(SOLO)
    for form in (text, text.encode(), bytearray(text.encode())):
        assert ct.loads(form, TOWER) == SOLO


@pytest.mark.parametrize("name", sorted(STATES))
def test_every_legal_action_is_still_well_formed(name: str) -> None:
    """The checks refuse junk only: every legal action passes them in every game."""
    state = STATES[name]
    for action in ct.legal_actions(state):
        assert ct.can_apply(state, action)
        ct.check_action(state, action)
        ct.parse_action(state, ct.action_text(state, action))
        assert ct.action_from_index(state, ct.action_index(state, action)) == action


# -- arbitrary junk --------------------------------------------------------------------------------

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**40), max_value=10**40),
    st.integers(min_value=4301, max_value=6000).map(lambda digits: 10**digits),  # repr() fails on these
    st.floats(allow_nan=True),
    st.binary(max_size=8),
    st.text(max_size=8),
    st.sampled_from(
        ["G", "A", "new", "step.besiont", "rare.sword-of-black", "front-0", VS.table.item_ids[0], CREST_ID]
    ),
    st.lists(st.integers(min_value=-3, max_value=3), max_size=3),
    st.tuples(st.integers(min_value=-3, max_value=3), st.integers(min_value=-3, max_value=3)),
    st.tuples(st.none(), st.booleans()),
    st.sampled_from(EXAMPLES),
    st.just(object()),
)


@st.composite
def junk_actions(draw: st.DrawFn) -> Any:
    """An action of some game with some fields replaced by junk, a record without fields, or plain junk."""
    how = draw(st.sampled_from(["evolve", "bare", "junk", "example"]))
    if how == "junk":
        return draw(JUNK)
    example = draw(st.sampled_from(EXAMPLES))
    if how == "bare":
        return object.__new__(type(example))
    if how == "example":
        return example
    names = [f.name for f in attrs.fields(type(example))]
    if not names:
        return example
    chosen = draw(st.lists(st.sampled_from(names), min_size=1, unique=True))
    return attrs.evolve(example, **{name: draw(JUNK) for name in chosen})


FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(name=st.sampled_from(sorted(STATES)), action=junk_actions())
def test_junk_actions_raise_only_typed_errors(name: str, action: Any) -> None:
    """apply / check_action / can_apply / action_text / action_index on arbitrary junk: only
    MalformedActionError or IllegalActionError come out, can_apply is a bool, the state is unchanged."""
    state = STATES[name]
    before = _snapshot(state)
    legal = ct.can_apply(state, action)
    assert type(legal) is bool
    for function in (ct.apply, ct.check_action):
        try:
            function(state, action)
        except ct.MalformedActionError:
            assert not legal
        except ct.IllegalActionError:
            assert not legal
        else:
            assert legal
    try:
        assert isinstance(ct.action_text(state, action), str)
    except ct.MalformedActionError:
        assert not legal
    try:
        index = ct.action_index(state, action)
    except ct.MalformedActionError:
        assert not legal
    else:
        assert type(index) is int and ct.action_from_index(state, index) == action
    _unchanged(state, before)


@FUZZ
@given(
    name=st.sampled_from(sorted(STATES)),
    text=st.one_of(JUNK, st.text(alphabet="placemovesdrwgiv tu0123456789,@GWVSD-.r", max_size=30)),
)
def test_junk_text_parses_or_is_malformed(name: str, text: Any) -> None:
    """parse_action on arbitrary input: an action of the game that is well formed, or MalformedActionError."""
    state = STATES[name]
    before = _snapshot(state)
    try:
        action = ct.parse_action(state, text)
    except ct.MalformedActionError:
        pass
    else:
        assert type(ct.can_apply(state, action)) is bool
        assert ct.parse_action(state, ct.action_text(state, action)) == action
    _unchanged(state, before)


_FORMATS = sorted({json.loads(ct.dumps(s))["format"] for s in STATES.values()})


@FUZZ
@given(
    cards=st.sampled_from([TOWER, CREST, None]),
    text=st.one_of(
        JUNK,
        st.builds(
            lambda f, p: json.dumps({"format": f, "position": p}),
            st.sampled_from(_FORMATS),
            st.one_of(st.none(), st.booleans(), st.text(max_size=8), st.lists(st.integers(), max_size=3)),
        ),
    ),
)
def test_junk_saves_are_save_errors(cards: Any, text: Any) -> None:
    """loads on arbitrary input raises SaveError and nothing else."""
    with pytest.raises(ct.SaveError):
        ct.loads(text, cards)
