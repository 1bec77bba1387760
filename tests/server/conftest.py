from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .serving import Server, thread_server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with thread_server(str(tmp_path / "tables.sqlite3")) as running:
        yield running
