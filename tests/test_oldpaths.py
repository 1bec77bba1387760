"""Old module paths (before issue 12's layout): they still import, as the very modules that replaced
them, but each import warns (a DeprecationWarning naming the new path and the release that removes
it), and nothing of the project itself uses one (issue 23, item 5).

These are the only tests that import an old path; the test run turns chaos_tower's deprecation
warnings into errors (``filterwarnings`` in pyproject.toml), so they catch each warning.
"""

from __future__ import annotations

import importlib
import io
import pickle
import re
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.app.cli import _parser
from chaos_tower.oldpaths import MOVED, OLD_MODULES, REMOVED_IN

REPO = Path(__file__).resolve().parents[1]
OLD = {**MOVED, **OLD_MODULES}


@pytest.fixture
def fresh() -> Iterator[None]:
    """Forget the old paths already imported, so that importing one runs its loader (and warns);
    afterwards the old names are forgotten again, as no other test imports them."""

    def forget() -> None:
        for old in OLD:
            sys.modules.pop(f"chaos_tower.{old}", None)

    forget()
    yield
    forget()


def _parent_first(old: str) -> None:
    """Import an old path's old parent (chaos_tower.vs, itself old) first, its warning ignored."""
    parent = old.rpartition(".")[0]
    if parent in OLD:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            importlib.import_module(f"chaos_tower.{parent}")


def _message(old: str) -> str:
    return rf"^chaos_tower\.{re.escape(old)} is an old path, removed in chaos_tower {re.escape(REMOVED_IN)}: "


@pytest.mark.parametrize("old", sorted(MOVED))
def test_old_path_is_the_new_module_and_warns(old: str, fresh: None) -> None:
    """Every moved module answers to its old path with the same module object, warning once."""
    new = importlib.import_module(f"chaos_tower.{MOVED[old]}")
    _parent_first(old)
    match = _message(old) + re.escape(f"import chaos_tower.{MOVED[old]}")
    with pytest.warns(DeprecationWarning, match=match):
        assert importlib.import_module(f"chaos_tower.{old}") is new
    # the module keeps its own identity: its name and spec are those of its new home
    assert new.__name__ == new.__spec__.name == f"chaos_tower.{MOVED[old]}"


@pytest.mark.parametrize("old", sorted(OLD_MODULES))
def test_old_module_files_warn(old: str, fresh: None) -> None:
    """The old paths that are files of their own (chaos_tower.play, .vs, .vs.play, .crest.play) warn."""
    _parent_first(old)
    with pytest.warns(DeprecationWarning, match=_message(old)):
        importlib.import_module(f"chaos_tower.{old}")


def test_the_old_entry_points_play_through_the_one_loop(fresh: None) -> None:
    """chaos_tower.vs.play.run_vs and crest.play.run_crest still run (warning that they are old)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from chaos_tower.crest.play import run_crest
        from chaos_tower.vs.play import run_vs

    out = io.StringIO()
    args = _parser().parse_args(["play", "--players", "2", "--seed", "4"])
    args.players = 2
    assert run_vs(args, io.StringIO("\nq\n"), out) == 0 and "your attributes" in out.getvalue()
    out = io.StringIO()
    assert run_crest(_parser().parse_args(["play", "--seed", "2"]), io.StringIO("\nq\n"), out) == 0
    assert "hand: " in out.getvalue()


def test_the_test_run_makes_an_old_path_an_error(fresh: None) -> None:
    """Under the project's filter (pyproject.toml), importing an old path fails the test run."""
    with pytest.raises(DeprecationWarning, match=_message("errors")):
        importlib.import_module("chaos_tower.errors")
    assert "chaos_tower.errors" not in sys.modules


