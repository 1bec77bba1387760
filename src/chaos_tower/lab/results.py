"""The rows' schema, and reading a results directory back.

A results directory holds ``run.json`` (the run record) and ``games/``, one
Parquet file per finished chunk of games (``part-000012.parquet``). Together
they are one Parquet dataset, one row per game; :func:`read_games` returns it
in game order.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from .spec import LabError

__all__ = ["SCHEMA", "STATISTICS", "columns_table", "part_name", "read_games", "read_record", "to_table"]

_CARDS = pa.list_(pa.string())
SCHEMA = pa.schema(
    [
        pa.field("game", pa.int64(), nullable=False),
        pa.field("seed", pa.int64(), nullable=False),
        pa.field("agents", _CARDS),
        pa.field("options", pa.string()),
        pa.field("outcome", pa.string()),
        pa.field("cause", pa.string()),
        pa.field("length", pa.int32()),
        pa.field("results", pa.list_(pa.string())),
        pa.field("returns", pa.list_(pa.float64())),
        pa.field("winners", pa.list_(pa.int32())),
        pa.field("first", pa.int32()),
        pa.field("floor", pa.int32()),
        pa.field("monsters", _CARDS),
        pa.field("drawn", _CARDS),
        pa.field("placed", _CARDS),
        pa.field("fought", _CARDS),
        pa.field("defeated", _CARDS),
        pa.field("held", _CARDS),
        pa.field("used", _CARDS),
        pa.field("killers", _CARDS),
        pa.field("seat_cards", _CARDS),
        pa.field("turns", pa.int32()),
        pa.field("lead_changes", pa.int32()),
        pa.field("leader", pa.int32()),
        pa.field("lead_kept", pa.int32()),
        pa.field("bluffs", pa.int32()),
        pa.field("bluffs_kept", pa.int32()),
    ]
)
"""One row per game.

``seat_cards``: ``seat:card`` for what each seat drew, placed or used; ``first``:
the seat that played first (VS, Crest: as the setup names it; another game of several
players: the seat to act first); ``floor``: the highest reached (solo);
``turns``, ``lead_changes``, ``leader``, ``lead_kept``: the race between seats
(:mod:`chaos_tower.kernel.race`; empty in the solo Tower); ``bluffs``, ``bluffs_kept``: the VS
declarations naming one's own attribute, and those no other player then named
rightly (:mod:`.metrics`).
"""


STATISTICS = tuple(field.name for field in SCHEMA if not pa.types.is_list(field.type))
"""The columns whose Parquet files keep min/max statistics (a reader's filter on ``game``, ``length``
or ``floor`` skips files by them): not the lists of card IDs, whose statistics would cost a lab
chunk about a tenth of its writing time and filter nothing useful."""


def to_table(rows: list[dict[str, Any]]) -> pa.Table:
    """The rows as an Arrow table of :data:`SCHEMA`."""
    return pa.Table.from_pylist(rows, schema=SCHEMA)


def columns_table(names: Sequence[str], rows: list[tuple[Any, ...]]) -> pa.Table:
    """Rows given as tuples of values in the order of ``names`` (every column of :data:`SCHEMA`) as
    an Arrow table: the same table as :func:`to_table` of those rows as dicts, without a dict per
    row (a lab chunk)."""
    if not rows:
        return SCHEMA.empty_table()
    columns = dict(zip(names, map(list, zip(*rows, strict=True)), strict=True))
    return pa.Table.from_pydict(columns, schema=SCHEMA)


def part_name(chunk: int) -> str:
    """The file name of a chunk's rows."""
    return f"part-{chunk:06d}.parquet"


def read_record(results: str | Path) -> dict[str, Any]:
    """The run record (``run.json``) of a results directory."""
    path = Path(results) / "run.json"
    try:
        record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LabError(f"{results}: not a lab results directory (no run.json)") from None
    except (OSError, ValueError) as exc:
        raise LabError(f"{path}: unreadable run record: {exc}") from None
    if not isinstance(record, dict) or "spec" not in record:
        raise LabError(f"{path}: not a lab run record")
    _check_record(record, path)
    return record


def _check_record(record: dict[str, Any], path: Path) -> None:
    """:class:`LabError` naming ``run.json`` for a record edited into something no run wrote."""
    from .spec import RunSpec

    try:
        RunSpec.from_json(record["spec"]).check(agents=False)
    except LabError as exc:
        raise LabError(f"{path}: a damaged run record (its spec: {exc})") from None
    cards = record.get("cards")
    if not isinstance(cards, dict) or not isinstance(cards.get("sha256"), str):
        raise LabError(f"{path}: a damaged run record (cards.sha256 is missing)")
    chunk = record.get("chunk")
    if not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 1:
        raise LabError(f"{path}: a damaged run record (chunk is {chunk!r}, not a whole number of games)")
    if not isinstance(record.get("sessions"), list):
        raise LabError(f"{path}: a damaged run record (sessions is not a list)")


ADDED = ("turns", "lead_changes", "leader", "lead_kept", "bluffs", "bluffs_kept")
"""Columns added after the first rows were written: a chunk written before them reads them as empty."""


def _with_columns(table: pa.Table) -> pa.Table:
    for name in ADDED:
        if name not in table.column_names:
            table = table.append_column(SCHEMA.field(name), pa.nulls(table.num_rows, SCHEMA.field(name).type))
    return table.select(SCHEMA.names).cast(SCHEMA)


def read_games(results: str | Path) -> pa.Table:
    """Every game played so far, one row each, in game order."""
    read_record(results)
    folder = Path(results) / "games"
    parts = sorted(folder.glob("part-*.parquet")) if folder.is_dir() else []
    if not parts:
        return SCHEMA.empty_table()
    tables = []
    for part in parts:
        try:
            tables.append(_with_columns(pq.read_table(part)))
        except (OSError, pa.ArrowException) as exc:
            raise LabError(
                f"{part}: a damaged chunk file ({exc}); `lab run` with the same options plays it again"
            ) from None
    return pa.concat_tables(tables).sort_by("game")
