"""Bad Crest Duel card files: every problem located by file, line, column and code.

Each case copies the built-in set and changes one line. The expected line and
column are found in the changed text itself (the line holding the change, the
column of the key named), not taken from the loader.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.app.cli import main
from chaos_tower.cardsets.resources import carddata_dir

# file, old line, new line, key whose position is reported, path, code
CASES = [
    ("monsters.yaml", "    hp: 38\n", "    hp: lots\n", "hp", "monsters[0].hp", "schema"),
    (
        "monsters.yaml",
        "    marks: [fang, fang, eye]\n",
        "    marks: [fang, tail, eye]\n",
        "tail",
        "monsters[0].marks[1]",
        "unknown-reference",
    ),
    (
        "crests.yaml",
        "    effects: [{op: damage, by: dx}]\n",
        "    effects: [{op: explode, by: dx}]\n",
        "op",
        "crests[0].effects[0].op",
        "schema",
    ),
    ("crests.yaml", "    mark: fang\n", "    mark: tail\n", "mark", "crests[0].mark", "unknown-reference"),
    ("crests.yaml", "  - id: rending-crest\n", "  - id: fang-crest\n", "id", "crests[1].id", "duplicate-id"),
    (
        "crests.yaml",
        "    effects: [{op: heal, amount: 2}]\n",
        "    effects: [{op: boost, stat: dx, amount: 2}]\n",
        "op",
        "crests[12].effects[0].op",
        "effect-misplaced",
    ),
    (
        "rings.yaml",
        "    effects: [{op: boost, stat: dx, amount: 2}]\n",
        "    effects: [{op: damage, by: dx}]\n",
        "op",
        "rings[0].effects[0].op",
        "effect-misplaced",
    ),
    (
        "spells.yaml",
        "    target: self\n",
        "    target: enemy\n",
        "target",
        "spells[7].target",
        "effect-misplaced",
    ),
    (
        "spells.yaml",
        "    effects: [{op: damage, by: mdx, plus: 3}]\n",
        "    effects: [{op: damage, by: mdx, plus: 3, power: 9}]\n",
        "power",
        "spells[0].effects[0].power",
        "schema",
    ),
    ("spells.yaml", "    count: 4\n", "    count: 5\n", "complete", "header.complete", "wrong-count"),
]


def _broken(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, Path, int]:
    """The copied set with the change, the changed file, and the changed line's number."""
    folder = tmp_path / "crest"
    shutil.copytree(carddata_dir() / "crest", folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder, path, text[: text.index(old)].count("\n") + 1


def _where(path: Path, line: int, key: str) -> tuple[int, int]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return line, lines[line - 1].index(key) + 1


@pytest.mark.parametrize(("file", "old", "new", "key", "where", "code"), CASES, ids=[c[5] for c in CASES])
def test_a_bad_crest_file_gives_a_located_problem(
    tmp_path: Path, file: str, old: str, new: str, key: str, where: str, code: str
) -> None:
    folder, path, changed = _broken(tmp_path, file, old, new)
    cards, problems = ct.check_cardset(folder)
    assert cards is None
    if code == "wrong-count":
        # The count is wrong for the set as a whole: the problem points at the header's claim.
        path = folder / "set.yaml"
        changed = path.read_text(encoding="utf-8").splitlines().index("  complete: true") + 1
    line, column = _where(path, changed, key)
    found = [(p.file, p.line, p.column, p.path, p.code) for p in problems]
    if code == "duplicate-id":
        # Renaming rending-crest also leaves its `reconstructed` entry naming no card.
        assert [p.code for p in problems if p.file.endswith("set.yaml")] == ["unknown-reference"]
        found = [f for f in found if not f[0].endswith("set.yaml")]
    assert found == [(str(path), line, column, where, code)]
    with pytest.raises(ct.CardSetError):
        ct.load_cardset(folder)


def test_validate_cli_reports_crest_sets_like_tower_sets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(carddata_dir() / "crest")]) == 0
    # The records: monsters and the kinds of deck card (the Tower counts its records the same way).
    records = sum(
        p.read_text(encoding="utf-8").count("\n  - id: ") for p in (carddata_dir() / "crest").glob("*.yaml")
    )
    records -= 4  # the kinds of mark are not cards
    assert f"valid ({records} cards)" in capsys.readouterr().out
    folder, path, changed = _broken(tmp_path, *CASES[0][:3])
    assert main(["validate", str(folder)]) == 1
    line, column = _where(path, changed, "hp")
    assert capsys.readouterr().out.startswith(f"{path}:{line}:{column}: monsters[0].hp: ")
    assert main(["validate", "--format", "json", str(folder)]) == 1
    assert '"code": "schema"' in capsys.readouterr().out


def test_a_crest_set_asked_for_as_a_tower_set_is_refused() -> None:
    cards, problems = ct.check_cardset(carddata_dir() / "crest", game="tower")
    assert cards is None and [p.code for p in problems] == ["wrong-game"]
    assert problems[0].path == "header.game" and problems[0].line > 0
    assert isinstance(ct.load_cardset(carddata_dir() / "crest"), ct.CrestCardSet)
    assert isinstance(ct.load_cardset(game="crest"), ct.CrestCardSet)
    assert isinstance(ct.load_cardset(), ct.TowerCardSet)


def test_crest_schema_is_served_by_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "crest-cardset"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "Crest Duel card set"
