"""The worst inputs within the limits are answered, and no message echoes a long value (issue 11).

The cases are those of ``bench/bench_limits.py`` (whose figures are in
docs/loading.md). The time bound here is only a hang guard, far above the
measured 1–2 s: the machine is shared, and a timed test must not be flaky.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import chaos_tower as ct
from chaos_tower import LIMITS, check_cardset
from chaos_tower.app import replay
from chaos_tower.kernel.errors import MAX_MESSAGE_CHARS, CardSetError, SaveError, shorten

BENCH = Path(__file__).resolve().parents[2] / "bench"
HANG_GUARD = 30.0
LIMIT_CODES = {"too-many-values", "file-too-large", "set-too-large", "set-too-many-values", "too-many-files"}


@pytest.fixture(scope="module")
def bench_limits() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCH))
    try:
        import bench_limits

        yield bench_limits
    finally:
        sys.path.remove(str(BENCH))


def _case_names() -> list[str]:
    sys.path.insert(0, str(BENCH))
    try:
        import bench_limits

        return list(bench_limits.CASES)
    finally:
        sys.path.remove(str(BENCH))


@pytest.mark.parametrize("name", _case_names())
def test_the_worst_inputs_within_the_limits_are_answered(
    bench_limits: ModuleType, name: str, tmp_path: Path
) -> None:
    cpu, wall, problems = bench_limits.answer(name, tmp_path)
    assert min(cpu, wall) < HANG_GUARD
    # Each case is within the limits: answered by the reader or the schema, not by a limit.
    assert not {p.code for p in problems} & LIMIT_CODES
    assert all(len(str(p)) < 2 * MAX_MESSAGE_CHARS + len(p.file) for p in problems)


def test_the_worst_replay_within_the_limit_is_refused_briefly(bench_limits: ModuleType) -> None:
    cpu, wall, message = bench_limits.time_replay()
    assert min(cpu, wall) < HANG_GUARD
    assert "not a replay" in message and len(message) <= MAX_MESSAGE_CHARS


def test_the_set_budget_is_shared_by_the_files_of_a_directory(tmp_path: Path) -> None:
    # Each file is within the per-file limits; together they are over the set's.
    part = "rooms: [" + ",".join(["0"] * (LIMITS.max_total_values // 2)) + "]\n"
    for index in range(3):
        (tmp_path / f"part-{index}.yaml").write_text(part, encoding="utf-8")
    _, problems = check_cardset(tmp_path)
    assert [(Path(p.file).name, p.code) for p in problems] == [("part-1.yaml", "set-too-many-values")]
    big = "a: [" + ",".join(['"' + "x" * 9000 + '"'] * 30) + "]\n"
    assert LIMITS.max_total_bytes // 2 < len(big) <= LIMITS.max_file_bytes
    for index in range(3):
        (tmp_path / f"part-{index}.yaml").write_text(big, encoding="utf-8")
    _, problems = check_cardset(tmp_path)
    assert [(Path(p.file).name, p.code) for p in problems] == [("part-1.yaml", "set-too-large")]


# -- long values in messages -----------------------------------------------------------------
def test_a_list_over_max_items_is_not_echoed_whole(tmp_path: Path) -> None:
    minimal = (Path(__file__).parents[1] / "data" / "good" / "minimal.yaml").read_text(encoding="utf-8")
    rooms = "rooms: [" + ", ".join(["{id: room.x}"] * 5000) + "]\n"
    path = tmp_path / "set.yaml"
    path.write_text(minimal.split("rooms:")[0] + rooms, encoding="utf-8")
    cards, problems = check_cardset(path)
    assert cards is None
    too_long = [p for p in problems if "is too long" in p.message]
    assert len(too_long) == 1
    assert len(too_long[0].message) <= MAX_MESSAGE_CHARS
    assert "characters cut" in too_long[0].message
    assert all(len(p.message) <= MAX_MESSAGE_CHARS for p in problems)
    # No more than the schema stage's cap, and a word that the rest is not listed.
    assert len(problems) <= 202
    assert problems and any("not listed" in p.message for p in problems)


def test_a_replay_with_too_many_actions_gives_a_short_error() -> None:
    data = replay.record(ct.load_cardset(), ["place 0,0 r0"], seed=7, hashes=False).to_json()
    data["actions"] = ["place 0,0 r0"] * 100_001
    start = time.perf_counter()
    with pytest.raises(replay.ReplayFormatError) as caught:
        replay.loads(json.dumps(data))
    assert time.perf_counter() - start < HANG_GUARD
    message = str(caught.value)
    assert "is too long" in message and len(message) <= MAX_MESSAGE_CHARS


def test_a_save_with_a_long_value_gives_a_short_error() -> None:
    cards = ct.load_cardset()
    data = json.loads(ct.dumps(ct.new_game(cards, seed=1)))
    data["format"] = "Z" * 100_000
    with pytest.raises(SaveError) as caught:
        ct.loads(json.dumps(data), cards)
    assert len(str(caught.value)) <= MAX_MESSAGE_CHARS
    assert "characters cut" in str(caught.value)


def test_a_card_set_error_keeps_every_problem_line() -> None:
    problem = ct.Problem(file="f", line=1, column=1, path="$", code="schema", message="m" * 5000)
    assert len(problem.message) <= MAX_MESSAGE_CHARS
    error = CardSetError(
        [problem, ct.Problem(file="g", line=2, column=1, path="$", code="x", message="short")]
    )
    lines = str(error).splitlines()
    assert len(lines) == 3 and lines[2].endswith("short")
    assert all(len(line) <= MAX_MESSAGE_CHARS for line in lines)


def test_shorten_keeps_the_head_and_the_tail() -> None:
    text = "[" + "1, " * 10_000 + "2] is too long"
    short = shorten(text)
    assert len(short) <= MAX_MESSAGE_CHARS
    assert short.startswith("[1, 1, ") and short.endswith("2] is too long")
    head, marker, tail = short.split(" … ")
    assert marker == f"({len(text) - len(head) - len(tail)} characters cut)"
    assert shorten("short\n" + "x" * 1000).startswith("short\nxxx")
    assert shorten("fits") == "fits"


# -- a flaw at the end of the most values (issue 22) ------------------------------------------
FLAWED_AT_THE_END = {
    "most values, a duplicate key at the end": ("duplicate-key", 0.0),
    "most values, a line separator at the end": ("line-separator", 0.0),
    "most values, a syntax error at the end": ("yaml-syntax", 1.05),
    "most values, an unclosed list at the end": ("yaml-syntax", 1.05),
    "400 KB flow list, past the value limit": ("too-many-values", 0.0),
    "block list, past the value limit": ("too-many-values", 0.0),
}
"""Each case, the problem it gets, and how many of its values the pure-Python reader may read again
(as a share of the limit): none where the fast reader answers, one reading where only that reader
words a syntax error (the error's path comes from that same reading, not from a third)."""


@pytest.fixture
def pure_events(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the events the pure-Python (ruamel) parser gives, wherever the card-set readers use it."""
    from ruamel.yaml import YAML

    from chaos_tower.cardsets import safeload, yamlwhere

    read = [0]

    class Counting(YAML):  # type: ignore[misc]
        def parse(self, stream: Any) -> Any:
            for event in super().parse(stream):
                read[0] += 1
                yield event

    monkeypatch.setattr(safeload, "YAML", Counting)
    monkeypatch.setattr(yamlwhere, "YAML", Counting)
    return read


@pytest.mark.parametrize("name", FLAWED_AT_THE_END)
def test_a_flaw_at_the_end_of_the_most_values_is_found_in_one_reading(
    bench_limits: ModuleType, name: str, tmp_path: Path, pure_events: list[int]
) -> None:
    """A file within the limits is answered in about a second or two of CPU whatever its flaw (issue 22):
    the slow second reading is not run where the fast one can answer, and runs once where it cannot."""
    code, share = FLAWED_AT_THE_END[name]
    cpu, wall, problems = bench_limits.answer(name, tmp_path)
    assert [p.code for p in problems] == [code]
    assert pure_events[0] <= share * LIMITS.max_nodes
    assert min(cpu, wall) < HANG_GUARD
