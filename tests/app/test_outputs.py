"""The commands' output files are checked before the work starts (issue 22 item 15).

``play --record``, ``replay --html``, ``render --out`` and ``lab report --html`` refuse an output
they cannot write at once, with a message and a non-zero exit, before a game is played or a
replay, picture or report made; a write that fails at the end is a non-zero exit too, never a
lost game reported as success. The one check is :func:`chaos_tower.app.outputs.check_writable`.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.app import replay
from chaos_tower.app.cli import _parser, main
from chaos_tower.app.outputs import check_writable
from chaos_tower.app.play import run
from chaos_tower.kernel.errors import OutputError

TOWER = ct.load_cardset()


def _unwritable(tmp_path: Path) -> list[Path]:
    """Outputs no one can write: in a directory that does not exist, under a file, a directory,
    and a new file where even root may not make one (sysfs)."""
    tmp_path.mkdir(exist_ok=True)
    a_file = tmp_path / "file.txt"
    a_file.write_text("mine\n", encoding="utf-8")
    return [tmp_path / "no-such-dir" / "out.x", a_file / "out.x", tmp_path, Path("/sys/chaos-tower-out.x")]


def test_check_writable_refuses_what_cannot_be_written_and_changes_nothing(tmp_path: Path) -> None:
    """Issue 22 item 15: the check says why, and leaves no probe file; an existing file keeps its bytes."""
    for path in _unwritable(tmp_path):
        with pytest.raises(OutputError, match="cannot write"):
            check_writable(path)
    check_writable(tmp_path / "new.json")
    check_writable(tmp_path / "file.txt")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]
    assert (tmp_path / "file.txt").read_text(encoding="utf-8") == "mine\n"


def _play(argv: list[str], inp: io.StringIO | None = None) -> tuple[int, str]:
    out = io.StringIO()
    code = run(_parser().parse_args(["play", *argv]), inp or io.StringIO(""), out)
    return code, out.getvalue()


def test_play_record_is_checked_before_the_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22 item 15: `play --record PATH` that cannot be written is exit 2 and a message before any
    action; the game used to be played to its end, then reported 'cannot save' with exit 0."""
    for path in _unwritable(tmp_path):
        code, text = _play(["--mode", "vs", "--agent", "random", "--seed", "1", "--record", str(path)])
        assert code == 2 and text == "", text
        assert f"--record: cannot write {path}" in capsys.readouterr().err


class _RemovesTheFolder(io.StringIO):
    """A person who types ``q``, after which the record's folder is gone."""

    def __init__(self, folder: Path) -> None:
        super().__init__("place 2,2 r90\nq\n")
        self.folder = folder

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if line == "q\n":
            shutil.rmtree(self.folder)
        return line


def test_play_record_that_fails_at_the_end_is_a_failure(tmp_path: Path) -> None:
    """Issue 22 item 15: a record that can no longer be written when the game ends exits 1 and says
    the game was not recorded."""
    folder = tmp_path / "games"
    folder.mkdir()
    code, text = _play(["--seed", "2", "--record", str(folder / "g.json")], _RemovesTheFolder(folder))
    assert code == 1 and "the game was not recorded: cannot write" in text


def _replay_file(tmp_path: Path) -> Path:
    game = tmp_path / "game.json"
    game.write_text(replay.record(TOWER, ["place 0,0 r0"], seed=7).dumps(), encoding="utf-8")
    return game


def test_replay_html_and_render_out_are_checked_before_the_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 15: `replay --html OUT` and `render --out OUT` that cannot be written: exit 2 and a
    message, no traceback (both used to raise the OSError after replaying or drawing)."""
    game = _replay_file(tmp_path)
    for path in _unwritable(tmp_path / "outs"):
        page, picture = path.with_suffix(".html"), path.with_suffix(".svg")
        if path.is_dir():
            page.mkdir()
            picture.mkdir()
        assert main(["replay", str(game), "--html", str(page)]) == 2
        assert main(["render", "--replay", str(game), "--out", str(picture)]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("cannot write") == 2, captured.err
    assert main(["replay", str(game), "--html", str(tmp_path / "ok.html")]) == 0
    assert main(["render", "--replay", str(game), "--out", str(tmp_path / "ok.svg")]) == 0


def test_lab_report_html_is_checked_before_the_results_are_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 15: `lab report DIR --html OUT` that cannot be written: a message and a non-zero
    exit before the summary is printed (it used to print it, then end in a traceback)."""
    results = tmp_path / "run"
    argv = ["lab", "run", "--out", str(results), "-n", "4", "--agent", "random", "--workers", "0", "--quiet"]
    assert main(argv) == 0
    capsys.readouterr()
    for path in _unwritable(tmp_path / "outs"):
        assert main(["lab", "report", str(results), "--html", str(path)]) == 1
        captured = capsys.readouterr()
        assert captured.out == "" and "cannot write" in captured.err, captured
    assert main(["lab", "report", str(results), "--html", str(tmp_path / "r.html")]) == 0
    assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
