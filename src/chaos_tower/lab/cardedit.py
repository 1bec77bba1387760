"""Card sets as data to edit: a field by its address, a card blanked or removed, a YAML patch.

The lab's experiments (:mod:`.ablate`, :mod:`.tune`) change a card set the way a
designer would, in its files, and play the result through the same loader as
``chaos-tower validate``: every variant is a card set the schema and the set
checks accept, or the change is refused with their message. YAML files are
edited round-trip, so a patched copy keeps its comments and modelines.

A field's address is ``WHERE:PATH``. ``WHERE`` is a card's id
(``normal.potion-of-life``, ``rebright``) or a top-level section of the set that
is not a list of cards (``sheet``, ``number``); ``PATH`` walks into it with
dots and ``[i]`` (``set_front.effects[0].add``, ``values.G``, ``start_life``).

>>> parse_field("normal.potion-of-life:set_front.effects[0].add")
('normal.potion-of-life', ('set_front', 'effects', 0, 'add'))
"""

from __future__ import annotations

import copy
import io
import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from attrs import frozen
from ruamel.yaml import YAML

import chaos_tower as ct

from .failure import LabError
from .spec import CardSource

__all__ = ["Change", "SetFiles", "apply_patch", "parse_field", "read_patch", "write_patch"]

_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
Path_ = tuple[str | int, ...]


def parse_field(text: str) -> tuple[str, Path_]:
    """(where, path) of a field's address ``WHERE:PATH``; :class:`LabError` if it is not one."""
    where, colon, rest = text.partition(":")
    if not colon or not where.strip() or not rest.strip():
        raise LabError(f"field {text!r}: write CARD:PATH, such as rebright:values.G or sheet:start_life")
    steps: list[str | int] = []
    position = 0
    for match in _STEP.finditer(rest):
        if match.start() != position and rest[position : match.start()] != ".":
            raise LabError(f"field {text!r}: cannot read {rest[position : match.start()]!r} in its path")
        steps.append(match.group(1) if match.group(1) is not None else int(match.group(2)))
        position = match.end()
    if position != len(rest) or not steps:
        raise LabError(f"field {text!r}: cannot read the path {rest!r}")
    return where.strip(), tuple(steps)


@frozen
class Change:
    """One edit: set ``field`` (``WHERE:PATH``) to ``value``."""

    field: str
    value: Any


def _yaml() -> YAML:
    yaml = YAML()  # round-trip: comments, order and modelines are kept
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.representer.ignore_aliases = lambda *data: True  # the card reader refuses aliases: write values out
    return yaml


