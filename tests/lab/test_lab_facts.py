"""The lab keeps every per-card fact by card ID, never by display name (issue 22 item 5, the lab's half).

The engine's events name cards in their text; the lab reads them back to IDs,
so a set where two cards share a name, or a name has spaces at an end, is
refused before any game instead of one card's facts counting for another;
and no name the events show is ever kept as if it were an ID.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import attrs
import pytest

import chaos_tower as ct
from chaos_tower import lab
from chaos_tower.agents import decide, make_agent
from chaos_tower.app.cli import main
from chaos_tower.kernel.facts import card_names
from chaos_tower.lab.facts import tracker_for

REPO = Path(__file__).resolve().parents[2]


def _renamed(cards: Any, index: int, name: str) -> Any:
    monsters = list(cards.monsters)
    monsters[index] = attrs.evolve(monsters[index], name=name)
    return attrs.evolve(cards, monsters=tuple(monsters))


def test_two_cards_of_one_name_are_refused_naming_both_ids() -> None:
    cards = ct.load_cardset()
    first, second = cards.monsters[0], cards.monsters[1]
    twin = _renamed(cards, 1, first.name)
    for rules in ("tower-solo", "tower-vs"):
        with pytest.raises(lab.LabError, match=f"{first.id} and {second.id} are both named"):
            tracker_for(rules, twin)


def test_a_name_with_spaces_at_an_end_is_refused() -> None:
    cards = ct.load_cardset()
    spaced = _renamed(cards, 2, f" {cards.monsters[2].name}  ")
    with pytest.raises(lab.LabError, match=f"card {cards.monsters[2].id}: its name"):
        tracker_for("tower-solo", spaced)


def test_lab_run_refuses_such_a_set_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "twins"
    shutil.copytree(REPO / "carddata" / "tower", folder)
    monsters = folder / "monsters.yaml"
    cards = ct.load_cardset()
    first, second = cards.monsters[0], cards.monsters[1]
    text = monsters.read_text(encoding="utf-8")
    assert f"name: {second.name}\n" in text
    monsters.write_text(text.replace(f"name: {second.name}\n", f"name: {first.name}\n", 1), encoding="utf-8")
    out = tmp_path / "run"
    assert main(["lab", "run", "--out", str(out), "-n", "4", "--workers", "0", "--cards", str(folder)]) == 1
    assert first.name in capsys.readouterr().err
    assert not (out / "games").exists()


@pytest.mark.parametrize(
    ("rules", "game", "options", "agent"),
    [
        ("tower-solo", "tower", {}, "random"),
        ("tower-solo", "tower", {}, "greedy"),
        ("tower-vs", "tower", {"mode": "vs", "players": 3}, "random"),
        ("crest", "crest", {"players": 2}, "random"),
        ("crest", "crest", {"players": 4}, "greedy"),
    ],
)
def test_every_card_the_events_name_is_read_back_to_its_id(
    rules: str, game: str, options: dict[str, Any], agent: str
) -> None:
    cards = ct.load_cardset(game=game)
    ids = {card.id for card in cards.all_cards()}
    for seed in range(12):
        state = ct.api.new_game(cards, seed=seed, max_actions=400, **options)
        players = options.get("players", 1)
        agents = [make_agent(agent, seat, seed * 10 + seat) for seat in range(players)]
        tracker = tracker_for(rules, cards)
        tracker.observe(state.events)
        while (seat := ct.current_player(state)) is not None:
            state = ct.apply(state, decide(agents[seat], state))
            tracker.observe(state.events)
        assert tracker.unmatched == [], (seed, tracker.unmatched)
        row = tracker.row()
        for fact in ("drawn", "placed", "fought", "defeated", "held", "used"):
            assert set(row[fact]) <= ids, (fact, row[fact])
        assert {card for blow in row["killers"] for card in blow.split(" + ")} <= ids  # "a + b": one blow
        assert {entry.partition(":")[2] for entry in row["seat_cards"]} <= ids


def test_validate_play_says_why_it_plays_no_game_of_such_a_set() -> None:
    from chaos_tower.lab.validate import play_warnings

    cards = ct.load_cardset()
    twin = _renamed(cards, 1, cards.monsters[0].name)
    assert play_warnings(twin, 4) == [
        f"no games played: cards {cards.monsters[0].id} and {cards.monsters[1].id} are both named "
        f"{cards.monsters[0].name!r}: the lab could not tell their facts apart; give each card its own name"
    ]


def test_TOC_PROG2_03_every_monster_fought_is_read_from_its_defeat() -> None:
    # The solo tracker skips the "elements" events: the element paid for a fight ("...: fighting X")
    # is always followed by X's "defeat" in the same action (TOC-PROG2-03), which it reads instead.
    cards = ct.load_cardset()
    names = card_names(cards)
    fights = 0
    for seed in range(40):
        state = ct.new_game(cards, seed=seed, max_actions=400)
        agent = make_agent("random", 0, seed)
        tracker = tracker_for("tower-solo", cards)
        paid: set[str] = set()
        while ct.current_player(state) is not None:
            state = ct.apply(state, decide(agent, state))
            tracker.observe(state.events)
            kinds = [(e.kind, e.text) for e in state.events]
            for index, (kind, text) in enumerate(kinds):
                if kind == "elements" and ": fighting " in text:
                    name = text.partition(": fighting ")[2]
                    assert ("defeat", f"{name} is defeated and turned over") in kinds[index:], kinds
                    paid.add(names[name])
        row = tracker.row()
        fights += len(paid)
        assert paid == set(row["defeated"]) and paid <= set(row["fought"]), (seed, paid, row)
    assert fights > 5  # the seeds fight


def test_a_chunks_columns_are_the_rows_of_play_game() -> None:
    import io

    import pyarrow.parquet as pq

    from chaos_tower.lab.results import to_table
    from chaos_tower.lab.spec import CardSource
    from chaos_tower.lab.worker import play_chunk, play_game

    for spec, game in (
        (lab.RunSpec(games=30, seed=2), "tower"),
        (lab.RunSpec(mode="vs", players=3, games=30), "tower"),
    ):
        cards = ct.load_cardset(game=game)
        _, actions, data = play_chunk(
            {"spec": spec.as_json(), "cards": CardSource(game=game), "start": 5, "stop": 25}
        )
        rows = [play_game(spec, cards, index) for index in range(5, 25)]
        assert pq.read_table(io.BytesIO(data)).equals(to_table(rows))
        assert actions == sum(row["length"] for row in rows) > 0
