"""The dependency rules of issue 12's layout, checked on the code's own imports and calls (AST scan).

- the kernel imports nothing of chaos_tower outside chaos_tower.kernel (so it names no game);
- no module names a module to import in a string (``import_module("...")``, ``__import__``) or reads
  the installed packages (``importlib.metadata``) except the registry, which finds the games: a
  string import is a dependency the scan above cannot see;
- a game (chaos_tower.tower, chaos_tower.crest) imports only the kernel, the card-set readers, the
  registry, the shared drawing helpers and itself: Crest never imports the Tower;
- nothing outside the programs (chaos_tower.app, and the designer's lab) and the card-set readers
  calls open(), input() or print(), reads sys.stdin or reads or writes a file's text or bytes;
- no import circles.

Each rule lists its known exceptions, each with the reason and the work that removes it, so that a
new breach fails and a removed exception is noticed (an exception that no longer occurs fails too).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from chaos_tower.oldpaths import MOVED

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "chaos_tower"

# Programs: they may read the terminal and files. The lab (chaos_tower.lab) is the designer's
# program with its own command, reading and writing run files; the server (chaos_tower.server)
# reads its page files and schema from the package and prints where it listens.
PROGRAMS = ("app", "lab", "server")
GAMES = ("tower", "crest")
GAME_MAY_IMPORT = ("kernel", "cardsets", "registry", "svgkit")

# crest.play is an old entry point (run_crest), kept until oldpaths.REMOVED_IN as a call of the one
# play loop in chaos_tower.app, warning that it is old (oldpaths.warn_old_path). (The games' fronts
# no longer import the front door: each spec module hands its modes' functions to the registry,
# which the front door reads.)
GAME_IMPORT_EXCEPTIONS = {
    ("crest.play", "app.play"),
    ("crest.play", "oldpaths"),
}
IO_EXCEPTIONS = {
    "rulebook",  # reads the packaged rule registries (rules/*.yaml), like cardsets.resources
    "svgkit",  # write_picture writes a picture file for `chaos-tower render`: to move into app/
}
# The registry (registry.py, games.py) finds the built-in games by name and the installed ones
# through entry points; nobody else imports by a string or reads importlib.metadata.
DYNAMIC_IMPORT_HOMES = ("registry", "games")
DYNAMIC_IMPORT_EXCEPTIONS = {
    ("__init__", "f-string"),  # the package's lazy names (PEP 562): one table, read by __getattr__
    ("__init__", "no string"),
    ("server", "f-string"),  # the server package's lazy names (PEP 562), so `import` needs no web stack
    ("oldpaths", "no string"),  # the old paths: an import of one is answered with its new module
    ("app.commands", "cairosvg"),  # optional extras, probed where used: no chaos_tower module
    ("svgkit", "cairosvg"),
    ("cardsets.fastyaml", "yaml.cyaml"),
}
KNOWN_CIRCLES: list[set[str]] = []
"""None: the last two (crest actions <-> state; tower items -> progress -> steps) went with issue 12."""


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for path in (SRC / ROOT).rglob("*.py"):
        parts = list(path.relative_to(SRC / ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


# Deferred imports inside display hooks (a state shown as its picture in Jupyter) are not design
# dependencies, nor are imports for type checking only (as in /work/shared/tools/import_circles.py).
_DISPLAY = {"__repr__", "__str__", "_repr_svg_", "_repr_html_", "_repr_png_", "_repr_pretty_"}


def _walk(tree: ast.AST) -> list[ast.AST]:
    out: list[ast.AST] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in _DISPLAY:
            continue
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            continue
        out.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return out


def _home(short: str) -> str:
    """The module an import names, old paths (chaos_tower.oldpaths) read as their new home."""
    parts = short.split(".")
    for cut in range(len(parts), 0, -1):
        head = ".".join(parts[:cut])
        if head in MOVED:
            return ".".join([MOVED[head], *parts[cut:]])
    return short


OLD_PATH_USES: set[tuple[str, str]] = set()
"""(module, old path) for each import in src of an old path: none (tests/test_oldpaths.py)."""


def _imports(name: str, path: Path) -> set[str]:
    """The chaos_tower modules ``name`` imports (short names below chaos_tower), deferred ones too."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    full = f"{ROOT}.{name}" if name else ROOT
    package = full if path.name == "__init__.py" else full.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in _walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            subs = [f"{module}.{alias.name}" for alias in node.names]
            inside = [s for s in subs if _home(s.removeprefix(ROOT + ".")) in MODULES]
            # `from .. import api` imports the module api, not the package's own __init__
            targets = inside if len(inside) == len(subs) else [module, *inside]
        for target in targets:
            if target == ROOT or target.startswith(ROOT + "."):
                raw = target.removeprefix(ROOT).removeprefix(".")
                if _home(raw) != raw:
                    OLD_PATH_USES.add((name, raw))
                short = _home(raw)
                while short and short not in MODULES:
                    short = short.rpartition(".")[0]
                if short != name:
                    found.add(short)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _area(name: str) -> str:
    return name.split(".")[0] if name else ""


