"""Where each card of a set stands in its files: the file and line of the entry with its ``id``.

The loader keeps every value's position (:class:`~.safeload.Document`); a message about a card
found after loading (``chaos-tower validate --play``'s warnings) names the card's file and line
with these, as the loader's own problems do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .safefile import FileRefusal, read_limited
from .safeload import LIMITS, JsonPath, parse_bytes

__all__ = ["card_lines"]

_SUFFIXES = (".yaml", ".yml", ".json")


def card_lines(path: str | Path) -> dict[str, tuple[str, int]]:
    """Each card ID of the set at ``path`` (a file or a directory of them) → (file, line).

    A card is an entry with a text ``id``: an item of a section's list, or a section of its own
    (a single card). Files that cannot be read give nothing (the loader reports them).
    """
    where = Path(path)
    files = sorted(p for p in where.iterdir() if p.suffix.lower() in _SUFFIXES) if where.is_dir() else [where]
    found: dict[str, tuple[str, int]] = {}
    for file in files:
        try:
            raw = read_limited(file, LIMITS.max_file_bytes)
        except (FileRefusal, OSError):
            continue
        document, _ = parse_bytes(raw, file=str(file), json_mode=file.suffix.lower() == ".json")
        if document is None or not isinstance(document.data, dict):
            continue
        for key, value in document.data.items():
            entries: list[tuple[JsonPath, Any]] = (
                [((key, i), item) for i, item in enumerate(value)]
                if isinstance(value, list)
                else [((key,), value)]
            )
            for at, entry in entries:
                if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                    found.setdefault(entry["id"], (str(file), document.position(at)[0]))
    return found
