"""The HTML report: one self-contained file (inline SVG plots from matplotlib, tables, the run record).

Nothing in it loads from the network or needs the library to be read: the
plots are SVG elements in the page, the styles are inline, there is no script.
"""

from __future__ import annotations

import html
import io
import json
from typing import Any

from .report import interval, pct
from .report import title as run_title

__all__ = ["html_report"]

_STYLE = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
th{background:#f3f3f3}pre{background:#f7f7f7;padding:1em;overflow:auto}.plot svg{max-width:100%;height:auto}
.note{color:#666;font-size:.9em}.wide{overflow-x:auto;max-width:100%}td{overflow-wrap:anywhere}
@media (max-width:600px){body{margin:.5em}td,th{font-size:.8em}h1{font-size:1.3em}}
"""


def _svg(draw: Any) -> str:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "chaos-tower-lab"  # stable ids: the same rows give the same report
    figure, axes = plt.subplots(figsize=(7, 3.2))
    draw(axes)
    figure.tight_layout()
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    plt.close(figure)
    text = out.getvalue()
    return text[text.index("<svg") :]


def _bars(labels: list[str], values: list[float], title: str, xlabel: str) -> Any:
    def draw(axes: Any) -> None:
        axes.barh(range(len(values)), values, color="#4a78b5")
        axes.set_yticks(range(len(labels)), labels, fontsize=7)
        axes.invert_yaxis()
        axes.set_title(title)
        axes.set_xlabel(xlabel)

    return draw


def _hist(values: list[int], title: str, xlabel: str) -> Any:
    def draw(axes: Any) -> None:
        axes.hist(values or [0], bins=min(50, max(1, len(set(values)))), color="#4a78b5")
        axes.set_title(title)
        axes.set_xlabel(xlabel)
        axes.set_ylabel("games")

    return draw


def _intervals(rows: list[tuple[str, float, float, float]], title: str, xlabel: str) -> Any:
    def draw(axes: Any) -> None:
        ys = range(len(rows))
        mids = [r[1] for r in rows]
        errors = [[r[1] - r[2] for r in rows], [r[3] - r[1] for r in rows]]
        axes.errorbar(mids, list(ys), xerr=errors, fmt="o", color="#b5484a", capsize=2)
        axes.axvline(0, color="#999", linewidth=0.8)
        axes.set_yticks(list(ys), [r[0] for r in rows], fontsize=7)
        axes.invert_yaxis()
        axes.set_title(title)
        axes.set_xlabel(xlabel)

    return draw


def _table(head: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows)
    # In a box of its own that scrolls sideways on a narrow screen, so the page never does.
    return f'<div class="wide"><table><tr>{cells}</tr>{body}</table></div>'


def _card_cell(card: str, names: dict[str, str]) -> str:
    # The card by name, its id on hover (and in the cell's data, for a reader's tools).
    name = names.get(card) or card
    return f'<td title="{html.escape(card)}" data-card="{html.escape(card)}">{html.escape(name)}</td>'


def _cards_section(summary: dict[str, Any], record: dict[str, Any], most: int) -> list[str]:
    """The per-card table (lab.cardtable): both tails of the length-stratified differences, by name
    with the id on hover, and the rows implied by winning in a table of their own."""
    from .cardtable import tails

    names = record["cards"].get("names") or {}
    high, low, implied = tails(summary["cards"], most)
    rows = [*high, *low]
    if not rows and not implied:
        return []
    parts: list[str] = []
    if any(c["with"]["successes"] or c["without"]["successes"] for c in rows):
        points = [
            (
                names.get(c["card"]) or c["card"],
                c["stratified"]["difference"],
                c["stratified"]["low"],
                c["stratified"]["high"],
            )
            for c in rows
        ]
        parts.append(
            '<div class="plot" id="plot-cards">'
            + _svg(
                _intervals(
                    points, "Win rate with minus without, within game-length deciles", "difference (95 % CI)"
                )
            )
            + "</div>"
        )
    parts.append("<h2>Cards: with vs without</h2>")
    parts.append(
        '<p class="note">Correlation, not cause: a card seen in a game is also a sign of a longer game, so '
        "the difference is taken within deciles of game length and pooled (Mantel–Haenszel); q is the "
        "Benjamini–Hochberg q-value over every card. The highest and the lowest rows are shown. With several "
        "players each seat counts, with the cards it drew, placed or used. Hover a name for its id.</p>"
    )
    head = [
        "card",
        "games (seats)" if summary["players"] > 1 else "games",
        "won with",
        "won without",
        "difference within lengths",
        "q",
        "crude difference",
        "placed",
        "held",
        "used",
    ]
    body = "".join(
        "<tr>"
        + _card_cell(c["card"], names)
        + "".join(
            f"<td>{html.escape(cell)}</td>"
            for cell in (
                str(c["games"]),
                interval(c["with"]),
                interval(c["without"]),
                f"{100 * c['stratified']['difference']:+.1f} [{100 * c['stratified']['low']:+.1f}, "
                f"{100 * c['stratified']['high']:+.1f}]",
                f"{c['stratified']['q']:.2g}",
                f"{100 * c['difference']:+.1f} [{100 * c['low']:+.1f}, {100 * c['high']:+.1f}]",
                str(c["placed"]),
                str(c["held"]),
                str(c["used"]),
            )
        )
        + "</tr>"
        for c in rows
    )
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    parts.append(f'<div class="wide"><table id="cards"><tr>{cells}</tr>{body}</table></div>')
    if implied:
        parts.append("<h2>Cards implied by winning</h2>")
        parts.append(
            '<p class="note">Met in at least 90 % of the won games (seats), and at most half as often in '
            "the lost or in every win: meeting them is part of winning, so their with-minus-without "
            "says nothing of the card.</p>"
        )
        body = "".join(
            "<tr>"
            + _card_cell(c["card"], names)
            + f"<td>{pct(c['won_share'])}</td><td>{pct(c['lost_share'])}</td></tr>"
            for c in implied
        )
        parts.append(
            '<div class="wide"><table id="implied">'
            f"<tr><th>card</th><th>met in won</th><th>met in lost</th></tr>{body}</table></div>"
        )
    return parts


def html_report(
    summary: dict[str, Any], record: dict[str, Any], *, top: int = 20, metrics: dict[str, Any] | None = None
) -> str:
    """The report page of a run (``metrics``: :func:`~.metrics.game_metrics` of its rows, shown too)."""
    heading = run_title(summary, record)
    parts = [f"<h1>{html.escape(heading)}</h1>", "<h2>Summary</h2>"]
    rows = [["won", interval(summary["won"])]]
    if "undecided" in summary:
        rows.append(["no seat won (drawn, or the limit)", interval(summary["undecided"])])
    rows += [[f"seat {s} (decided games)", interval(r)] for s, r in enumerate(summary.get("seats", ()))]
    first = summary.get("first_seat")
    if first and first["trials"]:
        rows.append(
            [
                "first seat won (decided games)",
                f"{interval(first)}; fair {pct(first['fair'])}; advantage {100 * first['advantage']:+.1f} "
                f"points [{100 * first['advantage_low']:+.1f}, {100 * first['advantage_high']:+.1f}]",
            ]
        )
    parts.append(_table(["", "rate, 95 % Wilson interval"], rows))
    plots: list[tuple[str, Any]] = []
    if metrics is not None:
        from .metrics import metrics_html

        parts.append(metrics_html(metrics))
        turns = summary.get("turn_values")
        if turns:
            plots.append(("turns", _hist(turns, "Game length", "turns")))
        seats = [
            (
                r["label"],
                r["value"] - 1 / summary["players"],
                r["low"] - 1 / summary["players"],
                r["high"] - 1 / summary["players"],
            )
            for r in metrics["rows"]
            if r["key"] == "seat_points"
        ]
        if seats:
            title = f"Points per seat minus the fair share 1/{summary['players']}"
            plots.append(("seats", _intervals(seats, title, "points per game (95 % interval)")))
    causes = summary["causes"]
    parts.append("<h2>How games end</h2>")
    parts.append(
        _table(
            ["cause", "games", "share"],
            [[c, str(k), pct(k / max(1, summary["games"]))] for c, k in causes.items()],
        )
    )
    plots.append(("causes", _bars(list(causes), list(causes.values()), "Causes of ending", "games")))
    plots.append(("length", _hist(summary["length_values"], "Game length", "actions")))
    if summary["floor"]:
        floors = summary["floor"]
        plots.append(
            (
                "floor",
                _bars(
                    [f"floor {f}" for f in floors], list(floors.values()), "Highest floor reached", "games"
                ),
            )
        )
    if summary.get("monsters"):
        monsters = summary["monsters"]
        rows_m = [(m, r["rate"], r["low"], r["high"]) for m, r in monsters.items()]
        plots.append(
            ("monsters", _intervals(rows_m, "Win rate by monster stat card", "win rate (95 % interval)"))
        )
        parts.append("<h2>Win rate by monster stat card</h2>")
        parts.append(_table(["monster", "won"], [[m, interval(r)] for m, r in monsters.items()]))
    if summary["deaths"]:
        deaths = list(summary["deaths"].items())[:top]
        plots.append(
            (
                "deaths",
                _bars([d for d, _ in deaths], [k for _, k in deaths], "Deaths by card", "killing blows"),
            )
        )
    parts.append("<h2>Plots</h2>")
    for name, draw in plots:
        parts.append(f'<div class="plot" id="plot-{name}">{_svg(draw)}</div>')
    parts.extend(_cards_section(summary, record, top // 2))
    parts.append("<h2>Run record</h2>")
    parts.append(f"<pre>{html.escape(json.dumps(record, indent=2, ensure_ascii=False))}</pre>")
    body = "\n".join(parts)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(heading)}</title><style>{_STYLE}</style></head>\n<body>\n{body}\n</body></html>\n"
    )