def test_src_imports_no_old_path() -> None:
    """No module imports a module by its old path (chaos_tower.oldpaths), relative imports too."""
    assert set() == OLD_PATH_USES


def test_the_kernel_imports_nothing_outside_itself() -> None:
    """chaos_tower.kernel names no game: it imports only kernel modules."""
    assert "kernel.events" in MODULES and "kernel.transition" in MODULES
    breaches = sorted(
        (name, target)
        for name, targets in GRAPH.items()
        if _area(name) == "kernel"
        for target in targets
        if _area(target) != "kernel"
    )
    assert breaches == []


def _game_breaches() -> set[tuple[str, str]]:
    return {
        (name, target)
        for name, targets in GRAPH.items()
        if _area(name) in GAMES
        for target in targets
        if _area(target) not in (*GAME_MAY_IMPORT, _area(name))
    }


def test_a_game_imports_only_the_kernel_the_cardsets_the_registry_and_itself() -> None:
    """Crest does not import the Tower, and neither imports the programs or the front door."""
    assert _game_breaches() == GAME_IMPORT_EXCEPTIONS
    assert not any(_area(t) == "tower" for n, ts in GRAPH.items() if _area(n) == "crest" for t in ts)


def test_the_two_tower_modes_share_only_what_lives_in_tower() -> None:
    """Issue 23 item 7: tower.vs imports nothing of tower.solo, nor solo of vs; what both use (the card
    model, the vocabulary, the palette, the card set's fingerprint) lives in chaos_tower.tower."""
    for mode, other in (("tower.vs", "tower.solo"), ("tower.solo", "tower.vs")):
        breaches = sorted(
            (name, target)
            for name, targets in GRAPH.items()
            if name == mode or name.startswith(mode + ".")
            for target in targets
            if target == other or target.startswith(other + ".")
        )
        assert breaches == [], mode
    assert {"tower.palette", "tower.fingerprint"} <= GRAPH["tower.vs.svg"] | GRAPH["tower.vs.state"]


def _import_call_name(node: ast.Call) -> str | None:
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name if name in ("import_module", "__import__") else None


def _reads_metadata(node: ast.AST) -> bool:
    """``from importlib.metadata import …``, ``from importlib import metadata``, ``importlib.metadata``."""
    if isinstance(node, ast.ImportFrom):
        return node.module == "importlib.metadata" or (
            node.module == "importlib" and any(a.name == "metadata" for a in node.names)
        )
    if isinstance(node, ast.Import):
        return any(a.name == "importlib.metadata" for a in node.names)
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "metadata"
        and isinstance(node.value, ast.Name)
        and node.value.id == "importlib"
    )


