"""Reading a card set from files: one file, or a directory of files joined.

The pipeline reports in one pass: a problem in one file does not hide those
of the others, so that fixing a set takes one round of edits.

1. read each file safely (:mod:`chaos_tower.cardsets.safeload`): positions kept; a
   syntax error is placed at the entry it stands in (:mod:`.yamlwhere`);
2. join the files that could be read into one document, remembering where
   each section came from;
3. validate the document against the JSON Schema (when a file could not be
   read, the sections it may hold are not called missing);
4. structure it into typed records with the one converter, if nothing so far
   is wrong; otherwise check its references on the raw data (:mod:`.refs`);
5. check what a schema cannot say (:mod:`chaos_tower.tower.checks`), and, if that
   finds nothing wrong, lint what is legal but most likely a mistake
   (:mod:`.lints`: warnings, which do not stop the set loading).

Problems found after the join are mapped back to the file, line and column
they came from.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

import attrs
from attrs import frozen
from cattrs import transform_error
from cattrs.errors import BaseValidationError

from .. import registry
from ..kernel.errors import CardSetError, Problem, UnknownGameError
from .cleantext import control_problems
from .converter import converter
from .resources import carddata_dir
from .safefile import FileRefusal, read_limited
from .safeload import LIMITS, Document, JsonPath, Limits, format_path, parse_bytes
from .schema import load_schema, schema_issues
from .yamlwhere import place_syntax_error

if TYPE_CHECKING:  # the built-in games' types, for the overloads; loading finds games in the registry
    from ..crest.cards import CrestCardSet
    from ..tower.cards import TowerCardSet
    from ..tower.checks import Issue

__all__ = ["CARD_FILE_SUFFIXES", "check_cardset", "load_cardset"]

Game = Literal["tower", "crest"]
"""The built-in games' names, for the typed overloads only (the registry holds every game:
:func:`chaos_tower.registry.games`)."""

CARD_FILE_SUFFIXES = (".yaml", ".yml", ".json")
_SINGLE_SECTIONS = ("header", "sheet", "number", "rebright")
_IGNORED_KEYS = ("$schema",)


@frozen(kw_only=True)
class _Origin:
    document: Document
    local: JsonPath


class _Joined:
    """The documents of a set joined into one, with a way back to each value's file."""

    def __init__(self, display: str) -> None:
        self.display = display
        self.data: dict[str, Any] = {}
        self.origins: dict[JsonPath, _Origin] = {}
        self.problems: list[Problem] = []

    def add(self, document: Document) -> None:
        if not isinstance(document.data, dict):
            line, column = document.position(())
            self.problems.append(
                Problem(
                    file=document.file,
                    line=line,
                    column=column,
                    path="$",
                    code="schema",
                    message=f"a card file is a mapping of sections, not a {type(document.data).__name__}",
                )
            )
            return
        for key, value in document.data.items():
            if key in _IGNORED_KEYS:
                continue
            if isinstance(value, list) and key not in _SINGLE_SECTIONS:
                merged = self.data.setdefault(key, [])
                if isinstance(merged, list):
                    # A problem about the whole list points at its first file's key.
                    self.origins.setdefault((key,), _Origin(document=document, local=(key,)))
                    for index, item in enumerate(value):
                        self.origins[(key, len(merged))] = _Origin(document=document, local=(key, index))
                        merged.append(item)
                    continue
            if key in self.data:
                first = self.origins[(key,)].document.file
                line, column = document.position((key,))
                self.problems.append(
                    Problem(
                        file=document.file,
                        line=line,
                        column=column,
                        path=key,
                        code="duplicate-section",
                        message=f"the section {key!r} is already given in {first}",
                    )
                )
                continue
            self.data[key] = value
            self.origins[(key,)] = _Origin(document=document, local=(key,))

    def locate(self, path: JsonPath) -> tuple[str, int, int, str]:
        """File, line, column and file-local path of a path in the joined document."""
        for cut in range(len(path), 0, -1):
            origin = self.origins.get(path[:cut])
            if origin is not None:
                local = origin.local + path[cut:]
                line, column = origin.document.position(local)
                return origin.document.file, line, column, format_path(local)
        return self.display, 0, 0, format_path(path)

    def problem(self, path: JsonPath, code: str, message: str, hint: str | None = None) -> Problem:
        file, line, column, local = self.locate(path)
        return Problem(file=file, line=line, column=column, path=local, code=code, message=message, hint=hint)

    def issue(self, issue: Issue) -> Problem:
        """A checker's issue, located in its file."""
        return attrs.evolve(
            self.problem(issue.path, issue.code, issue.message, issue.hint), severity=issue.severity
        )


