"""The JSON Schemas, resolved from memory only, and their errors in plain words.

The shipped files carry no ``$id``: each is named by its file name, and a
reference to another one is relative (``tower-vocabulary.schema.json#/$defs/id``).
So editors and other validators resolve them from the folder they sit in, and
the library from the registry below, which holds the same files by the same
names and fetches nothing.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from difflib import get_close_matches
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

from attrs import frozen
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .. import registry as games
from .resources import schemas_dir
from .safeload import JsonPath
from .suggest import did_you_mean

__all__ = [
    "MAX_SCHEMA_ERRORS",
    "SCHEMA_FILES",
    "SchemaIssue",
    "bundle",
    "load_schema",
    "registry",
    "schema_issues",
    "validator",
]

SCHEMA_FILES = {
    "tower-cardset": "tower-cardset.schema.json",
    "tower-cardset-part": "tower-cardset-part.schema.json",
    "tower-vocabulary": "tower-vocabulary.schema.json",
    "crest-cardset": "crest-cardset.schema.json",
    "crest-cardset-part": "crest-cardset-part.schema.json",
    "replay": "replay.schema.json",
}
"""Short name -> file name; the file name is also the schema's URI in references and in :func:`registry`."""


def _schema_path(name: str) -> Path:
    """Where schema ``name`` is: shipped with the package, or a registered game's own file."""
    if name in SCHEMA_FILES:
        return schemas_dir() / SCHEMA_FILES[name]
    for game in games.games():
        if name in game.schema_files:
            return Path(game.schema_files[name])
    known = ", ".join(sorted(SCHEMA_FILES))
    raise KeyError(f"no schema {name!r}; the schemas are {known} and the registered games' own")


@cache
def load_schema(name: str) -> dict[str, Any]:
    """One of our schemas by short name (``tower-cardset``), or a registered game's own, as a mapping."""
    text = _schema_path(name).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def registry() -> Registry[Any]:
    """Every schema of ours by file name. Nothing else resolves: a remote ``$ref`` fails."""
    resources = [
        (file, Resource.from_contents(load_schema(name), DRAFT202012)) for name, file in SCHEMA_FILES.items()
    ]
    return Registry().with_resources(resources)


