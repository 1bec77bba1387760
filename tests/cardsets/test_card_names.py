"""Card names are unique and clean in every game's set (issue 22): the lab and the rules read names back.

The lab reads its per-card facts back by name, and effects name cards
(``scope.name``), so two cards with one name, or a name with spaces at either
end (``"Hall "`` reads as ``Hall`` to a person, not to a lookup), are refused
with the file, line and column of the second name.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.cardsets.resources import carddata_dir

# set, file, old line, new line, path of the problem, code
CASES = [
    (
        "tower-minimal",
        "cards.yaml",
        "    name: Pool\n",
        "    name: Hall\n",
        "rooms[1].name",
        "duplicate-name",
    ),
    (
        "tower-minimal",
        "cards.yaml",
        "    name: Ondine\n",
        "    name: Rebright\n",
        "monsters[1].name",
        "duplicate-name",
    ),
    (
        "tower-minimal",
        "cards.yaml",
        "    name: Pool\n",
        "    name: 'Pool '\n",
        "rooms[1].name",
        "name-spaces",
    ),
    (
        "tower-minimal",
        "cards.yaml",
        "    name: Hall\n",
        '    name: " Hall"\n',
        "rooms[0].name",
        "name-spaces",
    ),
    (
        "crest-minimal",
        "cards.yaml",
        "    name: The Ember\n",
        "    name: The Maw\n",
        "monsters[1].name",
        "duplicate-name",
    ),
    (
        "crest-minimal",
        "cards.yaml",
        "    name: The Ember\n",
        "    name: 'The Ember '\n",
        "monsters[1].name",
        "name-spaces",
    ),
]


def _broken(tmp_path: Path, folder: str, file: str, old: str, new: str) -> tuple[Path, Path, int]:
    target = tmp_path / folder
    shutil.copytree(carddata_dir() / folder, target)
    path = target / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    before = text[: text.index(old)]
    path.write_text(text.replace(old, new), encoding="utf-8")
    return target, path, before.count("\n") + 1


@pytest.mark.parametrize(("folder", "file", "old", "new", "where", "code"), CASES)
def test_a_name_given_twice_or_with_spaces_at_an_end_is_refused_with_its_place(
    tmp_path: Path, folder: str, file: str, old: str, new: str, where: str, code: str
) -> None:
    """TOC-START-E: a card's proper name names one card, as printed; the second use is located."""
    target, path, line = _broken(tmp_path, folder, file, old, new)
    cards, problems = ct.check_cardset(target)
    assert cards is None
    found = [(p.file, p.line, p.column, p.path, p.code) for p in problems]
    assert found == [(str(path), line, 5, where, code)]
    assert ("already used by" in problems[0].message) == (code == "duplicate-name")
    with pytest.raises(ct.CardSetError, match=f"{path.name}:{line}:5"):
        ct.load_cardset(target)


@pytest.mark.parametrize("folder", ["tower", "tower-minimal", "crest", "crest-minimal"])
def test_the_built_in_sets_have_unique_clean_names(folder: str) -> None:
    cards, problems = ct.check_cardset(carddata_dir() / folder)
    assert cards is not None and problems == []