def _whole(path: Path, code: str, message: str) -> Problem:
    """A problem about a file or directory as a whole (no line to point at)."""
    return Problem(file=str(path), line=0, column=0, path="$", code=code, message=message)


def _card_files(path: Path, limits: Limits) -> tuple[list[Path], list[Problem]]:
    # Every OSError here (a directory that cannot be listed, a path through one that cannot be
    # entered) is a problem about the path, never a traceback.
    try:
        is_dir = stat.S_ISDIR(os.stat(path).st_mode)
        if is_dir:
            with os.scandir(path) as entries:
                names = sorted(e.name for e in entries if Path(e.name).suffix.lower() in CARD_FILE_SUFFIXES)
    except FileNotFoundError:
        return [], [_whole(path, "not-found", "no such file or directory")]
    except OSError as exc:
        return [], [_whole(path, "unreadable", f"cannot read it: {exc.strerror or exc}")]
    if not is_dir:
        return [path], []
    # Every entry named as a card file is read: one that is no regular file (a FIFO, a
    # link to a device, a subdirectory) is refused by name rather than skipped in silence.
    if not names:
        return [], [_whole(path, "empty", "the directory holds no .yaml, .yml or .json file")]
    if len(names) > limits.max_files:
        return [], [
            _whole(path, "too-many-files", f"{len(names)} card files; the limit is {limits.max_files}")
        ]
    return [path / name for name in names], []


class _Budget:
    """What the files of one set may still use of the set's limits (bytes, values)."""

    def __init__(self, limits: Limits) -> None:
        self.bytes = limits.max_total_bytes
        self.values = limits.max_total_values
        self.spent = False


def _read(path: Path, limits: Limits, budget: _Budget) -> tuple[Document | None, list[Problem]]:
    if budget.spent:
        return None, []  # the set is refused already: the rest is not read
    try:
        raw = read_limited(path, limits.max_file_bytes)
    except FileRefusal as refusal:
        return None, [_whole(path, refusal.code, refusal.reason)]
    budget.bytes -= len(raw)
    if budget.bytes < 0:
        budget.spent = True
        return None, [
            _whole(
                path, "set-too-large", f"the card set's files hold more than {limits.max_total_bytes} bytes"
            )
        ]
    document, problems = parse_bytes(
        raw, file=str(path), json_mode=path.suffix.lower() == ".json", limits=limits, syntax_path=True
    )
    problems = [place_syntax_error(raw, p) for p in problems]
    if document is not None:
        problems = [*problems, *control_problems(document)]
    budget.values -= document.values if document is not None else 0
    if budget.values < 0:
        budget.spent = True
        return None, [
            _whole(
                path,
                "set-too-many-values",
                f"the card set's files hold more than {limits.max_total_values} values",
            )
        ]
    return document, problems


def _game_of(data: dict[str, Any]) -> str:
    """The game a joined document is for: the registered game its header names, else the default
    game (whose schema then says what is wrong with the header)."""
    header = data.get("header")
    named = header.get("game") if isinstance(header, dict) else None
    return named if isinstance(named, str) and _known(named) else registry.default_game().name


def _known(game: str) -> bool:
    try:
        registry.game(game)  # a built-in name needs no scan of the installed packages
    except KeyError:
        return False
    return True


def _check(
    joined: _Joined, game: str, *, earlier: bool, unread: bool
) -> tuple[TowerCardSet | CrestCardSet | None, list[Problem]]:
    """Stages 3 to 5 for the joined document of one game: schema, model, semantic checks, lints.

    ``earlier``: a problem was found before the join, so the data cannot be
    typed; ``unread``: some file could not be read, so sections may be missing
    that it would have given.
    """
    spec = registry.game(game)
    schema = spec.cardset_schema
    issues = schema_issues(schema, joined.data)
    if unread:
        # A section held by the unreadable file is not missing; its own error says why.
        issues = [i for i in issues if i.path or i.keyword != "required"]
    problems = [joined.problem(i.path, "schema", i.message, i.hint) for i in issues]
    if issues or earlier:
        # The set cannot be typed, but its misspelt ids are still worth this run.
        required = frozenset(load_schema(schema).get("required", ()))
        if spec.raw_references is not None:
            found = spec.raw_references(joined.data, unread=unread, required=required)
            problems.extend(joined.issue(i) for i in found)
        return None, problems
    try:
        cards: Any = converter().structure(joined.data, spec.cardset_type)
    except (BaseValidationError, ValueError, TypeError) as exc:
        # The schema should have caught anything the converter refuses; if it
        # did not, that is our bug, but the user still gets a located problem.
        detail = "; ".join(transform_error(exc)) if isinstance(exc, BaseValidationError) else str(exc)
        return None, [joined.problem((), "structure", f"the data does not fit the card model: {detail}")]
    problems = [joined.issue(i) for i in spec.checks(cards)]
    if problems:
        return None, problems
    # Lints only on a set without errors: on a wrong one they would repeat its errors'
    # consequences (a monster too dear to fight, then the item only it gives).
    return cards, [joined.issue(i) for i in spec.lints(cards)]


