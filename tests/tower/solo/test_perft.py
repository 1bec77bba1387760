"""Perft: the number of distinct action sequences from fixed positions, as chess engines count.

``perft(s, 0) = 1`` and ``perft(s, d) = sum(perft(apply(s, a), d - 1) for a in legal_actions(s))``,
so a finished game counts 1 at depth 0 and nothing deeper. The counts catch any
change in which actions are legal or in what they lead to, in positions chosen
to exercise different parts of the rules (the start, a floor in play, after a
fight, on a step, in ZAP). Each file in ``tests/data/perft/`` holds a position
in notation (written by ``tools/make_goldens.py``), its counts per depth, and
the deepest count divided by first action; on a mismatch the test prints the
divide, like ``perft divide`` in a chess engine, so the first action whose
subtree changed is found at once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower.tower.solo.invariants import violations
from chaos_tower.tower.solo.perft import divide, perft

PERFT = Path(__file__).resolve().parents[2] / "data" / "perft"
FILES = sorted(PERFT.glob("*.json"))
GAME = ct.new_game(ct.load_cardset()).game


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def position(record: dict[str, Any]) -> ct.State:
    state = ct.from_notation(record["position"], GAME)
    assert ct.to_notation(state) == record["position"], "the position does not rebuild from its notation"
    assert violations(state) == []
    return state


def explain(state: ct.State, depth: int, expected: dict[str, int] | None) -> str:
    """The divide at ``depth``, with the expected counts where known; differing lines first."""
    got = divide(state, depth)
    lines = []
    for text in sorted(set(got) | set(expected or {})):
        have = got.get(text, "-")
        want = "?" if expected is None else expected.get(text, "-")
        mark = "" if expected is None or have == want else "   <-- differs"
        lines.append(f"  {text}: {have} (expected {want}){mark}")
    lines.sort(key=lambda line: not line.endswith("differs"))
    return f"divide at depth {depth}:\n" + "\n".join(lines)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_perft(path: Path) -> None:
    record = load(path)
    state = position(record)
    deepest = max(int(d) for d in record["perft"])
    for key, count in sorted(record["perft"].items(), key=lambda kv: int(kv[0])):
        depth = int(key)
        got = perft(state, depth)
        if got != count:
            known = record["divide"] if depth == deepest else None
            pytest.fail(
                f"{path.stem} ({record['why']}): perft({depth}) = {got}, expected {count}\n"
                f"{record['position']}\n{explain(state, depth, known)}\n"
                "if the change is meant, regenerate with: python tools/make_goldens.py"
            )
    assert sum(record["divide"].values()) == record["perft"][str(deepest)]


def test_perft_files() -> None:
    """Every file in the folder is a perft record; there are 4 to 6; depth 3 at least."""
    assert PERFT.is_dir(), "run python tools/make_goldens.py"
    assert [p.name for p in PERFT.iterdir() if p.suffix != ".json"] == []
    assert 4 <= len(FILES) <= 6
    for path in FILES:
        record = load(path)
        assert {"position", "perft", "divide", "why"} <= set(record)
        assert max(int(d) for d in record["perft"]) >= 3


def test_perft_definition() -> None:
    """A finished game counts 1 at depth 0 and 0 beyond; a fresh game counts its placements."""
    state = ct.new_game(ct.load_cardset(), seed=0, max_actions=1)
    assert perft(state, 0) == 1
    assert perft(state, 1) == len(ct.legal_actions(state))
    # max_actions=1: every first action ends the game, so nothing follows.
    assert perft(state, 2) == 0
    assert divide(state, 2) == {ct.action_text(state, a): 0 for a in ct.legal_actions(state)}