class SetFiles:
    """The files of a card set, parsed for editing (a fresh copy for every variant)."""

    def __init__(self, source: CardSource) -> None:
        source.load()  # the set must be valid (size limits, schema, checks) before it is edited
        self.source = source
        self.files = source.files or _builtin_files(source.game)
        self.docs: list[Any] = [self._parse(name, data) for name, data in self.files]
        self._parsed: set[int] = set(range(len(self.docs)))  # the docs this object may change
        self._edited: set[int] = set()  # the docs changed: dumped again, the others kept byte for byte

    @staticmethod
    def _parse(name: str, data: bytes) -> Any:
        if name.lower().endswith(".json"):
            return json.loads(data)
        return _yaml().load(data.decode("utf-8-sig"))

    def copy(self) -> SetFiles:
        """An independent copy to edit: a file is parsed again only when an edit first touches it."""
        fresh = SetFiles.__new__(SetFiles)
        fresh.source, fresh.files = self.source, self.files
        fresh.docs = list(self.docs)
        fresh._parsed, fresh._edited = set(), set()
        return fresh

    def _mine(self, index: int) -> Any:
        # Copy-on-write: the first edit of a file in a copy parses that file afresh.
        if index not in self._parsed:
            name, data = self.files[index]
            self.docs[index] = self._parse(name, data)
            self._parsed.add(index)
        self._edited.add(index)
        return self.docs[index]

    def _file_of(self, where: str) -> int:
        for index, doc in enumerate(self.docs):
            if not isinstance(doc, dict):
                continue
            if isinstance(doc.get(where), dict):
                return index
            for value in doc.values():
                if isinstance(value, list) and any(
                    isinstance(c, dict) and c.get("id") == where for c in value
                ):
                    return index
                if isinstance(value, dict) and value.get("id") == where:
                    return index
        known = sorted({ident for _, ident, _ in self.cards()})
        raise LabError(f"no card or section {where!r} in the set (cards: {', '.join(known[:12])}, ...)")

    def cards(self) -> Iterator[tuple[str, str, dict[str, Any]]]:
        """(section, id, card) of every card with an id, in file order."""
        for doc in self.docs:
            if not isinstance(doc, dict):
                continue
            for section, value in doc.items():
                if isinstance(value, list):
                    for card in value:
                        if isinstance(card, dict) and isinstance(card.get("id"), str):
                            yield str(section), card["id"], card
                elif isinstance(value, dict) and isinstance(value.get("id"), str):
                    yield str(section), value["id"], value

    def _where(self, where: str, edit: bool = False) -> Any:
        index = self._file_of(where)
        doc = self._mine(index) if edit else self.docs[index]
        if isinstance(doc.get(where), dict) and doc[where].get("id", where) == where:
            return doc[where]
        for value in doc.values():
            if isinstance(value, list):
                for card in value:
                    if isinstance(card, dict) and card.get("id") == where:
                        return card
            elif isinstance(value, dict) and value.get("id") == where:
                return value
        return doc[where]

    def get(self, field: str) -> Any:
        """The value at ``field``."""
        where, steps = parse_field(field)
        node = self._where(where)
        for step in steps:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                raise LabError(f"field {field!r}: {step!r} is not in the card's data") from None
        return node

    def set(self, change: Change) -> None:
        """Edit one field in place (its parent must exist)."""
        where, steps = parse_field(change.field)
        node = self._where(where, edit=True)
        for step in steps[:-1]:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                raise LabError(f"field {change.field!r}: {step!r} is not in the card's data") from None
        last = steps[-1]
        if isinstance(last, int) and not (isinstance(node, list) and last < len(node)):
            raise LabError(f"field {change.field!r}: no item {last} there")
        if isinstance(last, str) and not isinstance(node, dict):
            raise LabError(f"field {change.field!r}: {last!r} is not a field there")
        node[last] = copy.deepcopy(change.value)

    def data(self) -> dict[str, Any]:
        """The whole set's data, every file's top-level sections together (for bounds and kin)."""
        merged: dict[str, Any] = {}
        for doc in self.docs:
            if isinstance(doc, dict):
                merged.update(doc)
        return merged

    def replace(self, ident: str, card: dict[str, Any]) -> None:
        """Put ``card`` in the place of the card ``ident`` (its comments and order kept where it can)."""
        node = self._where(ident, edit=True)
        node.clear()
        node.update(card)

    def remove(self, ident: str) -> None:
        """Take the card ``ident`` out of its section's list."""
        for doc in (self._mine(self._file_of(ident)),):
            for value in doc.values():
                if isinstance(value, list):
                    for i, card in enumerate(value):
                        if isinstance(card, dict) and card.get("id") == ident:
                            del value[i]
                            return
        raise LabError(f"no card {ident!r} in a list of the set to remove it from")

    def dump(self) -> tuple[tuple[str, bytes], ...]:
        """The files as they now are (those no edit touched, byte for byte as they were)."""
        out: list[tuple[str, bytes]] = []
        for index, ((name, data), doc) in enumerate(zip(self.files, self.docs, strict=True)):
            if index not in self._edited:
                out.append((name, data))
            elif name.lower().endswith(".json"):
                out.append((name, json.dumps(doc, ensure_ascii=False, indent=2).encode()))
            else:
                buffer = io.StringIO()
                _yaml().dump(doc, buffer)
                out.append((name, buffer.getvalue().encode("utf-8")))
        return tuple(out)

    def source_now(self, label: str) -> CardSource:
        """The edited set as a source the lab plays (validated: :class:`LabError` naming the change)."""
        files = self.dump()
        with tempfile.TemporaryDirectory(prefix="chaos-tower-edit-") as folder:
            for name, data in files:
                (Path(folder) / Path(name).name).write_bytes(data)
            where = Path(folder) / files[0][0] if len(files) == 1 else Path(folder)
            try:
                ct.load_cardset(where, game=self.source.game)
            except ct.CardSetError as exc:
                # The problems name the set's own file names, never the private copy's folder.
                text = str(exc).replace(f"{folder}/", "")
                raise LabError(f"{label}: the changed set is not valid: {text}") from None
        return CardSource(
            game=self.source.game, files=files, path=f"{self.source.path or 'built-in'} ({label})"
        )


