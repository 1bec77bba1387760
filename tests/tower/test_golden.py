"""Golden replays: whole recorded games must play out exactly as they did.

Each file in ``tests/data/golden/`` is one game written by
``tools/make_goldens.py``: the seed, the ``max_actions`` limit, every action
as text, the events of every step (``str(event)``, in order), a short
fingerprint of the position after every step, the final position in
notation, and the outcome. The replay parses each action against the current
position, applies it, and compares as it goes, so a change of behaviour fails
at the first step that differs, naming it.

When the rules change on purpose, regenerate with ``python tools/make_goldens.py``
and read the diff.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import chaos_tower as ct

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
KEYS = {"seed", "max_actions", "actions", "final", "outcome", "events"}
CARDS = ct.load_cardset()
REGENERATE = "if the change is meant, regenerate with: python tools/make_goldens.py"


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def checkpoint(state: ct.State) -> str:
    """The position fingerprint the generator stores per step."""
    return hashlib.sha256(ct.to_notation(state).encode()).hexdigest()[:16]


def replay(record: dict[str, Any]) -> list[tuple[str, ct.State, ct.State]]:
    """Replay a golden game, checking every step; return (text, before, after) per step."""
    state = ct.new_game(CARDS, seed=record["seed"], max_actions=record["max_actions"])
    if "start" in record:
        assert ct.to_notation(state) == record["start"], f"the new game differs. {REGENERATE}"
    events: list[str] = record["events"]
    checkpoints: list[str] | None = record.get("checkpoints")
    position = 0
    steps = []
    for number, text in enumerate(record["actions"], start=1):
        where = f"step {number} ({text!r}) from\n  {ct.to_notation(state)}\n"
        try:
            action = ct.parse_action(state, text)
            after = ct.apply(state, action)
        except ct.ChaosTowerError as exc:
            pytest.fail(f"{where}is no longer legal: {type(exc).__name__}: {exc}. {REGENERATE}")
        got = [str(e) for e in after.events]
        want = events[position : position + len(got)]
        if got != want:
            pytest.fail(
                f"{where}makes other events:\n  got:      {got}\n  expected: {want} "
                f"(and then {events[position + len(got) : position + len(got) + 3]}). {REGENERATE}"
            )
        position += len(got)
        if checkpoints is not None and checkpoint(after) != checkpoints[number - 1]:
            pytest.fail(f"{where}leads to another position:\n  {ct.to_notation(after)}\n{REGENERATE}")
        steps.append((text, state, after))
        state = after
    if position != len(events):
        pytest.fail(f"the game makes fewer events than recorded; missing: {events[position:]}. {REGENERATE}")
    return steps


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay(path: Path) -> None:
    record = load(path)
    steps = replay(record)
    assert steps, "a golden game has at least one action"
    final = steps[-1][2]
    assert ct.to_notation(final) == record["final"], REGENERATE
    result = ct.outcome(final)
    assert (None if result is None else attrs.asdict(result)) == record["outcome"], REGENERATE
    # Every golden game is played to its end.
    assert result is not None
    assert ct.legal_actions(final) == ()


def test_every_golden_file_is_replayed() -> None:
    """The replay above is parametrized by the folder's content: every file there is a
    well-formed golden game and nothing else lies in the folder (but ``vs/``, the VS modes'
    golden games, replayed by ``tests/vs/test_golden.py``)."""
    assert GOLDEN.is_dir(), "run python tools/make_goldens.py"
    # Other games keep their golden replays in their own subfolders (tests/vs, tests/crest).
    others = [p.name for p in GOLDEN.iterdir() if p.suffix != ".json" and p.name not in ("vs", "crest")]
    assert others == []
    assert len(FILES) >= 10
    assert sorted(GOLDEN.glob("*.json")) == FILES
    for path in FILES:
        record = load(path)
        assert set(record) >= KEYS, f"{path.name} lacks {KEYS - set(record)}"
        assert isinstance(record["seed"], int) and isinstance(record["actions"], list)
        assert all(isinstance(a, str) for a in record["actions"])
        assert all(isinstance(e, str) for e in record["events"])
        if "case" in record:
            assert record["case"] == path.stem


def _shows(steps: list[tuple[str, ct.State, ct.State]]) -> set[str]:
    found: set[str] = set()
    final = steps[-1][2]
    result = ct.outcome(final)
    assert result is not None
    found.add(result.cause)
    zapped = False
    for text, before, after in steps:
        zapped = zapped or after.level == 0
        if zapped and before.level == 0 and after.level == 1:
            found.add("zap-round-trip")
        if after.level >= 3:
            found.add("floor-3")
        if text.startswith("use "):
            found.add("use")
        if text.startswith("set "):
            found.add("set")
    if {"set", "use"} <= found:
        found.add("slot-item")
    return found


def test_goldens_cover_the_cases() -> None:
    """Together the games lose by life 0 and by walking off the floor, run into the
    action limit, fall into ZAP and leave it by a step, reach floor 3, (in one game)
    set an item in a slot and use it, and (in one game, TOC-STEP-11E) bring Rebright down."""
    found: set[str] = set()
    for path in FILES:
        found |= _shows(replay(load(path)))
    wanted = {"life-zero", "left-floor", "max-actions", "zap-round-trip", "floor-3", "slot-item"}
    wanted.add("rebright-fell")
    assert wanted <= found, f"no golden game shows {wanted - found}"
