"""The terminal summary of a run and of a comparison."""

from __future__ import annotations

import math
from typing import Any

__all__ = ["compare_text", "pct", "summary_text", "title"]


def pct(value: float) -> str:
    """A proportion as a percentage with one decimal, or with two significant digits of its distance
    from 0 % or 100 % when one decimal would round it there: the upper bound of 0 wins in 50,000
    games is 0.0077 %, not "0.0 %"."""
    shown = f"{100 * value:.1f}"
    if 0 < value < 1 and float(shown) in (0.0, 100.0):
        edge = value if float(shown) == 0.0 else 1 - value
        places = max(1, 1 - math.floor(math.log10(100 * edge)))
        shown = f"{100 * value:.{places}f}"
    return f"{shown}%"


def title(summary: dict[str, Any], record: dict[str, Any]) -> str:
    """What was played: the set (its header's name, its fingerprint), mode, agents, options, games."""
    spec = record["spec"]
    cards = record["cards"]
    name = cards.get("name") or cards.get("path") or "a card set"
    options = [f"max_actions={spec['max_actions']}"]
    options += [word for word in ("teams", "extra_rule") if spec.get(word)]
    options += [f"{key}={value}" for key, value in spec.get("readings", ())]
    return (
        f"{name} [{cards['sha256'][:12]}]: {spec['game']} {spec['mode']}, {spec['players']} player(s), "
        f"agents {', '.join(spec['agents'])}, {', '.join(options)}, seed {spec['seed']}: "
        f"{summary['games']} games"
    )


def interval(rate: dict[str, Any]) -> str:
    """``12.3% [10.1%, 14.8%] (123/1000)``."""
    share = f"({rate['successes']}/{rate['trials']})"
    return f"{pct(rate['rate'])} [{pct(rate['low'])}, {pct(rate['high'])}] {share}"


def summary_text(summary: dict[str, Any], record: dict[str, Any], *, top: int = 8) -> str:
    """A few lines a designer reads first: is it winnable, how it ends, what kills, which cards matter."""
    spec = record["spec"]
    lines = [
        title(summary, record),
        f"won: {interval(summary['won'])}" + ("  (a game some seat won)" if spec["players"] > 1 else ""),
    ]
    if "undecided" in summary:
        lines.append(f"no seat won (drawn or ended by the limit): {interval(summary['undecided'])}")
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
        agent = spec["agents"][seat % len(spec["agents"])]
        lines.append(f"seat {seat} ({agent}) won {interval(rate)} of the decided games")
    first = summary.get("first_seat")
    if first and first["trials"]:
        lines.append(
            f"first seat won {interval(first)} of the decided games; fair share {pct(first['fair'])}: "
            "advantage "
            f"{100 * first['advantage']:+.1f} points [{100 * first['advantage_low']:+.1f}, "
            f"{100 * first['advantage_high']:+.1f}]"
        )
    for monster, rate in list(summary.get("monsters", {}).items())[:top]:
        lines.append(f"  {monster}: won {interval(rate)}")
    if summary["deaths"]:
        deaths = ", ".join(f"{card} {count}" for card, count in list(summary["deaths"].items())[:top])
        lines.append(f"deaths by card (one per death; a + b: one combined blow): {deaths}")
    lines.extend(cards_text(summary, record, top))
    return "\n".join(lines)


def cards_text(summary: dict[str, Any], record: dict[str, Any], most: int) -> list[str]:
    """The per-card table's lines: by name and id, stratified by game length, both tails, and the
    rows implied by winning set apart (:mod:`chaos_tower.lab.cardtable`)."""
    from .cardtable import card_label, tails

    names = record["cards"].get("names") or {}
    high, low, implied = tails(summary["cards"], most)
    if not any(c["with"]["successes"] or c["without"]["successes"] for c in (*high, *low, *implied)):
        return []
    unit = "games" if record["spec"]["players"] == 1 else "seats"
    count = sum(1 for c in summary["cards"] if c["with"]["trials"] and c["without"]["trials"])
    lines = [
        f"cards with vs without, over {unit}, stratified by game length (correlation, not cause; "
        f"q: Benjamini-Hochberg over {count} cards):"
    ]

    def line(card: dict[str, Any]) -> str:
        st = card["stratified"]
        return (
            f"  {card_label(card['card'], names)}: {100 * st['difference']:+.1f} points "
            f"[{100 * st['low']:+.1f}, {100 * st['high']:+.1f}], q = {st['q']:.2g}; crude "
            f"{pct(card['with']['rate'])} with ({card['games']} {unit}) vs "
            f"{pct(card['without']['rate'])} without"
        )

    lines += [line(c) for c in high]
    if low:
        lines.append("  ... the lowest:")
        lines += [line(c) for c in low]
    if implied:
        lines.append(
            f"implied by winning (met in at least 90 % of the won {unit}, and at most half as often in the "
            "lost or in every win; not card effects):"
        )
        lines += [
            f"  {card_label(c['card'], names)}: in {pct(c['won_share'])} of won, "
            f"{pct(c['lost_share'])} of lost"
            for c in implied
        ]
    return lines


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
            *(
                f"seat {seat}{_who(result, seat)} won: A {interval(r['a'])}, B {interval(r['b'])}; "
                f"B - A {100 * r['difference']:+.1f} points [{100 * r['low']:+.1f}, {100 * r['high']:+.1f}], "
                f"McNemar exact p = {r['p_value']:.3g}"
                for seat, r in enumerate(result.get("seats", ()))
            ),
            *_agent_lines(result.get("agents")),
        ]
    )


def _who(result: dict[str, Any], seat: int) -> str:
    # " (heuristic in A, random in B)" when the runs seat different agents there.
    seats = result.get("seat_agents")
    if not seats or seats[0][seat] == seats[1][seat]:
        return ""
    return f" ({seats[0][seat]} in A, {seats[1][seat]} in B)"


def _agent_lines(agents: dict[str, Any] | None) -> list[str]:
    if not agents:
        return []
    first, second = agents["first"], agents["second"]
    return [
        f"agents, seats swapped: {first} {100 * agents['points'][first]:.1f}, {second} "
        f"{100 * agents['points'][second]:.1f} points per 100 games; {first} - {second} "
        f"{100 * agents['difference']:+.1f} [{100 * agents['low']:+.1f}, {100 * agents['high']:+.1f}] "
        f"({agents['method']})"
    ]
