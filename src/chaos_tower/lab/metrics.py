"""The game metrics of a run (``chaos-tower lab metrics RUN``): every figure with a 95 % interval.

After Ludii's game metrics (balance, advantage, duration, timeouts,
decisiveness, lead changes), each read from a run's rows (one per game) and
defined, with its formula, in :data:`DEFINITIONS` (the docs' lab page prints
them). Notation: *n* games; *W(g)* the seats that won game *g*; a seat's
*points* in a game: ``1/|W|`` if it won, ``1/|D|`` if nobody won and it is one
of the *D* seats that drew (or were stopped by the action cap), else 0; so a
2-player draw is ½ each and every decided or drawn game gives out one point.

Intervals: Wilson's score interval for a share, the normal interval of the
mean for an average (over games, or over the games' per-game differences).
"""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from .intervals import mean_interval, wilson

__all__ = ["DEFINITIONS", "LATE_TURNS", "figure", "game_metrics", "metrics_html", "metrics_text", "points"]

LATE_TURNS = 2
"""The *N* of decisiveness (``--late N``): decided in the last N turns."""

DEFINITIONS: dict[str, tuple[str, str]] = {
    "games": ("games", "n, the games in the run"),
    "won": ("won (solo); decided, some seat won (several players)", "#{g : W(g) ≠ ∅} / n; Wilson interval"),
    "draw": ("no seat won (draw, or the action cap)", "#{g : W(g) = ∅} / n; Wilson interval"),
    "seat_won": ("seat s won, of all games", "#{g : s ∈ W(g)} / n; Wilson interval"),
    "seat_decided": (
        "seat s won, of the decided games",
        "#{g : s ∈ W(g)} / #{g : W(g) ≠ ∅}; Wilson interval (draws left out, not counted as losses)",
    ),
    "seat_points": (
        "seat s's points (a win 1/|W|, a draw shared)",
        "Σ_g points_s(g) / n; normal interval of the mean over games",
    ),
    "seat_gap": (
        "balance: seat gap (points)",
        "mean over games of points_best(g) − points_worst(g), best and worst the seats with the most "
        "and fewest points over the run; normal interval of that mean (the seats are picked from the "
        "same games, so read it as an upper estimate); 0 is a balanced game",
    ),
    "first_decided": (
        "first-player advantage, decided games",
        "#{g decided : first(g) ∈ W(g)} / #{g decided} − 1/k (k players; ½ for two teams); Wilson "
        "interval moved by the fair share",
    ),
    "first_points": (
        "first-player advantage, points (draws as shared points)",
        "Σ_g points_{first(g)}(g) / n − 1/k (a point is split among the winners, so 1/k with teams "
        "too); normal interval of the mean",
    ),
    "length_actions": (
        "game length, actions",
        "the actions of each game: mean (normal interval), median and quartiles",
    ),
    "length_turns": (
        "game length, turns",
        "turns begun per game (solo: chaos cards drawn and placed, TOC-PLAY-A; VS: the first player's "
        "turn and every \"player P's turn\"; Crest: every monster's turn); mean (normal interval), "
        "median and quartiles",
    ),
    "capped": (
        "ended by the action cap",
        "#{g : cause(g) = max-actions} / n; Wilson interval (a game stopped, not finished)",
    ),
    "lead_changes": (
        "lead changes per game",
        "the leader is the one seat with the highest race score at a turn's start (a tie: none); a "
        "change is a leader followed by another seat, ties skipped, the final standing included; "
        "mean per game, normal interval",
    ),
    "lead_changed": ("games with a lead change", "#{g : lead changes(g) ≥ 1} / n; Wilson interval"),
    "late": (
        "decisiveness: decided in the last N turns",
        "of the decided games: #{g : no winner (a seat of W(g)) was the leader at the start of each of "
        "the last N turns} / #{g decided}; Wilson interval; a high share is a close, late-decided "
        "game, a low one a game decided early",
    ),
    "named_win": (
        "VS: won by a correct declaration",
        "#{g : cause(g) = named} / n (the win by naming attributes rightly, TOC-VS2-031 / "
        "TOC-VS3-051); Wilson interval",
    ),
    "bluffs": (
        "VS: bluffs per game",
        "a bluff is a declaration naming one's own attribute (own_attribute_bluff, TOC-VS2-029); mean "
        "per game, normal interval",
    ),
    "bluff_kept": (
        "VS: bluffs that succeeded",
        "#{bluffs after which no other player named that attribute rightly for the bluffer, to the "
        "game's end} / #bluffs; Wilson interval (bluffs of one game are not independent)",
    ),
}
"""Each metric's key → (what it is, its formula)."""


