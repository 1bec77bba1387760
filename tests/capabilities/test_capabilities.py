"""Every mode through the front door: one-line positions, player-safe view saves, the tensor's layout.

Property tests over random reachable states of every mode (solo, VS 2 to 5,
Crest Duel 2 to 6 and teams); the determinisation hook is in test_determinize.py.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chaos_tower as ct
from chaos_tower.kernel.layout import problems
from chaos_tower.kernel.notation_words import NotationError

from .states import (
    MODES,
    Case,
    cards_of,
    crest_cards,
    play,
    players_of,
    reachable,
    start,
    tower_cards,
    violations,
)

FEW = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- 1. one-line positions --------------------------------------------------------------------


@FEW
@given(reachable())
def test_notation_round_trips_in_every_mode(case: Case) -> None:
    """ct.from_notation(ct.to_notation(s), cards) == s in every mode; the first word names the game."""
    mode, state = case.mode, case.state
    text = ct.to_notation(state)
    assert "\n" not in text
    assert ct.from_notation(text, cards_of(mode)) == state
    first = text.split()[0]
    assert first == ("crest" if mode.startswith("crest") else "tower-vs" if mode.startswith("vs") else first)
    if mode == "solo":
        assert first.startswith("floor=")
        assert ct.from_notation("tower-solo " + text, cards_of(mode)) == state
    assert text in repr(state)


@FEW
@given(reachable(), st.data())
def test_a_damaged_position_is_a_save_error_or_a_sound_position(case: Case, data: st.DataObject) -> None:
    """A position with a word cut, doubled, or a character changed: NotationError (a SaveError) or sound."""
    mode, state = case.mode, case.state
    words = ct.to_notation(state).split()
    at = data.draw(st.integers(0, len(words) - 1))
    how = data.draw(st.sampled_from(["cut", "double", "char", "truncate"]))
    if how == "cut":
        del words[at]
    elif how == "double":
        words.insert(at, words[at])
    elif how == "char":
        word = words[at]
        i = data.draw(st.integers(0, len(word) - 1))
        words[at] = word[:i] + data.draw(st.sampled_from("x9-./,:=!#")) + word[i + 1 :]
    else:
        words[at] = words[at][: len(words[at]) // 2]
    try:
        read = ct.from_notation(" ".join(words), cards_of(mode))
    except ct.SaveError as exc:
        assert isinstance(exc, NotationError)
        return
    assert type(read) is type(state) and violations(read) == []


def test_notation_refuses_what_is_not_a_position() -> None:
    """Not text, an unknown first word, the wrong card set: NotationError, a SaveError."""
    vs = start("vs2", 1)
    crest = start("crest2", 1)
    for text, cards in [
        (None, tower_cards()),
        (b"floor=", tower_cards()),
        ("", tower_cards()),
        ("chess rnbqkbnr/pppppppp", tower_cards()),
        (ct.to_notation(vs), crest_cards()),
        (ct.to_notation(crest), tower_cards()),
        (ct.to_notation(crest) + " extra=1", crest_cards()),
    ]:
        with pytest.raises(NotationError):
            ct.from_notation(text, cards)  # type: ignore[arg-type]


def test_TOC_VS2_021_an_impossible_vs_position_is_refused() -> None:
    """TOC-VS2-021 / TOC-VS2-029: a VS position must pass the VS invariants (counters, declarations)."""
    text = ct.to_notation(start("vs2", 3))
    fields = dict(w.split("=", 1) for w in text.split()[1:])
    bad_counter = text.replace(f"ctr={fields['ctr']}", "ctr=99.4/4.4")
    with pytest.raises(NotationError, match="impossible"):
        ct.from_notation(bad_counter, tower_cards())
    with pytest.raises(NotationError, match="impossible"):
        ct.from_notation(text.replace(f"decl={fields['decl']}", "decl=1/0"), tower_cards())


def test_CRD_START_B_a_crest_position_with_a_card_twice_is_refused() -> None:
    """CRD-START-B: every card in exactly one zone; a position with one card twice is impossible."""
    state = start("crest3", 5)
    text = ct.to_notation(state)
    hand = ".".join(str(i) for i in state.hands[0])
    twice = ".".join(str(i) for i in (*state.hands[0][:-1], state.deck[0]))
    with pytest.raises(NotationError, match="impossible"):
        ct.from_notation(text.replace(f"hands={hand}", f"hands={twice}", 1), crest_cards())


def test_the_solo_position_is_checked_with_the_card_set_and_not_with_the_old_table() -> None:
    """Read with the card set, a solo position must be sound; ``state.game`` (the old argument) reads it."""
    state = start("solo", 2)
    text = ct.to_notation(state)
    unsound = text.replace("life=4", "life=99")
    with pytest.raises(NotationError, match="impossible"):
        ct.from_notation(unsound, tower_cards())
    assert ct.from_notation(unsound, state.game).life == 99  # the old, form-only reading, for one release
    assert ct.from_notation(text, state.game) == ct.from_notation(text, tower_cards()) == state


# -- 2. player-safe view saves ----------------------------------------------------------------


@FEW
@given(reachable())
def test_a_view_save_reads_back_to_an_equal_view_in_every_mode(case: Case) -> None:
    """ct.loads(ct.dumps(ct.observation(s, p)), cards) == ct.observation(s, p), for every player."""
    mode, state = case.mode, case.state
    for player in players_of(state):
        view = ct.observation(state, player)
        text = ct.dumps(view)
        again = ct.loads(text, cards_of(mode))
        assert again == view and ct.dumps(again) == text
        assert ct.current_player(again) == ct.current_player(state)
        assert ct.is_terminal(again) == ct.is_terminal(state)
        with pytest.raises(TypeError, match="view"):
            ct.legal_actions(again)


def _hidden_changed(state: Any, player: int, seed: int) -> Any:
    """``state`` with only what ``player`` cannot see changed, built without the determinisation hook."""
    chooser = random.Random(seed)
    if isinstance(state, ct.State):
        below = list(state.deck[1:])
        chooser.shuffle(below)
        return attrs.evolve(state, deck=(*state.deck[:1], *below), rng=chooser.getrandbits(64), seed=seed)
    deck = list(state.deck)
    chooser.shuffle(deck)
    changed = attrs.evolve(state, deck=tuple(deck), rng=chooser.getrandbits(64), seed=seed)
    if isinstance(state, ct.VsState):
        others = [q for q in range(state.players) if q != player]
        pool = sorted(i for q in others for i in state.hands[q]) + list(state.unused)
        chooser.shuffle(pool)
        hands = list(state.hands)
        at = 0
        for q in others:
            hands[q] = tuple(sorted(pool[at : at + len(state.hands[q])]))
            at += len(state.hands[q])
        changed = attrs.evolve(changed, hands=tuple(hands), unused=tuple(sorted(pool[at:])))
    return changed


@FEW
@given(reachable(), st.integers(0, 2**16))
def test_a_view_save_holds_nothing_the_player_cannot_see(case: Case, seed: int) -> None:
    """Two states that differ only in what p cannot see give byte-identical view saves."""
    state = case.state
    for player in players_of(state):
        for other in (_hidden_changed(state, player, seed), ct.determinize(state, player, seed)):
            assert ct.dumps(ct.observation(other, player)) == ct.dumps(ct.observation(state, player))
        saved = ct.dumps(ct.observation(state, player))
        assert f"{state.rng:x}" not in saved and '"seed"' not in saved and '"rng"' not in saved


@pytest.mark.parametrize("mode", ["solo", "vs3", "crest4"])
def test_a_bad_view_save_is_a_save_error(mode: str) -> None:
    """A view save that is not one, is for another card set, or holds values of the wrong kind: SaveError."""
    state = play(start(mode, 4), 12, random.Random(4))
    text = ct.dumps(ct.observation(state, 0))
    data = json.loads(text)
    other = tower_cards() if mode.startswith("crest") else crest_cards()
    with pytest.raises(ct.SaveError):
        ct.loads(text, other)
    with pytest.raises(ct.SaveError):
        ct.loads(json.dumps({**data, "cardset": "0" * 64}), cards_of(mode))
    key = {"solo": "deck_size", "vs3": "deck", "crest4": "deck_size"}[mode]
    for value in (True, "7", None, [1], -1.5):
        with pytest.raises(ct.SaveError):
            ct.loads(json.dumps({**data, key: value}), cards_of(mode))
    with pytest.raises(ct.SaveError):
        ct.loads(json.dumps({**data, "extra": 1}), cards_of(mode))
    del data[key]
    with pytest.raises(ct.SaveError):
        ct.loads(json.dumps(data), cards_of(mode))


# -- 3. the tensor's named layout -------------------------------------------------------------


@FEW
@given(reachable())
def test_the_layout_covers_the_tensor_and_every_value_is_in_its_range(case: Case) -> None:
    """The slices cover the tensor exactly, with no gaps or overlaps; each value lies in its slice's range."""
    state = case.state
    layout = ct.observation_layout(state)
    assert len({s.name for s in layout}) == len(layout)
    assert layout[0].start == 0
    assert all(a.stop == b.start and a.start < a.stop for a, b in itertools.pairwise(layout))
    for player in players_of(state):
        tensor = ct.observation_tensor(state, player)
        assert problems(layout, tensor) == []
        assert all(-1.0 <= v <= 1.0 for v in tensor)
    assert all(s.scaling and s.meaning and s.low < s.high for s in layout)


def test_the_layout_check_finds_gaps_and_values_out_of_range() -> None:
    """The check the properties rely on fails where it should: a short tensor, a value out of range."""
    state = start("vs2", 1)
    layout = ct.observation_layout(state)
    tensor = list(ct.observation_tensor(state, 0))
    assert problems(layout, tensor[:-1])
    tensor[layout[0].start] = 2.0
    assert any(layout[0].name in p for p in problems(layout, tensor))
    gap = (*layout[:1], attrs.evolve(layout[1], start=layout[1].start + 1), *layout[2:])
    assert problems(gap, ct.observation_tensor(state, 0))


@pytest.mark.parametrize("mode", MODES)
def test_the_layout_is_fixed_per_card_set_and_player_count(mode: str) -> None:
    """The layout (and so the tensor's length) does not change as the game goes on."""
    state = start(mode, 8)
    later = play(state, 80, random.Random(8))
    assert ct.observation_layout(later) == ct.observation_layout(state)
    assert len(ct.observation_tensor(later, 0)) == ct.observation_layout(state)[-1].stop
