"""``chaos-tower init``: a card set to edit, that checks and plays as it is (issue 17)."""

from __future__ import annotations

import json
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
