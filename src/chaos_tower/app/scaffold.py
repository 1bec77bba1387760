"""``chaos-tower init``: a card set to edit, copied from a built-in one, with the schemas beside it.

The copy is ready for an editor: each card file's first line is a
yaml-language-server modeline naming a schema in the copy's own ``schemas/``
folder, so the editor completes and checks it wherever the copy is moved,
with or without this package installed. (In the package the same files name
``../../schemas/``, which is where the schemas sit both in a checkout and in
the installed package.) The loader reads only the copy's top-level files, so
``schemas/`` is not taken for card files.
"""

from __future__ import annotations

import argparse
import secrets
import shutil
import sys
from pathlib import Path
from typing import Any, TextIO

from ..cardsets.resources import carddata_dir, schemas_dir
from ..kernel.errors import InitError

__all__ = ["add_parser", "init_cardset", "run_init"]



def games() -> tuple[str, ...]:
    """The games with a built-in card set to copy (and a minimal one beside it): from the registry."""
    from .. import registry  # on first use: building the parser loads no game

    found = [g.name for g in registry.registered() if (carddata_dir() / g.builtin).is_dir()]
    return tuple(found)

MODELINE = "# yaml-language-server: $schema="


def _with_local_modeline(text: str) -> str:
    """``text`` with its modeline pointing at ``schemas/`` beside the file."""
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.startswith(MODELINE):
            schema = line.removeprefix(MODELINE).strip().rsplit("/", 1)[-1]
            lines[index] = f"{MODELINE}schemas/{schema}\n"
    return "".join(lines)


def init_cardset(target: str | Path, *, game: str | None = None, minimal: bool = False) -> list[Path]:
    """Write a copy of the built-in set of ``game`` (or of its minimal one-file set) into ``target``.

    ``target`` must be a new or an empty directory, not a symbolic link (nor a dangling one);
    otherwise, or when it cannot be written (a path under a file, no permission), :class:`InitError`
    is raised and nothing is left behind. An existing empty directory is kept as it is (the same
    directory, its mode unchanged); what is made follows the umask. Returns the files written:
    the card files, then the game's schemas under ``schemas/``.
    """
    if game is None:
        game = games()[0]
    if game not in games():
        raise InitError(f"no game {game!r}; choose one of {', '.join(games())}")
    target = Path(target)
    _check_target(target)
    source = carddata_dir() / (f"{game}-minimal" if minimal else game)
    schemas = sorted(schemas_dir().glob(f"{game}-*.schema.json"))
    try:
        if target.is_dir():
            _fill(target, source, schemas)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            _create(target, source, schemas)
    except OSError as exc:
        raise InitError(f"cannot write {target}: {exc.strerror or exc}") from None
    cards = sorted(p for p in target.iterdir() if p.is_file())
    return [*cards, *(target / "schemas" / schema.name for schema in schemas)]


def _check_target(target: Path) -> None:
    """Refuse a target that is a link, a file, not empty, or under a file (issue 22: one line each)."""
    if target.is_symlink():
        state = "" if target.exists() else " to nothing"
        raise InitError(f"{target} is a symbolic link{state}; init writes only into a new or empty directory")
    above = next((p for p in target.parents if p.exists() or p.is_symlink()), None)
    if above is not None and not above.is_dir():
        raise InitError(f"{target} lies under {above}, which is not a directory")
    try:
        if target.exists() and not target.is_dir():
            raise InitError(f"{target} is not a directory")
        if target.is_dir() and any(target.iterdir()):
            raise InitError(f"{target} is not empty; init writes only into a new or an empty directory")
    except OSError as exc:
        raise InitError(f"cannot read {target}: {exc.strerror or exc}") from None


def _write(folder: Path, source: Path, schemas: list[Path]) -> None:
    for file in sorted(source.glob("*.yaml")):
        text = _with_local_modeline(file.read_text(encoding="utf-8"))
        (folder / file.name).write_text(text, encoding="utf-8")
    (folder / "schemas").mkdir()
    for schema in schemas:
        shutil.copyfile(schema, folder / "schemas" / schema.name)


def _aside(parent: Path, name: str) -> Path:
    """A new directory in ``parent`` (made by mkdir, so it follows the umask, unlike mkdtemp's 0700)."""
    while True:
        staging = parent / f".{name}.{secrets.token_hex(4)}"
        try:
            staging.mkdir()
        except FileExistsError:
            continue
        return staging


def _create(target: Path, source: Path, schemas: list[Path]) -> None:
    # Written aside first and moved in whole, so a failure leaves no half-made set.
    staging = _aside(target.parent, target.name)
    try:
        _write(staging, source, schemas)
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _fill(target: Path, source: Path, schemas: list[Path]) -> None:
    # The directory itself is kept (its inode, its mode): written aside inside it, then moved up.
    staging = _aside(target, "init")
    moved: list[Path] = []
    try:
        _write(staging, source, schemas)
        for entry in sorted(staging.iterdir()):
            entry.rename(target / entry.name)
            moved.append(target / entry.name)
        staging.rmdir()
    except BaseException:
        for entry in moved:
            if entry.is_dir():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)
        shutil.rmtree(staging, ignore_errors=True)
        raise


def add_parser(commands: Any) -> None:
    """Add the ``init`` subcommand to the CLI's subparsers."""
    init = commands.add_parser(
        "init",
        help="start a card set to edit: a copy of the built-in one (or a minimal one)",
        description="Write a copy of the built-in card set (--minimal: a small one-file set) into DIR, "
        "a new or empty directory, with the JSON Schemas in DIR/schemas. Each card file names its "
        "schema on its first line (a yaml-language-server modeline), so editors complete and check "
        "it as you type.",
    )
    init.add_argument("dir", metavar="DIR", help="a new or empty directory")
    init.add_argument("--game", help="tower (default) or crest: a game with a built-in set")
    init.add_argument("--minimal", action="store_true", help="a minimal one-file set instead of the full one")


def run_init(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``chaos-tower init``: 0 when written, 2 when the target cannot be used."""
    out = out or sys.stdout
    err = err or sys.stderr
    game = args.game or games()[0]
    try:
        written = init_cardset(args.dir, game=game, minimal=args.minimal)
    except InitError as exc:
        print(f"chaos-tower init: {exc}", file=err)
        return 2
    cards = [p for p in written if p.parent.name != "schemas"]
    print(f"wrote {len(cards)} card file(s) and {len(written) - len(cards)} schemas to {args.dir}", file=out)
    print("edit them (each names its schema on its first line), then:", file=out)
    print(f"  chaos-tower validate {args.dir}", file=out)
    print(f"  chaos-tower play --game {game} --cards {args.dir}", file=out)
    return 0
