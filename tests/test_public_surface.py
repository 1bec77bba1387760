"""The public surface is listed once (issue 23, item 6): ``chaos_tower._LAZY``, each public name with the
module it lives in and its name there. Everything else that lists the names is checked against it:

- ``chaos_tower.__all__`` (a literal list, for mypy's re-exports and ``from chaos_tower import *``);
- the ``if TYPE_CHECKING:`` imports of ``chaos_tower/__init__.py`` (what type checkers see of the lazy
  names);
- ``chaos_tower/signatures.py``: its ``__all__``, the typed front-door functions it declares for
  mypy and the ones it imports from the front door at run time;
- docs/api.md documents every name (tests/test_docs.py);
- and the ``new_game`` overloads of signatures.py are written from the modes' option specs by
  tools/gen_signatures.py (issue 23, item 1's typed front door).

A failure prints the lines to paste, generated from the table.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import attrs

import chaos_tower as ct
from chaos_tower import api, registry, signatures
from chaos_tower.kernel.options import OptionSpec
from toolmodule import load_tool

SRC = Path(__file__).resolve().parents[1] / "src" / "chaos_tower"
TABLE: dict[str, tuple[str, str]] = ct._LAZY
SIGNATURE_TYPES = {"AnyAction", "GameState", "GameView"}
"""Type aliases signatures.py exports for the front door's annotations, not names of ``ct``."""


def _type_checking_block(path: Path) -> ast.If:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
    )


def _expected_block() -> str:
    by_module: dict[str, list[tuple[str, str]]] = {}
    for name, (module, attribute) in sorted(TABLE.items(), key=lambda item: item[1]):
        by_module.setdefault(module, []).append((attribute, name))
    lines = ["if TYPE_CHECKING:"]
    for module, names in sorted(by_module.items()):
        for attribute, name in names:
            alias = "" if attribute == name else f" as {name}"
            lines.append(f"    from {module} import {attribute}{alias}")
    return "\n".join(lines)


def test_all_is_the_table() -> None:
    """``ct.__all__`` holds each name of the table once, and nothing else."""
    assert len(ct.__all__) == len(set(ct.__all__))
    assert set(ct.__all__) == set(TABLE), "__all__ = " + repr(sorted(TABLE))


def test_the_type_checking_imports_are_the_table() -> None:
    """What mypy sees of each lazy name is what ``__getattr__`` imports at run time."""
    seen: dict[str, tuple[str, str]] = {}
    for node in _type_checking_block(SRC / "__init__.py").body:
        assert isinstance(node, ast.ImportFrom), ast.dump(node)
        for alias in node.names:
            seen[alias.asname or alias.name] = ("." * node.level + (node.module or ""), alias.name)
    assert seen == TABLE, "the TYPE_CHECKING block of chaos_tower/__init__.py, from the table:\n" + (
        _expected_block()
    )


def test_every_name_of_the_table_is_what_it_says() -> None:
    """Each entry resolves, and ``ct.<name>`` is that very object (no copy, no wrapper)."""
    for name, (module, attribute) in TABLE.items():
        assert getattr(ct, name) is getattr(importlib.import_module(module, "chaos_tower"), attribute), name


def _signature_functions() -> tuple[set[str], set[str]]:
    """The functions signatures.py declares for type checkers, and those it imports at run time."""
    block = _type_checking_block(SRC / "signatures.py")
    declared = {node.name for node in block.body if isinstance(node, ast.FunctionDef)}
    imported = {
        alias.name for node in block.orelse if isinstance(node, ast.ImportFrom) for alias in node.names
    }
    return declared, imported


def test_signatures_types_exactly_the_front_door_functions_of_the_table() -> None:
    """signatures.py types each function the table takes from it, and only those; at run time each
    is the front door's own function."""
    from_signatures = {name for name, (module, _) in TABLE.items() if module == ".signatures"}
    assert all(TABLE[name][1] == name for name in from_signatures)
    declared, imported = _signature_functions()
    assert declared == from_signatures
    assert imported == from_signatures
    assert set(signatures.__all__) == from_signatures | SIGNATURE_TYPES
    for name in from_signatures:
        assert getattr(signatures, name) is getattr(api, name), name


def test_the_block_printed_on_a_failure_is_the_table() -> None:
    """The lines a failure prints, pasted, would make the check pass: they read back as the table."""
    block = ast.parse(_expected_block()).body[0]
    assert isinstance(block, ast.If)
    seen = {
        alias.asname or alias.name: ("." * node.level + (node.module or ""), alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert seen == TABLE
    assert "    from .crest.actions import Cast as CrestCast" in _expected_block()


def test_the_new_game_overloads_are_generated_from_the_option_specs() -> None:
    """signatures.py's ``new_game`` overloads are what tools/gen_signatures.py writes from each built-in
    mode's option specs (run it after adding an option): every option is typed, none by hand."""
    tool = load_tool("gen_signatures")
    text = (SRC / "signatures.py").read_text(encoding="utf-8")
    assert tool.rewritten(text) == text, "stale: run python tools/gen_signatures.py"
    for game in ("tower", "crest"):
        for mode in registry.game(game).modes:
            for spec in mode.options:
                assert f"        {spec.name}: {tool.annotation(spec)}" in text, (mode.name, spec.name)


def test_an_option_added_to_a_mode_is_typed_by_the_generator() -> None:
    """A synthetic option on the solo mode appears, typed, in the generated overloads."""
    tool = load_tool("gen_signatures")
    solo = registry.game("tower").mode("solo")
    rule = solo.options[-1].rule
    extra = OptionSpec(name="fog", types=(str,), default="none", allowed=("none", "thick"), rule=rule, doc="")
    assert tool.annotation(extra) == 'Literal["none", "thick"]'
    assert tool.annotation(extra, wide=True) == "str"
    changed = attrs.evolve(
        registry.game("tower"), modes=(attrs.evolve(solo, options=(*solo.options, extra)),)
    )
    lines = "\n".join(tool._game(changed))
    assert '        fog: Literal["none", "thick"] | None = None,' in lines
