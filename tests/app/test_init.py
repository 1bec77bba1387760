"""``chaos-tower init``: a card set to edit, that checks and plays as it is (issue 17)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from ruamel.yaml import YAML

import chaos_tower as ct
from chaos_tower.app.cli import main
from chaos_tower.app.replay import cardset_id
from chaos_tower.app.scaffold import init_cardset
from chaos_tower.cardsets.resources import carddata_dir
from chaos_tower.kernel.errors import InitError
from jsonschema_cli import check_jsonschema, modeline_schema


def _data(file: Path) -> object:
    return json.loads(json.dumps(YAML(typ="safe").load(file.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("game", ["tower", "crest"])
def test_init_copies_the_built_in_set_with_modelines_into_the_copy(tmp_path: Path, game: str) -> None:
    target = tmp_path / "my-set"
    assert main(["init", str(target), "--game", game]) == 0
    built_in = sorted(p.name for p in (carddata_dir() / game).glob("*.yaml"))
    assert sorted(p.name for p in target.glob("*.yaml")) == built_in
    for name in built_in:
        copy = target / name
        assert _data(copy) == _data(carddata_dir() / game / name)
        # The modeline points into the copy, so it works wherever the copy goes.
        first_line = copy.read_text(encoding="utf-8").splitlines()[0]
        assert first_line.endswith(f"=schemas/{game}-cardset-part.schema.json")
        assert modeline_schema(copy) == (target / "schemas" / f"{game}-cardset-part.schema.json").resolve()
    # The same cards: saves and replays made with the built-in set name the copy's fingerprint too.
    assert cardset_id(ct.load_cardset(target)) == cardset_id(ct.load_cardset(game=game))


def test_an_init_copy_checks_with_check_jsonschema_from_its_own_schemas(tmp_path: Path) -> None:
    target = tmp_path / "cards"
    init_cardset(target)
    init_cardset(tmp_path / "crest", game="crest", minimal=True)
    for folder in (target, tmp_path / "crest"):
        files = sorted(folder.glob("*.yaml"))
        (schema,) = {modeline_schema(file) for file in files}
        assert schema.parent == (folder / "schemas").resolve()
        result = check_jsonschema(schema, files, tmp_path)
        assert result.returncode == 0, (result.stdout, result.stderr)
    # And an edit that breaks a file is caught by the copied schemas.
    rooms = target / "rooms.yaml"
    rooms.write_text(rooms.read_text(encoding="utf-8").replace("attribute: G", "attribute: X", 1), "utf-8")
    result = check_jsonschema(modeline_schema(rooms), [rooms], tmp_path)
    assert result.returncode == 1 and "'X' is not one of" in result.stdout, result.stdout


@pytest.mark.parametrize("game", ["tower", "crest"])
def test_init_minimal_writes_one_file_that_validates_and_plays(
    tmp_path: Path, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "small"
    assert main(["init", str(target), "--game", game, "--minimal"]) == 0
    assert f"chaos-tower play --game {game} --cards {target}" in capsys.readouterr().out
    (card_file,) = target.glob("*.yaml")
    assert modeline_schema(card_file) == (target / "schemas" / f"{game}-cardset.schema.json").resolve()
    assert main(["validate", str(target)]) == 0
    capsys.readouterr()
    assert main(["play", "--game", game, "--cards", str(target), "--agent", "random", "--quiet"]) == 0
    assert "result:" in capsys.readouterr().out


def test_init_into_an_existing_empty_directory(tmp_path: Path) -> None:
    written = init_cardset(tmp_path, minimal=True)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        "cards.yaml",
        "schemas/tower-cardset-part.schema.json",
        "schemas/tower-cardset.schema.json",
        "schemas/tower-vocabulary.schema.json",
    ]
    assert all(p.is_file() for p in written)


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_init_refuses_a_directory_that_is_not_empty_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "busy"
    target.mkdir()
    (target / "notes.txt").write_text("mine", encoding="utf-8")
    before = _tree(tmp_path)
    with pytest.raises(InitError, match="not empty"):
        init_cardset(target)
    assert main(["init", str(target)]) == 2
    assert "not empty" in capsys.readouterr().err
    assert _tree(tmp_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["busy"]  # no staging folder left behind


def test_init_refuses_a_file_and_an_unknown_game(tmp_path: Path) -> None:
    a_file = tmp_path / "cards.yaml"
    a_file.write_text("x: 1\n", encoding="utf-8")
    with pytest.raises(InitError, match="not a directory"):
        init_cardset(a_file)
    with pytest.raises(InitError, match="no game 'chess'"):
        init_cardset(tmp_path / "new", game="chess")
    assert not (tmp_path / "new").exists()
    assert a_file.read_text(encoding="utf-8") == "x: 1\n"


def _refused(target: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """``init TARGET`` exits 2 with one line and no traceback; that line."""
    assert main(["init", str(target), "--minimal"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("chaos-tower init: "), captured.err
    assert "Traceback" not in captured.err and captured.out == ""
    return lines[0]


def test_init_refuses_links_a_path_under_a_file_and_an_unwritable_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 14: onto a link (to an empty directory, or to nothing), a path under a file, or a
    place that cannot be written, `init` says so in one line and exits 2; nothing is left behind.
    A dangling link used to end in a traceback (a rename onto the link)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    link = tmp_path / "link"
    link.symlink_to(empty)
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "nowhere")
    a_file = tmp_path / "cards.yaml"
    a_file.write_text("x: 1\n", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    assert "is a symbolic link" in _refused(link, capsys)
    assert "is a symbolic link to nothing" in _refused(dangling, capsys)
    assert f"lies under {a_file}, which is not a directory" in _refused(a_file / "set", capsys)
    assert f"lies under {a_file}" in _refused(a_file / "deeper" / "set", capsys)
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert not any(empty.iterdir()) and not (tmp_path / "nowhere").exists()
    # A place nobody may write: sysfs refuses a new directory even to root.
    assert "cannot write /sys/chaos-tower-init" in _refused(Path("/sys/chaos-tower-init"), capsys)
    assert not Path("/sys/chaos-tower-init").exists()


def test_init_into_an_existing_empty_directory_keeps_it_and_new_files_follow_the_umask(
    tmp_path: Path,
) -> None:
    """Issue 22 item 14: an existing empty directory stays the same directory (inode, mode); what init
    makes follows the umask (the new set's directory used to be mkdtemp's 0700, whatever the umask)."""
    kept = tmp_path / "kept"
    kept.mkdir()
    kept.chmod(0o751)
    inode = kept.stat().st_ino
    old = os.umask(0o027)
    try:
        init_cardset(kept, minimal=True)
        init_cardset(tmp_path / "new" / "set", minimal=True)
    finally:
        os.umask(old)
    assert kept.stat().st_ino == inode and stat.S_IMODE(kept.stat().st_mode) == 0o751
    assert sorted(p.name for p in kept.iterdir()) == ["cards.yaml", "schemas"]
    made = tmp_path / "new" / "set"
    for folder in (made, made / "schemas", kept / "schemas", tmp_path / "new"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o750, folder
    for file in [*made.rglob("*.*"), *kept.rglob("*.*")]:
        assert stat.S_IMODE(file.stat().st_mode) == 0o640, file
