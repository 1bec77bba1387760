"""``lab run --cards`` reads card files exactly as ``validate`` does (issue 22 item 11).

Size limits, special files refused, every message naming the user's own file,
never the private copy the workers load.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from chaos_tower.app.cli import main
from chaos_tower.cardsets.loading import check_cardset
from chaos_tower.lab.results import read_record

REPO = Path(__file__).resolve().parents[2]


def _tower(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    shutil.copytree(REPO / "carddata" / "tower", folder)
    return folder


def _fifo(folder: Path) -> None:
    os.mkfifo(folder / "zz.yaml")


def _device(folder: Path) -> None:
    (folder / "zz.yaml").symlink_to("/dev/zero")


def _too_large(folder: Path) -> None:
    (folder / "zz.yaml").write_text("# " + "x" * 600_000 + "\n", encoding="utf-8")


def _broken(folder: Path) -> None:
    rooms = folder / "rooms.yaml"
    rooms.write_text(rooms.read_text(encoding="utf-8") + "\n  - id: [unclosed\n", encoding="utf-8")


def _subdirectory(folder: Path) -> None:
    (folder / "zz.yaml").mkdir()


@pytest.mark.parametrize("damage", [_fifo, _device, _too_large, _broken, _subdirectory])
def test_lab_run_refuses_what_validate_refuses_with_its_messages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: object
) -> None:
    folder = _tower(tmp_path)
    damage(folder)  # type: ignore[operator]
    cards, problems = check_cardset(folder, game="tower")
    assert cards is None
    assert main(["validate", str(folder)]) != 0
    capsys.readouterr()
    out = tmp_path / "run"
    assert main(["lab", "run", "--out", str(out), "-n", "2", "--workers", "0", "--cards", str(folder)]) == 1
    err = capsys.readouterr().err
    for problem in problems:
        if problem.is_error:
            assert str(problem) in err  # the same problem, at the same place of the user's own file
    assert str(folder) in err and "chaos-tower-lab-" not in err
    assert not out.exists()


def test_a_set_validate_accepts_runs_and_its_path_is_recorded(tmp_path: Path) -> None:
    folder = _tower(tmp_path)
    out = tmp_path / "run"
    args = ["lab", "run", "--out", str(out), "-n", "3", "--workers", "0", "--quiet", "--cards", str(folder)]
    assert main(args) == 0
    assert read_record(out)["cards"]["path"] == str(folder)
    assert (
        main(
            [
                "lab",
                "run",
                "--out",
                str(tmp_path / "file"),
                "-n",
                "1",
                "--workers",
                "0",
                "--quiet",
                "--cards",
                str(folder / "rooms.yaml"),
            ]
        )
        == 1
    )  # a file of a set is no set, as validate says
