"""A third game registered through one spec module (issue 12): High Card, tests/toygame.

The toy names chaos_tower; chaos_tower never names the toy. Registered by the fixture
(``registry.register_game``) or, for the command line, by an entry point of the group
``chaos_tower.games`` in a distribution on the path, it is served by the front door, card-set
loading, the conformance suite, terminal play, OpenSpiel and PettingZoo with no edit to them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower import conformance, registry, rulebook
from chaos_tower.integrations import modes
from conformance.modes import registered_modes
from toygame import game as toy
from toygame.spec import SPEC

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"


@pytest.fixture
def registered() -> Iterator[None]:
    registry.register_game(SPEC)
    try:
        yield
    finally:
        registry.unregister_game("toy")


@pytest.fixture
def cards(registered: None) -> Any:
    return ct.load_cardset(game="toy")


def _state(cards: Any, **fields: Any) -> Any:
    return attrs.evolve(ct.new_game(cards, seed=1), **fields)


def test_nothing_in_chaos_tower_names_the_toy() -> None:
    """The toy's spec is the one place it is described: the package has no word of it."""
    for path in SRC.rglob("*"):
        if path.suffix in (".py", ".yaml", ".json"):
            text = path.read_text(encoding="utf-8")
            assert "toygame" not in text and "High Card" not in text, path


def test_the_toy_is_registered_by_its_spec_and_taken_out_again(registered: None) -> None:
    """Registered, the toy is found by name, state type and formats; its modes are the adapters'
    and the conformance suite's; unregistered, it is gone from all of them."""
    assert registry.game("toy") is SPEC
    assert registry.mode_of(toy.ToyState).name == "duel"
    assert registry.mode_of_format(toy.FORMAT) == (SPEC, SPEC.modes[0])
    toys = [m.name for m in modes() if m.name.startswith("toy_")]
    assert toys == ["toy_duel_2", "toy_duel_3", "toy_duel_4"]
    assert "toy_duel_3[max_actions=30]" in [m.name for m in registered_modes()]
    state = ct.new_game(ct.load_cardset(game="toy"), seed=1)
    registry.unregister_game("toy")
    try:
        assert "toy" not in [g.name for g in registry.games()]
        assert not [m for m in modes() if m.name.startswith("toy_")]
        with pytest.raises(TypeError, match="not a game state"):
            ct.legal_actions(state)
    finally:
        registry.register_game(SPEC)


def test_TOY_CARD_01_the_built_in_set_loads_with_its_own_schema(cards: Any) -> None:
    """TOY-CARD-01: the set's own JSON Schema, model and built-in folder come from its spec."""
    assert isinstance(cards, toy.ToyCardSet)
    assert [c.id for c in cards.cards] == ["one", "two", "three", "four", "five"]
    assert sum(c.count for c in cards.cards) == 14


def test_TOY_CARD_02_a_bad_set_is_refused_with_located_problems(registered: None, tmp_path: Path) -> None:
    """TOY-CARD-02 and the schema: a duplicate id and a value out of range are each an error."""
    base = "header: {game: toy, name: T, version: '1'}\ncards:\n"
    (tmp_path / "dup.yaml").write_text(base + "  - {id: a, name: A, value: 1, count: 6}\n" * 2)
    with pytest.raises(ct.CardSetError, match="'a' twice"):
        ct.load_cardset(tmp_path / "dup.yaml")
    (tmp_path / "dup.yaml").unlink()
    (tmp_path / "big.yaml").write_text(base + "  - {id: a, name: A, value: 12, count: 6}\n")
    with pytest.raises(ct.CardSetError, match=r"cards\[0\]\.value"):
        ct.load_cardset(tmp_path / "big.yaml")


def test_TOY_SETUP_03_hands_are_hidden_from_the_other_seats(cards: Any) -> None:
    """TOY-SETUP-03: a seat's view and view save hold its own hand and only the sizes of the others."""
    state = ct.new_game(cards, seed=4, players=3)
    view = ct.observation(state, 1)
    assert view.hand == state.hands[1] and view.hand_sizes == (3, 3, 3)
    text = ct.dumps(view)
    assert ct.loads(text, cards) == view and '"hands"' not in text
    worlds = [ct.determinize(state, 1, seed) for seed in range(8)]
    assert all(ct.observation(w, 1) == view and w.hands[1] == state.hands[1] for w in worlds)
    assert len({(w.hands[0], w.hands[2], w.deck) for w in worlds}) > 1  # the others' cards are re-dealt


def test_TOY_SETUP_02_the_deal_comes_from_the_seed(cards: Any) -> None:
    """TOY-SETUP-02: the same seed deals the same game, another seed another one; no seed draws one."""
    assert ct.new_game(cards, seed=5) == ct.new_game(cards, seed=5)
    assert len({ct.new_game(cards, seed=s).deck for s in range(6)}) > 1
    assert type(ct.new_game(cards).seed) is int


def test_TOY_TURN_04_a_card_scores_if_it_beats_the_pile(cards: Any) -> None:
    """TOY-TURN-04: a higher card scores its value; a lower one nothing."""
    state = _state(cards, hands=(("one", "three"), ("two", "two", "two")), turn=0)
    after = ct.apply(state, ct.parse_action(state, "play three"))
    assert after.scores == (3, 0) and after.turn == 1
    after = ct.apply(after, toy.ToyPlay(card="two"))
    assert after.scores == (3, 0)


