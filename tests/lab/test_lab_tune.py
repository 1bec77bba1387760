"""Tuning to a target (``lab tune``) and the patch it writes (``lab patch``): issue 25, item 5."""

from __future__ import annotations

from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.lab.cardedit import Change, SetFiles, read_patch
from chaos_tower.lab.experiment import Arm, metric, play_arms
from chaos_tower.lab.failure import LabError
from chaos_tower.lab.spec import CardSource, RunSpec
from chaos_tower.lab.tune import Knob, Target, _measure, tune

SPEC = RunSpec(agents=("random",), seed=0, max_actions=600)
GAMES = 400


def _planted(tmp_path: Path) -> CardSource:
    """The built-in set with one planted value that makes it too hard: the player starts with 1 life."""
    files = SetFiles(CardSource(game="tower"))
    files.set(Change("sheet:start_life", 1))
    folder = tmp_path / "too-hard"
    folder.mkdir()
    for name, data in files.source_now("planted").files:
        (folder / name).write_bytes(data)
    return CardSource.read(folder, "tower")


def test_targets_and_knobs_are_read_and_bad_ones_refused() -> None:
    assert Target.parse("win=25%+-3%") == Target("win", 0.25, 0.03)
    assert Target.parse("length=14.3±1.5") == Target("length", 14.3, 1.5)
    assert Knob.parse("rebright:values.G=3..8") == Knob("rebright:values.G", 3, 8)
    for bad in ("win=0.25", "win=0.25+-0", "=1+-1"):
        with pytest.raises(LabError):
            Target.parse(bad)
    for bad in ("rebright:values.G=8..3", "rebright:values.G", "x:y=0..999"):
        with pytest.raises(LabError):
            Knob.parse(bad)


def test_a_planted_too_hard_value_is_tuned_back_to_the_original(tmp_path: Path) -> None:
    """Issue 25's planted test: the search finds start_life 4 again, within the stated tolerance."""
    original = play_arms(SPEC, [Arm("original", CardSource(game="tower"), SPEC.seed)], GAMES)[0]
    wanted, _, _ = _measure(original, metric("length", solo=True))
    target = Target("length", wanted, 1.5)
    result = tune(SPEC, _planted(tmp_path), target, [Knob("sheet:start_life", 1, 8)], games=GAMES)
    assert not target.meets(result.baseline.estimate, result.baseline.low, result.baseline.high)
    assert result.found is not None
    assert result.found.changes == (("sheet:start_life", 4),)
    assert abs(result.found.estimate - wanted) <= target.tolerance
    patch = result.patch()
    assert 'field: "sheet:start_life"' in patch and "from: 1" in patch and "to: 4" in patch


def test_the_patch_applies_and_the_patched_set_validates(tmp_path: Path) -> None:
    source = _planted(tmp_path)
    patch = tmp_path / "fix.yaml"
    patch.write_text('patch:\n  - field: "sheet:start_life"\n    from: 1\n    to: 4\n', encoding="utf-8")
    from chaos_tower.app.cli import main

    out = tmp_path / "fixed"
    assert main(["lab", "patch", str(tmp_path / "too-hard"), str(patch), "--out", str(out)]) == 0
    assert ct.load_cardset(out).sheet.start_life == 4
    assert main(["validate", str(out)]) == 0
    assert read_patch(patch) == [Change("sheet:start_life", 4)]
    assert source.load().sheet.start_life == 1  # the original set is untouched


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("patch: 3\n", "a list under `patch:`"),
        ('patch:\n  - field: "sheet:start_life"\n', "write `field:` and `to:`"),
        ('patch:\n  - {field: "sheet:start_life", to: 4, extra: 1}\n', "nothing else"),
        ("patch: []\npatch: []\n", "not a patch"),
        ('patch:\n  - {field: "nocolon", to: 4}\n', "CARD:PATH"),
    ],
)
def test_a_bad_patch_is_refused_with_its_reason(tmp_path: Path, text: str, message: str) -> None:
    patch = tmp_path / "bad.yaml"
    patch.write_text(text, encoding="utf-8")
    with pytest.raises(LabError, match=message):
        read_patch(patch)


def test_a_patch_that_breaks_the_set_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    from chaos_tower.lab.cardedit import apply_patch

    out = tmp_path / "broken"
    with pytest.raises(LabError, match="not valid"):
        apply_patch(CardSource(game="tower"), [Change("sheet:start_life", 99)], out)
    assert not out.exists()


def test_tune_on_the_command_line_writes_the_patch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from chaos_tower.app.cli import main

    _planted(tmp_path)
    patch = tmp_path / "tuned.yaml"
    code = main(
        [
            "lab",
            "tune",
            "--cards",
            str(tmp_path / "too-hard"),
            "--agent",
            "random",
            "-n",
            "200",
            "--target",
            "length=14+-3",
            "--vary",
            "sheet:start_life=1..8",
            "--patch-out",
            str(patch),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "smallest change that meets it: sheet:start_life: 1 ->" in out
    changes = read_patch(patch)
    assert [c.field for c in changes] == ["sheet:start_life"] and 2 <= changes[0].value <= 6
    assert main(["lab", "tune", "--target", "win=2+-1", "--vary", "nosuch:x=1..2", "-n", "5"]) == 1