def _builtin_files(game: str) -> tuple[tuple[str, bytes], ...]:
    from chaos_tower.cardsets.resources import carddata_dir

    folder = carddata_dir() / game
    return tuple(
        (p.name, p.read_bytes())
        for p in sorted(folder.iterdir())
        if p.suffix.lower() in (".yaml", ".yml", ".json")
    )


def write_patch(changes: list[tuple[Change, Any]], note: str) -> str:
    """A YAML patch: each change with the value it had (``from``) and the new one (``to``)."""
    lines = [f"# {line}" for line in note.splitlines()]
    lines.append(
        "# Apply it: chaos-tower lab patch SET PATCH --out NEW-SET, then chaos-tower validate NEW-SET"
    )
    lines.append("patch:")
    for change, old in changes:
        lines.append(f"  - field: {json.dumps(change.field)}")
        lines.append(f"    from: {json.dumps(old)}")
        lines.append(f"    to: {json.dumps(change.value)}")
    if not changes:
        lines[-1] = "patch: []"
    return "\n".join(lines) + "\n"


def read_patch(path: str | Path) -> list[Change]:
    """The changes of a patch file written by :func:`write_patch` (:class:`LabError` if it is not one).

    The file is untrusted input: read with the card files' limits (size, depth, values, duplicate keys).
    """
    from chaos_tower.cardsets.safefile import FileRefusal, read_limited
    from chaos_tower.cardsets.safeload import LIMITS, parse_bytes

    try:
        raw = read_limited(path, LIMITS.max_file_bytes)
    except FileRefusal as exc:
        raise LabError(f"{path}: {exc.reason}") from None
    document, problems = parse_bytes(raw, file=str(path), json_mode=str(path).lower().endswith(".json"))
    if document is None or problems:
        first = problems[0] if problems else None
        raise LabError(f"{path}: not a patch: {first.message if first else 'unreadable'}")
    data = document.data
    entries = data.get("patch") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise LabError(f"{path}: not a patch: it needs a list under `patch:`")
    changes = []
    for i, entry in enumerate(entries):
        if (
            not isinstance(entry, dict)
            or set(entry) - {"field", "from", "to"}
            or not {"field", "to"} <= set(entry)
        ):
            raise LabError(f"{path}: patch[{i}]: write `field:` and `to:` (and `from:`), nothing else")
        parse_field(str(entry["field"]))
        changes.append(Change(str(entry["field"]), entry["to"]))
    return changes


def apply_patch(source: CardSource, changes: list[Change], out: Path) -> CardSource:
    """Write the patched copy of ``source`` into the directory ``out`` (new or empty) and return it."""
    files = SetFiles(source)
    for change in changes:
        files.set(change)
    edited = files.source_now("patched")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise LabError(f"{out}: choose a new or empty directory for the patched set")
    out.mkdir(parents=True, exist_ok=True)
    for name, data in edited.files:
        (out / Path(name).name).write_bytes(data)
    return edited
