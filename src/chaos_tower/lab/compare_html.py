"""``lab compare A B [C ...] --html``: runs side by side, their paired differences, a matchup heatmap.

Two runs: each run's metrics side by side (:mod:`.metrics`), then B minus A on
the seeds both played, overall and per seat (and per agent when the runs seat
two agents in swapped seats). More than two: every pair's paired difference of
the headline rate as a heatmap (cell *row*, *column*: the column's run minus
the row's), and, when the runs seat different agents, the agents' matchup
table (each agent's points against each other agent, pooled over the seats and
runs where they met). One self-contained file, the plots inline SVG (matplotlib).
"""

from __future__ import annotations

import html
from typing import Any

from .html import _STYLE, _svg, _table
from .intervals import mean_interval
from .metrics import figure, points
from .report import title as run_title

__all__ = ["compare_page", "matchups"]


def _diff(value: float, low: float, high: float) -> str:
    return f"{100 * value:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"


def matchups(
    runs: list[tuple[dict[str, Any], Any]],
) -> dict[tuple[str, str], tuple[float, float, float, int]]:
    """(agent, opponent) → (mean points of the agent at tables with the opponent, low, high, games)."""
    found: dict[tuple[str, str], list[float]] = {}
    for record, table in runs:
        spec = record["spec"]
        seats = list(spec["agents"])
        seats = seats * int(spec["players"]) if len(seats) == 1 else seats
        if len(set(seats)) < 2:
            continue
        for results in table.column("results").to_pylist():
            share = points(list(results), [s for s, r in enumerate(results) if r == "won"])
            for seat, name in enumerate(seats):
                for other in set(seats) - {name}:
                    found.setdefault((name, other), []).append(share[seat])
    return {key: (*mean_interval(values), len(values)) for key, values in sorted(found.items())}


def _heatmap(labels: list[str], cells: list[list[float | None]], title: str, note: str) -> Any:
    def draw(axes: Any) -> None:
        import math

        data = [[math.nan if c is None else 100 * c for c in row] for row in cells]
        top = max((abs(c) for row in data for c in row if not math.isnan(c)), default=1.0) or 1.0
        image = axes.imshow(data, cmap="RdBu", vmin=-top, vmax=top)
        axes.set_xticks(range(len(labels)), labels, fontsize=7, rotation=30, ha="right")
        axes.set_yticks(range(len(labels)), labels, fontsize=7)
        for i, row in enumerate(data):
            for j, value in enumerate(row):
                if not math.isnan(value):
                    axes.text(j, i, f"{value:+.1f}", ha="center", va="center", fontsize=7)
        axes.set_title(title, fontsize=9)
        axes.figure.colorbar(image, ax=axes, label=note)

    return draw


def compare_page(
    names: list[str],
    records: list[dict[str, Any]],
    metrics: list[dict[str, Any]],
    pairs: dict[tuple[int, int], dict[str, Any]],
    tables: list[Any],
) -> str:
    """The page: ``pairs[i, j]`` is :func:`~.stats.compare` of run ``i`` (A) and run ``j`` (B)."""
    letters = [chr(ord("A") + k) if k < 26 else f"R{k}" for k in range(len(names))]
    heading = f"lab compare: {len(names)} runs"
    parts = [f"<h1>{html.escape(heading)}</h1>", "<h2>Runs</h2>"]
    parts.append(
        _table(
            ["", "results", "what was played"],
            [
                [letter, name, run_title({"games": m["rows"][0]["value"]}, record)]
                for letter, name, record, m in zip(letters, names, records, metrics, strict=True)
            ],
        )
    )
    parts.append("<h2>Metrics side by side</h2>")
    labels: list[str] = []
    by_run: list[dict[str, str]] = []
    for m in metrics:
        seen = {}
        for row in m["rows"]:
            seen[row["label"]] = figure(row)
            if row["label"] not in labels:
                labels.append(row["label"])
        by_run.append(seen)
    parts.append(
        _table(["metric", *letters], [[label, *(r.get(label, "–") for r in by_run)] for label in labels])
    )
    parts.append("<h2>Paired differences (the same seeds)</h2>")
    rows: list[list[str]] = []
    for (i, j), result in pairs.items():
        pair = f"{letters[j]} − {letters[i]}"
        rows.append(
            [
                pair,
                "won",
                _diff(result["difference"], result["low"], result["high"]),
                f"{result['p_value']:.3g}",
                str(result["pairs"]),
            ]
        )
        seat_agents = result.get("seat_agents") or [[], []]
        for seat, r in enumerate(result["seats"]):
            who = ""
            if seat_agents[0] and seat_agents[0][seat] != seat_agents[1][seat]:
                who = f" ({seat_agents[0][seat]} → {seat_agents[1][seat]})"
            rows.append(
                [
                    pair,
                    f"seat {seat} won{who}",
                    _diff(r["difference"], r["low"], r["high"]),
                    f"{r['p_value']:.3g}",
                    str(result["pairs"]),
                ]
            )
        agents = result.get("agents")
        if agents:
            rows.append(
                [
                    pair,
                    f"agents: {agents['first']} − {agents['second']} (points, seats swapped)",
                    _diff(agents["difference"], agents["low"], agents["high"]),
                    "",
                    str(result["pairs"]),
                ]
            )
        length = result["length_difference"]
        rows.append(
            [
                pair,
                "length (actions)",
                f"{length['mean']:+.2f} [{length['low']:+.2f}, {length['high']:+.2f}]",
                "",
                str(result["pairs"]),
            ]
        )
    parts.append(
        '<p class="note">Differences in points per 100 games, 95 % intervals: Newcombe\'s paired method 10 '
        "for rates (McNemar's exact p), normal intervals for means.</p>"
    )
    parts.append(_table(["pair", "figure", "difference", "p", "pairs"], rows))
    if len(names) > 2:
        cells: list[list[float | None]] = [[None] * len(names) for _ in names]
        for (i, j), result in pairs.items():
            cells[i][j] = result["difference"]
            cells[j][i] = -result["difference"]
        parts.append("<h2>Heatmap: the column's run minus the row's</h2>")
        what = "won" if int(records[0]["spec"]["players"]) == 1 else "decided (some seat won)"
        draw = _heatmap(letters, cells, f"{what}: column − row, paired (points per 100 games)", "points")
        parts.append(f'<div class="plot" id="plot-heatmap">{_svg(draw)}</div>')
        found = matchups(list(zip(records, tables, strict=True)))
        agents = sorted({a for a, _ in found} | {b for _, b in found})
        if len(agents) > 1:
            grid = [[found[a, b][0] if (a, b) in found else None for b in agents] for a in agents]
            parts.append("<h2>Agent matchups: the row agent's points against the column agent</h2>")
            matchup = _heatmap(
                agents, grid, "points of the row agent at tables with the column agent", "points"
            )
            parts.append(f'<div class="plot" id="plot-matchups">{_svg(matchup)}</div>')
            parts.append(
                _table(
                    ["agent", "opponent", "points per game, 95 % interval", "games"],
                    [
                        [a, b, f"{v:.3f} [{lo:.3f}, {hi:.3f}]", str(k)]
                        for (a, b), (v, lo, hi, k) in found.items()
                    ],
                )
            )
    body = "\n".join(parts)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(heading)}</title><style>{_STYLE}</style></head>\n<body>\n{body}\n</body></html>\n"
    )
