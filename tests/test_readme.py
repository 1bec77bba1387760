"""The README's two set-up commands are the truth (issue 22, items 1 and 2).

A new user runs them verbatim: the second installs the ``test`` extra and runs the
suite, so that extra must bring every third-party module a test imports or runs
(``python -m mypy``, sphinx, …): a test that skipped or failed for want of one is a
README that lies. ``.ci/run`` runs the same two commands, read from the README.
"""

from __future__ import annotations

import ast
import importlib.metadata as md
import re
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from tests.toolmodule import load_tool

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"


def _commands() -> list[str]:
    tool = load_tool("readme_commands")
    commands: list[str] = tool.commands((REPO / "README.md").read_text(encoding="utf-8"))
    return commands


def test_the_readme_starts_with_two_commands_install_and_run_then_install_and_test() -> None:
    """Command 1 installs the package and plays the built-in set; command 2 installs `test`, runs pytest."""
    first, second = _commands()
    assert "pip install ." in first and "chaos-tower play" in first
    assert 'pip install -e ".[test]"' in second and second.endswith("python -m pytest -q -n auto")
    # Both make and enter their own virtual environment: nothing else installed is assumed.
    assert all("python3 -m venv .venv && . .venv/bin/activate" in command for command in (first, second))
    # The system packages the terminal, browser and database tests need come with the command.
    for package in ("tmux", "chromium", "postgresql"):
        assert re.search(rf"apt-get install -y [^&]*\b{package}\b", second), package


def test_ci_runs_the_readme_commands_read_from_the_readme_not_copied() -> None:
    """`.ci/run` reads the commands with tools/readme_commands.py and holds no copy of either."""
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "tools/readme_commands.py README.md" in script
    for command in _commands():
        assert command not in script
        assert "pip install -e" not in script  # no install of its own beside the README's
    # The README's commands run before the other steps.
    order = [
        script.index(marker)
        for marker in ("readme_commands.py README.md", 'step "ruff', 'step "mypy', "-m slow")
    ]
    assert order == sorted(order)


def _project() -> dict[str, object]:
    project: dict[str, object] = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"
    ]
    return project


def _requirements(extra: str | None, seen: set[str] | None = None) -> list[Requirement]:
    """The requirements of the core (``None``) or of an extra, this project's own extras resolved."""
    project = _project()
    texts = project["dependencies"] if extra is None else project["optional-dependencies"][extra]  # type: ignore[index]
    seen = set() if seen is None else seen
    found: list[Requirement] = []
    for text in texts:  # type: ignore[attr-defined]
        requirement = Requirement(text)
        if requirement.name == "chaos-tower":
            for inner in sorted(requirement.extras - seen):
                seen.add(inner)
                found += _requirements(inner, seen)
        else:
            found.append(requirement)
    return found


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _installed_closure(requirements: list[Requirement]) -> set[str]:
    """Every distribution the requirements bring, at any depth, with the extras they ask for."""
    seen: set[tuple[str, frozenset[str]]] = set()
    todo = [(_normal(r.name), frozenset(r.extras)) for r in requirements]
    while todo:
        name, extras = todo.pop()
        if (name, extras) in seen:
            continue
        seen.add((name, extras))
        try:
            requires = md.requires(name) or []
        except md.PackageNotFoundError:
            continue
        for text in requires:
            requirement = Requirement(text)
            marker = requirement.marker
            if marker is not None and "extra" in str(marker):
                if not any(marker.evaluate({"extra": extra}) for extra in extras):
                    continue
            elif marker is not None and not marker.evaluate():
                continue
            todo.append((_normal(requirement.name), frozenset(requirement.extras)))
    return {name for name, _ in seen}


def _modules_the_tests_use() -> set[str]:
    """Top-level modules the test files import, importorskip or run with ``python -m``."""
    local = {path.stem for folder in (TESTS, REPO / "tools", REPO / "bench") for path in folder.rglob("*.py")}
    local |= {path.name for path in TESTS.iterdir() if path.is_dir()}
    local |= {path.name for path in (REPO / "tools").iterdir() if path.is_dir()}  # tools/docs: a package
    found: set[str] = set()
    for path in TESTS.rglob("*.py"):
        if "data" in path.relative_to(TESTS).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                func = node.func
                if isinstance(func, ast.Attribute) and func.attr == "importorskip":
                    found.add(str(node.args[0].value).split(".")[0])
        for line in path.read_text(encoding="utf-8").splitlines():
            if "executable" in line or "python" in line:  # `python -m X`, not another program's -m flag
                for match in re.finditer(r'"-m", "([A-Za-z_][\w.]*)"', line):
                    found.add(match.group(1).split(".")[0])
    return {
        name
        for name in found
        if name not in sys.stdlib_module_names
        and name not in local
        and name not in {"chaos_tower", "tests", "pip"}  # pip: in every venv
    }


def test_the_test_extra_brings_every_module_a_test_needs() -> None:
    """Each third-party module of tests/ comes from the core or the `test` extra (at any depth)."""
    brought = _installed_closure(_requirements(None) + _requirements("test"))
    owners = md.packages_distributions()
    missing: dict[str, list[str]] = {}
    for module in sorted(_modules_the_tests_use()):
        dists = {_normal(name) for name in owners.get(module, [])}
        assert dists, f"{module}: a test imports it, and no installed distribution provides it"
        if not dists & brought:
            missing[module] = sorted(dists)
    assert missing == {}, f"modules the tests use that the `test` extra does not bring: {missing}"
    # The tools the issue found missing (mypy for the typing test, sphinx for the docs tests) by name.
    assert {"mypy", "sphinx", "furo", "myst-parser", "ruff"} <= brought


def test_the_closure_would_catch_a_module_no_extra_brings() -> None:
    """The check above can fail: without the docs and dev extras, sphinx and mypy are not brought."""
    core_only = _installed_closure(_requirements(None))
    assert "sphinx" not in core_only and "mypy" not in core_only