def test_old_from_imports_give_the_same_objects(fresh: None) -> None:
    """The names most imported by old paths are the public ones."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
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


def test_a_script_is_shown_the_warning_at_its_own_line() -> None:
    """Python's default filter shows a DeprecationWarning only in ``__main__``: the warning is
    attributed to the line of the program that imported the old path."""
    code = "import chaos_tower.tower.engine as e, chaos_tower.tower.solo.engine as n\nassert e is n\n"
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert "<string>:1: DeprecationWarning: chaos_tower.tower.engine is an old path" in done.stderr
    assert f"removed in chaos_tower {REMOVED_IN}: import chaos_tower.tower.solo.engine" in done.stderr


def test_old_paths_leave_the_front_door_functions_alone() -> None:
    """Importing the old module path chaos_tower.options does not hide the function ct.options."""
    code = (
        "import importlib, warnings, chaos_tower as ct\n"
        "warnings.simplefilter('ignore', DeprecationWarning)\n"
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


def test_the_changelog_lists_every_old_path_and_its_release() -> None:
    """CHANGELOG.md says which release removes the old paths and lists each with its new path."""
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"removed in {REMOVED_IN}" in text
    missing = [old for old, new in OLD.items() if f"`chaos_tower.{old}` → `chaos_tower.{new}`" not in text]
    assert missing == []


# -- no code, tool, test or page of the project uses an old path -------------------------------------

_DOTTED = re.compile(r"chaos_tower((?:\.\w+)+)")
_FROM_IMPORT = re.compile(r"from\s+chaos_tower((?:\.\w+)*)\s+import\s+(\([^)]*\)|[^\n]*)")
_SCANNED = ("src", "tools", "tests", "bench", "docs")
_TOP = ("README.md", "CONTRIBUTING.md", "pyproject.toml")
_ALLOWED = {
    "src/chaos_tower/oldpaths.py",  # the table of old paths
    "src/chaos_tower/play.py",  # the old paths' own files
    "src/chaos_tower/vs/__init__.py",
    "src/chaos_tower/vs/play.py",
    "src/chaos_tower/crest/play.py",
    "tests/test_oldpaths.py",  # these tests
}


def _old_of(dotted: str) -> str | None:
    """The old path that ``dotted`` (below chaos_tower) is or lies in, if any."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        if ".".join(parts[:cut]) in OLD:
            return ".".join(parts[:cut])
    return None


def old_paths_in(text: str) -> list[str]:
    """The old paths a file's text names: dotted names (``chaos_tower.tower.engine``) and imports of a
    module from a package (``from chaos_tower import replay``). The relative imports of src are
    resolved by tests/test_architecture.py, which finds none of an old path."""
    found: list[str] = []
    for match in _DOTTED.finditer(text):
        dotted = match.group(1)[1:]
        old = _old_of(dotted)
        # ``chaos_tower.options`` is the public function, unless imported as a module
        imported = text[: match.start()].endswith(("import ", "from "))
        public = dotted == old and old in ct.__all__ and not imported
        if old is not None and not public:
            found.append(old)
    for match in _FROM_IMPORT.finditer(text):
        package = match.group(1)[1:]
        for imported in re.sub(r"#[^\n]*", "", match.group(2)).strip("()").split(","):
            name = imported.split()[0] if imported.split() else ""
            if name and name not in ct.__all__:
                old = _old_of(f"{package}.{name}" if package else name)
                if old is not None:
                    found.append(old)
    return found


def _project_files() -> list[Path]:
    files = [REPO / name for name in _TOP]
    for top in _SCANNED:
        for path in sorted((REPO / top).rglob("*")):
            if path.suffix in (".py", ".md", ".toml", ".txt", ".cfg", ".html") and "_build" not in path.parts:
                files.append(path)
    return files


def test_the_scan_finds_old_paths() -> None:
    """The scan sees each way of naming an old path, and not the new ones or the function."""
    assert old_paths_in("import chaos_tower.tower.engine") == ["tower.engine"]
    assert old_paths_in("from chaos_tower import replay, new_game") == ["replay"]
    assert old_paths_in("from chaos_tower.tower import engine") == ["tower.engine"]
    assert old_paths_in("{mod}`chaos_tower.vs.agents`") == ["vs.agents"]
    assert old_paths_in("chaos_tower.play.run()") == ["play"]
    clean = "from chaos_tower.tower.vs import agents; chaos_tower.options(state); chaos_tower.app.play"
    assert old_paths_in(clean) == []


def test_nothing_of_the_project_uses_an_old_path() -> None:
    """No code, tool, test (but these), benchmark or doc page names an old path (issue 23, item 5)."""
    uses = [
        f"{path.relative_to(REPO)}: chaos_tower.{old}"
        for path in _project_files()
        if str(path.relative_to(REPO)) not in _ALLOWED
        for old in old_paths_in(path.read_text(encoding="utf-8"))
    ]
    assert uses == []
