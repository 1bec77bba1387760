"""Winning, losing, the end of a turn and the extra rule (`TOC-VS2-030` to `TOC-VS2-032`,
`TOC-VS3-050` to `TOC-VS3-052`).

Two players (`TOC-VS2-031`): one wins by naming both of the other's attributes
and loses when both of theirs are named or both counters are at 0. Three to
five (`TOC-VS3-051`): a player whose attribute is named, or whose counter is at
0, is out and has lost; the others play on. A player wins by naming two
attributes rightly (with three players, everyone else), or by being the last
one in; should a declaration put out both the player named and the declarer (who
paid their last point for it), leaving nobody, the declarer wins. When the deck
runs out (`TOC-VS2-030`, `TOC-VS3-050`) the highest single counter among the
players still in wins; a tie for the highest is a draw between the tied players,
and the others have lost.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from typing import Literal

from ...kernel.events import Event, Reason
from .actions import Subtract
from .rules import KEPT, events_of, make_event, next_seat, rule, with_counters
from .state import VsDraft, VsOutcome, VsState

__all__ = ["end_turn", "reason", "settle", "subtract", "subtract_choices", "subtract_due"]

Result = Literal["won", "lost", "draw", "ended"]


def _finish(
    work: VsDraft, results: tuple[Result, ...], cause: str, rule_id: str, events: list[Event]
) -> None:
    try:
        ends: dict[Hashable, tuple[Event, VsOutcome]] = work.table._memo["vs.ends"]
    except KeyError:
        ends = work.table._memo["vs.ends"] = {}
    key = (results, cause, rule_id)
    found = ends.get(key)
    if found is None:
        # The event and the outcome of one way to end: a few dozen per card set, all kept.
        summary = ", ".join(f"player {i} {r}" for i, r in enumerate(results))
        found = ends[key] = (
            make_event(rule=rule_id, kind="end", text=f"game over ({cause}): {summary}"),
            VsOutcome(results=results, cause=cause, rule=rule_id),
        )
    event, outcome = found
    events.append(event)
    work.phase = "over"
    work.queue = ()
    work.source = -1
    work.result = outcome


def _one_wins(work: VsDraft, winner: int, cause: str, rule_id: str, events: list[Event]) -> None:
    results = tuple("won" if p == winner else "lost" for p in range(work.players))
    _finish(work, results, cause, rule_id, events)  # type: ignore[arg-type]


def right_names(state: VsState, player: int) -> int:
    """How many attributes ``player`` has named rightly."""
    return sum(1 for d in state.named if d.player == player and d.right)


def settle(work: VsDraft, events: list[Event], declarer: int | None = None) -> None:
    """Apply the wins and losses of `TOC-VS2-031` / `TOC-VS3-051` to the position just reached.

    ``declarer``: the player who has just declared (not the turn player when
    ``declare_when="any_time"`` lets another declare during an adjustment)."""
    low = work.table.low
    if work.players == 2:
        revealed, counters = work.revealed, work.counters
        for p in (0, 1):
            if all(revealed[p]):
                return _one_wins(work, 1 - p, "named", "TOC-VS2-031", events)
        for p in (0, 1):
            row = counters[p]
            if row.count(low) == len(row):
                return _one_wins(work, 1 - p, "counters-zero", "TOC-VS2-031", events)
        return None
    n, revealed, counters, was_out = work.players, work.revealed, work.counters, work.out
    out = list(was_out)
    changed = False
    for p in range(n):
        if out[p]:
            continue
        why = "named" if revealed[p][0] else "at 0" if counters[p][0] == low else ""
        if why:
            out[p] = changed = True
            events.append(make_event(rule="TOC-VS3-051", kind="out", text=f"player {p} is out ({why})"))
    if changed:
        work.out = tuple(out)
        work.queue = tuple(q for q in work.queue if not out[q])
    # Only the declarer can have just reached two right names: the game ends at the first, so
    # only a declaration's settling counts them (a position that goes on has nobody with two,
    # invariants.violations).
    if declarer is not None:
        rights = [d.player for d in work.named if d.right]  # right_names, for every seat at once
        if len(rights) >= 2:
            for p in range(n):
                if rights.count(p) >= 2:
                    return _one_wins(work, p, "named", "TOC-VS3-051", events)
    if out.count(False) > 1:
        return None
    left = [p for p in range(n) if not out[p]]
    if not left:
        # Only a declaration moves two players at once: the declarer's last point paid for
        # naming the last other player. The name is what ends the game: the declarer wins.
        return _one_wins(work, work.turn if declarer is None else declarer, "named", "TOC-VS3-051", events)
    if len(left) == 1:
        return _one_wins(work, left[0], "last-in", "TOC-VS3-051", events)
    return None


def _score(work: VsDraft, events: list[Event]) -> None:
    """`TOC-VS2-030` / `TOC-VS3-050`: the deck is out; the highest single counter wins."""
    rule_id = rule(work, 30)
    best = {p: max(work.counters[p]) for p in range(work.players) if not work.out[p]}
    top = max(best.values())
    tied = [p for p, v in best.items() if v == top]
    results: tuple[Result, ...] = tuple(
        ("won" if len(tied) == 1 else "draw") if p in tied else "lost" for p in range(work.players)
    )
    events.append(
        make_event(
            rule=rule_id, kind="score", text=f"the deck is out; highest single counter {top}", amount=top
        )
    )
    _finish(work, results, "deck-out", rule_id, events)


def subtract_due(state: VsState) -> int:
    """What the extra rule takes from the turn player at this turn's end (`TOC-VS2-032`, `TOC-VS3-052`).

    The number card counts rounds as it counts floors; from round 4 on, the extra da of
    the number card's track for the round is subtracted (-1 from round 4 on the
    built-in track, -2 from round 7).
    """
    if not state.extra_rule or state.round < 4:
        return 0
    return max(0, -state.table.extra_da(state.round))


def subtract_choices(state: VsState) -> tuple[tuple[int, ...], ...]:
    """The ways to share the due amount across the turn player's counters (`TOC-VS2-032`).

    Each counter gives at most what it holds above the bottom; if all together hold less
    than the due amount, all of it goes.
    """
    low = state.table.low
    room = [c - low for c in state.counters[state.turn]]
    total = min(subtract_due(state), sum(room))
    return tuple(split for split in itertools.product(*(range(r + 1) for r in room)) if sum(split) == total)


def reason(state: VsState, action: Subtract) -> Reason:
    """Why the subtraction is not allowed now, or ``None``."""
    rule_id = rule(state, 32)
    if state.phase != "pay":
        return rule_id, "the extra rule's da is subtracted only at the end of a turn from round 4"
    if action.amounts not in subtract_choices(state):
        return rule_id, f"share {subtract_due(state)} across the counters, each within what it holds"
    return None


def subtract(work: VsDraft, amounts: tuple[int, ...], events: list[Event]) -> None:
    """Take the extra rule's da from the turn player's counters, then pass the turn."""
    player = work.turn
    values = tuple(c - a for c, a in zip(work.counters[player], amounts, strict=True))
    events.append(
        make_event(
            rule=rule(work, 32),
            kind="extra-da",
            text=f"round {work.round}: player {player} subtracts "
            + ", ".join(f"{a} from counter {i}" for i, a in enumerate(amounts)),
            amount=-sum(amounts),
        )
    )
    with_counters(work, player, values)
    settle(work, events)
    if work.phase != "over":
        _next_turn(work, events)


def end_turn(work: VsDraft, events: list[Event]) -> None:
    """The turn player's turn is over: the extra rule's da, then the next turn or the end."""
    if work.extra_rule and not work.out[work.turn] and subtract_due(work) > 0:
        choices = subtract_choices(work)
        if len(choices) > 1:
            work.phase = "pay"
            work.queue = ()
            work.source = -1
            return
        subtract(work, choices[0], events)
        return
    _next_turn(work, events)


def _next_turn(work: VsDraft, events: list[Event]) -> None:
    if not work.deck:
        _score(work, events)
        return
    n, turn, first, round_ = work.players, work.turn, work.first, work.round
    following = next_seat(work, (turn + 1) % n)
    # A round ends when play comes back round to (or past) the first player's place
    # (TOC-VS2-032: the number card counts the rounds).
    if (following - first) % n <= (turn - first) % n:
        round_ += 1
        if work.extra_rule:
            events.append(
                make_event(rule=rule(work, 32), kind="round", text=f"round {round_} begins", amount=round_)
            )
    records = events_of(work.table)
    key = ("turn", n == 2, following)
    found = records.get(key)
    if found is None:
        found = make_event(
            rule=rule(work, 25), kind="turn", text=f"player {following}'s turn", amount=following
        )
        if len(records) < KEPT:
            records[key] = found
    events.append(found)
    work.turn = following
    work.round = round_
    work.phase = "turn"
    work.queue = ()
    work.source = -1
