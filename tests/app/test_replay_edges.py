"""Replays at their edges (issue 22): duplicate keys, a byte order mark, an option left out.

Every reader of a replay (``replay.loads``, ``chaos-tower replay --verify``,
``chaos-tower play --resume``) answers the same way: a replay with a key given
twice is refused, as saves and card files are; a leading UTF-8 byte order mark
is read past by all of them; and a format-2 replay that lacks one of its mode's
options is refused, since format 2 records every option so that a changed
default cannot change a recorded game.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.app.cli import _parser, main
from chaos_tower.app.play import run

TOWER = ct.load_cardset()
CREST = ct.load_cardset(game="crest")
BOM = b"\xef\xbb\xbf"
GAMES = {
    "solo": (TOWER, {}, ["place 0,0 r0"]),
    "vs": (TOWER, {"mode": "vs", "players": 2}, []),
    "duel": (CREST, {"players": 2}, []),
}


def _recorded(mode: str) -> replay.Replay:
    cards, options, actions = GAMES[mode]
    return replay.record(cards, actions, seed=7, **options)


def _resume(path: Path) -> int:
    return run(_parser().parse_args(["play", "--resume", str(path)]), io.StringIO("q\n"), io.StringIO())


def _answers(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, int, str]:
    """What ``replay --verify`` and ``play --resume`` say of the file: exit code and error, each."""
    capsys.readouterr()
    verified = main(["replay", str(path), "--verify"])
    verify_err = capsys.readouterr().err
    resumed = _resume(path)
    resume_err = capsys.readouterr().err
    return verified, verify_err, resumed, resume_err


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"seed": 7,', '"seed": 7,\n "seed": 8,'),
        ('"actions": [', '"actions": [],\n "actions": ['),
        ('"max_actions": null', '"max_actions": null, "max_actions": 5'),
    ],
    ids=["seed", "actions", "an option"],
)
def test_a_replay_with_a_key_given_twice_is_refused_by_every_reader(
    old: str, new: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TOC-STEP-03: a replay holds one seed and one list of actions; JSON's "last one wins" is refused."""
    text = _recorded("solo").dumps()
    assert old in text
    doubled = text.replace(old, new, 1)
    key = new.split('"')[1]
    for given in (doubled, doubled.encode()):
        with pytest.raises(replay.ReplayFormatError, match=f"duplicate key '{key}'"):
            replay.loads(given)
    path = tmp_path / "doubled.json"
    path.write_text(doubled, encoding="utf-8")
    verified, verify_err, resumed, resume_err = _answers(path, capsys)
    assert (verified, resumed) == (1, 1)
    assert f"duplicate key '{key}'" in verify_err and f"duplicate key '{key}'" in resume_err


def test_a_replay_with_a_byte_order_mark_is_read_by_every_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TOC-STEP-03: a leading UTF-8 BOM (as some editors write) is read past everywhere, as card files'."""
    recorded = _recorded("solo")
    text = recorded.dumps()
    assert replay.loads(BOM + text.encode()) == recorded
    assert replay.loads("\ufeff" + text) == recorded
    path = tmp_path / "bom.json"
    path.write_bytes(BOM + text.encode())
    assert _answers(path, capsys)[::2] == (0, 0)
    save = tmp_path / "save.json"
    state = replay.verify(recorded, TOWER)
    save.write_bytes(BOM + ct.dumps(state).encode())
    assert _resume(save) == 0
    assert ct.dumps(ct.loads("\ufeff" + ct.dumps(state), TOWER)) == ct.dumps(state)


def test_a_replay_in_another_encoding_is_refused_by_every_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A replay is UTF-8 text: UTF-16 (which ``json.loads`` of bytes would guess) is refused everywhere."""
    path = tmp_path / "utf16.json"
    path.write_bytes(_recorded("solo").dumps().encode("utf-16"))
    with pytest.raises(replay.ReplayFormatError, match="UTF-8"):
        replay.loads(path.read_bytes())
    verified, _, resumed, _ = _answers(path, capsys)
    assert (verified, resumed) == (1, 1)


def _options(*, added_later: bool) -> list[tuple[str, str]]:
    # Generated from the registry: every option of every mode of the built-in games, those that
    # every replay must record, or those added later with a value for older replays (absent).
    return [
        (mode, spec.name)
        for mode, specs in ct.option_specs().items()
        if mode in GAMES
        for spec in specs
        if bool(spec.absent) == added_later
    ]


def _left_out() -> list[tuple[str, str]]:
    return _options(added_later=False)


@pytest.mark.parametrize(("mode", "name"), _options(added_later=True))
def test_TOC_OVER_01_a_replay_from_before_an_option_reads_the_value_it_was_played_under(
    mode: str, name: str
) -> None:
    """TOC-OVER-01 (``closed_walk``), TOC-ITEM-01D (``normal_item``): an option added after replays
    were written names the value such a replay stands for (``OptionSpec.absent``); one that lacks
    it is read so and verified (its hashes too while that value is the default: otherwise today's
    saves name the option, and the actions, events and outcome are compared; such an option is
    written again as the file had it, left out)."""
    spec = next(s for s in ct.option_specs()[mode] if s.name == name)
    data = _recorded(mode).to_json()
    del data["options"][name]
    older = replay.loads(json.dumps(data))
    assert replay.verify(older, ct.load_cardset()).more[name] == spec.absent[0]
    assert older.unrecorded == (() if spec.absent[0] == spec.default else (name,))
    again = older.to_json()
    if older.unrecorded:
        assert again == data  # left out again: the file's hashes stay its own
    else:
        assert again["options"][name] == spec.absent[0]


@pytest.mark.parametrize(("mode", "name"), _left_out())
def test_a_format_2_replay_that_lacks_an_option_is_refused(
    mode: str, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TOC-VS2-029, CRD-PLAYERS-C: format 2 records every option; one left out would be played under
    today's default, so the replay is refused by name rather than verified."""
    data = _recorded(mode).to_json()
    assert name in data["options"]
    del data["options"][name]
    text = json.dumps(data)
    with pytest.raises(replay.ReplayFormatError, match=f"lacks the option {name}"):
        replay.loads(text)
    path = tmp_path / "lacking.json"
    path.write_text(text, encoding="utf-8")
    verified, verify_err, resumed, resume_err = _answers(path, capsys)
    assert (verified, resumed) == (1, 1)
    assert f"lacks the option {name}" in verify_err and f"lacks the option {name}" in resume_err


def test_every_built_in_mode_is_covered_by_the_left_out_option_test() -> None:
    assert set(ct.option_specs()) == set(GAMES)
