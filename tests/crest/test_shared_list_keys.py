"""One shared list per position: the packed keys of the wielder and beast phases never meet.

Found on 2026-12-05 by a reading of the manual against the engine: the two phases kept their
lists in one table, and ``wield_key`` packed a hand's length before its kinds, so a hand of four
could get the list of a hand of five (a spell it no longer held, which crashed when applied), and
a beast phase the list of a wielder phase (no recovery). Each test lists two positions whose old
keys were equal, in both orders, on a card set of its own (the lists are kept per card set).
"""

from __future__ import annotations

import re

import pytest

import chaos_tower as ct
from chaos_tower.crest.beast import beast_actions
from chaos_tower.crest.wield import wield_actions
from chaos_tower.kernel.memo import COUNT_LIMIT, counted_key


def _setup() -> tuple[ct.CrestCardSet, str]:
    cards = ct.load_cardset(game="crest")
    state = ct.new_game(cards, seed=1, players=2)
    while state.phase == "setup":
        state = ct.apply(state, ct.parse_action(state, "done"))
    return cards, ct.to_notation(state)


def _instance(cards: ct.CrestCardSet, kind_id: str, n: int = 0) -> int:
    game = ct.new_game(cards, seed=1, players=2).game
    kind = game.kind_ids[kind_id]
    return [i for i in range(game.deck_size) if game.kind_of[i] == kind][n]


def _with(text: str, **fields: str) -> str:
    for name, value in fields.items():
        text, found = re.subn(rf"(?<= ){name}=\S*", f"{name}={value}", text)
        assert found == 1, name
    return text


def _dots(items: list[int]) -> str:
    return ".".join(map(str, items)) or "-"


def _texts(state: ct.CrestState) -> list[str]:
    return sorted(ct.action_text(state, a) for a in ct.legal_actions(state))


def _fresh(state: ct.CrestState) -> list[str]:
    listing = wield_actions if state.phase == "wield" else beast_actions
    return sorted(ct.action_text(state, a) for a in listing(state))


@pytest.mark.parametrize("first", ["five", "four"])
def test_CRD_WIELD_F_CRD_WIELD_G_a_hand_of_four_never_gets_a_hand_of_fives_list(first: str) -> None:
    """CRD-WIELD-F, CRD-WIELD-G: Gorgath holding stone-curse, chains-of-night and three
    healing-lights with three crests set, and Gorgath holding one card fewer with one crest set,
    each list only the spells and discards of their own hand, whichever is listed first; every
    listed action applies."""
    cards, base = _setup()
    curse, chains = _instance(cards, "stone-curse"), _instance(cards, "chains-of-night")
    heals = [_instance(cards, "healing-light", k) for k in range(3)]
    fangs = [_instance(cards, "fang-crest", k) for k in range(3)]
    eye = _instance(cards, "stone-eye-crest")
    used = {curse, chains, *heals, *fangs, eye}
    rest = [i for i in range(92) if i not in used]
    common = {"mon": "ixalith,gorgath", "hp": "38/38", "deck": _dots(rest[5:])}
    five = ct.from_notation(
        _with(
            base,
            **common,
            hands=f"{_dots(rest[:5])}/{_dots(sorted([curse, chains, *heals]))}",
            marks=f"-:-:-/{fangs[0]}:{fangs[1]}:{eye}",
            discard=_dots([fangs[2]]),
        ),
        cards,
    )
    four = ct.from_notation(
        _with(
            base,
            **common,
            hands=f"{_dots(rest[:5])}/{_dots(sorted([chains, *heals]))}",
            marks=f"-:-:-/{fangs[0]}:-:-",
            discard=_dots([fangs[1], fangs[2], eye, curse]),
        ),
        cards,
    )
    order = (five, four) if first == "five" else (four, five)
    for state in order:
        assert _texts(state) == _fresh(state)
        assert all(ct.can_apply(state, action) for action in ct.legal_actions(state))
    assert not any("stone-curse" in text for text in _texts(four))
    assert "cast stone-curse @0" in _texts(five)


@pytest.mark.parametrize("first", ["wield", "beast"])
def test_CRD_BEAST_B_a_beast_phase_never_gets_a_wielder_phases_list(first: str) -> None:
    """CRD-BEAST-B, CRD-WIELD-B: Gorgath's wielder phase with an empty hand (stripped by
    mind-rend and two stacks of searing and waning crests) lists only ``done``; Ixalith's beast
    phase, wounded and with no crest set, lists ``recover`` too, whichever is listed first."""
    cards, base = _setup()
    searing = [_instance(cards, "searing-crest", k) for k in (0, 1)]
    waning = [_instance(cards, "waning-crest", k) for k in (0, 1)]
    rend = _instance(cards, "mind-rend")
    rest = [i for i in range(92) if i not in {*searing, *waning, rend}]
    hands = f"{_dots(rest[:5])}/{_dots(sorted([rend, *rest[5:9]]))}"

    def played(texts: tuple[str, ...], hp: str, deck: list[int], marks: str) -> ct.CrestState:
        fields = {"mon": "gorgath,ixalith", "hp": hp, "hands": hands, "deck": _dots(deck), "marks": marks}
        state = ct.from_notation(_with(base, **fields), cards)
        for text in texts:
            state = ct.apply(state, ct.parse_action(state, text))
        return state

    def stripped() -> ct.CrestState:
        moves = ("cast mind-rend @0", "use m0 @0", "use m2 @0", "done")
        state = played(moves, "38/38", rest[9:], f"-:-:-/{_dots(searing)}:-:{_dots(waning)}")
        assert state.phase == "wield" and state.hands[0] == ()
        return state

    def wounded() -> ct.CrestState:
        state = played(("done",), "38/30", [*rest[9:], *searing, *waning], "-:-:-/-:-:-")
        assert state.phase == "beast"
        return state

    makers = (stripped, wounded) if first == "wield" else (wounded, stripped)
    states = {maker.__name__: maker() for maker in makers}
    for state in states.values():
        assert _texts(state) == _fresh(state)
    assert _texts(states["stripped"]) == ["done"]
    assert _texts(states["wounded"]) == ["done", "recover"]


def test_a_packed_keys_counts_read_back_one_way() -> None:
    """Keys with a digit more, said so by their counts, differ; a count past the limit is refused."""
    kinds = 40
    four = counted_key(((7 * kinds + 3) * kinds + 5) * kinds + 9, 3)
    five = counted_key((((7 * kinds + 3) * kinds + 5) * kinds + 9) * kinds + 0, 4)
    assert four != five
    assert counted_key(1, 2, 3) == (1 * COUNT_LIMIT + 2) * COUNT_LIMIT + 3
    with pytest.raises(ValueError, match="count"):
        counted_key(1, COUNT_LIMIT)
