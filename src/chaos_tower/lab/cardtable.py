"""The correlational per-card table: win rate with a card against without it, by card ID (issue 25 item 4).

For each card, over units (games solo; seats with several players, each seat with the cards it
drew, placed or used):

- the crude difference, won-with minus won-without, with Newcombe's interval;
- the difference **stratified by game length** (length deciles of the games): a card met is also a
  sign of a longer game, so the crude figure mixes the card with the length. Within each decile
  the two win rates are compared, and the deciles pooled with Mantel–Haenszel weights
  ``w = n_with · n_without / (n_with + n_without)``: ``RD = Σ w (p_with - p_without) / Σ w``, its
  variance ``Σ w² (p̃_with (1 - p̃_with) / n_with + p̃_without (1 - p̃_without) / n_without) / (Σ w)²``
  (``p̃ = (x + ½) / (n + 1)``, so a decile won always or never still has a variance), a normal
  95 % interval and a two-sided p-value;
- Benjamini–Hochberg q-values over every card of the table (testing 69 cards at once finds
  "significant" ones by chance; ``q < 0.05`` keeps the false discovery rate at 5 %);
- ``implied``: the card is **implied by the outcome**, met on the way to a win rather than a
  cause of it: it is met in at least :data:`IMPLIED_WON` (90 %) of the units that won, and either
  in at most half that share of those that lost, or in every win (at least :data:`MIN_WINS`), no
  unit without it having won (solo Tower: Rebright, fought only at the end; Seqlrith, the step that
  makes Rebright appear; the steps every climb to the top passes through). Such a row says
  "winning meets this card", not "this card wins": the reports set it apart, never among the
  card effects.

Correlation, not cause: the lab's experiments (``lab ablate``) measure a card's effect.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from .facts import FACTS
from .intervals import Z95, benjamini_hochberg, newcombe, wilson

__all__ = ["IMPLIED_WON", "benjamini_hochberg", "card_table", "strata"]

IMPLIED_WON = 0.9
"""A card met in at least this share of the units that won (and at most half of it in those that
lost) is implied by winning."""
MIN_WINS = 5
"""The wins a card must be met in, every one of them, to be implied by winning on that ground alone."""
DECILES = 10


def _rate(successes: int, trials: int) -> dict[str, float | int]:
    p, low, high = wilson(successes, trials)
    return {"successes": successes, "trials": trials, "rate": p, "low": low, "high": high}


def strata(lengths: list[int], count: int = DECILES) -> list[int]:
    """Each game's length decile (0 to ``count - 1``; ties share a decile, so there may be fewer)."""
    if not lengths:
        return []
    ordered = sorted(lengths)
    n = len(ordered)
    cuts = [ordered[max(0, (n * k) // count - 1)] for k in range(1, count)]
    return [sum(1 for cut in cuts if length > cut) for length in lengths]


def _stratified(cells: dict[int, list[int]]) -> dict[str, float]:
    """Mantel–Haenszel risk difference over strata; ``cells[s] = [x_with, n_with, x_without, n_without]``."""
    total = top = variance = 0.0
    for x1, n1, x0, n0 in cells.values():
        if not n1 or not n0:
            continue  # a stratum with the card in every unit, or in none, compares nothing
        w = n1 * n0 / (n1 + n0)
        p1, p0 = x1 / n1, x0 / n0
        s1, s0 = (x1 + 0.5) / (n1 + 1), (x0 + 0.5) / (n0 + 1)
        total += w
        top += w * (p1 - p0)
        variance += w * w * (s1 * (1 - s1) / n1 + s0 * (1 - s0) / n0)
    if total == 0:
        return {"difference": 0.0, "low": -1.0, "high": 1.0, "p": 1.0}
    rd = top / total
    se = math.sqrt(variance) / total
    z = abs(rd) / se if se > 0 else 0.0
    return {
        "difference": rd,
        "low": max(-1.0, rd - Z95 * se),
        "high": min(1.0, rd + Z95 * se),
        "p": math.erfc(z / math.sqrt(2)),
    }


def _implied(won_share: float, lost_share: float, won_without: int, all_wins: int) -> bool:
    # On the way to a win: met in nearly every win, and either far less often in the losses or in
    # every win (at least MIN_WINS of them), no unit without it having won.
    if not all_wins or won_share < IMPLIED_WON:
        return False
    return lost_share <= won_share / 2 or (won_without == 0 and all_wins >= MIN_WINS)


def card_table(rows: dict[str, list[Any]], won: list[bool]) -> list[dict[str, Any]]:
    """Each card's row (see the module): crude and length-stratified differences, q-value, implied."""
    units: list[tuple[set[str], bool, int]] = []
    decile = strata([int(length) for length in rows["length"]])
    if int(max((len(r) for r in rows["results"]), default=1)) > 1:
        for g, (cards, results) in enumerate(zip(rows["seat_cards"], rows["results"], strict=True)):
            mine: dict[str, set[str]] = {str(s): set() for s in range(len(results))}
            for entry in cards:
                seat, _, card = entry.partition(":")
                mine.setdefault(seat, set()).add(card)
            units.extend((mine[str(s)], r == "won", decile[g]) for s, r in enumerate(results))
    else:
        for i, w in enumerate(won):
            units.append(({card for fact in FACTS for card in rows[fact][i]}, w, decile[i]))
    n = len(units)
    totals: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    by_stratum: Counter[tuple[str, int, bool]] = Counter()
    stratum_units: Counter[tuple[int, bool]] = Counter()
    for cards, w, s in units:
        stratum_units[s, w] += 1
        totals.update(cards)
        if w:
            wins.update(cards)
        by_stratum.update((card, s, w) for card in cards)
    all_wins = sum(1 for _, w, _ in units if w)
    losses = n - all_wins
    result: list[dict[str, Any]] = []
    for card, count in totals.items():
        k_with, k_without, n_without = wins[card], all_wins - wins[card], n - count
        diff, low, high = newcombe(k_with, count, k_without, n_without)
        cells: dict[int, list[int]] = {}
        for s in {s for s, _ in stratum_units}:
            x1, l1 = by_stratum[card, s, True], by_stratum[card, s, False]
            x0, l0 = stratum_units[s, True] - x1, stratum_units[s, False] - l1
            cells[s] = [x1, x1 + l1, x0, x0 + l0]
        won_share = k_with / all_wins if all_wins else 0.0
        lost_share = (count - k_with) / losses if losses else 0.0
        facts = {fact: sum(1 for cards in rows[fact] if card in cards) for fact in FACTS}
        result.append(
            {
                "card": card,
                "games": count,
                "with": _rate(k_with, count),
                "without": _rate(k_without, n_without),
                "difference": diff,
                "low": low,
                "high": high,
                "stratified": _stratified(cells),
                "won_share": won_share,
                "lost_share": lost_share,
                "implied": _implied(won_share, lost_share, k_without, all_wins),
                **facts,
            }
        )
    for row, q in zip(result, benjamini_hochberg([r["stratified"]["p"] for r in result]), strict=True):
        row["stratified"]["q"] = q
    result.sort(key=lambda r: (-float(r["stratified"]["difference"]), str(r["card"])))
    return result


def tails(
    cards: list[dict[str, Any]], most: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """The table's rows to show: the ``most`` highest and the ``most`` lowest stratified differences
    (both tails, never overlapping), and the rows implied by the outcome, set apart."""
    shown = [c for c in cards if c["with"]["trials"] and c["without"]["trials"]]
    effects = [c for c in shown if not c["implied"]]
    high = effects[:most]
    low = [c for c in effects[::-1][:most] if c not in high]
    return high, low, [c for c in shown if c["implied"]]


def card_label(card: str, names: dict[str, str]) -> str:
    """``Name (id)``, or the id alone when the record names no card (a run recorded before names were)."""
    name = names.get(card)
    return f"{name} ({card})" if name and name != card else card
