"""Saves: round trips through the front door, byte-identical determinism, refused bad saves."""

from __future__ import annotations

import json

import pytest

import chaos_tower as ct
from chaos_tower.crest.agents import CrestGreedyAgent, CrestRandomAgent
from chaos_tower.crest.cards import CrestCardSet
from chaos_tower.crest.serial import FORMAT
from chaos_tower.crest.state import CrestState


def _game(
    crest: CrestCardSet, players: int, seed: int, teams: object = None, greedy: bool = False
) -> list[CrestState]:
    state = ct.new_game(crest, players=players, teams=teams, seed=seed, max_actions=800)
    agent = CrestGreedyAgent(seed) if greedy else CrestRandomAgent(seed)
    out = [state]
    while not ct.is_terminal(state):
        state = ct.apply(state, agent.choose_in(state))
        out.append(state)
    return out


@pytest.mark.parametrize(("players", "teams"), [(2, None), (4, True), (5, None), (6, True)])
def test_save_round_trips_every_position(crest: CrestCardSet, players: int, teams: object) -> None:
    for state in _game(crest, players, players, teams)[::5]:
        text = ct.dumps(state)
        assert json.loads(text)["format"] == FORMAT == "chaos-tower/crest/1"
        again = ct.loads(text, crest)
        assert again == state and again.events == state.events
        assert ct.dumps(again) == text
        assert ct.legal_actions(again) == ct.legal_actions(state)


def test_same_seed_and_actions_give_byte_identical_saves(crest: CrestCardSet) -> None:
    for greedy in (False, True):
        state = ct.new_game(crest, players=4, seed=21, max_actions=800)
        agent = CrestGreedyAgent(21) if greedy else CrestRandomAgent(21)
        texts = []
        while not ct.is_terminal(state):
            action = agent.choose_in(state)
            texts.append(ct.action_text(state, action))
            state = ct.apply(state, action)
        replay = ct.new_game(crest, players=4, seed=21, max_actions=800)
        for text in texts:
            replay = ct.apply(replay, ct.parse_action(replay, text))
        assert ct.dumps(replay) == ct.dumps(state)
    assert ct.dumps(ct.new_game(crest, players=3, seed=5)) == ct.dumps(ct.new_game(crest, players=3, seed=5))
    assert ct.dumps(ct.new_game(crest, players=3, seed=5)) != ct.dumps(ct.new_game(crest, players=3, seed=6))


def _mutated(text: str, change: object) -> str:
    data = json.loads(text)
    change(data)  # type: ignore[operator]
    return json.dumps(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="chaos-tower/crest/9"),
        lambda d: d["cardset"].update(sha256="0" * 64),
        lambda d: d["position"].update(hp=[999, 1]),
        lambda d: d["position"]["hands"][0].append(d["position"]["deck"][0]),
        lambda d: d["position"].update(deck=d["position"]["deck"][1:]),
        lambda d: d["position"].update(phase="lunch"),
        lambda d: d["position"].update(seat=7),
        lambda d: d["position"].update(statuses=[[0, 0], [0, 0]]),
        lambda d: d["position"].update(monsters=[0, 0]),
        lambda d: d["position"].update(rng=-1),
        lambda d: d["position"].update(hp="many"),
        lambda d: d["position"].pop("dying"),
        lambda d: d.update(events=[{"rule": 1}]),
        lambda d: d.update(extra=1),
    ],
)
def test_bad_saves_are_refused(crest: CrestCardSet, change: object) -> None:
    text = ct.dumps(_game(crest, 2, 3)[10])
    with pytest.raises(ct.SaveError):
        ct.loads(_mutated(text, change), crest)


def test_a_crest_save_needs_the_crest_set(crest: CrestCardSet) -> None:
    text = ct.dumps(ct.new_game(crest, players=2))
    with pytest.raises(ct.SaveError):
        ct.loads(text, ct.load_cardset())
    with pytest.raises(ct.SaveError):
        ct.loads("{not json", crest)


def test_action_space_indices_round_trip(crest: CrestCardSet) -> None:
    state = _game(crest, 3, 2)[30]
    space = ct.action_space(state)
    assert len(space) == len(set(space))
    for action in ct.legal_actions(state):
        index = ct.action_index(state, action)
        assert ct.action_from_index(state, index) == action
        assert ct.parse_action(state, ct.action_text(state, action)) == action
    with pytest.raises(ct.MalformedActionError):
        ct.action_from_index(state, len(space))
    for text in (
        "",
        "fly",
        "place fang-crest m9 new",
        "cast nothing @1",
        "use m0 @9",
        "wear fang-crest",
        "place x",
    ):
        with pytest.raises(ct.MalformedActionError):
            ct.parse_action(state, text)
    with pytest.raises(ct.MalformedActionError):
        ct.apply(state, "done")


def _death_phase() -> CrestState:
    from chaos_tower.crest.actions import Use

    from .helpers import arrange

    state = arrange(
        monsters=("gorgath", "vorkath", "ixalith"),
        marks={0: {0: ["rending-crest"]}},
        hp={1: 5},
        phase="beast",
    )
    after = ct.apply(state, Use(mark=0, target=1))
    assert after.phase == "death"
    return after


def _setup_phase(crest: CrestCardSet, players: int = 3) -> CrestState:
    return ct.new_game(crest, players=players, seed=1)


@pytest.mark.parametrize(
    ("where", "change"),
    [
        # the phase to go on with after the killer's choice is the wielder or the beast phase
        ("death", lambda d: d["position"].update(resume="over")),
        ("death", lambda d: d["position"].update(resume="death")),
        ("death", lambda d: d["position"].update(resume="setup")),
        # CRD-START-D: at most three cards face down, counted by what the seat has put out
        ("setup", lambda d: d["position"].update(setup_count=-5)),
        ("setup", lambda d: d["position"].update(setup_count=2)),
        # CRD-PLAYERS-C: two equal teams, with four or six players only
        ("setup4", lambda d: d["position"].update(teams=[0, 0, 0, 1])),
        ("setup", lambda d: d["position"].update(teams=[0, 1, 1])),
        # CRD-START-E: once initiative is rolled, the first player is a seat
        ("death", lambda d: d["position"].update(first=17)),
        # CRD-DEATH-C: the winners are seats of one side, and a cut-short game has none
        (
            "death",
            lambda d: d["position"].update(
                phase="over",
                dying=[],
                result={"winners": [9], "cause": "last-standing", "rule": "CRD-DEATH-C"},
            ),
        ),
        ("setup", lambda d: d["position"].update(max_actions=-3)),
    ],
)
def test_impossible_saved_positions_are_refused(
    crest: CrestCardSet, where: str, change: object
) -> None:
    state = {
        "death": _death_phase,
        "setup": lambda: _setup_phase(crest),
        "setup4": lambda: _setup_phase(crest, 4),
    }[where]()
    text = ct.dumps(state)
    assert ct.loads(text, crest) == state  # the unchanged save loads
    with pytest.raises(ct.SaveError):
        ct.loads(_mutated(text, change), crest)


def test_a_game_cut_short_during_setup_saves_and_loads(crest: CrestCardSet) -> None:
    from chaos_tower.crest.actions import Done
    from chaos_tower.crest.invariants import violations

    state = ct.new_game(crest, players=2, seed=1, max_actions=2)
    while not ct.is_terminal(state):
        state = ct.apply(state, next(a for a in ct.legal_actions(state) if not isinstance(a, Done)))
    assert state.first == -1 and state.setup_count == 2 and state.phase == "over"
    assert violations(state) == []
    assert ct.loads(ct.dumps(state), crest) == state
