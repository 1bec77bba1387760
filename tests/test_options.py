"""Options as data: every mode's options are declared, checked by new_game, and travel with the game.

Regression tests for issue 11: ``new_game`` accepted ``seed=True``, ``max_actions=1.5``
(or ``True``), Crest teams of floats and ``extra_rule="no"``, and the saves of those
games were then refused. Each is now refused at the start, with :class:`OptionError`.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.kernel.options import OptionSpec

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")
CARDS = {"solo": TOWER, "vs": TOWER, "duel": CREST}
# The options a mode needs to start at all, and which make the other options meaningful.
NEEDED: dict[str, dict[str, Any]] = {"solo": {}, "vs": {"players": 2}, "duel": {"players": 4}}


def _wrong_values(spec: OptionSpec) -> list[Any]:
    """Values of a type the option does not take: a bool for an int, an int for a bool, floats, text."""
    wrong: list[Any] = []
    if int in spec.types:
        wrong += [True, 1.5, "3"]
    if bool in spec.types:
        wrong += ["no", 1, 0.0]
    if str in spec.types:
        wrong += [1, True, b"drawer"]
    if tuple in spec.types:
        wrong += [(0.0, 1.0, 0.0, 1.0), [0, 1, 0, True], "0101"]
    return [w for w in wrong if type(w) not in spec.types or isinstance(w, tuple | list)]


CASES = [
    (mode, spec.name, value)
    for mode, specs in ct.option_specs().items()
    for spec in specs
    for value in _wrong_values(spec)
]


def test_every_mode_declares_its_options() -> None:
    """TOC-VS2-027, TOC-VS2-029, TOC-STEP-02, TOC-PROG1-02, TOC-ITEM-01D, CRD-PLAYERS-C: each mode
    lists its options, with a rule ID each."""
    specs = ct.option_specs()
    names = {mode: [s.name for s in found] for mode, found in specs.items()}
    assert names == {
        "solo": ["max_actions", "step_on_road", "da_order", "closed_walk", "normal_item"],
        "vs": [
            "players",
            "extra_rule",
            "max_actions",
            "adjust_after_draw",
            "declare_when",
            "own_attribute_bluff",
        ],
        "duel": ["players", "teams", "max_actions"],
    }
    for found in specs.values():
        for spec in found:
            assert spec.rule.startswith(("TOC-", "CRD-")) and spec.doc
    assert ct.option_specs(CREST) == {"duel": specs["duel"]}


@pytest.mark.parametrize(("mode", "name", "value"), CASES, ids=[f"{m}-{n}-{v!r}" for m, n, v in CASES])
def test_wrong_types_are_refused_for_every_option_of_every_mode(mode: str, name: str, value: Any) -> None:
    """TOC-OVER-01, TOC-VS2-032, CRD-PLAYERS-C: a bool is not an int, 1.5 no count, 'no' not False."""
    keywords = {**NEEDED[mode], name: value}
    with pytest.raises(ct.OptionError, match=name) as err:
        ct.new_game(CARDS[mode], mode=mode, **keywords)
    assert isinstance(err.value, ValueError)


@pytest.mark.parametrize("mode", sorted(CARDS))
def test_a_bool_seed_is_refused_in_every_mode(mode: str) -> None:
    """TOC-STEP-03: the seed is an int; True is refused, not played as 1."""
    for seed in (True, 1.5, "7"):
        with pytest.raises(ct.OptionError, match="seed must be int"):
            ct.new_game(CARDS[mode], mode=mode, seed=seed, **NEEDED[mode])  # type: ignore[arg-type]


def test_the_issue_11_examples_are_refused() -> None:
    """TOC-STEP-03, TOC-OVER-01, TOC-VS2-032, CRD-PLAYERS-C: the four examples of issue 11."""
    with pytest.raises(ct.OptionError):
        ct.new_game(TOWER, seed=True)  # type: ignore[arg-type]
    with pytest.raises(ct.OptionError, match="max_actions must be int or None, not float"):
        ct.new_game(TOWER, max_actions=1.5)  # type: ignore[arg-type]
    with pytest.raises(ct.OptionError, match="max_actions must be int or None, not bool"):
        ct.new_game(TOWER, mode="vs", players=2, max_actions=True)
    with pytest.raises(ct.OptionError, match="teams holds int values, not float"):
        ct.new_game(CREST, players=4, teams=[0.0, 1.0, 0.0, 1.0])
    with pytest.raises(ct.OptionError, match="extra_rule must be bool, not str"):
        ct.new_game(TOWER, mode="vs", players=2, extra_rule="no")  # type: ignore[arg-type]
    # CRD-PLAYERS-C: the Crest package's own start refuses float teams too (0.0 == 0 in Python).
    with pytest.raises(ValueError, match="one 0 or 1 per seat"):
        ct.crest.new_game(CREST, players=4, teams=[0.0, 1.0, 0.0, 1.0])  # type: ignore[list-item]


@pytest.mark.parametrize("mode", sorted(CARDS))
def test_an_unknown_option_is_refused_with_the_modes_list(mode: str) -> None:
    """TOC-VS2-029: an option the mode does not have names every option it has."""
    listed = ", ".join(spec.name for spec in ct.option_specs()[mode])
    with pytest.raises(ct.OptionError, match=f"the options of {mode} are: {listed}$"):
        ct.new_game(CARDS[mode], mode=mode, colour="red", **NEEDED[mode])
    other = "teams" if mode != "duel" else "extra_rule"
    with pytest.raises(ct.OptionError, match=f"no option {other}"):
        ct.new_game(CARDS[mode], mode=mode, **{**NEEDED[mode], other: True})


def test_values_out_of_range_or_not_allowed_are_refused() -> None:
    """TOC-VS2-027, CRD-PLAYERS-A: a choice outside its list, a count outside its range."""
    with pytest.raises(ct.OptionError, match="one of 'drawer', 'all'"):
        ct.new_game(TOWER, mode="vs", players=2, adjust_after_draw="everyone")
    with pytest.raises(ct.OptionError, match="2 to 6"):
        ct.new_game(CREST, players=7)
    with pytest.raises(ct.OptionError, match="1 or more"):
        ct.new_game(TOWER, max_actions=0)


@pytest.mark.parametrize("mode", sorted(CARDS))
def test_seed_none_draws_a_fresh_recorded_seed_that_replays_exactly(mode: str) -> None:
    """TOC-STEP-03: unseeded games differ; each records its seed, which gives the same game again."""
    games = [ct.new_game(CARDS[mode], mode=mode, **NEEDED[mode]) for _ in range(4)]
    assert len({g.seed for g in games}) == 4
    assert len({ct.dumps(g) for g in games}) > 1
    for game in games:
        again = ct.new_game(CARDS[mode], mode=mode, seed=game.seed, **NEEDED[mode])
        assert ct.dumps(again) == ct.dumps(game)
    recorded = replay.record(CARDS[mode], [], mode=mode, **NEEDED[mode])
    assert ct.dumps(replay.verify(replay.loads(recorded.dumps()), CARDS[mode])) == ct.dumps(
        ct.new_game(CARDS[mode], mode=mode, seed=recorded.seed, **NEEDED[mode])
    )


ROUND_TRIPS: list[tuple[str, dict[str, Any]]] = [
    ("solo", {"max_actions": 30}),
    ("vs", {"players": 3, "extra_rule": True, "adjust_after_draw": "all", "declare_when": "any_time"}),
    ("vs", {"players": 2, "own_attribute_bluff": True, "max_actions": 25}),
    ("duel", {"players": 4, "teams": [1, 0, 1, 0], "max_actions": 60}),
]


@pytest.mark.parametrize(("mode", "given"), ROUND_TRIPS)
def test_options_round_trip_through_saves_and_replays(mode: str, given: dict[str, Any]) -> None:
    """TOC-VS2-027, TOC-VS2-029, CRD-PLAYERS-C: the options travel in the state, its save and a replay."""
    cards = CARDS[mode]
    state = ct.new_game(cards, mode=mode, seed=11, **given)
    options = ct.options(state)
    for name, value in given.items():
        assert options[name] == (tuple(value) if isinstance(value, list) else value)
    assert ct.options(ct.loads(ct.dumps(state), cards)) == options
    actions = []
    for _ in range(12):
        if ct.is_terminal(state):
            break
        actions.append(ct.legal_actions(state)[-1])
        state = ct.apply(state, actions[-1])
    recorded = replay.record(cards, actions, mode=mode, seed=11, **given)
    data = json.loads(recorded.dumps())
    assert data["options"]["mode"] == mode and set(data["options"]) == {"mode", *options.as_dict()}
    back = replay.loads(recorded.dumps())
    assert back.options == options
    assert replay.verify(back, cards) == state


def test_a_replay_with_a_wrong_option_type_is_refused() -> None:
    """TOC-VS2-027: a replay's options are checked by new_game when it is replayed."""
    recorded = replay.record(TOWER, [], mode="vs", players=2, seed=1)
    data = json.loads(recorded.dumps())
    data["options"]["players"] = 2.0
    with pytest.raises(replay.ReplayFormatError):
        replay.verify(replay.loads(json.dumps(data)), TOWER)


