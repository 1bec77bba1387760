"""Where the schemas and the built-in card sets are, installed or in a checkout."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

__all__ = ["carddata_dir", "schemas_dir"]


@cache
def _data_root() -> Path:
    # A wheel carries schemas/ and carddata/ inside the package (see
    # pyproject.toml); an editable checkout has them at the repository's top.
    packaged = Path(str(files("chaos_tower"))) / "_data"
    if (packaged / "schemas").is_dir():
        return packaged
    checkout = Path(__file__).resolve().parents[3]
    if (checkout / "schemas").is_dir():
        return checkout
    raise FileNotFoundError("the chaos_tower data files (schemas/, carddata/) are missing")


def schemas_dir() -> Path:
    """The folder holding the JSON Schemas."""
    return _data_root() / "schemas"


def carddata_dir() -> Path:
    """The folder holding the built-in card sets (``tower/``, …)."""
    return _data_root() / "carddata"
