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
from typing import Literal

from ...kernel.events import Event, Reason
from .actions import Subtract
from .rules import rule, seats_from, with_counters
from .state import VsOutcome, VsState, evolve

__all__ = ["end_turn", "reason", "settle", "subtract", "subtract_choices", "subtract_due"]

Result = Literal["won", "lost", "draw", "ended"]


def _finish(
    state: VsState, results: tuple[Result, ...], cause: str, rule_id: str, events: list[Event]
) -> VsState:
    outcome = VsOutcome(results=results, cause=cause, rule=rule_id)
    summary = ", ".join(f"player {i} {r}" for i, r in enumerate(results))
    events.append(Event(rule=rule_id, kind="end", text=f"game over ({cause}): {summary}"))
    return evolve(state, phase="over", queue=(), source=-1, result=outcome)


def _one_wins(state: VsState, winner: int, cause: str, rule_id: str, events: list[Event]) -> VsState:
    results = tuple("won" if p == winner else "lost" for p in range(state.players))
    return _finish(state, results, cause, rule_id, events)  # type: ignore[arg-type]


def right_names(state: VsState, player: int) -> int:
    """How many attributes ``player`` has named rightly."""
    return sum(1 for d in state.named if d.player == player and d.right)


def settle(state: VsState, events: list[Event], declarer: int | None = None) -> VsState:
    """Apply the wins and losses of `TOC-VS2-031` / `TOC-VS3-051` to the position just reached.

    ``declarer``: the player who has just declared (not the turn player when
    ``declare_when="any_time"`` lets another declare during an adjustment)."""
    low = state.table.low
    if state.players == 2:
        for p in range(2):
            if all(state.revealed[p]):
                return _one_wins(state, 1 - p, "named", "TOC-VS2-031", events)
        for p in range(2):
            if all(c == low for c in state.counters[p]):
                return _one_wins(state, 1 - p, "counters-zero", "TOC-VS2-031", events)
        return state
    n, revealed, counters, was_out = state.players, state.revealed, state.counters, state.out
    out = list(was_out)
    changed = False
    for p in range(n):
        if out[p]:
            continue
        why = "named" if revealed[p][0] else "at 0" if counters[p][0] == low else ""
        if why:
            out[p] = changed = True
            events.append(Event(rule="TOC-VS3-051", kind="out", text=f"player {p} is out ({why})"))
    if changed:
        state = evolve(state, out=tuple(out), queue=tuple(q for q in state.queue if not out[q]))
    # Only the declarer can have just reached two right names: the game ends at the first.
    if state.named:
        rights = [0] * n  # right_names for every seat, in one pass
        for d in state.named:
            if d.right:
                rights[d.player] += 1
        for p in range(n):
            if rights[p] >= 2:
                return _one_wins(state, p, "named", "TOC-VS3-051", events)
    left = [p for p in range(n) if not out[p]]
    if not left:
        # Only a declaration moves two players at once: the declarer's last point paid for
        # naming the last other player. The name is what ends the game: the declarer wins.
        return _one_wins(state, state.turn if declarer is None else declarer, "named", "TOC-VS3-051", events)
    if len(left) == 1:
        return _one_wins(state, left[0], "last-in", "TOC-VS3-051", events)
    return state


def _score(state: VsState, events: list[Event]) -> VsState:
    """`TOC-VS2-030` / `TOC-VS3-050`: the deck is out; the highest single counter wins."""
    rule_id = rule(state, 30)
    best = {p: max(state.counters[p]) for p in range(state.players) if not state.out[p]}
    top = max(best.values())
    tied = [p for p, v in best.items() if v == top]
    results: tuple[Result, ...] = tuple(
        ("won" if len(tied) == 1 else "draw") if p in tied else "lost" for p in range(state.players)
    )
    events.append(
        Event(rule=rule_id, kind="score", text=f"the deck is out; highest single counter {top}", amount=top)
    )
    return _finish(state, results, "deck-out", rule_id, events)


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


def subtract(state: VsState, amounts: tuple[int, ...], events: list[Event]) -> VsState:
    """Take the extra rule's da from the turn player's counters, then pass the turn."""
    player = state.turn
    values = tuple(c - a for c, a in zip(state.counters[player], amounts, strict=True))
    events.append(
        Event(
            rule=rule(state, 32),
            kind="extra-da",
            text=f"round {state.round}: player {player} subtracts "
            + ", ".join(f"{a} from counter {i}" for i, a in enumerate(amounts)),
            amount=-sum(amounts),
        )
    )
    state = settle(with_counters(state, player, values), events)
    if state.phase == "over":
        return state
    return _next_turn(state, events)


def end_turn(state: VsState, events: list[Event]) -> VsState:
    """The turn player's turn is over: the extra rule's da, then the next turn or the end."""
    if not state.out[state.turn] and subtract_due(state) > 0:
        choices = subtract_choices(state)
        if len(choices) > 1:
            return evolve(state, phase="pay", queue=(), source=-1)
        return subtract(state, choices[0], events)
    return _next_turn(state, events)


def _next_turn(state: VsState, events: list[Event]) -> VsState:
    if not state.deck:
        return _score(state, events)
    n = state.players
    following = seats_from(state, (state.turn + 1) % n)[0]
    # A round ends when play comes back round to (or past) the first player's place
    # (TOC-VS2-032: the number card counts the rounds).
    rel_now, rel_next = (state.turn - state.first) % n, (following - state.first) % n
    round_ = state.round + 1 if rel_next <= rel_now else state.round
    if round_ != state.round and state.extra_rule:
        events.append(Event(rule=rule(state, 32), kind="round", text=f"round {round_} begins", amount=round_))
    events.append(
        Event(rule=rule(state, 25), kind="turn", text=f"player {following}'s turn", amount=following)
    )
    return evolve(state, turn=following, round=round_, phase="turn", queue=(), source=-1)
