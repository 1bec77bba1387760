"""The JSON Schemas, resolved from memory only, and their errors in plain words."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from itertools import islice
from typing import Any

from attrs import frozen
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .resources import schemas_dir
from .safeload import JsonPath

__all__ = [
    "MAX_SCHEMA_ERRORS",
    "SCHEMA_FILES",
    "SchemaIssue",
    "load_schema",
    "registry",
    "schema_issues",
    "validator",
]

SCHEMA_FILES = {
    "tower-cardset": "tower-cardset.schema.json",
    "tower-vocabulary": "tower-vocabulary.schema.json",
    "crest-cardset": "crest-cardset.schema.json",
    "replay": "replay.schema.json",
}


@cache
def load_schema(name: str) -> dict[str, Any]:
    """One of our schemas by short name (``tower-cardset``), as a mapping."""
    text = (schemas_dir() / SCHEMA_FILES[name]).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def registry() -> Registry[Any]:
    """Every schema of ours by ``$id``. Nothing else resolves: a remote ``$ref`` fails."""
    resources = [
        (load_schema(name)["$id"], Resource.from_contents(load_schema(name), DRAFT202012))
        for name in SCHEMA_FILES
    ]
    return Registry().with_resources(resources)


@cache
def validator(name: str) -> Draft202012Validator:
    """A validator for one of our schemas; the schemas are checked against the metaschema once."""
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry())


@frozen(kw_only=True)
class SchemaIssue:
    """A schema violation at a path in the validated document."""

    path: JsonPath
    message: str


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
            yield SchemaIssue(path=path, message=f"{error.instance!r} is not allowed: {description}")
            return
        yield from _explain(deepest)
        return
    yield SchemaIssue(path=path, message=error.message)


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
