"""Old module paths (before issue 12's layout) still import, as the very modules that replaced them."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys

import pytest

import chaos_tower as ct
from chaos_tower.oldpaths import MOVED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_old_path_is_the_new_module(old: str) -> None:
    """Every moved module answers to its old path with the same module object."""
    new = importlib.import_module(f"chaos_tower.{MOVED[old]}")
    assert importlib.import_module(f"chaos_tower.{old}") is new
    # the module keeps its own identity: its name and spec are those of its new home
    assert new.__name__ == new.__spec__.name == f"chaos_tower.{MOVED[old]}"


def test_old_from_imports_give_the_same_objects() -> None:
    """The names most imported by old paths are the public ones."""
    from chaos_tower.errors import SaveError
    from chaos_tower.loading import load_cardset
    from chaos_tower.tower.state import State
    from chaos_tower.vs.state import VsState as VsState2

    from chaos_tower.vs import VsState, new_game

    assert SaveError is ct.SaveError
    assert load_cardset is ct.load_cardset
    assert State is ct.State
    assert VsState is VsState2 is ct.VsState
    assert new_game(ct.load_cardset(), players=2, seed=1).players == 2


def test_old_paths_import_in_a_fresh_interpreter() -> None:
    """An old path works as the first import of a program (the finder is installed by the package)."""
    code = "import chaos_tower.tower.engine as e, chaos_tower.tower.solo.engine as n; assert e is n"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_old_paths_leave_the_front_door_functions_alone() -> None:
    """Importing the old module path chaos_tower.options does not hide the function ct.options."""
    code = (
        "import importlib, chaos_tower as ct\n"
        "from chaos_tower.oldpaths import MOVED\n"
        "for old in MOVED: importlib.import_module('chaos_tower.' + old)\n"
        "import chaos_tower.options, chaos_tower.loading\n"
        "assert callable(ct.options) and callable(ct.load_cardset), ct.options\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert callable(ct.options)


def test_unknown_paths_still_fail() -> None:
    """The finder answers only the table: a misspelt module is still an ImportError."""
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("chaos_tower.tower.enigne")


def test_a_state_pickles_under_its_new_class_path() -> None:
    """Pickles name a class by its new home, and read back equal."""
    state = ct.new_game(ct.load_cardset(), seed=3)
    data = pickle.dumps(state)
    assert b"chaos_tower.tower.solo.state" in data
    assert pickle.loads(data) == state
