"""Golden replays: seed + actions → the exact final save (``tools/make_crest_goldens.py`` makes them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import chaos_tower as ct
from chaos_tower.crest.cards import CrestCardSet

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden" / "crest"
FILES = sorted(GOLDEN.glob("*.json"))


def test_there_are_golden_replays_for_every_player_count() -> None:
    counts = {json.loads(p.read_text(encoding="utf-8"))["players"] for p in FILES}
    assert counts == {2, 3, 4, 5, 6}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_replay_reaches_the_exact_final_state(crest: CrestCardSet, path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    state = ct.new_game(
        crest,
        players=data["players"],
        teams=data["teams"] or None,
        seed=data["seed"],
        max_actions=data["max_actions"],
    )
    for text in data["actions"]:
        assert not ct.is_terminal(state)
        state = ct.apply(state, ct.parse_action(state, text))
    assert ct.is_terminal(state)
    final = json.dumps(data["final"], ensure_ascii=False, sort_keys=True)
    assert ct.dumps(state) == final, f"{path.name}: the replay drifted; see tools/make_crest_goldens.py"
