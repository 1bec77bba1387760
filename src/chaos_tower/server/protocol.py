"""The protocol's JSON Schema (``protocol.schema.json`` beside this module) and the checks of what
clients send: every frame and request body is checked against it before anything reads it."""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

__all__ = ["SCHEMA_PATH", "check", "schema"]

SCHEMA_PATH = Path(str(files(__package__) / "protocol.schema.json"))
"""The protocol's schema file; each frame and body is one of its ``$defs``."""


@cache
def schema() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(files(__package__).joinpath("protocol.schema.json").read_text("utf-8"))
    return data


@cache
def _validator(name: str) -> Draft202012Validator:
    whole = schema()
    return Draft202012Validator({"$ref": f"#/$defs/{name}", "$defs": whole["$defs"]})


def check(name: str, data: Any) -> str | None:
    """Why ``data`` is not a valid ``name`` (a ``$defs`` entry), or ``None`` if it is."""
    error = next(iter(_validator(name).iter_errors(data)), None)
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "(top)"
    return f"at {where}: {error.message}"