def test_TOY_TURN_03_a_draw_needs_a_deck_and_room(cards: Any) -> None:
    """TOY-TURN-03: no draw with five cards in hand or from an empty deck, and a refusal changes nothing."""
    full = _state(cards, hands=(("one",) * 4 + ("two",), ("two",)))
    with pytest.raises(ct.IllegalActionError, match="TOY-TURN-03"):
        ct.apply(full, toy.ToyDraw())
    assert not ct.can_apply(_state(cards, deck=()), toy.ToyDraw())
    with pytest.raises(ct.MalformedActionError):
        ct.apply(full, ct.Draw())  # the Tower's VS draw is no High Card action


def test_TOY_END_02_a_tie_for_the_highest_neither_wins_nor_loses(cards: Any) -> None:
    """TOY-END-02: returns (1, -1) for a sole winner; (0, 0) for a tie."""
    over = _state(cards, deck=(), hands=((), ()), pile=tuple(c.id for c in cards.cards))
    assert ct.returns(attrs.evolve(over, scores=(5, 3))) == (1.0, -1.0)
    assert ct.returns(attrs.evolve(over, scores=(4, 4))) == (0.0, 0.0)
    assert ct.outcome(over).rule == "TOY-END-02"


def test_the_toy_passes_the_conformance_suite(registered: None) -> None:
    """The packaged suite, as a plugin author calls it: every check on every variant of the toy's
    modes (TOY-END-03 included), every option at every value, every agent that claims it."""
    report = conformance.check(SPEC)
    ended = [p for p in report.passed if p.startswith("endings_are_consistent")]
    variants = {p.split("[", 1)[1].rstrip("]") for p in ended}
    assert len(variants) == 6  # three seat counts, each with and without max_actions
    assert all(f"{c.__name__} [toy_duel_4[max_actions=30]]" in report.passed for c in conformance.CHECKS)
    assert "options [duel hand_limit=3]" not in report.passed  # not this toy's (test_synthetic_option's)
    assert "options [duel players=3]" in report.passed and "agent random [toy_duel_2]" in report.passed
    assert report.ok and not report.skipped


def test_the_toy_rule_registry_is_read_through_its_spec(registered: None) -> None:
    """The rule registry named by the spec loads with its own ID pattern; every rule matches it."""
    found = next(r for r in rulebook.registries() if r.prefix == "TOY")
    assert len(found.rules) == 12
    assert all(SPEC.matches_rule(r.id) for r in found.rules)
    assert rulebook.rule("TOY-END-02").title == "Winning"


def _entry_point_path(tmp_path: Path) -> str:
    """A distribution on the path whose entry point names the toy's spec, as `pip install` makes."""
    info = tmp_path / "toygame-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toygame\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[chaos_tower.games]\ntoy = toygame.spec:SPEC\n")
    return os.pathsep.join([str(SRC), str(HERE), str(tmp_path)])


PLAY = ("play", "--game", "toy")


def _cli(tmp_path: Path, *args: str, stdin: str = "", command: tuple[str, ...] = PLAY) -> Any:
    env = {**os.environ, "PYTHONPATH": _entry_point_path(tmp_path), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "chaos_tower", *command, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_the_toy_plays_through_the_command_line_by_its_entry_point(tmp_path: Path) -> None:
    """``chaos-tower play --game toy``: agents play it out; a person gets its grammar; a flag that is
    no option of its mode is refused with the mode's options."""
    record = tmp_path / "toy.json"
    done = _cli(tmp_path, "--agent", "random", "--players", "3", "--seed", "2", "--record", str(record))
    assert done.returncode == 0, done.stderr
    assert "TOY-END" in done.stdout or "all-played" in done.stdout, done.stdout[-500:]
    verified = _cli(tmp_path, str(record), "--verify", command=("replay",))
    assert verified.returncode == 0, verified.stderr
    person = _cli(tmp_path, "--seed", "2", stdin="help\ndraw\nq\n")
    assert person.returncode == 0, person.stderr
    assert "play CARD" in person.stdout and "your hand" in person.stdout
    wrong = _cli(tmp_path, "--extra-rule")
    assert wrong.returncode == 2 and "max_actions, players" in wrong.stderr


def test_the_toy_is_an_openspiel_game(registered: None) -> None:
    """pyspiel.load_game("toy_duel_2") after register_games(), through OpenSpiel's own random test."""
    pyspiel = pytest.importorskip("pyspiel")
    from chaos_tower.integrations import openspiel

    assert "toy_duel_2" in openspiel.register_games() + tuple(openspiel._REGISTERED)
    game = pyspiel.load_game("toy_duel_2", {"max_actions": 60})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    assert game.num_players() == 2


def test_the_toy_is_a_pettingzoo_environment(registered: None) -> None:
    """PettingZoo's api_test on env("toy_duel_3"), with no edit to the adapter."""
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from chaos_tower.integrations import pettingzoo as ct_pettingzoo

    env = ct_pettingzoo.env("toy_duel_3", max_actions=60)
    api_test(env, num_cycles=100)
    env.reset(seed=3)
    assert len(env.agents) == 3
