"""Golden replays of the VS modes: recorded games must play out exactly as they did.

Each file in ``tests/data/golden/vs/`` is one game written by ``tools/make_vs_goldens.py``:
the set-up, every action as text, the events of every step, a fingerprint of the
saved state after every step, the final save and the outcome. The replay parses
each action against the current position and compares as it goes, so a change
of behaviour fails at the first step that differs. When the rules change on
purpose, regenerate with ``python tools/make_vs_goldens.py`` and read the diff.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

import chaos_tower as ct

from .scenario import CARDS

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden" / "vs"
FILES = sorted(GOLDEN.glob("*.json"))
REGENERATE = "if the change is meant, regenerate with: python tools/make_vs_goldens.py"


def test_there_is_a_golden_game_for_each_player_count() -> None:
    counts = {json.loads(p.read_text(encoding="utf-8"))["players"] for p in FILES}
    assert counts == {2, 3, 4, 5}


def test_TOC_VS2_027_both_readings_of_who_adjusts_have_golden_games() -> None:
    """TOC-VS2-027 / TOC-VS3-047: the default (the drawer adjusts) and the option adjust_after_draw="all"."""
    readings = {json.loads(p.read_text(encoding="utf-8"))["adjust_after_draw"] for p in FILES}
    assert readings == {"drawer", "all"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay(path: Path) -> None:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    state = ct.new_game(
        CARDS,
        mode="vs",
        players=data["players"],
        seed=data["seed"],
        extra_rule=data["extra_rule"],
        adjust_after_draw=data["adjust_after_draw"],
    )
    assert len(data["actions"]) == len(data["events"]) == len(data["checkpoints"])
    for step, (text, events, mark) in enumerate(
        zip(data["actions"], data["events"], data["checkpoints"], strict=True)
    ):
        assert not ct.is_terminal(state), f"step {step}: the game ended early; {REGENERATE}"
        state = ct.apply(state, ct.parse_action(state, text))
        assert [str(e) for e in state.events] == events, f"step {step} ({text}): events differ; {REGENERATE}"
        digest = hashlib.sha256(ct.dumps(state).encode("utf-8")).hexdigest()[:16]
        assert digest == mark, f"step {step} ({text}): the position differs; {REGENERATE}"
    assert json.loads(ct.dumps(state)) == data["final"], REGENERATE
    outcome = ct.outcome(state)
    assert outcome is not None
    assert {"results": list(outcome.results), "cause": outcome.cause, "rule": outcome.rule} == data["outcome"]
    assert outcome.cause == data["shows"]
    assert ct.loads(json.dumps(data["final"]), CARDS) == state