def test_a_vs_save_of_the_format_before_the_options_is_refused() -> None:
    """TOC-VS2-027: a chaos-tower/tower-vs/1 save (before adjust_after_draw) is refused, not guessed."""
    data = json.loads(ct.dumps(ct.new_game(TOWER, mode="vs", players=2, seed=1)))
    data["format"] = "chaos-tower/tower-vs/1"
    for name in ("adjust_after_draw", "declare_when", "own_attribute_bluff"):
        del data["position"][name]
    with pytest.raises(ct.SaveError, match="unknown save format"):
        ct.loads(json.dumps(data), TOWER)
    data = json.loads(ct.dumps(ct.new_game(TOWER, mode="vs", players=2, seed=1)))
    data["position"]["adjust_after_draw"] = "everyone"
    with pytest.raises(ct.SaveError, match="adjust_after_draw"):
        ct.loads(json.dumps(data), TOWER)


def test_options_appear_on_the_rule_pages() -> None:
    """TOC-VS2-027, TOC-VS2-029: each option is listed on its rule's page."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "rules" / "vs2.md").read_text(encoding="utf-8")
    for spec in ct.option_specs()["vs"]:
        assert f"`{spec.name}`" in page


def test_an_options_record_is_written_and_read_back_by_its_specs() -> None:
    """kernel.options: a save's options and a position's options word give back the same record,
    every value judged by its spec; a missing option, a wrong value or an unwritable word is refused."""
    from chaos_tower.kernel.errors import SaveError
    from chaos_tower.kernel.options import (
        check_options,
        options_data,
        options_word,
        read_options,
        read_options_word,
    )

    specs = (
        OptionSpec(name="n", types=(int,), default=None, low=1, rule="X-01", doc="a count"),
        OptionSpec(name="flag", types=(bool,), default=False, rule="X-01", doc="a flag"),
        OptionSpec(name="how", types=(str,), default="a", allowed=("a", "b_c"), rule="X-01", doc="a choice"),
        OptionSpec(name="seats", types=(bool, tuple), items=int, default=None, rule="X-01", doc="a list"),
    )
    record = check_options("demo", specs, {"n": 3, "flag": True, "how": "b_c", "seats": [0, 1, 0]})
    assert read_options("demo", specs, options_data(record)) == record
    assert options_word(record) == "n:3;flag:true;how:b_c;seats:(0.1.0)"
    assert read_options_word("demo", specs, options_word(record)) == record
    default = check_options("demo", specs, {})
    assert read_options_word("demo", specs, options_word(default)) == default
    with pytest.raises(SaveError, match="the options are an object of n, flag, how, seats"):
        read_options("demo", specs, {"n": 3})
    with pytest.raises(SaveError, match="demo: n must be 1 or more, not 0"):
        read_options_word("demo", specs, "n:0;flag:false;how:a;seats:-")
    with pytest.raises(SaveError, match="no option of demo"):
        read_options_word("demo", specs, "n:1;flag:false;how:a;seats:-;extra:1")
    with pytest.raises(ct.OptionError, match="cannot be written in a one-line position"):
        options_word(attrs.evolve(record, values=(("how", "two words"),)))