def _dynamic_imports(path: Path) -> set[str]:
    """What a module imports by a string (the string, "f-string", or "no string" for a computed
    name), and "importlib.metadata" if it reads the installed packages."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and _import_call_name(node):
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
            elif isinstance(first, ast.JoinedStr):
                found.add("f-string")
            else:
                found.add("no string")
        elif _reads_metadata(node):
            found.add("importlib.metadata")
    return found


def test_only_the_registry_imports_by_a_string_or_reads_the_installed_packages() -> None:
    """The kernel names no game by any route: no ``import_module("chaos_tower.tower...")`` in it
    (nor anywhere but the registry), and only the registry reads entry points."""
    uses = {
        (name, what)
        for name, path in MODULES.items()
        if _area(name) not in DYNAMIC_IMPORT_HOMES and name != ""
        for what in _dynamic_imports(path)
    }
    uses |= {("__init__", what) for what in _dynamic_imports(MODULES[""])}
    assert uses == DYNAMIC_IMPORT_EXCEPTIONS
    assert not any(_area(name) == "kernel" for name, _ in uses)


_SAMPLE = """
import importlib
from importlib import metadata
game = importlib.import_module("chaos_tower.tower")
again = __import__(f"chaos_tower.{game}")
named = importlib.import_module(game.name)
"""


def test_the_string_import_scan_sees_each_route(tmp_path: Path) -> None:
    """The scanner finds a string import, an f-string, ``__import__`` and importlib.metadata."""
    assert "chaos_tower.games" in _dynamic_imports(MODULES["registry"])
    assert "importlib.metadata" in _dynamic_imports(MODULES["games"])
    assert "f-string" in _dynamic_imports(MODULES["games"])
    sample = tmp_path / "sample.py"
    sample.write_text(_SAMPLE, encoding="utf-8")
    assert _dynamic_imports(sample) == {"chaos_tower.tower", "f-string", "no string", "importlib.metadata"}


_IO_CALLS = {"open", "input", "print"}
_IO_ATTRIBUTES = {"stdin", "read_text", "write_text", "read_bytes", "write_bytes"}


def _io_uses(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _IO_CALLS:
            found.append(f"{node.func.id}() line {node.lineno}")
        elif isinstance(node, ast.Attribute) and node.attr in _IO_ATTRIBUTES:
            found.append(f".{node.attr} line {node.lineno}")
    return found


def test_only_the_programs_and_the_cardset_readers_touch_files_and_the_terminal() -> None:
    """No open()/input()/print()/sys.stdin/file text or bytes outside app/, lab/ and cardsets/."""
    users = {
        name
        for name, path in MODULES.items()
        if _area(name) not in (*PROGRAMS, "cardsets") and _io_uses(path)
    }
    assert users == IO_EXCEPTIONS


def test_the_scan_sees_io_and_imports() -> None:
    """The scanner itself finds a print, a file read and a relative import (so the rules can fail)."""
    assert _io_uses(MODULES["app.cli"])
    assert _io_uses(MODULES["cardsets.safefile"]) or _io_uses(MODULES["cardsets.schema"])
    assert "kernel.errors" in GRAPH["kernel.saves"]
    assert "registry" in GRAPH["tower.solo.front"]


def _circles() -> list[set[str]]:
    """Strongly connected components of more than one module (Tarjan); a submodule importing its
    own package's __init__ is not a circle."""
    sys.setrecursionlimit(10000)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[set[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if v.startswith(w + ".") or w == "":
                continue
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(component)

    for v in sorted(GRAPH):
        if v not in index:
            strong(v)
    return out


def test_no_import_circles() -> None:
    """No import circles."""
    circles = _circles()
    assert sorted(map(sorted, circles)) == sorted(map(sorted, KNOWN_CIRCLES))


def test_crest_package_imports_its_engine_eagerly() -> None:
    """No lazy loader in chaos_tower.crest: the circle it worked around (play -> loading -> cards) is gone."""
    text = MODULES["crest"].read_text(encoding="utf-8")
    assert "__getattr__" not in text and "import_module" not in text
    assert not any("crest" in c and "cardsets.loading" in c for c in map(set, _circles()))


@pytest.mark.parametrize("name", sorted(n for n in MODULES if _area(n) not in ("",)))
def test_no_module_over_500_lines(name: str) -> None:
    """No file in src/ is over 500 lines (issue 12)."""
    assert len(MODULES[name].read_text(encoding="utf-8").splitlines()) <= 500


# Test directories that are not one module's: the capabilities every game offers, the typing
# proofs, the test data, and the toy game registered by the tests.
CROSS_CUTTING_TEST_DIRS = {"capabilities", "data", "typing", "toygame"}


def test_the_tests_tree_mirrors_src() -> None:
    """Issue 23 item 7: tests of ``chaos_tower.X.Y`` live under ``tests/X/Y`` (the solo game's under
    ``tests/tower/solo``, VS's under ``tests/tower/vs``); the cross-cutting suites are listed above,
    and the package-wide tests (architecture, docs, goldens, the front door) stay at the top."""
    tests = SRC.parent / "tests"
    stray = []
    for directory in sorted(p for p in tests.rglob("*") if p.is_dir() and "__pycache__" not in p.parts):
        parts = directory.relative_to(tests).parts
        if parts[0] in CROSS_CUTTING_TEST_DIRS:
            continue
        if not (SRC / ROOT).joinpath(*parts).is_dir():
            stray.append("/".join(parts))
    assert stray == []
    # a package whose code is split in subpackages keeps its tests in them
    assert not list((tests / "tower").glob("test_*.py"))
    assert (tests / "tower" / "solo").is_dir() and (tests / "tower" / "vs").is_dir()


# Issue 23 ("the registry drives everything"): outside each game's package, the registry and the
# games' list, code reads games and modes from the registry; these places still name one, each
# for a reason and until the work named removes it.
NAMES_A_GAME_EXCEPTIONS = {
    "signatures.py": "the typed front door's overloads name each mode's state type and mode word "
    "(issue 23 item 6 derives them from the specs)",
    "__init__.py": "the public surface's lazy names list the state types (issue 23 item 6)",
    "cardsets/loading.py": "load_cardset's typed overloads name the built-in games (Literal game=)",
    "vs/": "the old-path package (src/chaos_tower/vs), on its way out (issue 23 item 5, oldpaths)",
}
NAME_FREE = ("tower/", "crest/", "registry.py", "games.py", "oldpaths.py")
"""The games' own packages, the registry and the games' list (with the old paths' table)."""


def _game_words() -> tuple[set[str], set[str]]:
    """Every game's, mode's and mode rules' name (the toy's too), and the state classes' names."""
    from chaos_tower import registry
    from toygame.spec import SPEC as TOY

    words: set[str] = set()
    types: set[str] = set()
    for spec in (*registry.games(), TOY):
        words.add(spec.name)
        for mode in spec.modes:
            words |= {mode.name, mode.rules.name}
            types.add(mode.state_type.__name__)
    return words, types


def _names_a_game(tree: ast.AST, words: set[str], types: set[str]) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.Name) and node.id in types - {"State"}:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute) and node.attr in types:
            # ``State`` alone is too common a word (pyspiel.State): only ``ct.State`` is the Tower's.
            if node.attr != "State" or (isinstance(node.value, ast.Name) and node.value.id == "ct"):
                found.append((node.lineno, node.attr))
        elif isinstance(node, ast.alias) and node.name in types - {"State"}:
            found.append((getattr(node, "lineno", 0), node.name))
    return found


