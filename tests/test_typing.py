"""The front door's types, checked by mypy: per-game assert_type proofs and a user's script with no Any.

Runs ``mypy --strict`` (``warn_unused_ignores`` included) on tests/typing/ in a
subprocess, against this checkout's src (MYPYPATH), with a fresh cache, so that
it checks what is here and not an installed copy. It takes a few seconds.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TYPING = REPO / "tests" / "typing"


def _mypy(tmp_path: Path, *files: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MYPYPATH": str(REPO / "src")}
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--warn-unused-ignores", "--no-error-summary",
         "--cache-dir", str(tmp_path / "cache"), *map(str, files)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=240, check=False,
    )


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    """One mypy run over both files (mypy's start-up is most of the time)."""
    return _mypy(tmp_path_factory.mktemp("mypy"), TYPING / "front_door.py", TYPING / "user_script.py")


def _errors(run: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in run.stdout.splitlines() if ": error:" in line]


def test_the_front_door_types_hold_for_every_game(checked: subprocess.CompletedProcess[str]) -> None:
    """Every assert_type holds and every marked mistake is still a type error (an unused ignore fails)."""
    assert _errors(checked) == [], checked.stdout + checked.stderr
    assert checked.returncode == 0, checked.stdout + checked.stderr
    text = (TYPING / "front_door.py").read_text(encoding="utf-8")
    for game in ("def solo(", "def vs(", "def crest("):
        assert game in text
    assert text.count("# type: ignore[") >= 25  # the mistakes: a block that lost them proves nothing


def test_a_user_script_gets_precise_types_and_no_any(checked: subprocess.CompletedProcess[str]) -> None:
    """mypy --strict and disallow_any_expr pass on a user script of the API; reveal_type shows game types."""
    assert _errors(checked) == [], checked.stdout
    revealed = {
        int(m.group(1)): m.group(2)
        for m in re.finditer(r"user_script\.py:(\d+): note: Revealed type is \"(.*)\"", checked.stdout)
    }
    lines = (TYPING / "user_script.py").read_text(encoding="utf-8").splitlines()
    expected = {
        "reveal_type(state)": {"chaos_tower.tower.solo.state.State", "chaos_tower.crest.state.CrestState"},
        "reveal_type(end)": {"chaos_tower.tower.solo.state.Outcome | None"},
        "reveal_type(view)": {"chaos_tower.tower.vs.observe.VsObservation"},
        "reveal_type(again)": {"chaos_tower.crest.state.CrestState"},
        "reveal_type(world)": {"chaos_tower.crest.state.CrestState"},
        "reveal_type(report)": {"chaos_tower.conformance.Report"},
    }
    calls = [n for n, line in enumerate(lines, 1) if "reveal_type(" in line and "import" not in line]
    assert sorted(revealed) == calls
    for number, shown in revealed.items():
        assert "Any" not in shown, (number, shown)
        call = lines[number - 1].strip()
        if call in expected:
            assert shown in expected[call], (call, shown)
    action = next(shown for n, shown in revealed.items() if lines[n - 1].strip() == "reveal_type(action)")
    assert set(action.split(" | ")) == {f"chaos_tower.tower.vs.actions.{a}" for a in
                                        ("Draw", "Give", "Declare", "Adjust", "Subtract")}
    assert "# mypy: disallow-any-expr" in lines


def test_the_check_catches_a_mistake_that_is_not_marked(tmp_path: Path) -> None:
    """The harness itself: an unmarked mistake (a string as an action, a misspelt field) fails the run."""
    script = tmp_path / "mistake.py"
    script.write_text(
        "import chaos_tower as ct\n"
        "s = ct.new_game(ct.load_cardset(), seed=1)\n"
        "ct.apply(s, 'move n')\n"
        "nxt = ct.apply(s, ct.legal_actions(s)[0])\n"
        "print(nxt.lfie)\n",
        encoding="utf-8",
    )
    run = _mypy(tmp_path, script)
    assert run.returncode == 1
    codes = sorted(re.findall(r"mistake\.py:(\d+): error: .*\[([a-z-]+)\]", run.stdout))
    assert codes == [("3", "call-overload"), ("5", "attr-defined")], run.stdout
