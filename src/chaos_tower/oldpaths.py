"""Old module paths, kept importable until :data:`REMOVED_IN`: each names the module that replaced it.

Issue 12 moved the shared pieces into :mod:`chaos_tower.kernel`, card-set reading into
:mod:`chaos_tower.cardsets`, the Tower's card model into :mod:`chaos_tower.tower`, its solo engine
into :mod:`chaos_tower.tower.solo`, its VS modes into :mod:`chaos_tower.tower.vs` and the terminal
programs into :mod:`chaos_tower.app`. Rather than a shim file per old path, one table maps an old
path to its new one, and a finder on :data:`sys.meta_path` answers an import of the old path with
the new module itself, so both names are the same module object (same classes, same functions;
``monkeypatch`` on either patches both, and pickles made under the old class paths still load).

Importing an old path warns (a :class:`DeprecationWarning` naming the new path and the release that
removes the old one, :data:`REMOVED_IN`; CHANGELOG.md lists them), attributed to the importing line:

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     import chaos_tower.tower.engine as old
>>> import chaos_tower.tower.solo.engine as new
>>> old is new
True
>>> print(caught[0].message)
chaos_tower.tower.engine is an old path, removed in chaos_tower 0.3.0: import chaos_tower.tower.solo.engine
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = ["MOVED", "OLD_MODULES", "REMOVED_IN", "install", "warn_old_path"]

_ROOT = "chaos_tower."

REMOVED_IN = "0.3.0"
"""The release without the old paths (they stay through 0.2.0, the release after the move)."""

OLD_MODULES: dict[str, str] = {
    "play": "app.play",
    "vs": "tower.vs",
    "vs.play": "app.play",
    "crest.play": "app.play",
}
"""The old paths that are still files of their own (a wrapper or an export list), warning likewise."""

# old path -> new path, both below chaos_tower. (chaos_tower.vs is a small real package instead,
# because its play.py stays there until the one terminal play loop replaces it.)
MOVED: dict[str, str] = {
    "agents.deadend": "tower.solo.agents.deadend",
    "agents.greedy": "tower.solo.agents.greedy",
    "agents.heuristic": "tower.solo.agents.heuristic",
    "agents.oracle": "tower.solo.agents.oracle",
    "agents.prove": "tower.solo.agents.prove",
    "cardref": "kernel.cardref",
    "cards": "tower.cards",
    "checks": "tower.checks",
    "choosing": "app.choosing",
    "cleantext": "cardsets.cleantext",
    "cli": "app.cli",
    "commands": "app.commands",
    "converter": "cardsets.converter",
    "errors": "kernel.errors",
    "fastyaml": "cardsets.fastyaml",
    "hotseat": "app.hotseat",
    "jsondepth": "cardsets.jsondepth",
    "layout": "kernel.layout",
    "lints": "tower.lints",
    "loading": "cardsets.loading",
    "memo": "kernel.memo",
    "notation_words": "kernel.notation_words",
    "options": "kernel.options",
    "records": "kernel.records",
    "refs": "cardsets.refs",
    "replay": "app.replay",
    "resources": "cardsets.resources",
    "safefile": "cardsets.safefile",
    "safeload": "cardsets.safeload",
    "saves": "kernel.saves",
    "scaffold": "app.scaffold",
    "schema": "cardsets.schema",
    "shapes": "kernel.shapes",
    "suggest": "cardsets.suggest",
    "tower.actions": "tower.solo.actions",
    "tower.board": "tower.solo.board",
    "tower.change": "tower.solo.change",
    "tower.determinize": "tower.solo.determinize",
    "tower.effects": "tower.solo.effects",
    "tower.engine": "tower.solo.engine",
    "tower.front": "tower.solo.front",
    "tower.geometry": "tower.solo.geometry",
    "tower.invariants": "tower.solo.invariants",
    "tower.items": "tower.solo.items",
    "tower.layout": "tower.solo.layout",
    "tower.movegen": "tower.solo.movegen",
    "tower.moves": "tower.solo.moves",
    "tower.notation": "tower.solo.notation",
    "tower.observe": "tower.solo.observe",
    "tower.perft": "tower.solo.perft",
    "tower.placement": "tower.solo.placement",
    "tower.position": "tower.solo.position",
    "tower.prep": "tower.solo.prep",
    "tower.progress": "tower.solo.progress",
    "tower.reach": "tower.solo.reach",
    "tower.render": "tower.solo.render",
    "tower.reset": "tower.solo.reset",
    "tower.rng": "kernel.rng",
    "tower.serial": "tower.solo.serial",
    "tower.shape": "tower.solo.shape",
    "tower.state": "tower.solo.state",
    "tower.steps": "tower.solo.steps",
    "tower.svg": "tower.solo.svg",
    "tower.tables": "tower.solo.tables",
    "tower.terminal": "tower.solo.terminal",
    "tower.view_codec": "tower.solo.view_codec",
    "viewer": "app.viewer",
    "vocabulary": "tower.vocabulary",
    "vs.actions": "tower.vs.actions",
    "vs.agents": "tower.vs.agents",
    "vs.declare": "tower.vs.declare",
    "vs.determinize": "tower.vs.determinize",
    "vs.end": "tower.vs.end",
    "vs.engine": "tower.vs.engine",
    "vs.front": "tower.vs.front",
    "vs.invariants": "tower.vs.invariants",
    "vs.layout": "tower.vs.layout",
    "vs.notation": "tower.vs.notation",
    "vs.observe": "tower.vs.observe",
    "vs.reach": "tower.vs.reach",
    "vs.render": "tower.vs.render",
    "vs.rules": "tower.vs.rules",
    "vs.serial": "tower.vs.serial",
    "vs.setup": "tower.vs.setup",
    "vs.state": "tower.vs.state",
    "vs.svg": "tower.vs.svg",
    "vs.turn": "tower.vs.turn",
    "yamlwhere": "cardsets.yamlwhere",
}


def _importer_level() -> int:
    """The ``stacklevel`` of the first frame outside the import system and the old paths' modules:
    the line that imported the old path, so that Python's default filter shows it to a script.
    (:func:`warnings.warn` itself does not count the import system's frozen frames.)"""
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None:
        frozen = frame.f_code.co_filename.startswith("<frozen importlib")
        name = frame.f_globals.get("__name__") or ""
        if not frozen and name not in (__name__, "importlib", _ROOT[:-1]) and (
            name.removeprefix(_ROOT) not in OLD_MODULES
        ):
            break
        frame = frame.f_back
        level += 0 if frozen else 1
    return level


def warn_old_path(old: str) -> None:
    """Warn that ``chaos_tower.<old>`` was imported: a :class:`DeprecationWarning` naming the new path
    and :data:`REMOVED_IN` (every message starts with ``chaos_tower.``, which the tests' filter reads)."""
    new = MOVED.get(old) or OLD_MODULES[old]
    warnings.warn(
        f"{_ROOT}{old} is an old path, removed in chaos_tower {REMOVED_IN}: import {_ROOT}{new}",
        DeprecationWarning,
        stacklevel=_importer_level(),
    )


class _AliasLoader(importlib.abc.Loader):
    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        old = spec.name[len(_ROOT) :]
        warn_old_path(old)
        module = importlib.import_module(_ROOT + MOVED[old])
        spec.loader_state = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system stamps the alias's spec on the module; give it back its own, so
        # that its relative imports and its __spec__.name stay those of its new home.
        alias = module.__spec__
        if alias is not None and isinstance(alias.loader_state, importlib.machinery.ModuleSpec):
            module.__spec__ = alias.loader_state


class _AliasFinder(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_ROOT) or fullname[len(_ROOT) :] not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader())


_FINDER = _AliasFinder()


def install() -> None:
    """Put the old-path finder first on :data:`sys.meta_path` (once; importing this module does it)."""
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


install()
