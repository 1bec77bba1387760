"""The correlational per-card table (issue 25 item 4): keyed by card id, shown by name (the id on hover
in HTML), stratified by game length with Benjamini–Hochberg q-values, both tails shown, and the rows
implied by winning (met on the way to a win) set apart."""

from __future__ import annotations

import random
from typing import Any

import pytest

from chaos_tower.lab.cardtable import benjamini_hochberg, card_table, strata
from chaos_tower.lab.html import html_report
from chaos_tower.lab.report import summary_text
from chaos_tower.lab.results import to_table
from chaos_tower.lab.stats import summarize

SOLO = {
    "game": "tower",
    "mode": "solo",
    "players": 1,
    "teams": False,
    "extra_rule": False,
    "max_actions": 900,
    "agents": ["random"],
    "seed": 0,
    "games": 2000,
    "readings": [],
}
NAMES = {"finale": "Grand Finale", "slow": "Slow Road", "good": "Lucky Charm", "bad": "Cursed Coin"}


def _rows(n: int = 2000) -> list[dict[str, Any]]:
    """Games whose win depends on their length and on ``good``/``bad`` only: ``slow`` is met in long games
    (which are won more often), ``finale`` is met in every win and in 2 % of the losses."""
    rng = random.Random(5)
    rows = []
    for game in range(n):
        long = rng.random() < 0.5
        good, bad = rng.random() < 0.3, rng.random() < 0.3
        p = (0.45 if long else 0.10) + (0.25 if good else 0.0) - (0.08 if bad else 0.0)
        won = rng.random() < p
        slow = rng.random() < (0.9 if long else 0.1)
        held = [card for card, met in (("good", good), ("bad", bad), ("slow", slow)) if met]
        if won or rng.random() < 0.02:
            held.append("finale")
        rows.append(
            {
                "game": game,
                "seed": game,
                "agents": ["random"],
                "options": "{}",
                "outcome": "won" if won else "lost",
                "cause": "rebright-fell" if won else "life-zero",
                "length": 300 + rng.randrange(300) if long else rng.randrange(300),
                "results": ["won" if won else "lost"],
                "returns": [1.0 if won else -1.0],
                "winners": [0] if won else [],
                "first": None,
                "floor": None,
                "monsters": None,
                **{
                    fact: []
                    for fact in ("drawn", "placed", "fought", "defeated", "used", "killers", "seat_cards")
                },
                "held": held,
            }
        )
    return rows


def _table() -> dict[str, dict[str, Any]]:
    table = to_table(_rows()).to_pydict()
    return {row["card"]: row for row in card_table(table, [o == "won" for o in table["outcome"]])}


def test_strata_are_length_deciles() -> None:
    assert strata(list(range(100))) == [i // 10 for i in range(100)]
    assert set(strata([5] * 50)) == {0}  # ties share a decile


def test_benjamini_hochberg_q_values() -> None:
    """q_(i) = min over j >= i of p_(j) m / j, in the p-values' own order."""
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.5]) == pytest.approx(
        [0.04, 0.04 * 4 / 3, 0.04 * 4 / 3, 0.5]
    )


def test_a_card_that_only_marks_long_games_is_no_effect_once_stratified_by_length() -> None:
    """`slow` looks strong crude (long games are won more) but not within length deciles; `good` and `bad`,
    which change the win, keep their effects after stratification and the correction for many cards."""
    rows = _table()
    slow, good, bad = rows["slow"], rows["good"], rows["bad"]
    assert slow["low"] > 0.1  # crude: "significantly" positive
    assert slow["stratified"]["low"] < 0 < slow["stratified"]["high"] and slow["stratified"]["q"] > 0.05
    assert good["stratified"]["low"] > 0.1 and good["stratified"]["q"] < 0.05
    assert bad["stratified"]["high"] < 0 and bad["stratified"]["q"] < 0.05


def test_a_card_met_on_the_way_to_every_win_is_marked_implied() -> None:
    """`finale`: in every win and 2 % of the losses, implied by the outcome; no other card is."""
    rows = _table()
    assert rows["finale"]["implied"] and rows["finale"]["won_share"] == 1.0
    assert [card for card, row in rows.items() if row["implied"]] == ["finale"]


def test_the_reports_show_names_both_tails_and_the_implied_rows_apart() -> None:
    """Terminal: `Name (id)`, the highest and the lowest rows, `finale` only under "implied by winning".
    HTML: names with the id on hover (title), the implied rows in a table of their own."""
    summary = summarize(to_table(_rows()), SOLO)
    record = {"spec": SOLO, "cards": {"sha256": "ab" * 32, "name": "planted", "names": NAMES}}
    text = summary_text(summary, record, top=1)
    lines = text.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("cards with vs without"))
    assert "stratified by game length" in lines[head] and "Benjamini-Hochberg over 4 cards" in lines[head]
    assert lines[head + 1].startswith("  Lucky Charm (good): +")
    assert lines[head + 2] == "  ... the lowest:" and lines[head + 3].startswith("  Cursed Coin (bad): -")
    assert lines[head + 4].startswith("implied by winning")
    assert lines[head + 5].startswith("  Grand Finale (finale): in 100.0% of won")
    page = html_report(summary, record, top=4)
    assert '<td title="good" data-card="good">Lucky Charm</td>' in page
    cards_table = page[page.index('<table id="cards">') : page.index('<table id="implied">')]
    assert "Grand Finale" not in cards_table and "Cursed Coin" in cards_table
    assert (
        '<td title="finale" data-card="finale">Grand Finale</td>'
        in page[page.index('<table id="implied">') :]
    )
