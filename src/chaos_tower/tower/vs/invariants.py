"""What every VS position must satisfy; the property tests and ``loads`` check it.

Counters within the sheet's bounds; declarations within the limits
(`TOC-VS2-029`, `TOC-VS3-049`); every chaos card, item and attribute in exactly
one place; the pending decision consistent with the phase; a game still on only while
nobody has won or lost (`TOC-VS2-031`, `TOC-VS3-051`).
"""

from __future__ import annotations

from .end import right_names, subtract_choices, subtract_due
from .knowledge import ALL
from .reach import numbers, outcome
from .start import declaration_limit
from .state import VsState

__all__ = ["violations"]


def _partition(parts: list[tuple[int, ...]], size: int, what: str) -> list[str]:
    seen = [x for part in parts for x in part]
    if sorted(seen) != list(range(size)):
        return [f"the {what} are not each in exactly one place"]
    return []


def violations(state: VsState) -> list[str]:
    """Every way the position breaks the VS invariants (empty when it is sound)."""
    n, k, t = state.players, state.slots(), state.table
    problems: list[str] = []
    if not 2 <= n <= 5:
        return [f"{n} players"]
    shaped = (state.attributes, state.counters, state.revealed, state.possible)
    if any(len(x) != n or any(len(row) != k for row in x) for x in shaped):
        return ["attributes, counters, revealed and possible need one row per player, one entry per counter"]
    if any(len(x) != n for x in (state.declarations, state.out, state.hands)):
        return ["declarations, out and hands need one entry per player"]
    # Every number within its bounds before anything is reckoned with it (a pending
    # subtraction enumerates the counters' values).
    for p in range(n):
        if any(not t.low <= c <= t.high for c in state.counters[p]):
            problems.append(f"player {p}'s counters leave {t.low}..{t.high}")
        if not 0 <= state.declarations[p] <= declaration_limit(n):
            problems.append(f"player {p}'s declarations are outside 0..{declaration_limit(n)}")
    problems += numbers(state)
    if problems:
        return problems
    for p in range(n):
        made = sum(1 for d in state.named if d.player == p)
        if made != state.declarations[p]:
            problems.append(f"player {p}'s declarations do not match the record")
    dealt = _partition([*state.attributes, state.leftover], 5, "attributes")
    problems += dealt
    for p in range(n if not dealt else 0):
        # What the table has learnt is true: every counter's attribute is among its possible ones.
        for a, known in zip(state.attributes[p], state.possible[p], strict=True):
            if not (0 < known <= ALL and known >> a & 1):
                problems.append(f"player {p}'s counters are known to stand for what they do not (possible)")
    problems += _partition(
        [*state.hands, state.unused, tuple(g.item for g in state.gifts)], len(t.item_ids), "items"
    )
    problems += _partition([state.deck, state.drawn], len(t.chaos_ids), "chaos cards")
    share = len(t.item_ids) // n
    if len(state.unused) != len(t.item_ids) - share * n:
        problems.append("the unused items are not the ones left over from equal shares")
    for d in state.named:
        if not (0 <= d.player < n and 0 <= d.target < n and d.player != d.target and 0 <= d.attribute < 5):
            problems.append(f"an impossible declaration {d}")
            continue
        if d.right != (d.attribute in state.attributes[d.target]):
            problems.append(f"the declaration {d} is recorded wrongly")
    for p in range(n):
        for a, shown in zip(state.attributes[p], state.revealed[p], strict=True):
            named = any(d.right and d.target == p and d.attribute == a for d in state.named)
            if shown != named:
                problems.append(f"player {p}'s face-up attributes do not match the declarations")
    for g in state.gifts:
        if not (0 <= g.giver < n and 0 <= g.recipient < n and g.giver != g.recipient):
            problems.append(f"an impossible gift {g}")
    if n > 2:
        for p in range(n):
            gone = state.revealed[p][0] or state.counters[p][0] == t.low
            if gone != state.out[p]:
                problems.append(f"player {p} is {'in' if not state.out[p] else 'out'} against TOC-VS3-051")
    elif any(state.out):
        problems.append("nobody is out in a two-player game")
    if not (0 <= state.turn < n and 0 <= state.first < n and state.round >= 1):
        problems.append("turn, first player or round out of range")
    over = state.phase == "over"
    if over != (state.result is not None):
        problems.append("a game is over exactly when it has a result")
    problems += outcome(state)
    if state.phase == "adjust":
        if not state.queue or any(not 0 <= q < n or state.out[q] for q in state.queue):
            problems.append("an adjustment needs players still in to make it")
        if not (0 <= state.source < len(t.chaos_ids) or 0 <= -1 - state.source < len(t.item_ids)):
            problems.append("an adjustment needs a card to apply")
        if len(set(state.queue)) != len(state.queue):
            problems.append("a player is asked twice to adjust for one card (TOC-VS2-027)")
        # TOC-VS2-027 / TOC-VS2-028: the card applied is the one just drawn, or the item just given,
        # which only its receiver adjusts for.
        if state.source >= 0 and (not state.drawn or state.drawn[-1] != state.source):
            problems.append("the card being adjusted for is not the one drawn last (TOC-VS2-027)")
        if state.source >= 0 and state.adjust_after_draw == "drawer" and state.queue != (state.turn,):
            problems.append("only the drawer adjusts for a card drawn (TOC-VS2-027, adjust_after_draw)")
        if state.source < 0 and (
            not state.gifts
            or state.gifts[-1].item != -1 - state.source
            or state.queue != (state.gifts[-1].recipient,)
        ):
            problems.append("only the receiver adjusts, for the item just given (TOC-VS2-028)")
    elif state.queue or state.source != -1:
        problems.append("only an adjustment has players waiting and a card to apply")
    if state.phase in ("turn", "pay") and state.out[state.turn]:
        problems.append("the turn player is out")
    if state.phase == "turn" and not state.deck:
        problems.append("a turn with an empty deck: the game should be over (TOC-VS2-030)")
    if state.phase == "pay" and (subtract_due(state) == 0 or len(subtract_choices(state)) < 2):
        problems.append("a subtraction pending with no da to share or no choice (TOC-VS2-032)")
    if not over:
        problems += _unsettled(state)
    return problems


def _unsettled(state: VsState) -> list[str]:
    """A game still on in which somebody has already won or lost (every decision is settled at once)."""
    low = state.table.low
    if state.players == 2:
        for p in range(2):
            if all(state.revealed[p]) or all(c == low for c in state.counters[p]):
                return [f"player {p} has lost, yet the game goes on (TOC-VS2-031)"]
        return []
    if sum(1 for gone in state.out if not gone) < 2:
        return ["fewer than two players are in, yet the game goes on (TOC-VS3-051)"]
    if any(right_names(state, p) >= 2 for p in range(state.players)):
        return ["a player has named two attributes rightly, yet the game goes on (TOC-VS3-051)"]
    return []
