"""The bounds of a VS position's numbers, and the results consistent with a position.

:func:`numbers` holds each number to the range the card set and the rules give
it, before anything computes with it; :func:`outcome` holds a saved result to
what the end rules (`TOC-VS2-030`, `TOC-VS2-031`, `TOC-VS3-050`, `TOC-VS3-051`)
give for the position, and an unfinished game to the ``max_actions`` limit.
"""

from __future__ import annotations

from ...kernel.saves import action_count_problem
from .end import right_names
from .rules import rule
from .start import declaration_limit
from .state import VsState

__all__ = ["CAUSES", "numbers", "outcome", "round_limit"]

CAUSES = {
    2: frozenset({"named", "counters-zero", "deck-out", "max-actions"}),
    3: frozenset({"named", "last-in", "deck-out", "max-actions"}),
}
"""The causes a game of two (`TOC-VS2-031`), or of three to five (`TOC-VS3-051`), ends with."""


def _is_int(value: object) -> bool:
    return type(value) is int


def round_limit(state: VsState) -> int:
    """The highest round a game of this set and size reaches.

    Every turn is one draw, one gift or one declaration (`TOC-VS2-026`, `TOC-VS3-046`), and
    a round ends only after a turn: at most one round more than the turn actions the deck,
    the items and the declaration limit allow.
    """
    t = state.table
    return 1 + len(t.chaos_ids) + len(t.item_ids) + state.players * declaration_limit(state.players)


def numbers(state: VsState) -> list[str]:
    """The counts of ``state`` that leave their bounds: round, actions, ``max_actions``, ``source``."""
    found = []
    if not all(_is_int(v) for v in (state.round, state.actions, state.source)):
        return ["round, actions and source are integers"]
    if not 1 <= state.round <= round_limit(state):
        found.append(f"round is outside 1..{round_limit(state)} (TOC-VS2-032)")
    counted = action_count_problem(state.actions, state.max_actions)
    if counted is not None:
        found.append(counted)
    elif state.actions < len(state.drawn) + len(state.gifts) + len(state.named):
        # Each draw, gift and declaration was one action.
        found.append("fewer actions than the draws, gifts and declarations made")
    if not -len(state.table.item_ids) <= state.source < len(state.table.chaos_ids):
        found.append("source names no chaos card or item")
    return found


def outcome(state: VsState) -> list[str]:
    """How the saved result, or its absence, disagrees with the position and the end rules."""
    n, result = state.players, state.result
    limit_reached = state.max_actions is not None and state.actions >= state.max_actions
    if result is None:
        if limit_reached:
            return ["the max_actions limit is reached but the game goes on"]
        return []
    cause = result.cause
    if cause not in CAUSES[min(n, 3)]:
        return [f"{cause!r} is no way a game of {n} ends (TOC-VS2-031, TOC-VS3-051)"]
    if len(result.results) != n:
        return ["the result needs one entry per player"]
    if cause == "max-actions":
        if result.rule != rule(state, 26) or set(result.results) != {"ended"}:
            return ["a game stopped by max_actions has every player 'ended', by its turn rule"]
        if not (limit_reached and state.actions == state.max_actions):
            return ["ended by max_actions, yet the count is not at the limit"]
        return []
    if cause == "deck-out":
        return _deck_out(state)
    winners = result.winners()
    if result.rule != rule(state, 31) or len(winners) != 1 or result.results.count("lost") != n - 1:
        return [f"a game won by {cause!r} has one winner and every other player lost, by {rule(state, 31)}"]
    return _one_winner(state, winners[0], cause)


def _one_winner(state: VsState, winner: int, cause: str) -> list[str]:
    low = state.table.low
    if state.players == 2:
        loser = 1 - winner
        if cause == "named" and not all(state.revealed[loser]):
            return ["won by naming, yet the loser's attributes are not all face up (TOC-VS2-031)"]
        if cause == "counters-zero" and not all(c == low for c in state.counters[loser]):
            return ["won at the other's 0, yet the loser's counters are not at 0 (TOC-VS2-031)"]
        return []
    if cause == "last-in":
        if state.out[winner] or sum(1 for gone in state.out if not gone) != 1:
            return ["won as the last one in, yet the winner is not the only player in (TOC-VS3-051)"]
        return []
    # cause == "named": two right names, or the declaration that put out the last other player. That
    # declaration is the last one made, and its declarer need not be the turn player: with
    # declare_when="any_time" a player adjusting on another's turn may make it (TOC-VS2-029).
    last_declarer = state.named[-1].player if state.named else None
    if right_names(state, winner) < 2 and not (all(state.out) and winner == last_declarer):
        return ["won by naming, yet the winner has not named two attributes rightly (TOC-VS3-051)"]
    return []


def _deck_out(state: VsState) -> list[str]:
    """`TOC-VS2-030` / `TOC-VS3-050`: the deck is out; the highest single counter wins, a tie draws."""
    result = state.result
    assert result is not None
    rule_id = rule(state, 30)
    best = {p: max(state.counters[p]) for p in range(state.players) if not state.out[p]}
    if state.deck or not best or result.rule != rule_id:
        return [f"the game ended with the deck out ({rule_id}), yet cards are left or nobody is in"]
    top = max(best.values())
    tied = [p for p, v in best.items() if v == top]
    expected = tuple(
        ("won" if len(tied) == 1 else "draw") if p in tied else "lost" for p in range(state.players)
    )
    if result.results != expected:
        return [f"the results are not those of the highest single counter ({rule_id})"]
    return []
