"""Set-up of the VS modes: TOC-VS2-01, 020 to 025 and TOC-VS3-01, 040 to 045."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.tower.vs import VsState

from .scenario import CARDS, game

SEEDS = range(40)
ROOT = Path(__file__).resolve().parents[3]


def test_TOC_VS2_01_two_player_game_through_the_front_door() -> None:
    state = ct.new_game(CARDS, mode="vs", players=2, seed=3)
    assert isinstance(state, VsState)
    assert ct.rules_of(state).name == "tower-vs"
    assert ct.current_player(state) == state.first
    assert not ct.is_terminal(state) and ct.outcome(state) is None
    assert ct.returns(state) == (0.0, 0.0)


def test_TOC_VS3_01_three_to_five_players_and_no_other_count() -> None:
    for n in (3, 4, 5):
        state = ct.new_game(CARDS, mode="vs", players=n, seed=1)
        assert state.players == n and len(ct.returns(state)) == n
    for bad in (None, 1, 6):
        with pytest.raises(ValueError):
            ct.new_game(CARDS, mode="vs", players=bad, seed=1)


def test_TOC_VS2_020_two_attributes_each_one_hidden() -> None:
    deals = set()
    for seed in SEEDS:
        state = game(2, seed)
        a, b = state.attributes
        assert len(a) == len(b) == 2 and len(state.leftover) == 1
        assert sorted([*a, *b, *state.leftover]) == [0, 1, 2, 3, 4]
        deals.add((a, b))
        # Neither player's view holds the other's attributes or the leftover.
        for p in (0, 1):
            view = ct.observation(state, p)
            assert view.attributes == tuple("GWVSD"[x] for x in state.attributes[p])
            assert all(x is None for row in view.face_up for x in row)
    assert len(deals) > 20, "the deal should vary with the seed"


def test_TOC_VS3_040_one_attribute_each_rest_hidden() -> None:
    """TOC-VS3-040 (Choosing elements)."""
    for n in (3, 4, 5):
        seen: Counter[int] = Counter()
        for seed in SEEDS:
            state = game(n, seed)
            assert all(len(row) == 1 for row in state.attributes)
            assert len(state.leftover) == 5 - n
            assert sorted([a for row in state.attributes for a in row] + list(state.leftover)) == list(
                range(5)
            )
            seen[state.attributes[0][0]] += 1
        assert len(seen) == 5, "every attribute can be dealt to seat 0"


def test_TOC_VS2_021_two_step_r_counters_each() -> None:
    """TOC-VS2-021 (Stand-in status cards)."""
    state = game(2)
    assert state.slots() == 2 and all(len(c) == 2 for c in state.counters)


def test_TOC_VS3_041_one_step_r_counter_each() -> None:
    """TOC-VS3-041 (Stand-in status card)."""
    for n in (3, 4, 5):
        state = game(n)
        assert state.slots() == 1 and all(len(c) == 1 for c in state.counters)


def test_TOC_VS2_022_counters_start_at_4() -> None:
    """TOC-VS2-022 (Setting the counters)."""
    assert CARDS.sheet.start_element == 4
    assert game(2).counters == ((4, 4), (4, 4))


def test_TOC_VS3_042_counters_start_at_4() -> None:
    """TOC-VS3-042 (Setting the counters)."""
    for n in (3, 4, 5):
        assert game(n).counters == ((4,),) * n


def test_TOC_VS2_023_items_dealt_five_each() -> None:
    """TOC-VS2-023 (Dealing the items)."""
    items = len(CARDS.normal_items) + len(CARDS.rare_items)
    assert items == 10
    hands = set()
    for seed in SEEDS:
        state = game(2, seed)
        assert [len(h) for h in state.hands] == [5, 5] and state.unused == ()
        assert sorted(state.hands[0] + state.hands[1]) == list(range(10))
        hands.add(state.hands[0])
    assert len(hands) > 20


@pytest.mark.parametrize(("players", "share", "unused"), [(3, 3, 1), (4, 2, 2), (5, 2, 0)])
def test_TOC_VS3_043_items_in_equal_shares_rest_unused(players: int, share: int, unused: int) -> None:
    """TOC-VS3-043 (Dealing the items)."""
    state = game(players, 5)
    assert [len(h) for h in state.hands] == [share] * players
    assert len(state.unused) == unused
    everything = [i for h in state.hands for i in h] + list(state.unused)
    assert sorted(everything) == list(range(10))


def test_TOC_VS2_024_chaos_deck_shuffled_face_down() -> None:
    """TOC-VS2-024 (The chaos deck)."""
    chaos = len(CARDS.rooms) + len(CARDS.monsters)
    orders = set()
    for seed in SEEDS:
        state = game(2, seed)
        assert sorted(state.deck) == list(range(chaos)) and state.drawn == ()
        orders.add(state.deck)
        view = ct.observation(state, 0)
        assert view.deck == chaos and view.drawn == ()
    assert len(orders) == len(SEEDS)


def test_TOC_VS3_044_chaos_deck_shuffled_face_down() -> None:
    """TOC-VS3-044 (The chaos deck)."""
    state = game(4, 2)
    assert sorted(state.deck) == list(range(45))
    for p in range(4):
        text = str(ct.observation(state, p))
        assert not any(card in text for card in state.table.chaos_ids), "the deck's cards are face down"
        assert ct.observation(state, p).deck == 45


def test_TOC_VS2_025_first_player_from_the_seed_then_alternate() -> None:
    firsts = {game(2, seed).first for seed in SEEDS}
    assert firsts == {0, 1}
    state = game(2, 0)
    first = state.first
    state = ct.apply(state, ct.Draw())
    while state.phase == "adjust":
        state = ct.apply(state, ct.legal_actions(state)[-1])  # keep or gain: never out
    assert state.turn == 1 - first


def test_TOC_VS3_045_play_goes_round_the_seats() -> None:
    """TOC-VS3-045 (Order of play)."""
    firsts = {game(4, seed).first for seed in SEEDS}
    assert firsts == {0, 1, 2, 3}
    state = game(4, 1)
    order = [state.turn]
    for _ in range(4):
        state = ct.apply(state, ct.Draw())
        while state.phase == "adjust":
            state = ct.apply(state, ct.legal_actions(state)[-1])
        order.append(state.turn)
    start = order[0]
    assert order == [(start + i) % 4 for i in range(5)]
    assert state.round == 2


def _start_at(tmp_path: Path, value: int) -> Path:
    """A copy of the built-in Tower set whose starting element (the VS start) is ``value``."""
    folder = tmp_path / "set"
    shutil.copytree(ROOT / "carddata" / "tower", folder)
    sheet = folder / "set.yaml"
    text = sheet.read_text(encoding="utf-8")
    assert "  start_element: 4 " in text
    sheet.write_text(text.replace("  start_element: 4 ", f"  start_element: {value} "), encoding="utf-8")
    return folder


def test_TOC_VS2_022_a_set_whose_counters_would_start_at_the_bottom_is_refused(tmp_path: Path) -> None:
    """TOC-VS2-022, TOC-VS3-042: the counters start at the set's starting element; at the least
    element every player would have lost before anyone acts (TOC-VS2-031, TOC-VS3-051), so the
    set is refused when it is loaded, naming the file, line and field."""
    folder = _start_at(tmp_path, CARDS.sheet.element.min)
    with pytest.raises(ct.CardSetError) as caught:
        ct.load_cardset(folder)
    (problem,) = caught.value.problems
    assert problem.path == "sheet.start_element" and problem.code == "out-of-bounds"
    assert Path(problem.file).name == "set.yaml" and problem.line > 0
    lines = (folder / "set.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[problem.line - 1].strip().startswith("start_element:")
    assert "TOC-VS2-022" in problem.message and "TOC-VS3-051" in problem.message


def test_TOC_VS3_042_a_set_starting_one_above_the_bottom_starts_open_vs_games(tmp_path: Path) -> None:
    """TOC-VS3-042, TOC-VS2-022: one above the least element is a VS start from which nobody has
    lost yet; the game is open and its save loads."""
    cards = ct.load_cardset(_start_at(tmp_path, CARDS.sheet.element.min + 1))
    for players in (2, 3):
        state = ct.new_game(cards, mode="vs", players=players, seed=1)
        assert ct.outcome(state) is None and not any(state.out)
        assert ct.loads(ct.dumps(state), cards) == state


def test_TOC_VS3_051_a_set_built_in_code_with_the_bottom_start_cannot_start_a_vs_game() -> None:
    """TOC-VS3-051, TOC-VS2-031: a set built in code skips the loader's check; VS setup still
    refuses a start at the least element with a CardSetError naming the field."""
    bottom = attrs.evolve(CARDS, sheet=attrs.evolve(CARDS.sheet, start_element=CARDS.sheet.element.min))
    for players in (2, 3):
        with pytest.raises(ct.CardSetError, match=r"sheet\.start_element: the VS counters would start"):
            ct.new_game(bottom, mode="vs", players=players, seed=1)
    # The extra rule starts at the greatest element instead (TOC-VS3-052), so that game is open.
    assert ct.outcome(ct.new_game(bottom, mode="vs", players=3, seed=1, extra_rule=True)) is None
