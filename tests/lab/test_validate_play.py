"""``chaos-tower validate --play N``: quick games after the checks, and warnings (issue 15)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.app.cli import main
from chaos_tower.lab import validate


def test_the_built_in_sets_get_played_and_warned_about(capsys: pytest.CaptureFixture[str]) -> None:
    """Six quick games each: the Tower set's agents win none, most items are never gained."""
    assert main(["validate", "carddata/tower", "carddata/crest", "--play", "6"]) == 0
    out = capsys.readouterr().out
    assert "carddata/tower: valid" in out
    assert "carddata/tower: warning: no game won by any agent (6 games, random and greedy)" in out
    assert "carddata/tower: warning: item never gained:" in out
    assert "carddata/crest: warning: no game won" not in out  # a duel always has a winner before the limit


def test_warnings_in_json_and_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """--format json carries the warnings; a negative N is refused."""
    assert main(["validate", "carddata/crest", "--play", "2", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report[0]["valid"] and isinstance(report[0]["warnings"], list)
    assert main(["validate", "carddata/crest", "--play", "-1"]) == 2
    assert "--play" in capsys.readouterr().err


def test_every_warning_fires_on_rows_that_call_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games all short, none won, a room never placed and an item never gained: four warnings."""
    cards = ct.load_cardset()
    placed = [c.id for c in cards.rooms[1:]] + [c.id for c in cards.monsters]
    items = [c.id for c in (*cards.items, *cards.normal_items, *cards.rare_items)][1:]

    def short_game(spec: Any, cards: Any, index: int) -> dict[str, Any]:
        return {"winners": [], "length": 3, "placed": placed, "held": items, "used": []}

    monkeypatch.setattr(validate, "play_game", short_game)
    warnings = validate.play_warnings(cards, 4)
    assert warnings == [
        "no game won by any agent (4 games, random and greedy)",
        "every game was shorter than 5 actions",
        f"card never placed: {cards.rooms[0].id}",
        f"item never gained: {cards.items[0].id}",
    ]