def check_cardset(
    path: str | Path | None = None, *, game: str | None = None, limits: Limits = LIMITS
) -> tuple[TowerCardSet | CrestCardSet | None, list[Problem]]:
    """Load a card set and return it with every problem found, without raising.

    The problems are the errors and the warnings (lints; ``Problem.severity``)
    of every file, all found in one pass. The card set is ``None`` whenever
    there is an error; warnings alone do not stop it loading. This is what
    ``chaos-tower validate`` reports; :func:`load_cardset` raises instead.
    The file's ``header.game`` picks the game (``tower`` or ``crest``), and with
    it the schema, the model and the checks. ``game`` names the built-in set
    to load when ``path`` is ``None``, and otherwise the game the set must be for;
    any other name raises :class:`~chaos_tower.kernel.errors.UnknownGameError`.
    """
    if game is not None and not _known(game):
        known = ", ".join(spec.name for spec in registry.games())
        raise UnknownGameError(f"no game {game!r}: a card set is for one of {known}")
    # A game's built-in folder is a name under carddata/, or (another package's game) a path of its own.
    builtin = (registry.game(game) if game else registry.default_game()).builtin
    root = Path(path) if path is not None else carddata_dir() / builtin
    files, problems = _card_files(root, limits)
    joined = _Joined(str(root))
    unread = False
    budget = _Budget(limits)
    for file in files:
        document, found = _read(file, limits, budget)
        problems.extend(found)
        if document is not None and not found:
            joined.add(document)
        else:
            unread = True
    problems.extend(joined.problems)
    if budget.spent or (problems and not joined.data):  # over the set's limits: nothing more is read
        return None, _in_order(problems)
    found_game = _game_of(joined.data)
    if game is not None and found_game != game:
        wrong = joined.problem(("header", "game"), "wrong-game", f"a {found_game} set, not a {game} set")
        return None, _in_order([*problems, wrong])
    cards, later = _check(joined, found_game, earlier=bool(problems), unread=unread)
    return cards, _in_order([*problems, *later])


def _in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.file, p.line, p.column, p.path, p.message))


@overload
def load_cardset(
    path: str | Path | None = None, *, game: Literal["crest"], limits: Limits = LIMITS
) -> CrestCardSet: ...
@overload
def load_cardset(
    path: None = None, *, game: Literal["tower"] | None = None, limits: Limits = LIMITS
) -> TowerCardSet: ...
@overload
def load_cardset(path: str | Path, *, game: Literal["tower"], limits: Limits = LIMITS) -> TowerCardSet: ...
@overload
def load_cardset(
    path: str | Path | None = None, *, game: None = None, limits: Limits = LIMITS
) -> TowerCardSet | CrestCardSet: ...
@overload
def load_cardset(path: str | Path | None = None, *, game: str, limits: Limits = LIMITS) -> Any: ...
def load_cardset(
    path: str | Path | None = None, *, game: str | None = None, limits: Limits = LIMITS
) -> Any:
    """Load and validate a card set: a YAML or JSON file, or a directory of them.

    The set's ``header.game`` says which game it is for (Tower of CHAOS,
    Crest Duel, or another registered game). ``None`` loads a built-in set:
    ``carddata/tower`` by default, ``carddata/crest`` with ``game="crest"``, a
    registered game's own with its name. Given a path, ``game`` requires
    the set to be for that game. Raises
    :class:`~chaos_tower.kernel.errors.CardSetError` listing every error found;
    warnings (lints) do not stop a set loading: ``chaos-tower validate`` shows them.

    >>> cards = load_cardset()
    >>> len(cards.rooms), len(cards.monsters), len(cards.steps)
    (25, 20, 5)
    >>> crest = load_cardset(game="crest")
    >>> crest.deck_size, len(crest.monsters)
    (92, 8)
    """
    cards, problems = check_cardset(path, game=game, limits=limits)
    if cards is None:
        raise CardSetError(p for p in problems if p.is_error)
    return cards
