"""``lab metrics`` (issue 25 item 1): the race read from the events, and every metric's formula.

The race (VS counters, Crest HP) is read from the events only, so it is checked
here against the states themselves, game by game; the metrics are checked
against rows whose figures are worked out by hand.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import chaos_tower as ct
from chaos_tower.agents import decide
from chaos_tower.app.cli import main
from chaos_tower.kernel.race import Race
from chaos_tower.lab.agents import factory_for
from chaos_tower.lab.facts import tracker_for
from chaos_tower.lab.metrics import DEFINITIONS, game_metrics, metrics_text, points
from chaos_tower.lab.results import SCHEMA, read_games, to_table
from chaos_tower.lab.runner import run
from chaos_tower.lab.spec import RunSpec


def test_the_race_counts_lead_changes_and_the_lead_kept_at_the_end() -> None:
    race = Race([4.0, 4.0])
    for scores in ([4.0, 4.0], [5.0, 3.0], [5.0, 5.0], [2.0, 5.0], [2.0, 6.0]):
        race.scores[:] = scores
        race.turn()
    race.scores[:] = [1.0, 7.0]
    # leaders at the turns' starts: none, 0, none (a tie), 1, 1; then the final standing 1
    assert race.row() == {"lead_changes": 1, "leader": 1, "lead_kept": 2}
    race.scores[:] = [8.0, 7.0]
    assert race.row() == {"lead_changes": 2, "leader": 0, "lead_kept": 0}


def _play(rules: str, cards: Any, seed: int, **options: Any) -> Iterator[tuple[Any, Any]]:
    """(state, tracker) after every action of one random game, as it is played (the tracker closed
    at the last)."""
    state = ct.api.new_game(cards, seed=seed, **options)
    players = int(options.get("players", 2))
    tracker = tracker_for(rules, cards, players)
    tracker.observe(state.events)
    agents = [factory_for("random", rules)(seed * 10 + s) for s in range(players)]
    yield state, tracker
    while (seat := ct.current_player(state)) is not None:
        state = ct.apply(state, decide(agents[seat], state))
        tracker.observe(state.events)
        if ct.current_player(state) is None:
            tracker.close(state)
        yield state, tracker


@pytest.mark.parametrize("players", [2, 3, 5])
def test_TOC_VS2_030_the_vs_race_read_from_the_events_is_the_states_highest_counter(players: int) -> None:
    """TOC-VS2-030: the race is each player's highest single counter; the events' reading matches the
    state after every action (pay, adjust, the extra rule's subtraction, players out)."""
    cards = ct.load_cardset()
    for seed in range(12):
        options = {"mode": "vs", "players": players, "extra_rule": seed % 2 == 1}
        for state, tracker in _play("tower-vs", cards, seed, **options):
            expected = [
                float("-inf") if state.out[p] else float(max(state.counters[p])) for p in range(players)
            ]
            if players == 2:  # nobody is "out" with two players: the game ends instead
                expected = [float(max(c)) for c in state.counters]
            assert tracker.race.scores == expected, (seed, tracker.counters, state.counters)


def test_CRD_BEAST_B_the_crest_race_read_from_the_events_is_the_states_hp() -> None:
    """CRD-BEAST-B: damage, healing and recovery as the events report them give each monster's HP."""
    cards = ct.load_cardset(game="crest")
    for seed in range(8):
        for state, tracker in _play("crest", cards, seed, players=2 + seed % 3):
            if not tracker.monsters:
                continue  # before the reveal names the monsters
            for seat, hp in enumerate(state.hp):
                want = float(hp) if state.alive[seat] else float("-inf")
                assert tracker.race.scores[seat] == want, (seed, seat)


def test_TOC_VS2_025_the_first_seat_is_the_one_the_setup_names() -> None:
    """TOC-VS2-025: the first seat of a VS row is the setup's "player P begins", not the seat of the
    first "turn" event (the second turn's: the row named the wrong seat before)."""
    cards = ct.load_cardset()
    for seed in range(10):
        state = ct.api.new_game(cards, seed=seed, mode="vs", players=2)
        (begins,) = [e.amount for e in state.events if e.kind == "order"]
        *_, (_, tracker) = _play("tower-vs", cards, seed, mode="vs", players=2)
        assert tracker.row()["first"] == begins


def test_TOC_VS2_029_a_bluff_names_ones_own_attribute_and_is_kept_unless_named_later() -> None:
    """TOC-VS2-029: with own_attribute_bluff, naming one's own attribute is a bluff; it is kept when
    no other player names that attribute rightly for the bluffer afterwards."""
    cards = ct.load_cardset()
    total = 0
    for seed in range(30):
        *_, (final, tracker) = _play("tower-vs", cards, seed, mode="vs", players=2, own_attribute_bluff=True)
        named = final.named
        bluffs = [k for k, d in enumerate(named) if d.attribute in final.attributes[d.player]]
        kept = [
            k
            for k in bluffs
            if not any(
                later.player != named[k].player
                and later.target == named[k].player
                and later.attribute == named[k].attribute
                and later.right
                for later in named[k + 1 :]
            )
        ]
        assert (tracker.bluffs, tracker.bluffs_kept) == (len(bluffs), len(kept))
        total += len(bluffs)
    assert total > 0  # the random agent does bluff: the count is tested on real bluffs


def _rows(rows: list[dict[str, Any]]) -> pa.Table:
    base = {
        "seed": 0, "agents": ["random"], "options": "{}", "returns": [], "floor": None,
        "monsters": None, "drawn": [], "placed": [], "fought": [], "defeated": [], "held": [],
        "used": [], "killers": [], "seat_cards": [], "bluffs": None, "bluffs_kept": None,
    }  # fmt: skip
    return to_table([{**base, "game": i, **row} for i, row in enumerate(rows)])


VS = {"game": "tower", "mode": "vs", "players": 2, "teams": False, "extra_rule": False,
      "max_actions": 99, "agents": ["random"], "seed": 0, "games": 4}  # fmt: skip


def _by_key(found: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["label"]: row for row in found["rows"]}


def test_the_metrics_of_known_vs_rows() -> None:
    """Draws are shared points, the first seat's advantage is over decided games and in points, the
    action cap, lead changes, decisiveness and the declarations as defined."""
    rows = [  # outcome, cause, results, first, turns, lead_changes, leader, lead_kept
        ("won", "named", ["won", "lost"], 0, 6, 2, 1, 1),
        ("won", "counters-zero", ["lost", "won"], 0, 10, 0, 1, 9),
        ("draw", "deck-out", ["draw", "draw"], 1, 30, 3, None, 0),
        ("ended", "max-actions", ["ended", "ended"], 1, 40, 1, 0, 5),
    ]
    table = _rows(
        [
            {"outcome": o, "cause": c, "length": 10 * (k + 1), "results": r,
             "winners": [s for s, x in enumerate(r) if x == "won"], "first": f, "turns": t,
             "lead_changes": lc, "leader": ld, "lead_kept": kept, "bluffs": k % 2, "bluffs_kept": 0}
            for k, (o, c, r, f, t, lc, ld, kept) in enumerate(rows)
        ]
    )  # fmt: skip
    found = _by_key(game_metrics(table, VS, late=2))
    assert found["decided (some seat won)"]["value"] == 0.5
    assert found["seat 0's points"]["value"] == pytest.approx((1 + 0 + 0.5 + 0.5) / 4)
    assert found["seat 1 won, of the decided games"]["value"] == 0.5
    first = found["first-player advantage, decided games"]
    assert (first["count"], first["of"], first["value"]) == (1, 2, 0.0)  # seat 0 first in both
    points_first = found["first-player advantage, points (draws as shared points)"]
    assert points_first["value"] == pytest.approx((1 + 0 + 0.5 + 0.5) / 4 - 0.5)
    assert found["ended by the action cap"]["count"] == 1
    assert found["game length, turns"]["value"] == pytest.approx(21.5)
    assert found["game length, turns"]["median"] == 30
    assert found["lead changes per game"]["value"] == pytest.approx(1.5)
    assert found["games with a lead change"]["count"] == 3
    # decided by one seat: games 0 (leader 1 ≠ winner 0: late) and 1 (winner led 9 turns: early)
    late = found["decisiveness: decided in the last 2 turns"]
    assert (late["count"], late["of"]) == (1, 2)
    assert found[DEFINITIONS["named_win"][0]]["count"] == 1
    assert found[DEFINITIONS["bluff_kept"][0]]["of"] == 2
    assert points(["draw", "lost", "draw"], []) == [0.5, 0.0, 0.5]
    assert points(["won", "won", "lost"], [0, 1]) == [0.5, 0.5, 0.0]


@pytest.mark.parametrize(
    ("name", "spec", "labels"),
    [
        ("solo", RunSpec(games=20, agents=("random",)), ["won", "game length, turns", "not defined"]),
        (
            "vs",
            RunSpec(mode="vs", players=2, games=20, readings=(("own_attribute_bluff", True),)),
            ["seat 1's points", "balance: seat gap", "lead changes per game", "VS: bluffs that succeeded"],
        ),
        (
            "crest",
            RunSpec(game="crest", mode="duel", players=2, agents=("greedy",), games=10),
            ["first-player advantage, points", "decisiveness: decided in the last 3 turns"],
        ),
    ],
)
def test_lab_metrics_prints_every_metric_of_every_mode_with_an_interval(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, spec: RunSpec, labels: list[str]
) -> None:
    run(spec, tmp_path / name, workers=0)
    out_json = tmp_path / "m.json"
    assert main(["lab", "metrics", str(tmp_path / name), "--late", "3", "--json", str(out_json)]) == 0
    out = capsys.readouterr().out
    for label in labels:
        assert label in out
    found = json.loads(out_json.read_text())
    for row in found["rows"]:
        if row["kind"] in ("share", "mean", "advantage"):
            assert row["low"] <= row["value"] <= row["high"], row
    assert metrics_text(found) in out
    assert main(["lab", "metrics", str(tmp_path / name), "--late", "0"]) == 1


def test_a_chunk_written_before_the_race_columns_reads_them_as_empty(tmp_path: Path) -> None:
    run(RunSpec(games=6, agents=("random",)), tmp_path / "r", workers=0, chunk=3)
    part = tmp_path / "r" / "games" / "part-000000.parquet"
    older = pq.read_table(part).drop_columns(["turns", "lead_changes", "leader", "lead_kept"])
    pq.write_table(older, part)
    games = read_games(tmp_path / "r")
    assert games.schema.equals(SCHEMA) and games.num_rows == 6
    assert games.column("turns").to_pylist()[:3] == [None] * 3
    assert all(t is not None for t in games.column("turns").to_pylist()[3:])


def test_the_docs_lab_metrics_page_defines_every_metric_and_shows_every_mode() -> None:
    """docs/guides/lab-metrics.md is generated by the command it names; it has every metric's formula
    (the table `lab metrics` prints) and the figures of every mode."""
    page = (Path(__file__).parents[2] / "docs" / "guides" / "lab-metrics.md").read_text(encoding="utf-8")
    assert "generated by PYTHONPATH=src python tools/gen_lab_metrics.py" in page
    for key, (_, formula) in DEFINITIONS.items():
        assert f"`{key}`" in page and formula.replace("|", "&#124;") in page, key
    for mode in ("### Tower solo", "### Tower VS, 2 players", "### Tower VS, 3 players", "### Crest Duel"):
        assert mode in page
    assert "load average" in page and "Skill depth (`lab depth" in page


def test_a_share_of_none_or_all_has_its_exact_bound() -> None:
    """0 of 200 is [0.0%, 1.9%], not a lower bound of 1.7e-18 printed as "0.00000000000000017%"."""
    from chaos_tower.lab.intervals import wilson
    from chaos_tower.lab.report import pct

    assert wilson(0, 200)[1] == 0.0 and wilson(200, 200)[2] == 1.0
    assert wilson(60, 60)[2] == 1.0  # printed 99.999999999999972% before
    assert pct(wilson(0, 200)[1]) == "0.0%" and pct(wilson(0, 200)[2]) == "1.9%"
