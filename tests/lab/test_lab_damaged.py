"""``lab report`` and ``lab compare`` on a damaged results directory name the file (issue 22 item 7)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from chaos_tower import lab
from chaos_tower.app.cli import main
from chaos_tower.lab.runner import run


@pytest.fixture
def results(tmp_path: Path) -> Path:
    out = tmp_path / "run"
    run(lab.RunSpec(games=20, seed=3), out, workers=0, chunk=10)
    return out


def _fails_naming(capsys: pytest.CaptureFixture[str], args: list[str], name: str) -> str:
    assert main(args) == 1
    err = capsys.readouterr().err
    assert name in err and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("damage", ["truncated", "empty", "garbage"])
def test_a_damaged_chunk_is_named(results: Path, capsys: pytest.CaptureFixture[str], damage: str) -> None:
    part = results / "games" / "part-000001.parquet"
    data = part.read_bytes()
    part.write_bytes({"truncated": data[: len(data) // 2], "empty": b"", "garbage": b"PAR1 nothing"}[damage])
    err = _fails_naming(capsys, ["lab", "report", str(results)], "part-000001.parquet")
    assert "damaged chunk" in err
    _fails_naming(capsys, ["lab", "compare", str(results), str(results)], "part-000001.parquet")


def _set(path: list[str], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(record: dict[str, Any]) -> None:
        where = record
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = value

    return edit


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda record: record.pop(key)


@pytest.mark.parametrize(
    "edit",
    [
        _set(["spec", "games"], "many"),
        _set(["spec", "players"], "1"),
        _set(["spec", "players"], 3),
        _set(["spec", "seed"], 1.5),
        _set(["spec", "agents"], "random"),
        _set(["spec", "agents"], [3]),
        _set(["spec", "colour"], "red"),
        _set(["spec"], []),
        _set(["chunk"], "ten"),
        _set(["cards"], None),
        _drop("sessions"),
    ],
)
def test_an_edited_run_record_is_named(
    results: Path, capsys: pytest.CaptureFixture[str], edit: Callable[[dict[str, Any]], None]
) -> None:
    path = results / "run.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    edit(record)
    path.write_text(json.dumps(record), encoding="utf-8")
    _fails_naming(capsys, ["lab", "report", str(results)], str(path))
    _fails_naming(capsys, ["lab", "compare", str(results), str(results)], str(path))


def test_a_run_of_an_agent_registered_elsewhere_is_still_reported(
    results: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The record's agent names are not looked up again: a report needs no agent."""
    path = results / "run.json"
    record = json.loads(path.read_text(encoding="utf-8"))
    record["spec"]["agents"] = ["my-own-agent"]
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["lab", "report", str(results)]) == 0
    assert "agents my-own-agent" in capsys.readouterr().out


def test_a_run_record_that_is_no_json_is_named(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (results / "run.json").write_text('{"spec": ', encoding="utf-8")
    _fails_naming(capsys, ["lab", "report", str(results)], str(results / "run.json"))
