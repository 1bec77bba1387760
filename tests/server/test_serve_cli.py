"""``chaos-tower serve``'s command line and the server's card sets (issue 26, items 1 and 8)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from chaos_tower.app.cli import main
from chaos_tower.server.config import ServerSetupError, load_cardsets
from chaos_tower.server.rows import ActionRow
from chaos_tower.server.store import SqliteStore

from .serving import ROOT

CARDS = ROOT / "carddata"


def test_serve_is_a_command_and_its_help_loads_no_web_stack() -> None:
    """`chaos-tower serve --help` names its options without importing Starlette or uvicorn."""
    code = (
        "import sys\nfrom chaos_tower.app.cli import main\n"
        "try:\n    main(['serve', '--help'])\nexcept SystemExit:\n    pass\n"
        "print('starlette' in sys.modules, 'uvicorn' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "src")},
    ).stdout
    assert "--db PATH_OR_URL" in out and "--cards" in out and out.strip().endswith("False False")


def test_an_invalid_card_set_stops_the_server_before_it_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A card set that `validate` refuses: exit code 1 and its problems, nothing served."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("header: {game: tower, name: x}\nrooms: [1, 2]\n", encoding="utf-8")
    assert main(["serve", "--cards", str(bad), "--db", str(tmp_path / "db.sqlite3")]) == 1
    assert "not a valid card set" in capsys.readouterr().err
    with pytest.raises(ServerSetupError):
        load_cardsets([str(tmp_path / "missing")])


def test_the_server_serves_the_card_sets_it_was_given_and_only_those() -> None:
    """With --cards, only those sets (by their header's name); without, every game's built-in one."""
    given = load_cardsets([str(CARDS / "crest")])
    assert list(given.games.values()) == ["crest"]
    assert sorted(load_cardsets().games) == ["crest", "tower"]


def test_a_step_is_stored_once(tmp_path: Path) -> None:
    """The database refuses a second action for a step already stored (two servers cannot both play it)."""

    async def go() -> tuple[bool, bool, int]:
        store = SqliteStore(str(tmp_path / "s.sqlite3"))
        await store.create("t", "{}", 0.0)
        row = ActionRow(step=1, seat=0, action="draw", hash="h", at=0.0)
        first = await store.append("t", row)
        second = await store.append("t", ActionRow(step=1, seat=1, action="pass", hash="g", at=1.0))
        count = len(await store.actions("t"))
        await store.close()
        return first, second, count

    assert asyncio.run(go()) == (True, False, 1)