def points(results: list[str], winners: list[int]) -> list[float]:
    """Each seat's share of the game's one point: winners split it, else the drawn (or capped) seats."""
    if winners:
        return [1 / len(winners) if s in winners else 0.0 for s in range(len(results))]
    drawn = [s for s, r in enumerate(results) if r in ("draw", "ended")]
    return [1 / len(drawn) if s in drawn else 0.0 for s in range(len(results))]


def _share(key: str, k: int, n: int, label: str | None = None) -> dict[str, Any]:
    p, low, high = wilson(k, n)
    return {
        "key": key,
        "label": label or DEFINITIONS[key][0],
        "kind": "share",
        "value": p,
        "low": low,
        "high": high,
        "count": k,
        "of": n,
    }


def _mean(key: str, values: list[float], label: str | None = None, shift: float = 0.0) -> dict[str, Any]:
    mean, low, high = mean_interval(values)
    return {
        "key": key,
        "label": label or DEFINITIONS[key][0],
        "kind": "mean",
        "value": mean - shift,
        "low": low - shift,
        "high": high - shift,
        "of": len(values),
    }


def _spread(key: str, values: list[int]) -> dict[str, Any]:
    row = _mean(key, [float(v) for v in values])
    ordered = sorted(values)
    if ordered:
        n = len(ordered)
        marks = (("q1", 0.25), ("median", 0.5), ("q3", 0.75))
        row.update({q: float(ordered[min(n - 1, int(f * (n - 1) + 0.5))]) for q, f in marks})
        row.update(max=ordered[-1], min=ordered[0])
    return row


def game_metrics(table: pa.Table, spec: dict[str, Any], *, late: int = LATE_TURNS) -> dict[str, Any]:
    """The metrics of a run's rows (``spec``: the run record's spec): ``{"rows": [...], ...}``.

    Each row has ``key`` (of :data:`DEFINITIONS`), ``label``, ``kind`` (``share`` or ``mean``),
    ``value``, ``low``, ``high`` (95 %); shares also ``count`` of ``of``.
    """
    rows = table.to_pydict()
    n = table.num_rows
    players = int(spec["players"])
    rules = _rules(spec)
    winners = [list(w or ()) for w in rows["winners"]]
    out: list[dict[str, Any]] = [{"key": "games", "label": "games", "kind": "count", "value": n}]
    decided = sum(1 for w in winners if w)
    out.append(_share("won", decided, n, "won" if players == 1 else "decided (some seat won)"))
    if players > 1:
        out.append(_share("draw", n - decided, n))
        shares = [points(list(r), w) for r, w in zip(rows["results"], winners, strict=True)]
        for s in range(players):
            wins = sum(1 for w in winners if s in w)
            out.append(_share("seat_won", wins, n, f"seat {s} won, of all games"))
            out.append(_share("seat_decided", wins, decided, f"seat {s} won, of the decided games"))
            out.append(_mean("seat_points", [p[s] for p in shares], f"seat {s}'s points"))
        totals = [sum(p[s] for p in shares) for s in range(players)]
        best, worst = totals.index(max(totals)), totals.index(min(totals))
        gap = _mean("seat_gap", [p[best] - p[worst] for p in shares])
        out.append({**gap, "seats": [best, worst]})
        fair = 0.5 if spec.get("teams") else 1 / players
        known = [(f, w, p) for f, w, p in zip(rows["first"], winners, shares, strict=True) if f is not None]
        if not known:
            why = "no game's first seat is known"
            out.append(
                {"key": "first_decided", "label": "first-player advantage", "kind": "none", "why": why}
            )
        else:
            first_wins = sum(1 for f, w, _ in known if w and f in w)
            row = _share("first_decided", first_wins, sum(1 for _, w, _ in known if w))
            out.append(
                {
                    **row,
                    "value": row["value"] - fair,
                    "low": row["low"] - fair,
                    "high": row["high"] - fair,
                    "fair": fair,
                    "kind": "advantage",
                }
            )
            # A point is split among the winners: a seat's fair share is 1/k, teams or not.
            share = 1 / players
            out.append({**_mean("first_points", [p[f] for f, _, p in known], shift=share), "fair": share})
    out.append(_spread("length_actions", list(rows["length"])))
    turns = [t for t in rows.get("turns", ()) if t is not None]
    if turns:
        out.append(_spread("length_turns", turns))
    out.append(_share("capped", sum(1 for c in rows["cause"] if c == "max-actions"), n))
    changes = [c for c in rows.get("lead_changes", ()) if c is not None]
    if changes:  # kept by the game's tracker (GameSpec.facts) when its mode has a race between seats
        out.append(_mean("lead_changes", [float(c) for c in changes]))
        out.append(_share("lead_changed", sum(1 for c in changes if c), len(changes)))
        single = [
            (w, leader, kept)
            for w, leader, kept in zip(winners, rows["leader"], rows["lead_kept"], strict=True)
            if w and kept is not None
        ]
        late_games = sum(1 for w, leader, kept in single if leader not in w or kept < late)
        label = f"decisiveness: decided in the last {late} turns"
        out.append({**_share("late", late_games, len(single), label), "turns": late})
    else:
        why = "one player: no race between seats" if players == 1 else "no race score kept for this mode"
        out.append({"key": "lead_changes", "label": "lead changes, decisiveness", "kind": "none", "why": why})
    bluffs = [b for b in rows.get("bluffs", ()) if b is not None]
    if bluffs:  # kept by the tracker of a mode won by declaring (the VS modes)
        out.append(_share("named_win", sum(1 for c in rows["cause"] if c == "named"), n))
        kept_bluffs = sum(k for k in rows.get("bluffs_kept", ()) if k is not None)
        out.append(_mean("bluffs", [float(b) for b in bluffs]))
        out.append(_share("bluff_kept", kept_bluffs, sum(bluffs)))
    return {"rules": rules, "players": players, "late": late, "rows": out}