def test_no_code_outside_the_games_names_a_game() -> None:
    """Issue 23: no string constant outside the games' packages, the registry and games.py equals
    a registered game's or mode's name (nor names a game's state class); the play command's game,
    modes, flags and messages, card loading, init, render, the viewer's rule links and the
    adapters read them from the specs. Comments are not scanned; a docstring is prose (never one word)."""
    words, types = _game_words()
    package = SRC / ROOT
    hits: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        if rel.startswith(NAME_FREE):
            continue
        for line, word in _names_a_game(ast.parse(path.read_text(encoding="utf-8")), words, types):
            hits.setdefault(rel, []).append(f"{rel}:{line}: {word}")
    excused = {
        key: [hit for rel, found in hits.items() if rel.startswith(key) for hit in found]
        for key in NAMES_A_GAME_EXCEPTIONS
    }
    stray = [hit for rel, found in hits.items() if not rel.startswith(tuple(excused)) for hit in found]
    assert stray == [], "code naming a game outside it; read it from the registry:\n" + "\n".join(stray)
    unused = [key for key, found in excused.items() if not found]
    assert unused == [], f"exceptions that no longer occur (drop them): {unused}"


def test_the_game_name_scan_finds_a_constant() -> None:
    """The scan above could fail: it finds a mode name, a state class and ``ct.State`` (not another
    module's ``State``)."""
    words, types = _game_words()
    tree = ast.parse('if mode == "vs":\n    x = VsState\ny = ct.State\nz = pyspiel.State\n"""solo"""')
    found = sorted(_names_a_game(tree, words, types))
    assert [word for _, word in found] == ["vs", "VsState", "State", "solo"]
