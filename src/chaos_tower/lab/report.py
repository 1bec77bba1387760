"""The terminal summary of a run and of a comparison."""

from __future__ import annotations

from typing import Any

__all__ = ["compare_text", "summary_text"]


def pct(value: float) -> str:
    """A proportion as a percentage with one decimal."""
    return f"{100 * value:.1f}%"


def interval(rate: dict[str, Any]) -> str:
    """``12.3% [10.1%, 14.8%] (123/1000)``."""
    share = f"({rate['successes']}/{rate['trials']})"
    return f"{pct(rate['rate'])} [{pct(rate['low'])}, {pct(rate['high'])}] {share}"


def summary_text(summary: dict[str, Any], record: dict[str, Any], *, top: int = 8) -> str:
    """A few lines a designer reads first: is it winnable, how it ends, what kills, which cards matter."""
    spec = record["spec"]
    agents = ", ".join(spec["agents"])
    lines = [
        f"{summary['games']} games of {spec['game']} {spec['mode']} ({spec['players']} player(s)), "
        f"agents {agents}, master seed {spec['seed']}, card set {record['cards']['sha256'][:12]}",
        f"won: {interval(summary['won'])}" + ("  (a game some seat won)" if spec["players"] > 1 else ""),
    ]
    if summary["games"]:
        causes = ", ".join(
            f"{cause} {pct(count / summary['games'])}" for cause, count in summary["causes"].items()
        )
        lines.append(f"ended by: {causes}")
        q = summary["length"]
        lines.append(
            f"length (actions): median {q['median']:.0f}, quartiles {q['q1']:.0f}-{q['q3']:.0f}, "
            f"mean {q['mean']:.1f}, max {q['max']}"
        )
    if summary["floor"]:
        floors = ", ".join(f"{floor}: {count}" for floor, count in summary["floor"].items())
        lines.append(f"highest floor reached: {floors}")
    for seat, rate in enumerate(summary.get("seats", ())):
        lines.append(f"seat {seat} ({spec['agents'][seat % len(spec['agents'])]}) won {interval(rate)}")
    first = summary.get("first_seat")
    if first and first["trials"]:
        lines.append(
            f"first seat won {interval(first)}; fair share {pct(first['fair'])}: advantage "
            f"{100 * first['advantage']:+.1f} points [{100 * first['advantage_low']:+.1f}, "
            f"{100 * first['advantage_high']:+.1f}]"
        )
    for monster, rate in list(summary.get("monsters", {}).items())[:top]:
        lines.append(f"  {monster}: won {interval(rate)}")
    if summary["deaths"]:
        deaths = ", ".join(f"{card} {count}" for card, count in list(summary["deaths"].items())[:top])
        lines.append(f"deaths by card: {deaths}")
    cards = [c for c in summary["cards"] if c["without"]["trials"] and c["with"]["trials"]]
    if cards and any(c["with"]["successes"] or c["without"]["successes"] for c in cards):
        unit = "games" if spec["players"] == 1 else "seats"
        lines.append(f"cards with vs without, over {unit} (correlation, not cause):")
        for card in cards[:top]:
            lines.append(
                f"  {card['card']}: {pct(card['with']['rate'])} with ({card['games']} {unit}) vs "
                f"{pct(card['without']['rate'])} without, difference {100 * card['difference']:+.1f} points "
                f"[{100 * card['low']:+.1f}, {100 * card['high']:+.1f}]"
            )
    return "\n".join(lines)


def compare_text(result: dict[str, Any], a: str, b: str) -> str:
    """The paired comparison: B against A on the seeds both played."""
    t = result["table"]
    length = result["length_difference"]
    return "\n".join(
        [
            f"{result['pairs']} paired games (the same seeds): A = {a}, B = {b}",
            f"A won {interval(result['a'])}",
            f"B won {interval(result['b'])}",
            f"B - A: {100 * result['difference']:+.1f} points, 95% interval "
            f"[{100 * result['low']:+.1f}, {100 * result['high']:+.1f}] ({result['method']})",
            f"pairs: both won {t['both']}, only A {t['only_a']}, only B {t['only_b']}, "
            f"neither {t['neither']}; "
            f"McNemar exact p = {result['p_value']:.3g}",
            f"length B - A: {length['mean']:+.2f} actions [{length['low']:+.2f}, {length['high']:+.2f}]",
        ]
    )