def bundle(name: str) -> dict[str, Any]:
    """Schema ``name`` and every schema it refers to, as one file that refers to nothing outside itself.

    Each schema it uses is copied under ``$defs`` by its short name and every
    ``$ref`` becomes a JSON pointer into the one document, which any tool
    resolves (``chaos-tower schema NAME --bundle``).
    """
    by_file = {file: short for short, file in SCHEMA_FILES.items()}
    root = copy.deepcopy(load_schema(name))
    taken = set(root.get("$defs", {}))
    embedded: dict[str, dict[str, Any]] = {}
    pending = [(name, root)]

    def rewrite(node: Any, here: str) -> None:
        if isinstance(node, list):
            for item in node:
                rewrite(item, here)
            return
        if not isinstance(node, dict):
            return
        ref = node.get("$ref")
        if isinstance(ref, str):
            file, _, pointer = ref.partition("#")
            target = by_file[file] if file else here
            if target != name and target not in embedded:
                if target in taken:
                    raise ValueError(f"cannot bundle {name}: its $defs already has {target!r}")
                # An embedded copy is a plain subschema now, not a resource with a $schema of its own.
                copied = copy.deepcopy(load_schema(target))
                embedded[target] = {key: value for key, value in copied.items() if key != "$schema"}
                pending.append((target, embedded[target]))
            node["$ref"] = "#" + ("" if target == name else f"/$defs/{target}") + pointer
        for key, value in node.items():
            if key != "examples":  # data, not schemas
                rewrite(value, here)

    while pending:
        current, schema = pending.pop()
        rewrite(schema, current)
    if embedded:
        root.setdefault("$defs", {}).update(embedded)
    return root


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for one of our schemas.

    Not checked against the metaschema here: they ship with the package and the tests check
    each one (tests/cardsets/test_schema_files.py), while checking took a quarter of a fresh process's
    first load_cardset (issue 13).
    """
    return Draft202012Validator(load_schema(name), registry=registry())


@frozen(kw_only=True)
class SchemaIssue:
    """A schema violation at a path in the validated document."""

    path: JsonPath
    message: str
    hint: str | None = None
    """A suggestion: the allowed key or value closest to a misspelt one."""
    keyword: str = ""
    """The JSON Schema keyword that failed (``required``, ``enum``, …)."""


def _choices(schema: Any) -> list[object]:
    """The plain values a schema allows by ``enum`` or ``const``, through ``oneOf``/``anyOf``."""
    if not isinstance(schema, dict):
        return []
    found: list[object] = list(schema.get("enum", []))
    if "const" in schema:
        found.append(schema["const"])
    for key in ("oneOf", "anyOf"):
        for branch in schema.get(key, []):
            found.extend(_choices(branch))
    return found


def _given_instead(error: ValidationError) -> str | None:
    """For a missing key: the unknown key beside it that looks like a misspelling of it."""
    names = error.validator_value if isinstance(error.validator_value, list) else []
    missing = next((n for n in names if error.message.startswith(repr(n))), None)
    extra = _extra_keys(error) if missing is not None else []
    close = get_close_matches(str(missing), extra, n=1, cutoff=0.6)
    return f"is {close[0]!r} it, misspelt?" if close else None


def _extra_keys(error: ValidationError) -> list[str]:
    allowed = set(error.schema.get("properties", {})) if isinstance(error.schema, dict) else set()
    instance = error.instance if isinstance(error.instance, dict) else {}
    return [key for key in instance if key not in allowed]


def _required_alternatives(error: ValidationError) -> list[str]:
    branches = error.validator_value
    if not isinstance(error.instance, dict) or not isinstance(branches, list):
        return []
    names = []
    for branch in branches:
        required = branch.get("required") if isinstance(branch, dict) else None
        if not required or len(required) != 1:
            return []
        names.append(str(required[0]))
    return names


def _explain(error: ValidationError) -> Iterator[SchemaIssue]:
    path: JsonPath = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and error.validator_value is False:
        # Point at each unknown key, not at the mapping that holds it.
        allowed = sorted(error.schema.get("properties", {})) if isinstance(error.schema, dict) else []
        for key in _extra_keys(error):
            yield SchemaIssue(
                path=(*path, key),
                message=f"unknown key {key!r}; allowed here: {', '.join(allowed)}",
                hint=did_you_mean(key, allowed),
            )
        return
    if error.validator == "oneOf" and _required_alternatives(error):
        # Branches that differ only by which key is present: "exactly one of add, set".
        names = _required_alternatives(error)
        yield SchemaIssue(path=path, message=f"give exactly one of {', '.join(repr(n) for n in names)}")
        return
    if error.validator in ("oneOf", "anyOf") and error.context:
        deepest = best_match(error.context)
        description = error.schema.get("description") if isinstance(error.schema, dict) else None
        if tuple(deepest.absolute_path) == path and description and not isinstance(error.instance, dict):
            # Alternatives of plain values ("wall", "-" or an integer): say what is allowed.
            yield SchemaIssue(
                path=path,
                message=f"{error.instance!r} is not allowed: {description}",
                hint=did_you_mean(error.instance, _choices(error.schema)),
            )
            return
        yield from _explain(deepest)
        return
    if error.validator in ("enum", "const"):
        hint = did_you_mean(error.instance, _choices(error.schema))
    elif error.validator == "required":
        hint = _given_instead(error)
    else:
        hint = None
    yield SchemaIssue(path=path, message=error.message, hint=hint, keyword=str(error.validator))


MAX_SCHEMA_ERRORS = 200
"""At most this many schema violations are reported; past them the validation stops (issue 11)."""


def schema_issues(name: str, instance: Any) -> list[SchemaIssue]:
    """Violations of schema ``name`` by ``instance`` (at most :data:`MAX_SCHEMA_ERRORS`), explained, in order.

    The errors come lazily, so stopping at the limit also stops the work: a list
    of 100,000 wrong items is answered at once, with its first errors.
    """
    issues: list[SchemaIssue] = []
    errors = validator(name).iter_errors(instance)
    for error in islice(errors, MAX_SCHEMA_ERRORS):
        issues.extend(_explain(error))
    unique = {(issue.path, issue.message): issue for issue in issues}
    ordered = sorted(unique.values(), key=lambda i: [str(p) for p in i.path])
    if next(errors, None) is not None:
        ordered.append(
            SchemaIssue(
                path=(), message=f"more than {MAX_SCHEMA_ERRORS} schema errors; the rest are not listed"
            )
        )
    return ordered