def _rules(spec: dict[str, Any]) -> str:
    # The mode's front door name (``ModeSpec.rules.name``), or "GAME MODE" for a game not registered now.
    from chaos_tower import registry

    try:
        return registry.game(spec["game"]).mode(spec["mode"]).rules.name
    except KeyError:
        return f"{spec['game']} {spec['mode']}"


def _pct(value: float) -> str:
    from .report import pct

    return pct(value)


def figure(row: dict[str, Any]) -> str:
    """One metric's figure as text: ``12.3% [10.1%, 14.8%] (123/1000)``, ``+1.2 points [...]``."""
    kind = row["kind"]
    if kind == "count":
        return str(row["value"])
    if kind == "none":
        return f"not defined ({row['why']})"
    if kind == "share":
        return f"{_pct(row['value'])} [{_pct(row['low'])}, {_pct(row['high'])}] ({row['count']}/{row['of']})"
    if kind == "advantage":
        return (
            f"{100 * row['value']:+.1f} points [{100 * row['low']:+.1f}, {100 * row['high']:+.1f}] "
            f"(won {row['count']}/{row['of']}, fair {_pct(row['fair'])})"
        )
    if row["key"] == "seat_points":
        return f"{_pct(row['value'])} [{_pct(row['low'])}, {_pct(row['high'])}] of a point per game"
    if row["key"] in ("first_points", "seat_gap"):
        text = f"{100 * row['value']:+.1f} points [{100 * row['low']:+.1f}, {100 * row['high']:+.1f}]"
        return text + (" (seat {} − seat {})".format(*row["seats"]) if "seats" in row else "")
    text = f"{row['value']:.2f} [{row['low']:.2f}, {row['high']:.2f}]"
    if "median" in row:
        text += f"; median {row['median']:.0f}, quartiles {row['q1']:.0f}–{row['q3']:.0f}, max {row['max']}"
    return text


def metrics_text(metrics: dict[str, Any]) -> str:
    """The metrics, one a line, each with its 95 % interval."""
    width = max(len(r["label"]) for r in metrics["rows"])
    return "\n".join(f"{r['label']:<{width}}  {figure(r)}" for r in metrics["rows"])


def metrics_html(metrics: dict[str, Any]) -> str:
    """The metrics as an HTML section: each figure with its interval, its definition on hover."""
    import html

    rows = "".join(
        f'<tr><td title="{html.escape(DEFINITIONS.get(r["key"], ("", ""))[1])}">'
        f"{html.escape(r['label'])}</td>"
        f"<td>{html.escape(figure(r))}</td></tr>"
        for r in metrics["rows"]
    )
    return (
        '<h2 id="metrics">Game metrics</h2><p class="note">Each figure with its 95 % interval; the '
        "definitions and formulas are on the lab guide's metrics page (hover a name for its formula).</p>"
        f'<div class="wide"><table><tr><th>metric</th><th>figure, 95 % interval</th></tr>{rows}</table></div>'
    )
