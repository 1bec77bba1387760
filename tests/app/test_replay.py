"""Replays: record, write, read, verify, step through; tampering is refused with the step named."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import chaos_tower as ct
from chaos_tower.agents import RandomAgent, play
from chaos_tower.app import replay
from chaos_tower.app.cli import main

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def game(cards: ct.TowerCardSet) -> tuple[replay.Replay, list[ct.State]]:
    """A recorded random game of 13 actions, with the states it went through."""
    start = ct.new_game(cards, seed=124)
    played = list(play(start, RandomAgent(124)))
    recorded = replay.record(cards, [a for a, _ in played], seed=124)
    return recorded, [start, *(s for _, s in played)]


def test_record_holds_the_game(cards: ct.TowerCardSet, game: tuple[replay.Replay, list[ct.State]]) -> None:
    recorded, states = game
    assert recorded.game == "tower-solo" and recorded.seed == 124
    assert len(recorded.actions) == len(states) - 1 == 13
    assert recorded.actions[0] == "place 3,1 r270"
    # the identity is the card set's own fingerprint, as saves use it
    assert recorded.cardset.sha256 == states[0].game.fingerprint
    assert recorded.cardset.name == cards.header.name and recorded.cardset.version == cards.header.version
    assert recorded.hashes is not None
    assert list(recorded.hashes) == [replay.state_hash(s) for s in states[1:]]


def test_written_replay_follows_its_schema_and_reads_back(game: tuple[replay.Replay, list[ct.State]]) -> None:
    recorded, _ = game
    data = json.loads(recorded.dumps())
    schema = json.loads((REPO / "schemas" / "replay.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert not list(Draft202012Validator(schema).iter_errors(data))
    assert data["format"] == "chaos-tower/replay/2"
    assert replay.loads(recorded.dumps()) == recorded


def test_steps_give_back_every_state(
    cards: ct.TowerCardSet, game: tuple[replay.Replay, list[ct.State]]
) -> None:
    recorded, states = game
    stepped = list(replay.steps(recorded, cards))
    assert [s.number for s in stepped] == list(range(14))
    assert [s.state for s in stepped] == states
    assert [ct.dumps(s.state) for s in stepped] == [ct.dumps(s) for s in states]
    assert replay.verify(recorded, cards) == states[-1]
    assert replay.state_at(recorded, cards, 5) == states[5]
    with pytest.raises(IndexError):
        replay.state_at(recorded, cards, 14)


def test_replay_without_hashes_still_verifies(
    cards: ct.TowerCardSet, game: tuple[replay.Replay, list[ct.State]]
) -> None:
    recorded, states = game
    bare = attrs.evolve(recorded, hashes=None)
    assert "hashes" not in json.loads(bare.dumps())
    assert replay.verify(replay.loads(bare.dumps()), cards) == states[-1]


def test_wrong_card_set_is_refused(
    cards: ct.TowerCardSet, game: tuple[replay.Replay, list[ct.State]]
) -> None:
    recorded, _ = game
    other = attrs.evolve(cards, header=attrs.evolve(cards.header, version="9.9.9"))
    with pytest.raises(replay.ReplayCardSetError, match="made with the card set") as error:
        replay.verify(recorded, other)
    assert error.value.step is None


def test_illegal_action_names_its_step(
    cards: ct.TowerCardSet, game: tuple[replay.Replay, list[ct.State]]
) -> None:
    recorded, _ = game
    actions = list(recorded.actions)
    actions[4] = "fight n G"  # not possible there
    with pytest.raises(replay.ReplayActionError, match=r"^step 5: 'fight n G' is not allowed") as error:
        replay.verify(attrs.evolve(recorded, actions=tuple(actions)), cards)
    assert error.value.step == 5
    actions[4] = "jump"  # not an action at all
    with pytest.raises(replay.ReplayActionError) as error:
        replay.verify(attrs.evolve(recorded, actions=tuple(actions)), cards)
    assert error.value.step == 5


def test_hash_mismatch_names_its_step(
    cards: ct.TowerCardSet, game: tuple[replay.Replay, list[ct.State]]
) -> None:
    recorded, _ = game
    assert recorded.hashes is not None
    hashes = list(recorded.hashes)
    hashes[9] = "0" * 64
    tampered = attrs.evolve(recorded, hashes=tuple(hashes))
    with pytest.raises(replay.ReplayHashError, match=r"^step 10: ") as error:
        replay.verify(tampered, cards)
    assert error.value.step == 10
    # another seed: the same actions reach other states (or stop being legal)
    with pytest.raises((replay.ReplayHashError, replay.ReplayActionError)) as failure:
        replay.verify(attrs.evolve(recorded, seed=125), cards)
    assert failure.value.step is not None and failure.value.step >= 1


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("{", "not valid JSON"),
        ('{"format": "chaos-tower/replay/2"}', "not a replay"),
        ("[]", "not a replay"),
    ],
)
def test_corrupt_replays_are_refused(text: str, where: str) -> None:
    with pytest.raises(replay.ReplayFormatError, match=where):
        replay.loads(text)


def test_hash_count_must_match(game: tuple[replay.Replay, list[ct.State]]) -> None:
    recorded, _ = game
    data = recorded.to_json()
    data["hashes"] = data["hashes"][:-1]
    with pytest.raises(replay.ReplayFormatError, match="one hash per action"):
        replay.loads(json.dumps(data))
    assert isinstance(replay.ReplayFormatError("x"), ct.SaveError)


def test_cli_replay(
    tmp_path: Path, game: tuple[replay.Replay, list[ct.State]], capsys: pytest.CaptureFixture[str]
) -> None:
    recorded, states = game
    path = tmp_path / "game.json"
    path.write_text(recorded.dumps(), encoding="utf-8")
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "valid replay of tower-solo, 13 actions, every state hash matches; result: lost" in out
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "   1. place 3,1 r270" in out and f"      {states[1].events[0]}" in out
    assert main(["replay", str(path), "--step", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("step 3: ") and ct.render_text(states[3]) in out
    assert main(["replay", str(path), "--step", "99"]) == 2
    data = recorded.to_json()
    data["hashes"][2] = "f" * 64
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--verify"]) == 1
    assert "step 3: after" in capsys.readouterr().err


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), agent_seed=st.integers(min_value=0, max_value=1000))
def test_any_random_game_records_and_replays(cards: ct.TowerCardSet, seed: int, agent_seed: int) -> None:
    start = ct.new_game(cards, seed=seed, max_actions=60)
    played = list(play(start, RandomAgent(agent_seed)))
    recorded = replay.record(cards, [a for a, _ in played], seed=seed, max_actions=60)
    again = replay.record(cards, [a for a, _ in played], seed=seed, max_actions=60)
    assert again.dumps() == recorded.dumps()  # deterministic, byte for byte
    final = replay.verify(replay.loads(recorded.dumps()), cards)
    assert ct.dumps(final) == ct.dumps(played[-1][1] if played else start)
    assert len(recorded.actions) == len(played) == final.actions


def _random_actions(cards: object, seed: int, **options: object) -> list[object]:
    state = ct.new_game(cards, seed=seed, max_actions=40, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    actions = []
    while not ct.is_terminal(state):
        action = rng.choice(ct.legal_actions(state))
        actions.append(action)
        state = ct.apply(state, action)
    return actions


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "vs", "players": 2},
        {"mode": "vs", "players": 4, "extra_rule": True},
        {"players": 3},
        {"players": 4, "teams": True},
        {"players": 6, "teams": (0, 0, 0, 1, 1, 1)},
    ],
    ids=["vs2", "vs4-extra", "crest3", "crest4-teams", "crest6-teams-given"],
)
def test_vs_and_crest_games_record_verify_and_refuse_tampering(options: dict[str, object]) -> None:
    cards = ct.load_cardset() if options.get("mode") == "vs" else ct.load_cardset(game="crest")
    actions = _random_actions(cards, 5, **options)
    assert len(actions) >= 3
    recorded = replay.record(cards, actions, seed=5, max_actions=40, **options)  # type: ignore[arg-type]
    again = replay.loads(recorded.dumps())
    assert again == recorded
    final = replay.verify(again, cards)
    expected = ct.new_game(cards, seed=5, max_actions=40, **options)  # type: ignore[arg-type]
    for action in actions:
        expected = ct.apply(expected, action)
    assert ct.dumps(final) == ct.dumps(expected)
    # tampering: a hash changed at step 2, an action that is not one at step 3
    assert recorded.hashes is not None
    hashes = (*recorded.hashes[:1], "0" * 64, *recorded.hashes[2:])
    with pytest.raises(replay.ReplayHashError, match=r"^step 2: ") as error:
        replay.verify(attrs.evolve(recorded, hashes=hashes), cards)
    assert error.value.step == 2
    moves = (*recorded.actions[:2], "jump", *recorded.actions[3:])
    with pytest.raises(replay.ReplayActionError, match=r"^step 3: 'jump'") as failure:
        replay.verify(attrs.evolve(recorded, actions=moves), cards)
    assert failure.value.step == 3
    # the other game's card set is refused before step 0
    other = ct.load_cardset(game="crest") if options.get("mode") == "vs" else ct.load_cardset()
    with pytest.raises(replay.ReplayCardSetError):
        replay.verify(recorded, other)


def test_cli_replay_of_a_crest_game_finds_the_built_in_crest_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crest = ct.load_cardset(game="crest")
    recorded = replay.record(crest, _random_actions(crest, 2, players=2), seed=2, players=2, max_actions=40)
    path = tmp_path / "duel.json"
    path.write_text(recorded.dumps(), encoding="utf-8")
    assert main(["replay", str(path), "--verify"]) == 0
    assert f"valid replay of crest, {len(recorded.actions)} actions" in capsys.readouterr().out
    # drawing it finds the built-in Crest set too
    assert main(["render", "--replay", str(path), "--out", str(tmp_path / "x.svg")]) == 0
    final = replay.verify(recorded, crest)
    assert (tmp_path / "x.svg").read_text(encoding="utf-8") == ct.render_svg(final)


def test_log_records_each_steps_events_and_the_outcome(
    cards: ct.TowerCardSet, game: tuple[replay.Replay, list[ct.State]]
) -> None:
    recorded, states = game
    logged = replay.record(cards, recorded.actions, seed=124, log=True, about={"case": "x", "agents": ["r"]})
    assert logged.events == tuple(tuple(str(e) for e in s.events) for s in states[1:])
    assert logged.events[0][0].startswith("[TOC-START-")  # each event names its rule
    final = ct.outcome(states[-1])
    assert final is not None
    assert logged.outcome == (("result", final.result), ("cause", final.cause), ("rule", final.rule))
    data = json.loads(logged.dumps())
    assert data["outcome"] == attrs.asdict(final) and data["about"] == {"case": "x", "agents": ["r"]}
    assert replay.loads(logged.dumps()) == logged
    assert replay.verify(replay.loads(logged.dumps()), cards) == states[-1]
    # without log, none of it is written: older replays are unchanged
    assert {"events", "outcome", "about"}.isdisjoint(json.loads(recorded.dumps()))


def test_recorded_events_and_outcome_are_checked(
    cards: ct.TowerCardSet, game: tuple[replay.Replay, list[ct.State]]
) -> None:
    recorded, _ = game
    logged = replay.record(cards, recorded.actions, seed=124, log=True)
    assert logged.events is not None and logged.outcome is not None
    events = list(logged.events)
    events[3] = ("a fight that did not happen",)
    with pytest.raises(replay.ReplayHashError, match=r"^step 4: .* makes other events") as error:
        replay.verify(attrs.evolve(logged, events=tuple(events)), cards)
    assert error.value.step == 4
    won = tuple((k, "won" if k == "result" else v) for k, v in logged.outcome)
    with pytest.raises(replay.ReplayHashError, match=r"^step 13: the game ends otherwise") as error:
        replay.verify(attrs.evolve(logged, outcome=won), cards)
    assert error.value.step == 13
    data = logged.to_json()
    data["events"] = data["events"][:-1]
    with pytest.raises(replay.ReplayFormatError, match="one list of events per action"):
        replay.loads(json.dumps(data))


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("outcome", {"rule": "TOC-OVER-01"}, "outcome"),
        ("outcome", {"cause": "x", "rule": "TOC-OVER-01", "score": 3}, "outcome"),
        ("events", [["ok"], "not a list"], "events/1"),
        ("about", {"case": 7}, "about/case"),
    ],
)
def test_bad_events_outcome_or_notes_are_refused(
    game: tuple[replay.Replay, list[ct.State]], field: str, value: object, where: str
) -> None:
    recorded, _ = game
    data = recorded.to_json()
    data[field] = value
    with pytest.raises(replay.ReplayFormatError, match=f"at {where}"):
        replay.loads(json.dumps(data))


def test_seat_results_one_word_per_player() -> None:
    tower, crest = ct.load_cardset(), ct.load_cardset(game="crest")
    assert replay.seat_results(ct.new_game(tower, seed=1)) is None
    cases = [
        (tower, {}, 1),
        (tower, {"mode": "vs", "players": 3}, 3),
        (crest, {"players": 4, "teams": True}, 4),
    ]
    for cards, options, seats in cases:
        state = ct.new_game(cards, seed=3, **options)  # type: ignore[arg-type]
        rng = random.Random(3)
        while not ct.is_terminal(state):
            state = ct.apply(state, rng.choice(ct.legal_actions(state)))
        words = replay.seat_results(state)
        assert words is not None and len(words) == seats
        assert set(words) <= {"won", "lost", "draw", "ended", "no winner"}
        want = {1.0: "won", -1.0: "lost"}
        assert [want.get(r, w) for r, w in zip(ct.returns(state), words, strict=True)] == list(words)


@pytest.mark.parametrize(
    ("game_name", "options"),
    [("tower", {"mode": "vs", "players": 3}), ("crest", {"players": 4, "teams": True})],
    ids=["vs3", "crest4-teams"],
)
def test_cli_verify_prints_one_line_per_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], game_name: str, options: dict[str, object]
) -> None:
    cards = ct.load_cardset(game=game_name)
    actions = _random_actions(cards, 7, **options)
    recorded = replay.record(cards, actions, seed=7, max_actions=40, **options)  # type: ignore[arg-type]
    final = replay.verify(recorded, cards)
    path = tmp_path / "game.json"
    path.write_text(recorded.dumps(), encoding="utf-8")
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out.splitlines()
    result = ct.outcome(final)
    assert out[0].endswith(f"; ended by {result.cause} ({result.rule})")
    words = replay.seat_results(final)
    assert words is not None
    assert out[1:] == [f"  player {seat}: {word}" for seat, word in enumerate(words)]
    assert "Outcome(" not in "\n".join(out)
