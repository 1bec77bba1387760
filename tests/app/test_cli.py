"""The ``chaos-tower`` command line: exit codes, the text and JSON reports, ``schema``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from chaos_tower.app.cli import main

REPO = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parents[1] / "data"
GOOD = DATA / "good" / "minimal.yaml"
GOOD_JSON = DATA / "good" / "minimal.json"
BAD = DATA / "bad"

LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<path>\S+): (?P<message>.+)$")

# Three bad files and the (line, column, path) of each problem they give.
BAD_CASES = {
    "wrong-type.yaml": [(10, 3, "sheet.rows")],
    "duplicate-key.json": [(105, 23, "rooms[1].name")],
    "recipe-consumes-itself.yaml": [(114, 5, "rare_items[0].id"),
                                    (127, 34, "rare_items[0].recipe.consume[1]")],
}


def _problem_lines(out: str) -> list[re.Match[str]]:
    lines = [line for line in out.splitlines() if line.strip()]
    matches = [LINE.match(line) for line in lines]
    assert all(matches), f"not file:line:col: path: message -> {lines}"
    return [m for m in matches if m is not None]


# -- validate ---------------------------------------------------------------------------

@pytest.mark.parametrize("path", [GOOD, GOOD_JSON], ids=["yaml", "json"])
def test_validate_good(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.strip() == f"{path}: valid (10 cards)"


@pytest.mark.parametrize("name", sorted(BAD_CASES))
def test_validate_bad(capsys: pytest.CaptureFixture[str], name: str) -> None:
    path = BAD / name
    assert main(["validate", str(path)]) == 1
    captured = capsys.readouterr()
    matches = _problem_lines(captured.out)
    assert sorted((int(m["line"]), int(m["col"]), m["path"]) for m in matches) == BAD_CASES[name]
    for match in matches:
        assert match["file"] == str(path)
        assert match["message"].strip()
    count = len(BAD_CASES[name])
    assert captured.err.strip() == f"{path}: invalid, {count} problem{'s' if count != 1 else ''}"


def test_validate_several_paths(capsys: pytest.CaptureFixture[str]) -> None:
    bad = BAD / "wrong-type.yaml"
    assert main(["validate", str(GOOD), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{GOOD}: valid (10 cards)"
    assert [m["path"] for m in _problem_lines("\n".join(out[1:]))] == ["sheet.rows"]


def test_validate_missing_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    assert main(["validate", str(missing)]) == 1
    # A problem with no position prints without line and column.
    assert capsys.readouterr().out.strip() == f"{missing}: $: no such file or directory"


def test_validate_json_format(capsys: pytest.CaptureFixture[str]) -> None:
    bad = BAD / "duplicate-key.json"
    assert main(["validate", "--format", "json", str(GOOD), str(bad)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report == [
        {"path": str(GOOD), "valid": True, "cards": 10, "problems": []},
        {"path": str(bad), "valid": False, "cards": 0, "problems": [report[1]["problems"][0]]},
    ]
    problem = report[1]["problems"][0]
    assert set(problem) == {"file", "line", "column", "path", "code", "message", "severity", "hint"}
    assert problem["severity"] == "error"
    assert problem["file"] == str(bad)
    assert (problem["line"], problem["column"]) == (105, 23)
    assert problem["path"] == "rooms[1].name"
    assert problem["code"] == "duplicate-key"
    assert "name" in problem["message"]


def test_validate_json_format_bad_only(capsys: pytest.CaptureFixture[str]) -> None:
    bad = BAD / "recipe-consumes-itself.yaml"
    assert main(["validate", "--format", "json", str(bad)]) == 1
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["valid"] is False
    assert sorted((p["line"], p["column"], p["path"], p["code"]) for p in entry["problems"]) == [
        (114, 5, "rare_items[0].id", "unobtainable"),
        (127, 34, "rare_items[0].recipe.consume[1]", "bad-recipe"),
    ]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_validate_escaped_emoji_key(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    fmt: str) -> None:
    path = tmp_path / "emoji.json"
    text = GOOD_JSON.read_text(encoding="utf-8")
    path.write_text(text.replace('"name": "Pool",', '"name": "Pool", "\\ud83d\\ude00": 1,'),
                    encoding="utf-8")
    assert main(["validate", "--format", fmt, str(path)]) == 1
    assert "\U0001F600" in capsys.readouterr().out


# -- usage errors ---------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    [],
    ["validate"],
    ["frobnicate"],
    ["validate", "--format", "xml", str(GOOD)],
    ["schema", "no-such-schema"],
], ids=["no-command", "validate-no-path", "unknown-command", "bad-format", "unknown-schema"])
def test_usage_errors(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert "usage:" in capsys.readouterr().err


# -- schema ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("argv", "file"), [
    (["schema"], "tower-cardset.schema.json"),
    (["schema", "tower-cardset"], "tower-cardset.schema.json"),
    (["schema", "tower-vocabulary"], "tower-vocabulary.schema.json"),
])
def test_schema(capsys: pytest.CaptureFixture[str], argv: list[str], file: str) -> None:
    assert main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    on_disk = json.loads((REPO / "schemas" / file).read_text(encoding="utf-8"))
    assert printed["title"] == on_disk["title"]
    assert printed == on_disk


def test_default_schema_is_the_tower_card_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "Tower of CHAOS card set"


# -- python -m chaos_tower ----------------------------------------------------------------------

def test_python_dash_m() -> None:
    bad = BAD / "wrong-type.yaml"
    run = subprocess.run(
        [sys.executable, "-m", "chaos_tower", "validate", str(GOOD), str(bad)],
        capture_output=True, text=True, encoding="utf-8", timeout=120, check=False,
    )
    assert run.returncode == 1, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == f"{GOOD}: valid (10 cards)"
    (match,) = _problem_lines("\n".join(lines[1:]))
    assert (match["file"], int(match["line"]), int(match["col"]), match["path"]) == (
        str(bad), 10, 3, "sheet.rows")
    assert run.stderr.strip() == f"{bad}: invalid, 1 problem"
